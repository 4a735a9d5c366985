/**
 * Key handling: envelope encryption at rest and key generation.
 *
 * Each stored secret gets its own random 256-bit data key; the secret is sealed
 * with AES-256-GCM under the data key, and the data key is sealed with
 * AES-256-GCM under the master key. Both seals bind the record id as associated
 * data, so a sealed secret copied onto another row does not open. Rotating the
 * master key re-wraps data keys only.
 */
import { createCipheriv, createDecipheriv, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';

export interface Sealed {
  /** base64 of iv(12) | tag(16) | ciphertext of the data key */
  wrappedKey: string;
  /** base64 of iv(12) | tag(16) | ciphertext of the secret */
  ciphertext: string;
}

function gcmSeal(key: Buffer, plain: Buffer, aad: string): Buffer {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  c.setAAD(Buffer.from(aad));
  const ct = Buffer.concat([c.update(plain), c.final()]);
  return Buffer.concat([iv, c.getAuthTag(), ct]);
}

function gcmOpen(key: Buffer, sealed: Buffer, aad: string): Buffer {
  if (sealed.length < 28) throw new Error('sealed value too short');
  const d = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
  d.setAAD(Buffer.from(aad));
  d.setAuthTag(sealed.subarray(12, 28));
  return Buffer.concat([d.update(sealed.subarray(28)), d.final()]);
}

export function sealSecret(master: Buffer, secret: Buffer, recordId: string): Sealed {
  if (master.length !== 32) throw new Error('the master key must be 32 bytes');
  const dataKey = randomBytes(32);
  try {
    return { wrappedKey: gcmSeal(master, dataKey, `wrap:${recordId}`).toString('base64'), ciphertext: gcmSeal(dataKey, secret, `data:${recordId}`).toString('base64') };
  } finally {
    dataKey.fill(0);
  }
}

export function openSecret(master: Buffer, sealed: Sealed, recordId: string): Buffer {
  const dataKey = gcmOpen(master, Buffer.from(sealed.wrappedKey, 'base64'), `wrap:${recordId}`);
  try {
    return gcmOpen(dataKey, Buffer.from(sealed.ciphertext, 'base64'), `data:${recordId}`);
  } finally {
    dataKey.fill(0);
  }
}

export const SYMMETRIC_ALGORITHMS = { 'AES-128': 16, 'AES-192': 24, 'AES-256': 32, SM4: 16 } as const;
export type SymmetricAlgorithm = keyof typeof SYMMETRIC_ALGORITHMS;

export const ASYMMETRIC_ALGORITHMS = ['RSA-2048', 'RSA-3072', 'RSA-4096', 'EC-P256', 'EC-P384', 'SM2'] as const;
export type AsymmetricAlgorithm = (typeof ASYMMETRIC_ALGORITHMS)[number];

/** A key pair from Node's crypto (OpenSSL): PKCS#8 private key, SPKI public key, both PEM. */
export function generateKeyPair(alg: AsymmetricAlgorithm): { privatePem: string; publicPem: string; bits: number } {
  const pem = (k: KeyObject, kind: 'public' | 'private') => k.export(kind === 'public' ? { type: 'spki', format: 'pem' } : { type: 'pkcs8', format: 'pem' }).toString();
  if (alg.startsWith('RSA-')) {
    const bits = Number(alg.slice(4));
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: bits });
    return { privatePem: pem(privateKey, 'private'), publicPem: pem(publicKey, 'public'), bits };
  }
  const curve = alg === 'EC-P256' ? 'prime256v1' : alg === 'EC-P384' ? 'secp384r1' : 'SM2';
  const k = generateKeyPairSync('ec', { namedCurve: curve });
  const [privateKey, publicKey] = [pem(k.privateKey, 'private'), pem(k.publicKey, 'public')];
  return { privatePem: privateKey, publicPem: publicKey, bits: alg === 'EC-P384' ? 384 : 256 };
}

/** An imported public key: PEM (SPKI or PKCS#1) or DER in base64; its algorithm and size. */
export function describePublicKey(text: string): { publicPem: string; algorithm: string; bits: number } {
  let key: KeyObject;
  const t = text.trim();
  try {
    key = t.startsWith('-----') ? createPublicKey(t) : createPublicKey({ key: Buffer.from(t, 'base64'), format: 'der', type: 'spki' });
  } catch {
    throw new Error('not a public key (PEM or base64 DER SubjectPublicKeyInfo)');
  }
  if (key.type !== 'public') throw new Error('not a public key');
  const d = key.asymmetricKeyDetails ?? {};
  const type = key.asymmetricKeyType ?? 'unknown';
  const curve = d.namedCurve;
  const algorithm = type === 'rsa' ? 'RSA' : type === 'ec' ? (curve === 'SM2' ? 'SM2' : `EC-${curve ?? ''}`) : type.toUpperCase();
  const bits = d.modulusLength ?? (curve === 'secp384r1' ? 384 : curve === 'secp521r1' ? 521 : 256);
  return { publicPem: key.export({ type: 'spki', format: 'pem' }).toString(), algorithm, bits };
}
