/**
 * Hardening through the real API (SQLite): strategies validated and scoped to
 * the customer, a real H5 task (Chromium verification) ending FINISHED with a
 * streamed download, a broken input ending EXCEPTION with a Chinese fail_msg,
 * and the permission and customer boundaries of every call.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Operation, PermissionEntry } from '@citadel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, post, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { until } from '../../test-support/until.ts';
import { TEST_USER_PASSWORD, createUser } from '../../test-support/users.ts';
import { multipart } from '../uploads/test-helpers.ts';
import { buildTestProject } from '@citadel/shield-source';

const ALL: Operation[] = ['view', 'add', 'edit', 'delete', 'download'];
const grants = (customerKey: string, ops = ALL): { customerKey: string; grants: PermissionEntry[] } => ({
  customerKey,
  grants: ['Shield_H5', 'Shield_H5_Template', 'Shield_So', 'Shield_Source', 'Shield_Source_Template'].map((resources) => ({ resources, operations: ops })),
});
const PAGE = `<!doctype html><html><body><p id="o">x</p><button id="b" onclick="bump()">+</button>
<script>var count = 0; function bump() { count++; show(); } function show() { document.getElementById('o').textContent = 'count ' + count; } show();</script></body></html>`;

describe('hardening API (H5)', () => {
  let t: TestApp;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  let viewer: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    await createUser(t, 'sh-a', grants('sh-a'));
    await createUser(t, 'sh-b', grants('sh-b'));
    await createUser(t, 'sh-v', grants('sh-a', ['view']));
    alice = (await login(t, 'sh-a', TEST_USER_PASSWORD)).headers;
    bob = (await login(t, 'sh-b', TEST_USER_PASSWORD)).headers;
    viewer = (await login(t, 'sh-v', TEST_USER_PASSWORD)).headers;
  }, 60_000);
  afterAll(async () => t?.stop());

  const create = (headers: Record<string, string>, strategy: string, filename: string, content: string | Buffer, type = 'h5') => {
    const form = multipart([{ name: 'type', value: type }, { name: 'strategy', value: strategy }], [{ field: '__files__', filename, content: Buffer.from(content) }]);
    return t.app.inject({ method: 'POST', url: '/jiagu/create', headers: { ...headers, ...form.headers }, payload: form.payload });
  };

  it('keeps strategies per customer and validates them against the schema', async () => {
    const schema = (await post(t.app, '/jiagu/schema', { type: 'h5' }, alice)).body.data;
    expect(schema.defaults.map((d: { id: string }) => d.id)).toEqual(['h5.light', 'h5.balanced', 'h5.strong']);
    const bad = await post(t.app, '/jiagu/strategySave', { type: 'h5', name: 'x', values: { domainLock: ['not a domain'] } }, alice);
    expect(bad.body.error).toBe('illegal_parameter');
    const ok = await post(t.app, '/jiagu/strategySave', { type: 'h5', name: 'mine', values: { stringArrayEncoding: 'rc4', renameGlobals: true } }, alice);
    expect(ok.status).toBe(200);
    const dup = await post(t.app, '/jiagu/strategySave', { type: 'h5', name: 'mine', values: {} }, alice);
    expect(dup.body.error).toBe('duplicate_field');
    const mine = (await post(t.app, '/jiagu/strategyList', { type: 'h5' }, alice)).body.data;
    expect(mine.list.map((s: { name: string }) => s.name)).toEqual(['H5 轻度', 'H5 均衡', 'H5 高强度', 'mine']);
    const theirs = (await post(t.app, '/jiagu/strategyList', { type: 'h5' }, bob)).body.data;
    expect(theirs.list.map((s: { name: string }) => s.name)).not.toContain('mine');
    expect((await post(t.app, '/jiagu/strategyDelete', { type: 'h5', ids: [ok.body.data.id] }, bob)).status).toBe(404);
    expect((await post(t.app, '/jiagu/strategySave', { type: 'h5', name: 'v', values: {} }, viewer)).status).toBe(403);
    expect((await post(t.app, '/jiagu/schema', { type: 'app' }, alice)).status).toBe(403);
  });

  it('runs a task to FINISHED with a verified, downloadable output; others cannot see it', async () => {
    const res = await create(alice, 'h5.light', 'page.html', PAGE);
    expect(res.statusCode).toBe(200);
    const uid = res.json().data.task_uid as string;
    const detail = await until(async () => (await post(t.app, '/jiagu/taskDetail', { task_uid: uid }, alice)).body.data, (d) => d.status === 'FINISHED' || d.status === 'EXCEPTION', 200_000);
    expect(detail.fail_msg).toBe('');
    expect(detail.status).toBe('FINISHED');
    expect(detail.result.verification.ok).toBe(true);
    expect(detail.result.applied.map((a: { id: string }) => a.id)).toContain('obfuscate');
    const dl = await t.app.inject({ method: 'POST', url: '/jiagu/downloadfile', headers: alice, payload: { task_uid: uid } });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toContain('page-protected.html');
    expect(dl.body).toContain('onclick="bump()"');
    expect(dl.body).not.toContain("getElementById('o')");
    expect((await post(t.app, '/jiagu/taskDetail', { task_uid: uid }, bob)).status).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/jiagu/downloadfile', headers: bob, payload: { task_uid: uid } })).statusCode).toBe(404);
    const list = (await post(t.app, '/jiagu/taskList', { type: 'h5' }, bob)).body.data;
    expect(list.total).toBe(0);
  }, 240_000);

  it('ends a broken input in EXCEPTION with the message in the user\'s language, and refuses what it must', async () => {
    const res = await create(alice, 'h5.light', 'broken.html', '<script>function (</script>');
    const uid = res.json().data.task_uid as string;
    const d = await until(async () => (await post(t.app, '/jiagu/taskDetail', { task_uid: uid }, alice)).body.data, (x) => x.status === 'EXCEPTION' || x.status === 'FINISHED', 120_000);
    expect(d.status).toBe('EXCEPTION');
    expect(d.fail_msg).toContain('脚本无法解析');
    expect((await t.app.inject({ method: 'POST', url: '/jiagu/downloadfile', headers: alice, payload: { task_uid: uid } })).statusCode).toBe(404);
    expect((await create(alice, 'h5.light', 'x.exe', 'MZ')).json().error).toBe('unsupported_file_type');
    expect((await create(alice, 'nope', 'x.html', PAGE)).json().error).toBe('template_not_found');
    expect((await create(viewer, 'h5.light', 'x.html', PAGE)).statusCode).toBe(403);
  }, 180_000);

  // Source hardening: a TS + JS Node package, with the customer's strategy naming its test command.
  it('hardens a Node project through the same flow: compiled, obfuscated, its own tests pass on the protected copy', async () => {
    const saved = await post(t.app, '/jiagu/strategySave', { type: 'source', name: 'with tests', values: { testCommand: 'node --test' } }, alice);
    expect(saved.status).toBe(200);
    const res = await create(alice, String(saved.body.data.id), 'price-kit.zip', buildTestProject(), 'source');
    expect(res.statusCode).toBe(200);
    const uid = res.json().data.task_uid as string;
    const d = await until(async () => (await post(t.app, '/jiagu/taskDetail', { task_uid: uid }, alice)).body.data, (x) => x.status === 'FINISHED' || x.status === 'EXCEPTION', 150_000);
    expect(d.fail_msg).toBe('');
    expect(d.status).toBe('FINISHED');
    expect(d.result.verification.checks.find((c: { id: string }) => c.id === 'tests')).toMatchObject({ ok: true });
    const dl = await t.app.inject({ method: 'POST', url: '/jiagu/downloadfile', headers: alice, payload: { task_uid: uid } });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toContain('price-kit-protected.zip');
    expect(dl.rawPayload.includes(Buffer.from('dist/index.js'))).toBe(true);
    expect(dl.rawPayload.includes(Buffer.from('src/index.ts'))).toBe(false);
  }, 240_000);

  // The Android hardening types plug into the same flow: an SO library built here with gcc.
  it.skipIf(!existsSync('/usr/bin/gcc'))('hardens an SO library through the same task flow: symbols stripped, exports kept, verified', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shield-so-'));
    try {
      writeFileSync(path.join(dir, 'lib.c'), 'static int secret_helper(int x) { return x * 7; }\nint Java_com_example_Native_compute(void *env, void *self, int x) { return secret_helper(x); }\n');
      execFileSync('/usr/bin/gcc', ['-shared', '-fPIC', '-g', '-O0', '-o', path.join(dir, 'libdemo.so'), path.join(dir, 'lib.c')]);
      const res = await create(alice, 'so.standard', 'libdemo.so', readFileSync(path.join(dir, 'libdemo.so')), 'so');
      expect(res.statusCode).toBe(200);
      const uid = res.json().data.task_uid as string;
      const d = await until(async () => (await post(t.app, '/jiagu/taskDetail', { task_uid: uid }, alice)).body.data, (x) => x.status === 'FINISHED' || x.status === 'EXCEPTION', 120_000);
      expect(d.fail_msg).toBe('');
      expect(d.status).toBe('FINISHED');
      expect(d.result.verification.ok).toBe(true);
      expect(d.result.applied.map((a: { id: string }) => a.id)).toContain('so.strip');
      const dl = await t.app.inject({ method: 'POST', url: '/jiagu/downloadfile', headers: alice, payload: { task_uid: uid } });
      expect(dl.statusCode).toBe(200);
      expect(dl.rawPayload.includes(Buffer.from('Java_com_example_Native_compute'))).toBe(true);
      expect(dl.rawPayload.includes(Buffer.from('secret_helper'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
