/** /f/download and /f/source_file_download: the firmware image of a task, only for who may see the task and holds the firmware download grant. */
import { buildImage } from '@citadel/engine-firmware/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, login, post, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../../test-support/users.ts';
import { uploadChunked } from '../../domain/uploads/test-helpers.ts';

describe.each(DIALECTS)('/f firmware downloads (%s)', (dialect) => {
  let t: TestApp;
  const image = Buffer.from(buildImage({ type: 'dir', children: { etc: { type: 'dir', children: { passwd: { type: 'file', data: 'root:x:0:0::/root:/bin/sh\n' } } } } }));
  const users: Record<string, Record<string, string>> = {};
  let uid: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { CITADEL_EMBEDDED_WORKER: '0' });
    const all = [{ resources: 'FirmwareEvaluation', operations: ['view' as const, 'add' as const, 'download' as const] }];
    await createUser(t, 'fw-alice', { customerKey: 'acme', grants: all });
    await createUser(t, 'fw-carol', { customerKey: 'acme', grants: [{ resources: 'FirmwareEvaluation', operations: ['view' as const, 'add' as const] }] });
    await createUser(t, 'fw-bob', { customerKey: 'globex', grants: all });
    for (const n of ['fw-alice', 'fw-carol', 'fw-bob']) users[n] = (await login(t, n, TEST_USER_PASSWORD)).headers;
    const file = (await uploadChunked(t.app, users['fw-alice']!, 'router.bin', image, { kind: 'firmware', chunkSize: 64 * 1024 })).last.body.data.file;
    const created = await post(t.app, '/task/create', { platform: 'firmware', sample_id: file.sample_id }, users['fw-alice']!);
    if (!created.body.data) throw new Error(`task not created: ${JSON.stringify(created.body)}`);
    uid = created.body.data.task_uid;
  });
  afterAll(async () => t?.stop());

  it('serves the image to its customer with the download grant, on both endpoints', async () => {
    for (const url of [`/f/download?task_uid=${uid}`, `/f/source_file_download?task_uid=${uid}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: users['fw-alice']! });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(image)).toBe(true);
    }
  });

  it('refuses another customer (task not found) and a user without the download grant', async () => {
    const other = await t.app.inject({ method: 'GET', url: `/f/download?task_uid=${uid}`, headers: users['fw-bob']! });
    expect(other.json().error).toBe('task_not_found');
    const noGrant = await t.app.inject({ method: 'GET', url: `/f/download?task_uid=${uid}`, headers: users['fw-carol']! });
    expect(noGrant.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/f/download?task_uid=${uid}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
