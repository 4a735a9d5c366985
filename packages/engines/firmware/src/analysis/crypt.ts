/**
 * Password hash schemes of Unix crypt(3) as firmware uses them, and MD5-crypt
 * ($1$, Poul-Henning Kamp's algorithm as in FreeBSD/glibc) to test candidate
 * passwords. SHA-crypt ($5$/$6$) is recognised but not attacked (its rounds
 * make a dictionary pass slow and such hashes are not "weak"); DES crypt is
 * recognised and reported weak but not cracked here.
 */
import { createHash } from 'node:crypto';

export type HashScheme = 'empty' | 'locked' | 'des' | 'md5crypt' | 'sha256crypt' | 'sha512crypt' | 'bcrypt' | 'yescrypt' | 'plain' | 'unknown';

export function hashScheme(h: string): HashScheme {
  if (h === '') return 'empty';
  if (/^[*!x]/.test(h) || h === 'x') return 'locked';
  if (h.startsWith('$1$')) return 'md5crypt';
  if (h.startsWith('$5$')) return 'sha256crypt';
  if (h.startsWith('$6$')) return 'sha512crypt';
  if (/^\$2[abxy]?\$/.test(h)) return 'bcrypt';
  if (h.startsWith('$y$')) return 'yescrypt';
  if (/^[./0-9A-Za-z]{13}$/.test(h)) return 'des';
  return 'unknown';
}

const ITOA = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function to64(v: number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) {
    s += ITOA[v & 0x3f];
    v >>>= 6;
  }
  return s;
}

const md5 = (...parts: (Buffer | string)[]): Buffer => {
  const h = createHash('md5');
  for (const p of parts) h.update(p);
  return h.digest();
};

/** MD5-crypt of `password` with the salt of `setting` ("$1$salt$…"). */
export function md5crypt(password: string, setting: string): string {
  const salt = setting.slice(3).split('$')[0]!.slice(0, 8);
  const pw = Buffer.from(password, 'utf8');
  const alt = md5(pw, salt, pw);
  const ctx = createHash('md5');
  ctx.update(pw).update('$1$').update(salt);
  for (let i = pw.length; i > 0; i -= 16) ctx.update(alt.subarray(0, Math.min(16, i)));
  for (let i = pw.length; i; i >>>= 1) ctx.update(i & 1 ? Buffer.of(0) : pw.subarray(0, 1));
  let fin = ctx.digest();
  for (let i = 0; i < 1000; i++) {
    const c = createHash('md5');
    c.update(i & 1 ? pw : fin);
    if (i % 3) c.update(salt);
    if (i % 7) c.update(pw);
    c.update(i & 1 ? fin : pw);
    fin = c.digest();
  }
  const f = fin;
  const out =
    to64((f[0]! << 16) | (f[6]! << 8) | f[12]!, 4) +
    to64((f[1]! << 16) | (f[7]! << 8) | f[13]!, 4) +
    to64((f[2]! << 16) | (f[8]! << 8) | f[14]!, 4) +
    to64((f[3]! << 16) | (f[9]! << 8) | f[15]!, 4) +
    to64((f[4]! << 16) | (f[10]! << 8) | f[5]!, 4) +
    to64(f[11]!, 2);
  return `$1$${salt}$${out}`;
}

/** The candidate that produces `hash`, or undefined. Plain-text entries compare directly. */
export function crack(hash: string, candidates: readonly string[]): string | undefined {
  const scheme = hashScheme(hash);
  if (scheme === 'md5crypt') return candidates.find((c) => md5crypt(c, hash) === hash);
  if (scheme === 'plain') return candidates.find((c) => c === hash);
  return undefined;
}

/** "5up" → "5*p", "admin" → "a***n": enough to recognise, not to use. */
export function maskPassword(p: string): string {
  if (p.length <= 2) return '*'.repeat(Math.max(1, p.length));
  return `${p[0]}${'*'.repeat(p.length - 2)}${p[p.length - 1]}`;
}
