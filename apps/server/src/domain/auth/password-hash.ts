/**
 * Password storage: scrypt (node:crypto, memory-hard) with a per-password salt.
 * Stored as `scrypt$N$r$p$salt$hash` so parameters can be raised later and old
 * hashes still verify.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const N = 1 << 15;
const R = 8;
const P = 1;
const KEYLEN = 32;
// N=2^15, r=8 needs 32 MiB; allow a little headroom over Node's 32 MiB default.
const MAXMEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEYLEN, { N: n, r, p, maxmem: MAXMEM }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![n, r, p].every((v) => Number.isInteger(v) && v > 0) || n > 1 << 20) return false;
  const expected = Buffer.from(parts[5]!, 'base64');
  const key = await derive(password, Buffer.from(parts[4]!, 'base64'), n, r, p);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A random password that satisfies the policy (digit, lower, upper, special; 20 chars). */
export function generatePassword(): string {
  const sets = ['abcdefghijkmnpqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!@#%^*-_=+'];
  const all = sets.join('');
  const pick = (s: string) => s[randomBytes(1)[0]! % s.length]!;
  const chars = [...sets.map(pick), ...Array.from({ length: 16 }, () => pick(all))];
  // Shuffle so the required classes are not always in the first four positions.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomBytes(1)[0]! % (i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
