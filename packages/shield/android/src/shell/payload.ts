/**
 * The encrypted payload of the DEX shell: "CDX1" | iv[16] | AES-128-CTR(key,
 * iv, zlib(u32 count, then u32 length + bytes per DEX)), big-endian — the
 * layout smali/Payload.smali reads. Compressed before encryption: the asset
 * is stored, and ciphertext would not compress. CTR keeps the stub's decryptor to one Cipher
 * call; integrity comes from the SHA-256 of the whole asset that the stub
 * compares before decrypting (Guard.tampered). The key travels in the stub:
 * this hides the code from static readers, it is not secrecy against someone
 * who runs the app under a debugger (said in the result).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';

const MAGIC = Buffer.from('CDX1', 'latin1');

export function sealPayload(dex: Buffer[], key: Buffer, iv: Buffer = randomBytes(16)): Buffer {
  const parts: Buffer[] = [u32(dex.length)];
  for (const d of dex) parts.push(u32(d.length), d);
  const c = createCipheriv('aes-128-ctr', key, iv);
  return Buffer.concat([MAGIC, iv, c.update(deflateSync(Buffer.concat(parts), { level: 9 })), c.final()]);
}

/** Node's reading of the payload, for the verification (the stub's own routine is run on a JVM as well). */
export function openPayload(blob: Buffer, key: Buffer): Buffer[] {
  if (blob.length < 24 || !blob.subarray(0, 4).equals(MAGIC)) throw new Error('not a shell payload');
  const d = createDecipheriv('aes-128-ctr', key, blob.subarray(4, 20));
  // The verifier's own limit: at most 64x the asset, so a crafted payload cannot exhaust memory here.
  const plain = inflateSync(Buffer.concat([d.update(blob.subarray(20)), d.final()]), { maxOutputLength: Math.max(1 << 20, blob.length * 64) });
  const n = plain.readUInt32BE(0);
  const out: Buffer[] = [];
  let p = 4;
  for (let i = 0; i < n; i++) {
    const len = plain.readUInt32BE(p);
    if (p + 4 + len > plain.length) throw new Error('payload entry past its end');
    out.push(plain.subarray(p + 4, p + 4 + len));
    p += 4 + len;
  }
  return out;
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}
