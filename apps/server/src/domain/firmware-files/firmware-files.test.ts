/**
 * /f/unpack_file_download, /f/file_preview and /f/file_diff: single files of a firmware
 * task's unpacked image, re-carved from the stored image in a child process, only for
 * who may see the task and holds the firmware download grant, only for listed paths.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engine } from '@citadel/engine-firmware';
import { buildImage, type TestNode } from '@citadel/engine-firmware/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, login, post, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../../test-support/users.ts';
import { uploadChunked } from '../uploads/test-helpers.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0', 'latin1')]);
const BINARY = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3, 0xff, 0xfe, ...Buffer.from('BusyBox v1.2.3')]);
const tree = (passwd: string): TestNode & { type: 'dir' } => ({
  type: 'dir',
  children: {
    etc: { type: 'dir', children: { passwd: { type: 'file', data: passwd }, 'motd.txt': { type: 'file', data: '欢迎 — welcome\n' } } },
    bin: { type: 'dir', children: { busybox: { type: 'file', data: BINARY }, sh: { type: 'symlink', target: 'busybox' } } },
    www: { type: 'dir', children: { 'logo.png': { type: 'file', data: PNG }, 'x.html': { type: 'file', data: '<script>alert(1)</script>' } } },
    big: { type: 'file', data: 'B'.repeat(3000) },
    dev: { type: 'dir', children: { console: { type: 'chardev', rdev: 0x0501 } } },
  },
});

describe.each(DIALECTS)('/f single files of the unpacked image (%s)', (dialect) => {
  let t: TestApp;
  const passwdA = 'root:x:0:0::/root:/bin/sh\nnobody:x:65534:65534::/:/bin/false\n';
  const passwdB = 'root:x:0:0::/root:/bin/sh\nadmin:x:0:0::/:/bin/sh\nnobody:x:65534:65534::/:/bin/false\n';
  const users: Record<string, Record<string, string>> = {};
  let uidA: string;
  let uidB: string;

  /**
   * Uploads the image, creates the task and finishes it with the engine's real assessment
   * of that image, made in this process: the worker's engine child would take most of
   * the test's time and is covered by the runner's own tests.
   */
  const submit = async (name: string, image: Uint8Array, withoutLocators = false): Promise<string> => {
    const file = (await uploadChunked(t.app, users['fw-alice']!, name, Buffer.from(image), { kind: 'firmware', chunkSize: 64 * 1024 })).last.body.data.file;
    const created = await post(t.app, '/task/create', { platform: 'firmware', sample_id: file.sample_id }, users['fw-alice']!);
    if (!created.body.data) throw new Error(`task not created: ${JSON.stringify(created.body)}`);
    const uid = created.body.data.task_uid as string;
    const local = join(mkdtempSync(join(tmpdir(), 'fw-files-')), name);
    writeFileSync(local, image);
    const { assessment } = await engine.assess({ files: [{ path: local, name }] }, {}, {});
    const repo = t.services.taskRuntime.repo;
    const task = (await repo.byUid(uid))!;
    await repo.claimById(task.id, 'test', 60_000);
    await repo.transition(task.id, 'DOWNLOADING', 'PROCESSING', {}, 'test');
    // As stored before file systems carried their locators: the viewer carves the whole image.
    if (withoutLocators) for (const fs of assessment.target.filesystems as { locator?: unknown }[]) delete fs.locator;
    if (!(await repo.finishWithResult(task.id, 'test', {}, JSON.stringify(assessment)))) throw new Error('task not finished');
    return uid;
  };
  const download = (uid: string, path: string, who = 'fw-alice') => t.app.inject({ method: 'GET', url: `/f/unpack_file_download?task_uid=${uid}&path=${encodeURIComponent(path)}`, headers: users[who]! });

  beforeAll(async () => {
    // 2 KiB per file at most, so the 3000-byte /big is over the cap.
    t = await startTestApp(dialect, { CITADEL_FIRMWARE_FILE_MAX_KB: '2', CITADEL_EMBEDDED_WORKER: '0' });
    const all = [{ resources: 'FirmwareEvaluation', operations: ['view' as const, 'add' as const, 'download' as const] }];
    await createUser(t, 'fw-alice', { customerKey: 'acme', grants: all });
    await createUser(t, 'fw-carol', { customerKey: 'acme', grants: [{ resources: 'FirmwareEvaluation', operations: ['view' as const, 'add' as const] }] });
    await createUser(t, 'fw-bob', { customerKey: 'globex', grants: all });
    for (const n of ['fw-alice', 'fw-carol', 'fw-bob']) users[n] = (await login(t, n, TEST_USER_PASSWORD)).headers;
    uidA = await submit('a.bin', buildImage(tree(passwdA)));
    uidB = await submit('b.bin', buildImage(tree(passwdB)));
  }, 60_000);
  afterAll(async () => t?.stop());

  it('downloads a listed file byte-exact, as an attachment, never inline', async () => {
    const res = await download(uidA, '/bin/busybox');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(BINARY)).toBe(true);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="busybox"/);
    const html = await download(uidA, '/www/x.html');
    expect(html.headers['content-type']).toBe('application/octet-stream');
    expect(html.headers['content-disposition']).toMatch(/^attachment/);
    expect(html.body).toBe('<script>alert(1)</script>');
  });

  it('refuses a path not in the tree, a NUL or relative path, another customer, a missing grant', async () => {
    expect((await download(uidA, '/etc/shadow')).json().error).toBe('file_not_found');
    expect((await download(uidA, '/etc/../etc/passwd')).json().error).toBe('file_not_found');
    expect((await download(uidA, 'etc/passwd')).json().error).toBe('illegal_parameter');
    expect((await download(uidA, '/etc/passwd\0')).json().error).toBe('illegal_parameter');
    expect((await download(uidA, '/etc/passwd', 'fw-bob')).json().error).toBe('task_not_found');
    expect((await download(uidA, '/etc/passwd', 'fw-carol')).statusCode).toBe(403);
    const preview = await post(t.app, '/f/file_preview', { task_uid: uidA, path: '/etc/passwd' }, users['fw-bob']!);
    expect(preview.body.error).toBe('task_not_found');
  });

  it('a symlink answers its target; a device node and an oversized file answer their catalogue errors', async () => {
    const link = await download(uidA, '/bin/sh');
    expect(link.statusCode).toBe(409);
    expect(link.json()).toMatchObject({ error: 'firmware_file_symlink', target: 'busybox' });
    expect((await download(uidA, '/dev/console')).json().error).toBe('firmware_not_regular_file');
    expect((await download(uidA, '/etc')).json().error).toBe('firmware_not_regular_file');
    const big = await download(uidA, '/big');
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe('firmware_file_too_large');
  });

  it('previews text, hex (paged) and images for the viewer', async () => {
    const text = (await post(t.app, '/f/file_preview', { task_uid: uidA, path: '/etc/motd.txt' }, users['fw-alice']!)).body.data;
    expect(text).toEqual({ kind: 'text', size: Buffer.byteLength('欢迎 — welcome\n'), offset: 0, length: Buffer.byteLength('欢迎 — welcome\n'), line: 1, text: '欢迎 — welcome\n' });
    const hex = (await post(t.app, '/f/file_preview', { task_uid: uidA, path: '/bin/busybox', offset: 4, length: 4 }, users['fw-alice']!)).body.data;
    expect(hex).toMatchObject({ kind: 'hex', size: BINARY.length, offset: 4, length: 4 });
    expect(Buffer.from(hex.base64, 'base64')).toEqual(BINARY.subarray(4, 8));
    const img = (await post(t.app, '/f/file_preview', { task_uid: uidA, path: '/www/logo.png' }, users['fw-alice']!)).body.data;
    expect(img).toMatchObject({ kind: 'image', mime: 'image/png' });
    expect(Buffer.from(img.base64, 'base64').equals(PNG)).toBe(true);
    const link = (await post(t.app, '/f/file_preview', { task_uid: uidA, path: '/bin/sh' }, users['fw-alice']!)).body.data;
    expect(link).toEqual({ kind: 'symlink', target: 'busybox' });
  });

  it('an assessment stored without file-system locators still opens files (whole-image carve)', async () => {
    const uid = await submit('c.bin', buildImage(tree(passwdA)), true);
    const res = await download(uid, '/etc/passwd');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.toString()).toBe(passwdA);
  });

  it('diffs a changed text file of two tasks; a binary gives a note', async () => {
    const d = (await post(t.app, '/f/file_diff', { task_a: uidA, task_b: uidB, path: '/etc/passwd' }, users['fw-alice']!)).body.data;
    expect(d.lines).toEqual([' root:x:0:0::/root:/bin/sh', '+admin:x:0:0::/:/bin/sh', ' nobody:x:65534:65534::/:/bin/false', ' ']);
    const bin = (await post(t.app, '/f/file_diff', { task_a: uidA, task_b: uidB, path: '/bin/busybox' }, users['fw-alice']!)).body.data;
    expect(bin).toEqual({ note: 'not_text' });
  });
});
