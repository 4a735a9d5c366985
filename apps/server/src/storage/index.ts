/**
 * Object storage for uploaded files: one interface, two implementations chosen
 * by configuration — a local directory (default) and an S3-compatible bucket.
 * Keys are content addresses (the SHA-256 of the bytes, 64 lower-case hex
 * digits), never user-supplied names, so no key can walk out of the store.
 */
import type { Readable } from 'node:stream';

export { createStorage, type StorageConfig } from './create.ts';
export { isObjectKey, assertObjectKey } from './keys.ts';
export { hashStream, hashFile, type ContentHashes } from './hashing.ts';

export interface StoredObject {
  key: string;
  size: number;
  sha256: string;
  md5: string;
}

/** An inclusive byte range, as HTTP Range gives it. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** The bucket name shown to clients (/mb/get bucket_name); the local store calls itself 'local'. */
  readonly bucket: string;
  /** Stores a stream; the key is its SHA-256. Storing bytes that are already stored is a no-op. */
  put(body: Readable): Promise<StoredObject>;
  /**
   * Stores a file that already sits in the data folder, with hashes computed while it was
   * written. The local store moves it (no copy); S3 uploads it. The file is gone afterwards.
   */
  putFile(filePath: string, hashes: { sha256: string; md5: string; size: number }): Promise<StoredObject>;
  /** The object's bytes, or the inclusive range of them. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<{ size: number } | undefined>;
  exists(key: string): Promise<boolean>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
}
