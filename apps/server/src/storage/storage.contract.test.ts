/**
 * One contract, two implementations: the local folder and S3 (against a real
 * S3-compatible server started here). Content addressing, ranges, idempotent
 * puts and deletes, and keys that cannot name anything but an object.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error.ts';
import { hashFile, type ObjectStorage } from './index.ts';
import { LocalStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';
import { startS3TestServer, type S3TestServer } from './s3-test-server.ts';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

/** A stream that yields `total` bytes in pieces, never all at once. */
function streamOf(content: Buffer, piece = 64 * 1024): Readable {
  return Readable.from((function* () {
    for (let at = 0; at < content.length; at += piece) yield content.subarray(at, at + piece);
  })());
}

interface Subject {
  storage: ObjectStorage;
  dir: string;
  stop(): Promise<void>;
}

const implementations: [string, () => Promise<Subject>][] = [
  [
    'local',
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'citadel-store-'));
      return { storage: new LocalStorage(path.join(dir, 'objects')), dir, stop: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  ],
  [
    's3',
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'citadel-store-'));
      const server: S3TestServer = await startS3TestServer();
      const storage = new S3Storage(server.settings, path.join(dir, 'spool'));
      return {
        storage,
        dir,
        stop: async () => {
          storage.destroy();
          await server.stop();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  ],
];

describe.each(implementations)('object storage contract (%s)', (_name, make) => {
  let s: Subject;
  beforeAll(async () => {
    s = await make();
  });
  afterAll(async () => s?.stop());

  it('puts a stream under its SHA-256 and gets the same bytes back', async () => {
    const content = randomBytes(300_000);
    const stored = await s.storage.put(streamOf(content));
    expect(stored).toEqual({ key: sha256(content), sha256: sha256(content), md5: md5(content), size: content.length });
    expect(await s.storage.exists(stored.key)).toBe(true);
    expect(await s.storage.stat(stored.key)).toEqual({ size: content.length });
    expect((await readAll(await s.storage.get(stored.key))).equals(content)).toBe(true);
  });

  it('stores an object larger than one multipart part intact', async () => {
    const content = randomBytes(9 * 1024 * 1024 + 123);
    const stored = await s.storage.put(streamOf(content, 1024 * 1024));
    expect((await readAll(await s.storage.get(stored.key))).equals(content)).toBe(true);
  });

  it('serves inclusive byte ranges', async () => {
    const content = randomBytes(10_000);
    const { key } = await s.storage.put(streamOf(content));
    expect((await readAll(await s.storage.get(key, { start: 100, end: 199 }))).equals(content.subarray(100, 200))).toBe(true);
    expect((await readAll(await s.storage.get(key, { start: 9_999, end: 9_999 }))).equals(content.subarray(9_999))).toBe(true);
  });

  it('is idempotent: the same bytes twice are one object; deleting twice is fine', async () => {
    const content = randomBytes(5000);
    const a = await s.storage.put(streamOf(content));
    const b = await s.storage.put(streamOf(content));
    expect(a.key).toBe(b.key);
    await s.storage.delete(a.key);
    expect(await s.storage.exists(a.key)).toBe(false);
    expect(await s.storage.stat(a.key)).toBeUndefined();
    await s.storage.delete(a.key);
    await expect(s.storage.get(a.key)).rejects.toMatchObject({ code: 'file_not_found' });
  });

  it('moves a finished file in with putFile, leaving no temp file behind', async () => {
    const content = randomBytes(20_000);
    const file = path.join(s.dir, 'finished.part');
    writeFileSync(file, content);
    const stored = await s.storage.putFile(file, await hashFile(file));
    expect(existsSync(file)).toBe(false);
    expect((await readAll(await s.storage.get(stored.key))).equals(content)).toBe(true);
  });

  it('refuses any key that is not a SHA-256 content address (no traversal by construction)', async () => {
    for (const key of ['../../etc/passwd', '..', 'ABCDEF', `${'a'.repeat(63)}/`, `${'A'.repeat(64)}`, '', `${'a'.repeat(64)}\0`]) {
      await expect(s.storage.get(key)).rejects.toBeInstanceOf(AppError);
      await expect(s.storage.stat(key)).rejects.toBeInstanceOf(AppError);
      await expect(s.storage.delete(key)).rejects.toBeInstanceOf(AppError);
    }
  });

  it('leaves no temp file after a failing source stream', async () => {
    const broken = new Readable({
      read() {
        this.push(randomBytes(1000));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(s.storage.put(broken)).rejects.toThrow('client went away');
    const leftovers = (dir: string): string[] =>
      existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && !/^[0-9a-f]{64}$/.test(e.name)).map((e) => e.name) : [];
    expect(leftovers(s.dir)).toEqual([]);
  });
});
