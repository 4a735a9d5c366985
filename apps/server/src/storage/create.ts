/**
 * Picks the storage implementation from the configuration. The S3 client is
 * loaded on first use only, so a portal on local storage never pays for the
 * AWS SDK in memory.
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ByteRange, ObjectStorage, StoredObject } from './index.ts';
import { LocalStorage } from './local-storage.ts';
import type { S3Settings } from './s3-storage.ts';

export interface StorageConfig {
  dataDir: string;
  storage: 'local' | 's3';
  s3: S3Settings;
}

class LazyS3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  readonly bucket: string;
  private real: Promise<ObjectStorage> | undefined;

  constructor(
    private readonly settings: S3Settings,
    private readonly spoolDir: string,
  ) {
    this.bucket = settings.bucket;
  }

  private load(): Promise<ObjectStorage> {
    this.real ??= import('./s3-storage.ts').then((m) => new m.S3Storage(this.settings, this.spoolDir));
    return this.real;
  }

  async put(body: Readable): Promise<StoredObject> {
    return (await this.load()).put(body);
  }
  async putFile(filePath: string, hashes: { sha256: string; md5: string; size: number }): Promise<StoredObject> {
    return (await this.load()).putFile(filePath, hashes);
  }
  async get(key: string, range?: ByteRange): Promise<Readable> {
    return (await this.load()).get(key, range);
  }
  async stat(key: string): Promise<{ size: number } | undefined> {
    return (await this.load()).stat(key);
  }
  async exists(key: string): Promise<boolean> {
    return (await this.load()).exists(key);
  }
  async delete(key: string): Promise<void> {
    return (await this.load()).delete(key);
  }
}

export function createStorage(config: StorageConfig): ObjectStorage {
  if (config.storage === 's3') return new LazyS3Storage(config.s3, path.join(config.dataDir, 'uploads', 'spool'));
  return new LocalStorage(path.join(config.dataDir, 'objects'));
}
