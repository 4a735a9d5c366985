/**
 * Samples on both databases: customer scoping (customer A never sees or
 * downloads customer B's samples), MD5 dedup per customer, downloads with
 * UTF-8 names and ranges, the SPEC §5 delete rules and the retention job.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_ADMIN_PASSWORD, login, post, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../../test-support/users.ts';
import { apkBytes, uploadChunked } from '../uploads/test-helpers.ts';
import { cleanExpiredSamples } from './retention.ts';

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

describe.each(DIALECTS)('samples (%s)', (dialect) => {
  let t: TestApp;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  let carol: Record<string, string>;
  let dave: Record<string, string>;
  let admin: Record<string, string>;
  const content = apkBytes(undefined, 3000);
  let alicePath: string;
  let aliceId: number;

  const upload = async (headers: Record<string, string>, name: string, bytes: Buffer) => (await uploadChunked(t.app, headers, name, bytes)).last.body.data.file;
  const list = async (headers: Record<string, string>, body: object = {}) => (await post(t.app, '/sample/list', body, headers)).body.data;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await createUser(t, 'alice', { customerKey: 'acme' });
    await createUser(t, 'carol', { customerKey: 'acme', grants: [{ resources: 'Tools_Samples', operations: ['view', 'add', 'delete', 'download'] }] });
    await createUser(t, 'bob', { customerKey: 'globex' });
    await createUser(t, 'dave', { customerKey: 'globex', grants: [{ resources: 'Tools_Samples', operations: ['view', 'add', 'delete', 'download'] }] });
    alice = (await login(t, 'alice', TEST_USER_PASSWORD)).headers;
    bob = (await login(t, 'bob', TEST_USER_PASSWORD)).headers;
    carol = (await login(t, 'carol', TEST_USER_PASSWORD)).headers;
    dave = (await login(t, 'dave', TEST_USER_PASSWORD)).headers;
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
    const file = await upload(alice, '银行客户端.apk', content);
    alicePath = file.path;
    aliceId = file.sample_id;
  });
  afterAll(async () => t?.stop());

  it('lists only the caller’s customer’s samples; admin sees all', async () => {
    await upload(bob, 'bob.apk', apkBytes());
    const a = await list(alice);
    expect(a.list.map((s: { name: string }) => s.name)).toEqual(['银行客户端.apk']);
    expect(a.list[0]).toMatchObject({ md5: md5(content), size: content.length, uploader_name: 'alice', cleaned: false, path: alicePath });
    const b = await list(bob);
    expect(b.list.map((s: { name: string }) => s.name)).toEqual(['bob.apk']);
    expect((await list(admin)).total).toBeGreaterThanOrEqual(2);
  });

  it('never lets customer B download or delete customer A’s sample, by any endpoint', async () => {
    const attempts = [
      await t.app.inject({ method: 'GET', url: `/mb/download?path=${alicePath}`, headers: bob }),
      await t.app.inject({ method: 'GET', url: `/file/download?path=${alicePath}`, headers: bob }),
      await t.app.inject({ method: 'GET', url: `/file/download?id=${aliceId}`, headers: bob }),
      await t.app.inject({ method: 'POST', url: '/mb/get', headers: bob, payload: { bucket_name: 'local', object_name: alicePath } }),
      await t.app.inject({ method: 'POST', url: '/sample/delete', headers: dave, payload: { id: aliceId } }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('file_not_found');
    }
    expect((await list(alice)).total).toBe(1);
    expect((await list(dave, { search: md5(content) })).total).toBe(0);
  });

  it('keeps one sample per customer and MD5, but a second customer gets its own row over the same object', async () => {
    const again = await upload(alice, 'renamed.apk', content);
    expect(again).toMatchObject({ sample_id: aliceId, exists: true });
    const bobs = await upload(bob, 'same-bytes.apk', content);
    expect(bobs.sample_id).not.toBe(aliceId);
    expect(bobs.path).toBe(alicePath);
    // Bob deleting his row keeps the object Alice still uses.
    const del = await post(t.app, '/sample/delete', { id: bobs.sample_id }, dave);
    expect(del.body.error).toBe('illegal_operation');
    const byAdmin = await post(t.app, '/sample/delete', { id: bobs.sample_id }, admin);
    expect(byAdmin.status).toBe(200);
    expect(await t.services.storage.exists(alicePath)).toBe(true);
  });

  it('downloads with Content-Type, a UTF-8 Content-Disposition and byte ranges', async () => {
    const whole = await t.app.inject({ method: 'GET', url: `/mb/download?path=${alicePath}`, headers: alice });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/vnd.android.package-archive');
    expect(whole.headers['content-disposition']).toBe(`attachment; filename="_____.apk"; filename*=UTF-8''${encodeURIComponent('银行客户端.apk')}`);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(content)).toBe(true);

    const part = await t.app.inject({ method: 'GET', url: `/file/download?id=${aliceId}`, headers: { ...alice, range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${content.length}`);
    expect(part.rawPayload.equals(content.subarray(10, 20))).toBe(true);

    const tail = await t.app.inject({ method: 'POST', url: '/mb/get', headers: { ...alice, range: 'bytes=-5' }, payload: { bucket_name: 'local', object_name: alicePath, preview: true } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-disposition']).toMatch(/^attachment;/);
    expect(tail.rawPayload.equals(content.subarray(content.length - 5))).toBe(true);

    const bad = await t.app.inject({ method: 'GET', url: `/mb/download?path=${alicePath}`, headers: { ...alice, range: `bytes=${content.length}-` } });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${content.length}`);

    const notAKey = await t.app.inject({ method: 'GET', url: '/mb/download?path=../../citadel.sqlite', headers: alice });
    expect(notAKey.json().error).toBe('file_not_found');
  });

  it('hands out single-use, one-minute download links bound to one sample and a live session', async () => {
    const ticketFor = async (headers: Record<string, string>, id: number) => post(t.app, '/file/download/ticket', { id }, headers);
    const get = (url: string) => t.app.inject({ method: 'GET', url });

    const issued = await ticketFor(carol, aliceId);
    expect(issued.status).toBe(200);
    expect(issued.body.data.url).toMatch(new RegExp(`^/file/download\\?id=${aliceId}&ticket=[A-Za-z0-9_-]{43}$`));
    const first = await get(issued.body.data.url);
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.equals(content)).toBe(true);
    expect(first.headers['content-disposition']).toContain(encodeURIComponent('银行客户端.apk'));
    // Used up: the same link a second time is refused.
    expect((await get(issued.body.data.url)).json().error).toBe('invalid_token');

    // Bound to its URL: not another sample, not the same sample by path, not another route.
    const ticket = new URL(`http://x${(await ticketFor(carol, aliceId)).body.data.url}`).searchParams.get('ticket')!;
    expect((await get(`/file/download?path=${alicePath}&ticket=${ticket}`)).json().error).toBe('invalid_token');
    expect((await get(`/file/download?id=${aliceId + 1}&ticket=${ticket}`)).json().error).toBe('invalid_token');
    const elsewhere = await t.app.inject({ method: 'GET', url: `/mb/download?path=${alicePath}&ticket=${ticket}` });
    expect(elsewhere.json().error).toBe('authentication_needed');
    // A forged or garbage ticket, or a list of them, is refused without a crash.
    expect((await get(`/file/download?id=${aliceId}&ticket=forged`)).json().error).toBe('invalid_token');
    expect((await get(`/file/download?id=${aliceId}&ticket=a&ticket=b`)).json().error).toBe('authentication_needed');

    // Only for a sample the caller may download: another customer's is "not found" before any link exists.
    expect((await ticketFor(dave, aliceId)).body.error).toBe('file_not_found');
    await createUser(t, 'erin', { customerKey: 'acme', grants: [{ resources: 'Tools_Samples', operations: ['view'] }] });
    const erin = (await login(t, 'erin', TEST_USER_PASSWORD)).headers;
    expect((await ticketFor(erin, aliceId)).body.error).toBe('no_permission');

    // Expired after a minute.
    const stale = (await ticketFor(carol, aliceId)).body.data.url as string;
    await t.services.database.db.updateTable('download_tickets').set({ expires_at: Date.now() - 1 }).execute();
    expect((await get(stale)).json().error).toBe('invalid_token');

    // Only as good as its session: signing in again elsewhere ends the old session and its links.
    const pending = (await ticketFor(carol, aliceId)).body.data.url as string;
    carol = (await login(t, 'carol', TEST_USER_PASSWORD)).headers;
    expect((await get(pending)).json().error).toBe('logged_in_elsewhere');
  });

  it('searches by name or MD5 and pages with the SPEC page sizes', async () => {
    for (let i = 0; i < 6; i++) await upload(carol, `page-${i}.apk`, apkBytes());
    const page1 = await list(carol, { page: 1, page_size: 5 });
    expect(page1.total).toBe(7);
    expect(page1.list).toHaveLength(5);
    const page2 = await list(carol, { page: 2, page_size: 5 });
    expect(page2.list).toHaveLength(2);
    expect((await list(carol, { search: 'page-3' })).list.map((s: { name: string }) => s.name)).toEqual(['page-3.apk']);
    expect((await list(carol, { search: md5(content) })).list.map((s: { id: number }) => s.id)).toEqual([aliceId]);
    expect((await list(carol, { search: '%' })).total).toBe(0);
    expect((await post(t.app, '/sample/list', { page_size: 7 }, carol)).body.error).toBe('illegal_parameter');
  });

  it('deletes by the SPEC §5 rules: the uploader or admin, not a colleague', async () => {
    const own = await upload(carol, 'carol-own.apk', apkBytes());
    const byColleague = await post(t.app, '/sample/delete', { id: aliceId }, carol);
    expect(byColleague.body.error).toBe('illegal_operation');
    const byOwner = await post(t.app, '/sample/delete', { id: own.sample_id }, carol);
    expect(byOwner.body.data).toEqual({ ok: true });
    expect(await t.services.storage.exists(own.path)).toBe(false);
    const byAdmin = await post(t.app, '/sample/delete', { id: (await upload(carol, 'x.apk', apkBytes())).sample_id }, admin);
    expect(byAdmin.body.data).toEqual({ ok: true });
    // Evaluators hold no delete grant on the samples screens at all.
    expect((await post(t.app, '/sample/delete', { id: aliceId }, alice)).body.error).toBe('no_permission');
  });

  it('retention deletes old install/SDK/source objects, marks the row cleaned and keeps it', async () => {
    const oldBytes = apkBytes();
    const old = await upload(carol, 'old.apk', oldBytes);
    const now = Date.now();
    await t.services.database.db.updateTable('samples').set({ created_at: now - 91 * 86_400_000 }).where('id', '=', old.sample_id).execute();
    const cleaned = await cleanExpiredSamples(t.services.samples.repo, t.services.storage, 90, now);
    expect(cleaned).toBe(1);
    expect(await t.services.storage.exists(old.path)).toBe(false);
    const row = (await list(carol, { search: 'old.apk' })).list[0];
    expect(row).toMatchObject({ name: 'old.apk', cleaned: true });
    const dl = await t.app.inject({ method: 'GET', url: `/file/download?id=${old.sample_id}`, headers: carol });
    expect(dl.json().error).toBe('file_not_found');
    // Uploading the same bytes again brings the file back on the same row.
    expect(await cleanExpiredSamples(t.services.samples.repo, t.services.storage, 90, now)).toBe(0);
    // Uploading the same bytes again brings the file back on the same row.
    const revived = await upload(carol, 'old.apk', oldBytes);
    expect(revived).toMatchObject({ sample_id: old.sample_id, exists: false });
    expect((await t.app.inject({ method: 'GET', url: `/file/download?id=${old.sample_id}`, headers: carol })).rawPayload.equals(oldBytes)).toBe(true);
  });
});
