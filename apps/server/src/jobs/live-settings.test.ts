/**
 * The admin's evaluation settings reach the running worker without a restart:
 * a changed time limit applies to the next task, a changed concurrency lets
 * the polling worker run more tasks at once (SQLite, the test engine).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, login, post, startTestApp, type TestApp } from '../test-support/test-app.ts';
import { TaskWorker } from './worker.ts';
import { until } from '../test-support/until.ts';

process.env.CITADEL_EXTRA_ENGINES = fileURLToPath(new URL('./test-engine/index.ts', import.meta.url));

describe('live evaluation settings on sqlite', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const create = async (params: Record<string, string>) => (await post(t.app, '/task/create', { platform: 'firmware', url: 'http://127.0.0.1:9/', params }, admin)).body.data.task_uid as string;
  const preview = async (uid: string) => (await post(t.app, '/task/preview', { task_uid: uid }, admin)).body.data.task as { status: string; $status: string; fail_msg: string };

  beforeAll(async () => {
    // An hour-long limit and one task at a time from the environment: only the settings can change them.
    t = await startTestApp('sqlite', { CITADEL_WORKER_CONCURRENCY: '1', CITADEL_TASK_TIMEOUT_SECONDS: '3600', CITADEL_TASK_MEMORY_MB: '200' });
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
  }, 60_000);
  afterAll(async () => t?.stop());

  it('a shorter task time limit makes the next hanging task time out', async () => {
    expect((await post(t.app, '/rules/settingsSave', { task_timeout_seconds: 10 }, admin)).body.data.task_timeout_seconds).toBe(10);
    const uid = await create({ behaviour: 'hang', sleepMs: '20' });
    const done = await until(() => preview(uid), (task) => ['FINISHED', 'EXCEPTION', 'CANCELED'].includes(task.status));
    expect(done).toMatchObject({ status: 'EXCEPTION', $status: 'TIMED_OUT', fail_msg: expect.stringContaining('timeout') });
  }, 120_000);

  it('a higher concurrency lets the running worker take two tasks at once', async () => {
    const worker = t.services.taskRuntime.worker;
    expect(worker).toBeInstanceOf(TaskWorker);
    expect(worker!.concurrency).toBe(1);
    // (and a generous time limit again, for tasks that sleep)
    await post(t.app, '/rules/settingsSave', { concurrency: 2, task_timeout_seconds: 600 }, admin);
    expect(await until(() => worker!.concurrency, (n) => n === 2, 30_000)).toBe(2);
    const uids = [await create({ sleepMs: '1500' }), await create({ sleepMs: '1500' })];
    const both = await until(() => Promise.all(uids.map(preview)), (tasks) => tasks.every((task) => task.status === 'PROCESSING'));
    expect(both.map((task) => task.status)).toEqual(['PROCESSING', 'PROCESSING']);
    const done = await until(() => Promise.all(uids.map(preview)), (tasks) => tasks.every((task) => task.status !== 'PROCESSING'));
    expect(done.map((task) => task.status)).toEqual(['FINISHED', 'FINISHED']);
  }, 120_000);
});
