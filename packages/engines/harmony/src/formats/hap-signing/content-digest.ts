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
 * engine-core's signed-ZIP digest computes it (shared with APK v2/v3), with the
 * sub-blocks' data as its trailing input; one chunk at a time, so a large package
 * never sits in memory.
 */
import { type ChunkedDigestAlgorithm, signedZipContentDigest, signedZipContentDigestOfBytes } from '@citadel/engine-core';
import type { HapSubBlock, HapZipLocator } from './signing-block.ts';

export type HapDigestAlgorithm = Extract<ChunkedDigestAlgorithm, 'sha256' | 'sha384' | 'sha512'>;

/** The sub-blocks whose data the final digest covers (appverify's "optional blocks"). */
export const DIGESTED_SUB_BLOCKS = new Set(['profile', 'proofOfRotation', 'property']);

const trailing = (subBlocks: readonly Pick<HapSubBlock, 'kind' | 'data'>[]) => subBlocks.filter((b) => DIGESTED_SUB_BLOCKS.has(b.kind)).map((b) => b.data);

/** The digest of a package read through its locator, 1 MiB at a time. */
export function computeHapContentDigest(zip: HapZipLocator, signingBlockOffset: number, subBlocks: readonly Pick<HapSubBlock, 'kind' | 'data'>[], algorithm: HapDigestAlgorithm, signal?: AbortSignal): Promise<Uint8Array> {
  return signedZipContentDigest(zip, signingBlockOffset, algorithm, { trailing: trailing(subBlocks), signal, component: 'hap-signing' });
}

/**
 * The same digest over a package held in memory, synchronously: what a signer
 * computes over the unsigned ZIP (its central directory offset is where the
 * signing block will go). Used by the test package builder.
 */
export function computeHapContentDigestOfBytes(bytes: Uint8Array, layout: { centralDirectoryOffset: number; eocdOffset: number }, signingBlockOffset: number, subBlocks: readonly Pick<HapSubBlock, 'kind' | 'data'>[], algorithm: HapDigestAlgorithm): Uint8Array {
  return signedZipContentDigestOfBytes(bytes, layout, signingBlockOffset, algorithm, { trailing: trailing(subBlocks), component: 'hap-signing' });
}
