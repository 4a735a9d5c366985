/** MD5 and SHA-256 of a stream in one pass, counting bytes, without holding the content. */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface ContentHashes {
  md5: string;
  sha256: string;
  size: number;
}

/** A pass-through that hashes what flows through it; `result()` is valid after the stream ended. */
export class HashingPassThrough extends Transform {
  private readonly md5 = createHash('md5');
  private readonly sha256 = createHash('sha256');
  private size = 0;
  private done: ContentHashes | undefined;

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.md5.update(chunk);
    this.sha256.update(chunk);
    this.size += chunk.length;
    cb(null, chunk);
  }

  override _flush(cb: TransformCallback): void {
    this.done = { md5: this.md5.digest('hex'), sha256: this.sha256.digest('hex'), size: this.size };
    cb();
  }

  result(): ContentHashes {
    if (!this.done) throw new Error('hashes read before the stream ended');
    return this.done;
  }
}

/** Hashes a stream to its end (nothing is kept). */
export async function hashStream(body: Readable): Promise<ContentHashes> {
  const md5 = createHash('md5');
  const sha256 = createHash('sha256');
  let size = 0;
  for await (const chunk of body) {
    const buf = chunk as Buffer;
    md5.update(buf);
    sha256.update(buf);
    size += buf.length;
  }
  return { md5: md5.digest('hex'), sha256: sha256.digest('hex'), size };
}

/** Hashes a file with large reads (1 MiB) so the pass runs at disk speed. */
export function hashFile(filePath: string): Promise<ContentHashes> {
  return hashStream(createReadStream(filePath, { highWaterMark: 1 << 20 }));
}

/**
 * Writes a stream to a new temp file in `dir` while hashing it (the content
 * address is known only at the end). On failure the temp file is removed.
 */
export async function spoolHashed(body: Readable, dir: string): Promise<{ file: string; hashes: ContentHashes }> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `spool-${randomBytes(12).toString('hex')}`);
  const hasher = new HashingPassThrough();
  try {
    await pipeline(body, hasher, createWriteStream(file, { flags: 'wx', highWaterMark: 1 << 20 }));
  } catch (err) {
    await rm(file, { force: true });
    throw err;
  }
  return { file, hashes: hasher.result() };
}
