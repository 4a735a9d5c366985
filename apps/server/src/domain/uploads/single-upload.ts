/**
 * Single-request uploads (/file/upload, /file3/upload, /mb/upload): the file
 * part streams to a temp file while MD5 and SHA-256 are computed and its size is
 * bounded, then gets the same content check as a chunked upload and becomes a
 * sample. A refused or broken file leaves nothing behind.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type UploadKind, type UploadedFile, uploadLimitBytes } from '@citadel/contracts';
import { AppError, fail } from '../../http/app-error.ts';
import { HashingPassThrough } from '../../storage/hashing.ts';
import type { SampleService, Uploader } from '../samples/sample-service.ts';
import { toUploadedFile } from './chunked-uploads.ts';
import { contentMatchesExtension } from './content-check.ts';
import { checkUploadTarget, safeFileName } from './upload-rules.ts';

class SizeGuard extends Transform {
  constructor(
    private readonly limit: number,
    private readonly onExceeded: () => AppError,
    private count = 0,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.count += chunk.length;
    if (this.count >= this.limit) return cb(this.onExceeded());
    cb(null, chunk);
  }
}

export async function receiveSingleFile(
  opts: { samples: SampleService; uploadsDir: string; maxMb: number },
  who: Uploader,
  kind: UploadKind,
  rawName: string,
  body: Readable,
): Promise<UploadedFile> {
  const name = safeFileName(rawName);
  let extension: string;
  try {
    // Name first (size unknown yet: 1 stands in so only the accept list is judged here).
    extension = checkUploadTarget(kind, name, 1, opts.maxMb);
  } catch (err) {
    body.resume();
    throw err;
  }
  await mkdir(opts.uploadsDir, { recursive: true });
  const temp = path.join(opts.uploadsDir, `${randomBytes(16).toString('hex')}.single`);
  const hasher = new HashingPassThrough();
  const limit = uploadLimitBytes(kind, opts.maxMb);
  try {
    await pipeline(
      body,
      new SizeGuard(limit, () => {
        try {
          checkUploadTarget(kind, name, limit, opts.maxMb);
        } catch (err) {
          return err as AppError;
        }
        return new AppError('payload_too_large');
      }),
      hasher,
      createWriteStream(temp, { flags: 'wx', highWaterMark: 1 << 20 }),
    );
    const hashes = hasher.result();
    checkUploadTarget(kind, name, hashes.size, opts.maxMb);
    if (!(await contentMatchesExtension(temp, extension, hashes.size))) fail('wrong_file_format');
    const { sample, existed } = await opts.samples.record({ path: temp, name, extension, hashes }, who);
    return toUploadedFile(sample, existed);
  } finally {
    await rm(temp, { force: true });
  }
}
