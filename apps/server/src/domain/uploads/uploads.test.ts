/**
 * The upload protocol over HTTP, on both databases: chunk order, duplicates,
 * gaps, restarts, concurrency, lying extensions, hostile names, empty files and
 * oversized chunks. Whatever fails, no partial file ever becomes a sample.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.ts';
import { DIALECTS, TEST_ADMIN_PASSWORD, login, startTestApp, testConfig, type TestApp } from '../../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../../test-support/users.ts';
import { apkBytes, beginUpload, chunksOf, multipart, sendPart, shuffled, uploadChunked } from './test-helpers.ts';

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each(DIALECTS)('chunked uploads (%s)', (dialect) => {
  let t: TestApp;
  let app: BuiltApp['app'];
  let user: Record<string, string>;
  let admin: Record<string, string>;

  const sampleCount = async () => Number((await t.services.database.db.selectFrom('samples').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const partFiles = () => {
    try {
      return readdirSync(path.join(t.testDb.dataDir, 'uploads')).filter((f) => f.endsWith('.part') || f.endsWith('.single'));
    } catch {
      return [];
    }
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    app = t.app;
    await createUser(t, 'uploader');
    user = (await login(t, 'uploader', TEST_USER_PASSWORD)).headers;
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
  });
  afterAll(async () => t?.stop());

  it('assembles chunks sent in shuffled order, computing MD5 and SHA-256, and stores the object by SHA-256', async () => {
    const content = apkBytes(undefined, 5000);
    const order = shuffled(chunksOf(content, 1024).map((_, i) => i));
    const { last } = await uploadChunked(app, user, 'app.apk', content, { order });
    expect(last.body.data.state).toBe('done');
    const file = last.body.data.file;
    expect(file).toMatchObject({ name: 'app.apk', size: content.length, md5: md5(content), path: sha256(content) });
    expect(await t.services.storage.exists(sha256(content))).toBe(true);
    const stored = await t.services.storage.get(sha256(content));
    const chunks: Buffer[] = [];
    for await (const c of stored) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(content)).toBe(true);
  });

  it('treats a duplicated chunk as received once, and completes only when the missing chunk arrives', async () => {
    const content = apkBytes(undefined, 3000);
    const chunks = chunksOf(content, 1024);
    const begun = await beginUpload(app, user, { name: 'dup.apk', size: content.length, chunks: chunks.length, chunk_size: 1024 });
    const uid = begun.body.data.id;
    const base = { uid, name: 'dup.apk', size: content.length, chunks: chunks.length };
    for (const i of [0, 0, 2, 0]) {
      const r = await sendPart(app, user, { ...base, chunk: i }, chunks[i]!);
      expect(r.body.data.state).toBe('receiving');
    }
    const status = await app.inject({ method: 'POST', url: '/file/upload/status', headers: user, payload: { uid } });
    expect(status.json().data.received).toEqual([0, 2]);
    const before = await sampleCount();
    for (const i of [1, 3]) await sendPart(app, user, { ...base, chunk: i }, chunks[i]!);
    const done = await app.inject({ method: 'POST', url: '/file/upload/status', headers: user, payload: { uid } });
    expect(done.json().data.file.md5).toBe(md5(content));
    expect(await sampleCount()).toBe(before + 1);
    // A retry after completion is idempotent.
    const again = await sendPart(app, user, { ...base, chunk: 1 }, chunks[1]!);
    expect(again.body.data.state).toBe('done');
  });

  it('resumes after a server restart: the state is in the database, the chunks on disk', async () => {
    const content = apkBytes(undefined, 4000);
    const chunks = chunksOf(content, 1024);
    const begun = await beginUpload(app, user, { name: 'restart.apk', size: content.length, chunks: chunks.length, chunk_size: 1024 });
    const uid = begun.body.data.id;
    const base = { uid, name: 'restart.apk', size: content.length, chunks: chunks.length };
    await sendPart(app, user, { ...base, chunk: 1 }, chunks[1]!);
    await sendPart(app, user, { ...base, chunk: 3 }, chunks[3]!);
    await t.close();
    // A new server process on the same database and data folder.
    const restarted = await buildApp(testConfig(t.testDb.dataDir), { database: t.testDb.database, logger: false });
    Object.assign(t, { app: restarted.app, services: restarted.services, close: restarted.close });
    app = restarted.app;
    const status = await app.inject({ method: 'POST', url: '/file/upload/status', headers: user, payload: { uid } });
    expect(status.json().data.received).toEqual([1, 3]);
    for (const i of [0, 2, 4]) await sendPart(app, user, { ...base, chunk: i }, chunks[i]!);
    const done = await app.inject({ method: 'POST', url: '/file/upload/status', headers: user, payload: { uid } });
    expect(done.json().data).toMatchObject({ state: 'done', file: { md5: md5(content), size: content.length } });
  });

  it('runs concurrent uploads of the same file (interleaved parts) into one sample and one stored object', async () => {
    const content = apkBytes(undefined, 6000);
    const uploads = await Promise.all([0, 1, 2].map(() => uploadChunked(app, user, 'same.apk', content, { order: shuffled(chunksOf(content, 1024).map((_, i) => i)) })));
    const files = await Promise.all(uploads.map(async (u) => (await app.inject({ method: 'POST', url: '/file/upload/status', headers: user, payload: { uid: u.uid } })).json().data.file));
    expect(new Set(files.map((f) => f.sample_id)).size).toBe(1);
    const rows = await t.services.database.db.selectFrom('samples').selectAll().where('md5', '=', md5(content)).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a file whose extension lies about its content, and keeps nothing of it', async () => {
    const before = await sampleCount();
    const notApk = randomBytes(3000);
    const { last } = await uploadChunked(app, user, 'fake.apk', notApk);
    expect(last.body).toEqual({ error: 'wrong_file_format', message: '文件格式或类型错误' });
    // A ZIP that is not an APK (no manifest) is refused as well.
    const { buildZip } = await import('@citadel/engine-core');
    const zipNotApk = buildZip([{ name: 'readme.txt', data: 'hello' }]);
    const second = await uploadChunked(app, user, 'zip.apk', zipNotApk);
    expect(second.last.body.error).toBe('wrong_file_format');
    const status = await app.inject({ method: 'POST', url: '/file/upload/status', headers: user, payload: { uid: second.uid } });
    expect(status.json().data).toMatchObject({ state: 'failed', error: 'wrong_file_format' });
    expect(await sampleCount()).toBe(before);
    expect(partFiles()).toEqual(expect.not.arrayContaining([`${second.uid}.part`]));
  });

  it('refuses extensions outside the accept list and sizes at or above the limit, early, with the SPEC messages', async () => {
    const notListed = await beginUpload(app, user, { name: 'a.exe', size: 10, chunks: 1, chunk_size: 1024, kind: 'android' });
    expect(notListed.body).toEqual({ error: 'file_only_supports', message: 'File only supports apk, aab, xapk, apks' });
    const limit = 4096 * 1048576;
    const tooBig = await beginUpload(app, user, { name: 'a.apk', size: limit, chunks: Math.ceil(limit / 5242880) });
    expect(tooBig.body).toEqual({ error: 'file_too_large', message: '文件大小不能超过4096MB' });
    const en = await beginUpload(app, { ...user, lang: 'en' }, { name: 'a.apk', size: limit, chunks: Math.ceil(limit / 5242880) });
    expect(en.body.message).toBe('The file size cannot exceed 4096MB');
    const image = await beginUpload(app, user, { name: 'face.png', size: 524288, chunks: 1, chunk_size: 1048576, kind: 'image' });
    expect(image.body.message).toBe('文件大小不能超过0.5MB');
    const wrongCount = await beginUpload(app, user, { name: 'a.apk', size: 5000, chunks: 2, chunk_size: 1024 });
    expect(wrongCount.body.error).toBe('illegal_parameter');
  });

  it('refuses a 0-byte file', async () => {
    const r = await beginUpload(app, user, { name: 'empty.apk', size: 0, chunks: 0, chunk_size: 1024 });
    expect(r.body.error).toBe('file_empty');
    const form = multipart([], [{ field: '__files__', filename: 'empty.apk', content: Buffer.alloc(0) }]);
    const single = await app.inject({ method: 'POST', url: '/file/upload', headers: { ...user, ...form.headers }, payload: form.payload });
    expect(single.json().error).toBe('file_empty');
  });

  it('keeps only the last segment of a name with ../ and keeps Chinese characters', async () => {
    const content = apkBytes();
    const { last } = await uploadChunked(app, user, '../../etc/测试应用.apk', content);
    expect(last.body.data.file.name).toBe('测试应用.apk');
    const { uid } = await uploadChunked(app, user, '..\\..\\windows\\x.apk', apkBytes(), { order: [] });
    expect(uid).toMatch(/^[0-9a-f]{32}$/);
    // Nothing was written outside the data folder's own sub-folders.
    expect(readdirSync(t.testDb.dataDir).sort()).toEqual(expect.arrayContaining(['uploads']));
  });

  it('refuses a chunk larger than declared without letting it spill into the next chunk, and a short chunk', async () => {
    const content = apkBytes(undefined, 2000);
    const chunks = chunksOf(content, 1024);
    const begun = await beginUpload(app, user, { name: 'big.apk', size: content.length, chunks: chunks.length, chunk_size: 1024 });
    const uid = begun.body.data.id;
    const base = { uid, name: 'big.apk', size: content.length, chunks: chunks.length };
    const oversized = await sendPart(app, user, { ...base, chunk: 0 }, Buffer.concat([chunks[0]!, Buffer.from('EXTRA')]));
    expect(oversized.body.error).toBe('chunk_size_mismatch');
    const short = await sendPart(app, user, { ...base, chunk: 1 }, chunks[1]!.subarray(0, 10));
    expect(short.body.error).toBe('chunk_size_mismatch');
    const status = await app.inject({ method: 'POST', url: '/file/upload/status', headers: user, payload: { uid } });
    expect(status.json().data.received).toEqual([]);
    // The honest retries complete the file intact.
    for (let i = 0; i < chunks.length; i++) await sendPart(app, user, { ...base, chunk: i }, chunks[i]!);
    const done = await app.inject({ method: 'POST', url: '/file/upload/status', headers: user, payload: { uid } });
    expect(done.json().data.file.md5).toBe(md5(content));
  });

  it('refuses parts of another user’s upload, out-of-range chunk indexes and malformed upload ids', async () => {
    const content = apkBytes();
    const begun = await beginUpload(app, user, { name: 'mine.apk', size: content.length, chunks: 1, chunk_size: 1024 * 1024 });
    const uid = begun.body.data.id;
    const stranger = await sendPart(app, admin, { uid, chunk: 0 }, content);
    expect(stranger.body.error).toBe('upload_not_found');
    const outOfRange = await sendPart(app, user, { uid, chunk: 5 }, content);
    expect(outOfRange.body.error).toBe('illegal_parameter');
    const traversal = await sendPart(app, user, { uid: '../../x', chunk: 0 }, content);
    expect(traversal.body.error).toBe('upload_not_found');
  });

  it('answers the single-request endpoints with data: [{name, path, size, md5}] or an error', async () => {
    const content = apkBytes();
    for (const url of ['/file/upload', '/file3/upload', '/mb/upload']) {
      const form = multipart([], [{ field: '__files__', filename: `single-${url.length}.apk`, content }]);
      const res = await app.inject({ method: 'POST', url, headers: { ...user, ...form.headers }, payload: form.payload });
      expect(res.json().data[0]).toMatchObject({ size: content.length, md5: md5(content), path: sha256(content) });
    }
    const lying = multipart([], [{ field: '__files__', filename: 'photo.png', content: Buffer.from('not a png at all') }]);
    const res = await app.inject({ method: 'POST', url: '/file/upload?kind=image', headers: { ...user, ...lying.headers }, payload: lying.payload });
    expect(res.json().error).toBe('wrong_file_format');
    const big = multipart([{ name: 'kind', value: 'image' }], [{ field: '__files__', filename: 'big.png', content: Buffer.alloc(600 * 1024) }]);
    const tooBig = await app.inject({ method: 'POST', url: '/file/upload', headers: { ...user, ...big.headers }, payload: big.payload });
    expect(tooBig.json()).toEqual({ error: 'file_too_large', message: '文件大小不能超过0.5MB' });
    expect(partFiles().filter((f) => f.endsWith('.single'))).toEqual([]);
  });

  it('needs the add operation on a samples or evaluation screen to upload', async () => {
    await createUser(t, `viewer-${dialect}`, { grants: [{ resources: 'Workbench_Samples', operations: ['view'] }] });
    const viewer = (await login(t, `viewer-${dialect}`, TEST_USER_PASSWORD)).headers;
    const r = await beginUpload(app, viewer, { name: 'a.apk', size: 10, chunks: 1, chunk_size: 1024 });
    expect(r.body.error).toBe('no_permission');
    await createUser(t, `ios-${dialect}`, { grants: [{ resources: 'IosEvaluation', operations: ['view', 'add'] }] });
    const ios = (await login(t, `ios-${dialect}`, TEST_USER_PASSWORD)).headers;
    const ok = await beginUpload(app, ios, { name: 'a.ipa', size: 10, chunks: 1, chunk_size: 1024, kind: 'ios' });
    expect(ok.body.data.id).toMatch(/^[0-9a-f]{32}$/);
  });
});
