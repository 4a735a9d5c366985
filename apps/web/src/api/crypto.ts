/**
 * Password sealing for the wire (SPEC §5, §7): the browser encrypts
 * {p, ts, nonce} with the server's RSA login key (RSA-OAEP, SHA-256) and signs
 * ciphertexts with HMAC-SHA256 keyed by the session token.
 *
 * WebCrypto is used when present. In a non-secure context (plain http on a LAN
 * address) `crypto.subtle` is undefined, so node-forge is loaded on demand.
 */
import type { SealedSecret } from '@citadel/contracts';

type Forge = typeof import('node-forge');

let forgePromise: Promise<Forge> | null = null;
function loadForge(): Promise<Forge> {
  forgePromise ??= import('node-forge').then((m) => ((m as { default?: Forge }).default ?? m) as Forge);
  return forgePromise;
}

function subtle(): SubtleCrypto | undefined {
  return globalThis.crypto?.subtle;
}

function randomHex(bytes: number): string {
  const buf = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buf);
  return Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('');
}

function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const b64 = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** The JSON that is encrypted: the password with a timestamp and a nonce against replay. */
export function sealedJson(password: string): string {
  const secret: SealedSecret = { p: password, ts: Date.now(), nonce: randomHex(16) };
  return JSON.stringify(secret);
}

/** base64 RSA-OAEP(SHA-256) ciphertext of the sealed password under `publicKeyPem` (SPKI). */
export async function encryptPassword(password: string, publicKeyPem: string): Promise<string> {
  const plain = sealedJson(password);
  const s = subtle();
  if (s) {
    const key = await s.importKey('spki', pemToDer(publicKeyPem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
    const cipher = await s.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(plain));
    return bytesToBase64(new Uint8Array(cipher));
  }
  const forge = await loadForge();
  const publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  const cipher = publicKey.encrypt(forge.util.encodeUtf8(plain), 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  });
  return forge.util.encode64(cipher);
}

/** hex HMAC-SHA256 of `message` keyed with the session token. */
export async function hmacHex(token: string, message: string): Promise<string> {
  const s = subtle();
  if (s) {
    const enc = new TextEncoder();
    const key = await s.importKey('raw', enc.encode(token), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const mac = await s.sign('HMAC', key, enc.encode(message));
    return Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, '0')).join('');
  }
  const forge = await loadForge();
  const hmac = forge.hmac.create();
  hmac.start('sha256', forge.util.encodeUtf8(token));
  hmac.update(forge.util.encodeUtf8(message));
  return hmac.digest().toHex();
}
