/**
 * MD5, SHA-1 and SHA-256 of a file or of chunks of bytes, all three fed from
 * one pass: a file is streamed in 1 MiB reads and never held whole.
 */
import { type Hash, createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

export interface ContentHashes {
  md5: string;
  sha1: string;
  sha256: string;
}

function hashers(): [Hash, Hash, Hash] {
  return [createHash('md5'), createHash('sha1'), createHash('sha256')];
}

function digests([md5, sha1, sha256]: [Hash, Hash, Hash]): ContentHashes {
  return { md5: md5.digest('hex'), sha1: sha1.digest('hex'), sha256: sha256.digest('hex') };
}

/** The hashes of a file, streamed (abortable through `signal`). */
export async function fileHashes(path: string, signal?: AbortSignal): Promise<ContentHashes> {
  const h = hashers();
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20, ...(signal ? { signal } : {}) })) {
    for (const x of h) x.update(chunk as Buffer);
  }
  return digests(h);
}

/** The hashes of bytes given in pieces (e.g. a package assembled from several parts). */
export function chunkHashes(chunks: Iterable<Uint8Array>): ContentHashes {
  const h = hashers();
  for (const c of chunks) for (const x of h) x.update(c);
  return digests(h);
}
