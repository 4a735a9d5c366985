/**
 * The content digest of APK Signature Scheme v2/v3: the APK is cut into three
 * sections — ZIP entries (up to the signing block), central directory, and
 * end of central directory with its CD-offset field pointing at the signing
 * block instead — each split into 1 MiB chunks; chunk digests
 * H(0xa5 | u32 len | chunk) are combined as H(0x5a | u32 count | digests…).
 * Read chunk by chunk, so a 200 MB APK never sits in memory.
 */
import { createHash } from 'node:crypto';
import { FormatError } from '@citadel/engine-core';
import type { ApkLayout } from './signing-block.ts';

const CHUNK = 1 << 20;

export type ContentDigestAlgorithm = 'sha256' | 'sha512';

function u32le(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
}

export async function computeContentDigest(apk: ApkLayout, signingBlockOffset: number, algorithm: ContentDigestAlgorithm): Promise<Uint8Array> {
  const cd = apk.centralDirectoryOffset;
  const eocd = apk.eocdOffset;
  if (!(signingBlockOffset <= cd && cd <= eocd && eocd + 22 <= apk.size)) throw new FormatError('APK layout inconsistent for digesting', 'apk-signing-block');
  const eocdBytes = Buffer.from(await apk.readAt(eocd, apk.size - eocd));
  eocdBytes.writeUInt32LE(signingBlockOffset >>> 0, 16);

  const chunkDigests: Buffer[] = [];
  const digestChunk = (bytes: Uint8Array): void => {
    chunkDigests.push(createHash(algorithm).update(Buffer.from([0xa5])).update(u32le(bytes.length)).update(bytes).digest());
  };
  for (const [start, end] of [
    [0, signingBlockOffset],
    [cd, eocd],
  ] as const) {
    for (let p = start; p < end; p += CHUNK) digestChunk(await apk.readAt(p, Math.min(CHUNK, end - p)));
  }
  for (let p = 0; p < eocdBytes.length; p += CHUNK) digestChunk(eocdBytes.subarray(p, Math.min(eocdBytes.length, p + CHUNK)));

  const top = createHash(algorithm).update(Buffer.from([0x5a])).update(u32le(chunkDigests.length));
  for (const d of chunkDigests) top.update(d);
  return top.digest();
}
