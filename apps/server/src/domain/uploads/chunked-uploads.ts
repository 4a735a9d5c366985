/**
 * The chunked upload protocol (SPEC §7): /file/upload/id opens an upload, each
 * /file/upload/part writes one chunk straight to its offset in a single sparse
 * file (uploads/<uid>.part) while it streams in, and the part that completes
 * the set triggers the completion: one read pass computing MD5 and SHA-256, the
 * content check, and the hand-over to storage as a sample.
 *
 * State lives in the database (uploads, upload_chunks), so a browser that
 * reloads, or a server that restarts, continues where it stopped. Chunks may
 * come in any order, twice, or concurrently; a chunk is recorded only after all
 * of its declared bytes were written, and a chunk longer than declared is cut
 * off before its excess touches the file.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_CHUNK_SIZE, UPLOAD_MAX_CHUNKS, type UploadKind, type UploadStatus, type UploadedFile } from '@citadel/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { DB, UploadsTable } from '../../db/schema.ts';
import { AppError, fail } from '../../http/app-error.ts';
import type { SampleRow } from '../samples/samples-repository.ts';
import type { SampleService, Uploader } from '../samples/sample-service.ts';
import { contentMatchesExtension } from './content-check.ts';
import { ProgressiveHasher } from './progressive-hash.ts';
import { checkUploadTarget, safeFileName } from './upload-rules.ts';

type UploadRow = Selectable<UploadsTable>;

export interface BeginInput {
  name: string;
  size: number;
  chunks: number;
  chunkSize?: number;
  kind: UploadKind;
}

export interface PartInput {
  uid: string;
  chunk: number;
  /** When sent, must match what /file/upload/id declared. */
  size?: number;
  chunks?: number;
}

const UID = /^[0-9a-f]{32}$/;
/** Chunk sizes a client may choose: 1 KiB (tests) to 64 MiB. */
export const MIN_CHUNK_SIZE = 1024;
export const MAX_CHUNK_SIZE = 64 * 1024 * 1024;
/** Unfinished uploads are abandoned after a day. */
export const ABANDONED_AFTER_MS = 24 * 3600_000;

export function toUploadedFile(sample: SampleRow, existed: boolean): UploadedFile {
  return { name: sample.name, path: sample.storage_key, size: sample.size, md5: sample.md5, sample_id: sample.id, exists: existed };
}

/** Passes at most `limit` bytes; one byte more fails the stream before it reaches the file. */
class ByteLimit extends Transform {
  count = 0;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.count += chunk.length;
    if (this.count > this.limit) return cb(new AppError('chunk_size_mismatch'));
    cb(null, chunk);
  }
}

