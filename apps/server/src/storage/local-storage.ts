/**
 * The default store: a folder (CITADEL_DATA_DIR/objects) with keys sharded into
 * two levels of subfolders. Writes land in a temp file first and are renamed
 * into place, so a reader never sees half an object and a crash leaves only
 * temp files behind.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fail } from '../http/app-error.ts';
import { spoolHashed } from './hashing.ts';
import type { ByteRange, ObjectStorage, StoredObject } from './index.ts';
import { assertObjectKey, shardedPath } from './keys.ts';

export class LocalStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  readonly bucket = 'local';
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, 'tmp');
  }

  private pathOf(key: string): string {
    return path.join(this.root, ...shardedPath(assertObjectKey(key)));
  }

  async put(body: Readable): Promise<StoredObject> {
    const { file, hashes } = await spoolHashed(body, this.tmpDir);
    return this.putFile(file, hashes);
  }

  async putFile(filePath: string, hashes: { sha256: string; md5: string; size: number }): Promise<StoredObject> {
    const key = assertObjectKey(hashes.sha256);
    const target = this.pathOf(key);
    const stored: StoredObject = { key, size: hashes.size, sha256: hashes.sha256, md5: hashes.md5 };
    if (await this.exists(key)) {
      await unlink(filePath);
      return stored;
    }
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(filePath, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      // The upload folder is on another disk: copy beside the target, then rename (still atomic).
      const beside = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await copyFile(filePath, beside);
      await rename(beside, target);
      await unlink(filePath);
    }
    return stored;
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    if (!(await this.stat(key))) fail('file_not_found');
    return createReadStream(file, { ...(range ? { start: range.start, end: range.end } : {}), highWaterMark: 1 << 20 });
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size } : undefined;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
