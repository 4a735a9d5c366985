/** Picks the storage implementation from the configuration. */
import path from 'node:path';
import type { ObjectStorage } from './index.ts';
import { LocalStorage } from './local-storage.ts';
import { S3Storage, type S3Settings } from './s3-storage.ts';

export interface StorageConfig {
  dataDir: string;
  storage: 'local' | 's3';
  s3: S3Settings;
}

export function createStorage(config: StorageConfig): ObjectStorage {
  if (config.storage === 's3') return new S3Storage(config.s3, path.join(config.dataDir, 'uploads', 'spool'));
  return new LocalStorage(path.join(config.dataDir, 'objects'));
}
