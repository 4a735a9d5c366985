/**
 * The package's integrity facts, computed while the rest of the package is
 * read: the file hashes (MD5/SHA-1/SHA-256) and the signatures, whose v2/v3
 * content digest and v1 entry digests need every byte of the APK hashed.
 * startIntegrity() launches the hashing (on a worker thread for a large
 * file, see run-digests.ts) and returns a promise of the finished facts.
 */
import type { ContentHashes, ZipArchive, ZipEntry } from '@citadel/engine-core';
import type { ComputedEntryDigests } from '../../formats/index.ts';
import { type PreparedSigning, type SigningInfo, finishSigning } from '../signing.ts';
import { type DigestEntryJob, type DigestJob, type DigestResult, runDigests } from './run-digests.ts';

export interface IntegrityFacts {
  hashes: ContentHashes;
  signing: SigningInfo;
}

export interface IntegrityInput {
  /** The uploaded file (its hashes are the package's). */
  path: string;
  size: number;
  /** The archive the signatures belong to: the file itself, or the base APK of a split set (in memory). */
  zip: ZipArchive;
  /** Bytes of `zip` when it is a nested archive; undefined when `zip` is the file at `path`. */
  nestedBytes?: Uint8Array;
  signing: PreparedSigning;
  signal?: AbortSignal;
  /** Force or forbid the worker thread (tests); by default by size. */
  worker?: boolean;
}

const FILE_HASHES = ['md5', 'sha1', 'sha256'];

export function startIntegrity(input: IntegrityInput): Promise<IntegrityFacts> {
  const { zip, signing } = input;
  const computed = new Map<string, ComputedEntryDigests>();
  const entries: DigestEntryJob[] = [];
  for (const r of signing.requests.entries) {
    const e = zip.getEntry(r.name);
    if (!e) continue;
    const over = overLimits(zip, e);
    if (over) computed.set(r.name, { error: over });
    else entries.push({ name: r.name, dataOffset: e.dataOffset, compressedSize: e.compressedSize, uncompressedSize: e.uncompressedSize, method: e.method, algorithms: r.algorithms });
  }
  // Entries in file order: the reads then move forward through the file.
  entries.sort((a, b) => a.dataOffset - b.dataOffset);
  const content = signing.requests.content;
  const signed: Omit<DigestJob, 'source' | 'size'> = {
    entries,
    ...(content && content.algorithms.length > 0 ? { contentDigest: { ...content, centralDirectoryOffset: zip.centralDirectoryOffset, eocdOffset: zip.eocdOffset } } : {}),
  };
  const opts = { ...(input.signal ? { signal: input.signal } : {}), ...(input.worker !== undefined ? { worker: input.worker } : {}) };
  let file: Promise<DigestResult>;
  let archive: Promise<DigestResult>;
  if (input.nestedBytes) {
    file = runDigests({ source: input.path, size: input.size, fileHashes: FILE_HASHES }, opts);
    archive = runDigests({ source: input.nestedBytes, size: input.nestedBytes.length, ...signed }, opts);
  } else {
    file = archive = runDigests({ source: input.path, size: input.size, fileHashes: FILE_HASHES, ...signed }, opts);
  }
  return Promise.all([file, archive]).then(async ([f, a]) => {
    for (const e of a.entries) computed.set(e.name, e.error !== undefined ? { error: e.error } : { digests: e.digests });
    const hashes = { md5: f.fileHashes.md5!, sha1: f.fileHashes.sha1!, sha256: f.fileHashes.sha256! };
    return { hashes, signing: await finishSigning(signing, { entries: computed, ...(a.contentDigests ? { content: a.contentDigests } : {}) }) };
  });
}

/** The archive limits the ZIP reader applies, so a zip bomb is not inflated just to hash it. */
function overLimits(zip: ZipArchive, e: ZipEntry): string | undefined {
  if (e.method !== 8) return e.compressedSize > zip.limits.maxEntrySize ? `larger than the limit of ${zip.limits.maxEntrySize} bytes` : undefined;
  if (e.uncompressedSize > zip.limits.maxEntrySize) return `larger than the limit of ${zip.limits.maxEntrySize} bytes`;
  if (e.uncompressedSize > Math.max(zip.limits.ratioGraceBytes, e.compressedSize * zip.limits.maxCompressionRatio)) return `expands more than ${zip.limits.maxCompressionRatio}:1 (zip bomb?)`;
  return undefined;
}
