/**
 * S3-compatible object storage (AWS S3, MinIO, Ceph …), chosen by
 * CITADEL_STORAGE=s3. Objects live under objects/ab/<sha256> in one bucket.
 * A stream of unknown length is spooled to a local temp file while it is hashed
 * (the key is the hash, known only at the end), then uploaded in parts.
 */
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { fail } from '../http/app-error.ts';
import { spoolHashed } from './hashing.ts';
import type { ByteRange, ObjectStorage, StoredObject } from './index.ts';
import { assertObjectKey } from './keys.ts';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKey: string;
  secretKey: string;
  forcePathStyle: boolean;
}

/** 8 MiB parts, four in flight: at most ~32 MiB buffered per upload. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 4;

function isNotFound(err: unknown): boolean {
  if (err instanceof S3ServiceException) return err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound';
  return false;
}

export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  readonly bucket: string;
  private readonly client: S3Client;

  constructor(
    settings: S3Settings,
    /** A local folder for spooling streams whose hash is not yet known. */
    private readonly spoolDir: string,
  ) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKey, secretAccessKey: settings.secretKey },
      // Checksums only where S3 requires them: many S3-compatible servers reject the newer trailing checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectName(key: string): string {
    return `objects/${key.slice(0, 2)}/${assertObjectKey(key)}`;
  }

  async put(body: Readable): Promise<StoredObject> {
    const { file, hashes } = await spoolHashed(body, this.spoolDir);
    return this.putFile(file, hashes);
  }

  async putFile(filePath: string, hashes: { sha256: string; md5: string; size: number }): Promise<StoredObject> {
    const key = assertObjectKey(hashes.sha256);
    try {
      if (!(await this.exists(key))) {
        const upload = new Upload({
          client: this.client,
          params: { Bucket: this.bucket, Key: this.objectName(key), Body: createReadStream(filePath, { highWaterMark: 1 << 20 }), ContentType: 'application/octet-stream' },
          partSize: PART_SIZE,
          queueSize: QUEUE_SIZE,
        });
        await upload.done();
      }
    } finally {
      await rm(filePath, { force: true });
    }
    return { key, size: hashes.size, sha256: hashes.sha256, md5: hashes.md5 };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectName(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      if (!(res.Body instanceof Readable)) fail('file_read_failed');
      return res.Body;
    } catch (err) {
      if (isNotFound(err)) fail('file_not_found');
      throw err;
    }
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectName(key) }));
      return { size: res.ContentLength ?? 0 };
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectName(key) }));
  }

  destroy(): void {
    this.client.destroy();
  }
}
