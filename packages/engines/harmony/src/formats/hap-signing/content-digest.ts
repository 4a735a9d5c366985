/**
 * The digest a HAP signature signs. Layout as OpenHarmony's appverify
 * (hap_signing_block_utils.cpp, VerifyHapIntegrity) computes it — the APK v2
 * chunking plus the optional sub-blocks:
 *
 *   sections: ZIP entries [0, signing block), central directory, and the end
 *             record with its CD-offset field (offset 16) set to the signing
 *             block's offset;
 *   chunks:   each section cut into 1 MiB pieces, chunk digest
 *             H(0xa5 | u32le length | chunk);
 *   digest:   H(0x5a | u32le chunk count | chunk digests… | the data of every
 *             profile / proof-of-rotation / property sub-block, in block order).
 *
 * Read one chunk at a time, so a large package never sits in memory. (The
 * Android engine's APK v2 digest finishes the hash without the optional
 * blocks, so it cannot be reused as is.)
 */
import { createHash } from 'node:crypto';
import { FormatError } from '@citadel/engine-core';
import type { HapSubBlock, HapZipLocator } from './signing-block.ts';

const CHUNK = 1 << 20;
const FIRST_LEVEL_PREFIX = 0x5a;
const SECOND_LEVEL_PREFIX = 0xa5;
const EOCD_CD_OFFSET_FIELD = 16;
const EOCD_MIN_SIZE = 22;

export type HapDigestAlgorithm = 'sha256' | 'sha384' | 'sha512';

/** The sub-blocks whose data the final digest covers (appverify's "optional blocks"). */
export const DIGESTED_SUB_BLOCKS = new Set(['profile', 'proofOfRotation', 'property']);

function u32le(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
}

/** The three digested sections: two file ranges and the patched end record. */
function sections(layout: { size: number; centralDirectoryOffset: number; eocdOffset: number }, signingBlockOffset: number): [number, number][] {
  const cd = layout.centralDirectoryOffset;
  const eocd = layout.eocdOffset;
  if (!(signingBlockOffset >= 0 && signingBlockOffset <= cd && cd <= eocd && eocd + EOCD_MIN_SIZE <= layout.size)) {
    throw new FormatError(`package layout inconsistent for digesting (block ${signingBlockOffset}, central directory ${cd}, end record ${eocd}, size ${layout.size})`, 'hap-signing');
  }
  return [
    [0, signingBlockOffset],
    [cd, eocd],
  ];
}

function patchedEndRecord(bytes: Uint8Array, signingBlockOffset: number): Buffer {
  const b = Buffer.from(bytes);
  b.writeUInt32LE(signingBlockOffset >>> 0, EOCD_CD_OFFSET_FIELD);
  return b;
}

/** Chunk digests as they come, then the final digest over them and the optional sub-blocks. */
class ChunkedDigest {
  private readonly chunks: Buffer[] = [];
  constructor(private readonly algorithm: HapDigestAlgorithm) {}

  add(bytes: Uint8Array): void {
    for (let p = 0; p < bytes.length; p += CHUNK) {
      const piece = bytes.subarray(p, Math.min(bytes.length, p + CHUNK));
      this.chunks.push(createHash(this.algorithm).update(Buffer.from([SECOND_LEVEL_PREFIX])).update(u32le(piece.length)).update(piece).digest());
    }
  }

  finish(subBlocks: readonly Pick<HapSubBlock, 'kind' | 'data'>[]): Uint8Array {
    const top = createHash(this.algorithm).update(Buffer.from([FIRST_LEVEL_PREFIX])).update(u32le(this.chunks.length));
    for (const d of this.chunks) top.update(d);
    for (const b of subBlocks) if (DIGESTED_SUB_BLOCKS.has(b.kind)) top.update(b.data);
    return top.digest();
  }
}

/** The digest of a package read through its locator, 1 MiB at a time. */
export async function computeHapContentDigest(zip: HapZipLocator, signingBlockOffset: number, subBlocks: readonly Pick<HapSubBlock, 'kind' | 'data'>[], algorithm: HapDigestAlgorithm, signal?: AbortSignal): Promise<Uint8Array> {
  const ranges = sections(zip, signingBlockOffset);
  const d = new ChunkedDigest(algorithm);
  for (const [start, end] of ranges) {
    for (let p = start; p < end; p += CHUNK) {
      signal?.throwIfAborted();
      d.add(await zip.readAt(p, Math.min(CHUNK, end - p)));
    }
  }
  d.add(patchedEndRecord(await zip.readAt(zip.eocdOffset, zip.size - zip.eocdOffset), signingBlockOffset));
  return d.finish(subBlocks);
}

/**
 * The same digest over a package held in memory, synchronously: what a signer
 * computes over the unsigned ZIP (its central directory offset is where the
 * signing block will go). Used by the test package builder.
 */
export function computeHapContentDigestOfBytes(bytes: Uint8Array, layout: { centralDirectoryOffset: number; eocdOffset: number }, signingBlockOffset: number, subBlocks: readonly Pick<HapSubBlock, 'kind' | 'data'>[], algorithm: HapDigestAlgorithm): Uint8Array {
  const d = new ChunkedDigest(algorithm);
  for (const [start, end] of sections({ size: bytes.length, ...layout }, signingBlockOffset)) d.add(bytes.subarray(start, end));
  d.add(patchedEndRecord(bytes.subarray(layout.eocdOffset), signingBlockOffset));
  return d.finish(subBlocks);
}
