/**
 * The content digest of APK Signature Scheme v2/v3 (engine-core's signed-ZIP digest:
 * 1 MiB chunks of the entries, central directory and the patched end record).
 * Read chunk by chunk, so a 200 MB APK never sits in memory.
 */
import { signedZipContentDigest } from '@citadel/engine-core';
import type { ApkLayout } from './signing-block.ts';

export type ContentDigestAlgorithm = 'sha256' | 'sha512';

export function computeContentDigest(apk: ApkLayout, signingBlockOffset: number, algorithm: ContentDigestAlgorithm): Promise<Uint8Array> {
  return signedZipContentDigest(apk, signingBlockOffset, algorithm, { component: 'apk-signing-block' });
}