export class ChunkedUploads {
  readonly dir: string;
  private readonly hasher = new ProgressiveHasher();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly samples: SampleService,
    dataDir: string,
    private readonly maxMb: number,
  ) {
    this.dir = path.join(dataDir, 'uploads');
  }

  private partPath(uid: string): string {
    if (!UID.test(uid)) fail('upload_not_found');
    return path.join(this.dir, `${uid}.part`);
  }

  async begin(who: Uploader, input: BeginInput): Promise<string> {
    const name = safeFileName(input.name);
    checkUploadTarget(input.kind, name, input.size, this.maxMb);
    const chunkSize = input.chunkSize ?? UPLOAD_CHUNK_SIZE;
    if (!Number.isInteger(chunkSize) || chunkSize < MIN_CHUNK_SIZE || chunkSize > MAX_CHUNK_SIZE) fail('illegal_parameter', 'chunk_size');
    const expectedChunks = Math.ceil(input.size / chunkSize);
    if (input.chunks !== expectedChunks || expectedChunks > UPLOAD_MAX_CHUNKS) fail('illegal_parameter', 'chunks');
    const uid = randomBytes(16).toString('hex');
    await mkdir(this.dir, { recursive: true });
    // A sparse file of the final size: each chunk is written at its own offset.
    const handle = await open(this.partPath(uid), 'wx');
    try {
      await handle.truncate(input.size);
    } finally {
      await handle.close();
    }
    const now = Date.now();
    await this.db
      .insertInto('uploads')
      .values({ uid, user_id: who.userId, customer_id: who.customerId, name, kind: input.kind, size: input.size, chunks: input.chunks, chunk_size: chunkSize, state: 'receiving', sample_id: null, error: null, error_message: null, created_at: now, updated_at: now })
      .execute();
    this.hasher.begin(uid);
    return uid;
  }

  private async load(who: Uploader, uid: string): Promise<UploadRow> {
    if (!UID.test(uid)) fail('upload_not_found');
    const row = await this.db.selectFrom('uploads').selectAll().where('uid', '=', uid).where('user_id', '=', who.userId).executeTakeFirst();
    return row ?? fail('upload_not_found');
  }

  private async receivedChunks(uid: string): Promise<number[]> {
    const rows = await this.db.selectFrom('upload_chunks').select('idx').where('uid', '=', uid).orderBy('idx').execute();
    return rows.map((r) => r.idx);
  }

  async status(who: Uploader, uid: string): Promise<UploadStatus> {
    let row = await this.load(who, uid);
    const received = await this.receivedChunks(uid);
    // All chunks arrived but nobody completed (the server stopped mid-way): complete now.
    if (row.state === 'receiving' && received.length === row.chunks) {
      await this.complete(who, row).catch((err: unknown) => {
        if (!(err instanceof AppError)) throw err;
      });
      row = await this.load(who, uid);
    }
    return this.describe(row, received);
  }

  private async describe(row: UploadRow, received?: number[]): Promise<UploadStatus> {
    const status: UploadStatus = { uid: row.uid, state: row.state as UploadStatus['state'], chunks: row.chunks, received: received ?? (await this.receivedChunks(row.uid)) };
    if (row.state === 'done' && row.sample_id !== null) {
      const sample = await this.db.selectFrom('samples').selectAll().where('id', '=', row.sample_id).executeTakeFirst();
      // The sample predates this upload: the customer already had the content.
      if (sample) status.file = toUploadedFile(sample, sample.created_at < row.created_at);
    }
    if (row.state === 'failed') {
      status.error = row.error ?? 'file_upload_failed';
      status.message = row.error_message ?? undefined;
    }
    return status;
  }

  /** Writes one chunk from its stream. Always consumes or destroys `body`. */
  async receivePart(who: Uploader, input: PartInput, body: Readable): Promise<UploadStatus> {
    let row: UploadRow;
    try {
      row = await this.load(who, input.uid);
      if (input.size !== undefined && input.size !== row.size) fail('illegal_parameter', 'size');
      if (input.chunks !== undefined && input.chunks !== row.chunks) fail('illegal_parameter', 'chunks');
      if (!Number.isInteger(input.chunk) || input.chunk < 0 || input.chunk >= row.chunks) fail('illegal_parameter', 'chunk');
    } catch (err) {
      body.resume();
      throw err;
    }
    if (row.state === 'failed') {
      body.resume();
      return this.describe(row);
    }
    const already = await this.db.selectFrom('upload_chunks').select('idx').where('uid', '=', row.uid).where('idx', '=', input.chunk).executeTakeFirst();
    if (row.state !== 'receiving' || already) {
      // A duplicate (a retry whose first attempt did arrive): nothing to write.
      body.resume();
      return this.describe(row);
    }

    const offset = input.chunk * row.chunk_size;
    const expected = input.chunk === row.chunks - 1 ? row.size - offset : row.chunk_size;
    const limit = new ByteLimit(expected);
    await pipeline(body, limit, createWriteStream(this.partPath(row.uid), { flags: 'r+', start: offset, highWaterMark: 1 << 20 }));
    if (limit.count !== expected) fail('chunk_size_mismatch');

    await this.db.insertInto('upload_chunks').values({ uid: row.uid, idx: input.chunk }).onConflict((oc) => oc.columns(['uid', 'idx']).doNothing()).execute();
    await this.db.updateTable('uploads').set({ updated_at: Date.now() }).where('uid', '=', row.uid).execute();
    this.hasher.chunkWritten(row.uid, this.partPath(row.uid), input.chunk, row.chunk_size, row.size);
    const received = await this.receivedChunks(row.uid);
    if (received.length === row.chunks) {
      await this.complete(who, row);
      return this.describe(await this.load(who, row.uid), received);
    }
    return this.describe(row, received);
  }

  /**
   * Completes an upload whose chunks are all in. Exactly one caller wins the
   * claim (receiving → assembling); the others see the state and poll status.
   */
  private async complete(who: Uploader, row: UploadRow): Promise<void> {
    const claim = await this.db.updateTable('uploads').set({ state: 'assembling', updated_at: Date.now() }).where('uid', '=', row.uid).where('state', '=', 'receiving').executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) return;
    const file = this.partPath(row.uid);
    try {
      const hashes = await this.hasher.digest(row.uid, file, row.size);
      if (hashes.size !== row.size) fail('file_upload_failed');
      const extension = checkUploadTarget(row.kind as UploadKind, row.name, row.size, this.maxMb);
      if (!(await contentMatchesExtension(file, extension, row.size))) fail('wrong_file_format');
      const { sample } = await this.samples.record({ path: file, name: row.name, extension, hashes }, who);
      await this.db.updateTable('uploads').set({ state: 'done', sample_id: sample.id, updated_at: Date.now() }).where('uid', '=', row.uid).execute();
    } catch (err) {
      if (err instanceof AppError) {
        // A refused file never becomes a sample, and its bytes are gone.
        await rm(file, { force: true });
        await this.db.updateTable('uploads').set({ state: 'failed', error: err.code, error_message: err.message.slice(0, 500), updated_at: Date.now() }).where('uid', '=', row.uid).execute();
      } else {
        // Unexpected (disk, storage): leave it to be completed again by the next status call.
        await this.db.updateTable('uploads').set({ state: 'receiving', updated_at: Date.now() }).where('uid', '=', row.uid).execute();
      }
      throw err;
    }
  }

  /** At start-up: completions cut short by a stop are retried by the next status call. */
  async recoverInterrupted(): Promise<void> {
    await this.db.updateTable('uploads').set({ state: 'receiving' }).where('state', '=', 'assembling').execute();
  }

  /** Removes uploads untouched for a day (their partial files and rows). */
  async cleanAbandoned(now = Date.now()): Promise<number> {
    const stale = await this.db.selectFrom('uploads').select(['uid', 'state']).where('updated_at', '<', now - ABANDONED_AFTER_MS).limit(1000).execute();
    for (const { uid } of stale) {
      this.hasher.forget(uid);
      await rm(this.partPath(uid), { force: true });
      await this.db.deleteFrom('upload_chunks').where('uid', '=', uid).execute();
      await this.db.deleteFrom('uploads').where('uid', '=', uid).execute();
    }
    return stale.length;
  }
}
