/**
 * Scaled-out mode for real: a portal with REDIS_URL (no worker of its own), two
 * `npm run worker` processes on this machine's PostgreSQL and Redis, a batch of
 * tasks, and one worker killed with SIGKILL mid-task. Every task must end
 * exactly once, and the portal must hear the workers' progress over Redis.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, POSTGRES_URL, TEST_ADMIN_PASSWORD, login, post, startTestApp, type TestApp } from '../test-support/test-app.ts';
import { TASK_QUEUE } from './dispatch.ts';
import { until } from '../test-support/until.ts';
import { TEST_REDIS_URL, redisUp } from '../test-support/redis.ts';

const REDIS_URL = TEST_REDIS_URL;
const TEST_ENGINE = fileURLToPath(new URL('./test-engine/index.ts', import.meta.url));
const WORKER_MAIN = fileURLToPath(new URL('../worker-main.ts', import.meta.url));

const available = DIALECTS.includes('postgres') && (await redisUp());

describe.skipIf(!available)('scaled out: BullMQ on Redis, workers on PostgreSQL', () => {
  const prefix = `citadel-test-${randomBytes(4).toString('hex')}`;
  const env = { REDIS_URL, CITADEL_QUEUE_PREFIX: prefix, CITADEL_TASK_LEASE_SECONDS: '2' };
  let t: TestApp;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    t = await startTestApp('postgres', env);
    for (let i = 0; i < 2; i++) {
      const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), WORKER_MAIN], {
        env: {
          ...process.env,
          ...env,
          DATABASE_URL: POSTGRES_URL,
          DATABASE_SCHEMA: t.testDb.schema,
          CITADEL_DATA_DIR: t.testDb.dataDir,
          CITADEL_TEST_HOOKS: '1',
          CITADEL_EXTRA_ENGINES: TEST_ENGINE,
          CITADEL_WORKER_CONCURRENCY: '2',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (d: Buffer) => d.toString().includes('Citadel worker') && resolve());
        child.on('exit', (code) => reject(new Error(`worker exited with ${code}`)));
      });
      workers.push(child);
    }
  });

  afterAll(async () => {
    for (const w of workers) w.kill('SIGKILL');
    const q = new Queue(TASK_QUEUE, { connection: new Redis(REDIS_URL, { maxRetriesPerRequest: null }), prefix });
    await q.obliterate({ force: true }).catch(() => undefined);
    await q.close();
    await t?.stop();
  });

  it('every task ends FINISHED exactly once when a worker dies mid-task, and progress reaches the portal', async () => {
    const admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
    const finishedEvents = new Map<string, number>();
    let processingEvents = 0;
    t.services.taskEvents.on('task', (r) => {
      if (r.status === 'FINISHED') finishedEvents.set(r.task_uid, (finishedEvents.get(r.task_uid) ?? 0) + 1);
      if (r.status === 'PROCESSING') processingEvents++;
    });
    const uids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await post(t.app, '/task/create', { platform: 'firmware', url: 'http://127.0.0.1:9/', params: { sleepMs: '300' } }, admin);
      uids.push(res.body.data.task_uid);
    }
    const victim = workers[0]!;
    const repo = t.services.taskRuntime.repo;
    const held = await until(
      async () => (await repo.list({ page: 1, pageSize: 50, status: 'PROCESSING' })).rows.filter((r) => r.lease_owner?.includes(`:${victim.pid}:`)),
      (rows) => rows.length > 0,
      30_000,
    );
    expect(held.length).toBeGreaterThan(0);
    victim.kill('SIGKILL');

    const final = await until(
      async () => (await repo.list({ page: 1, pageSize: 50 })).rows.filter((r) => uids.includes(r.task_uid)),
      (rows) => rows.length === uids.length && rows.every((r) => r.status === 'FINISHED' || r.status === 'EXCEPTION'),
      90_000,
    );
    expect(final.map((r) => r.status)).toEqual(uids.map(() => 'FINISHED'));
    for (const r of final) {
      expect(finishedEvents.get(r.task_uid) ?? 0, r.task_uid).toBe(1);
      expect(await repo.result(r.id)).toBeTruthy();
    }
    // The victim's tasks were run again by the survivor.
    const rerun = final.filter((r) => held.some((h) => h.id === r.id));
    expect(rerun.every((r) => r.attempts >= 2)).toBe(true);
    expect(processingEvents).toBeGreaterThan(0);
    // The workers' engine runs reach the portal's /metrics over the bridge, with the child's peak memory.
    const metrics = await until(
      async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body,
      (body) => /citadel_engine_peak_resident_bytes_count\{platform="firmware",outcome="ok"\} [1-9]/.test(body),
      10_000,
    );
    expect(Number(/citadel_engine_peak_resident_bytes_sum\{platform="firmware",outcome="ok"\} (\d+)/.exec(metrics)?.[1])).toBeGreaterThan(10 * 1048576);
  });
});
