/**
 * The task machinery end to end on a real database: queueing, live progress,
 * results, failures of every kind, cancel/retry/delete, scoping, recovery of
 * tasks whose worker died, and two workers sharing one queue.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskEvents } from '../../jobs/task-events.ts';
import { DefaultInputResolver } from '../../jobs/task-input.ts';
import { TaskWorker } from '../../jobs/worker.ts';
import { DIALECTS, TEST_ADMIN_PASSWORD, login, post, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../../test-support/users.ts';
import { IllegalTransitionError, TaskRepository } from './task-repository.ts';
import { until } from '../../test-support/until.ts';

process.env.CITADEL_EXTRA_ENGINES = fileURLToPath(new URL('../../jobs/test-engine/index.ts', import.meta.url));

describe.each(DIALECTS)('tasks on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  const create = (params: Record<string, string>, headers = admin) => post(t.app, '/task/create', { platform: 'firmware', url: 'http://127.0.0.1:9/', params }, headers);
  const preview = async (uid: string, headers = admin) => (await post(t.app, '/task/preview', { task_uid: uid }, headers)).body.data;
  /** Waits for the task's terminal status as the server pushes it (no polling), then reads the task. */
  const settle = async (uid: string) => {
    const terminal = (status: string) => ['FINISHED', 'EXCEPTION', 'CANCELED'].includes(status);
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        t.services.taskEvents.off('task', onTask);
        resolve();
      };
      const onTask = (r: { task_uid: string; status: string }) => r.task_uid === uid && terminal(r.status) && done();
      // Listening first, then reading: a task that ended before we listened is seen by the read.
      t.services.taskEvents.on('task', onTask);
      preview(uid).then((d) => terminal(d.task.status) && done(), reject);
    });
    return preview(uid);
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, { CITADEL_WORKER_CONCURRENCY: '2', CITADEL_TASK_TIMEOUT_SECONDS: '10', CITADEL_TASK_MEMORY_MB: '200' });
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
  });
  afterAll(async () => t?.stop());

  it('runs a task to FINISHED with progress, a stored assessment, summary fields and pushed events', async () => {
    const seen: string[] = [];
    t.services.taskEvents.on('task', (r) => seen.push(`${r.status}:${r.finish_item}/${r.total_item}`));
    const { body } = await create({ sleepMs: '100' });
    const done = await settle(body.data.task_uid);
    expect(done.task).toMatchObject({ status: 'FINISHED', $status: 'FINISHED', finish_item: 5, total_item: 5, risk_level: expect.any(String), engine_version: 'test-sleeper 0.0.1-test' });
    expect(done.assessment.findings.find((f: { ruleId: string }) => f.ruleId === 'test.sleeper.item1').result).toBe('fail');
    expect(done.rules['test.sleeper.item1'].title).toBeTruthy();
    expect(seen).toContain('QUEUEING:0/0');
    expect(seen.some((s) => s.startsWith('PROCESSING:') && !s.endsWith('0/0'))).toBe(true);
    expect(seen.at(-1)).toBe('FINISHED:5/5');
  });

  it('ends crashes, hangs, memory exhaustion and refused inputs as EXCEPTION with a reason, and the server keeps going', async () => {
    const uids = await Promise.all(['crash', 'hang', 'oom', 'refuse'].map(async (behaviour) => (await create({ behaviour, sleepMs: '20' })).body.data.task_uid as string));
    const [crash, hang, oom, refuse] = await Promise.all(uids.map(settle));
    expect(crash.task).toMatchObject({ status: 'EXCEPTION', $status: 'DETECTION_FAILED', fail_msg: expect.stringContaining('exit code 70') });
    expect(hang.task).toMatchObject({ status: 'EXCEPTION', $status: 'TIMED_OUT', fail_msg: expect.stringContaining('timeout') });
    expect(oom.task).toMatchObject({ status: 'EXCEPTION', fail_msg: expect.stringMatching(/memory/) });
    expect(refuse.task).toMatchObject({ status: 'EXCEPTION', fail_msg: 'the test engine refuses this input' });
    const after = await settle((await create({})).body.data.task_uid);
    expect(after.task.status).toBe('FINISHED');
  });

  it('retries an EXCEPTION task, cancels queued and running tasks, and deletes finished ones', async () => {
    const failed = await settle((await create({ behaviour: 'refuse' })).body.data.task_uid);
    // A warm engine may refuse the retried task again before we look: watch the pushed statuses instead.
    const afterRetry: string[] = [];
    const watch = (r: { task_uid: string; status: string }) => r.task_uid === failed.task.task_uid && afterRetry.push(r.status);
    t.services.taskEvents.on('task', watch);
    expect((await post(t.app, '/task/retry', { task_uid: failed.task.task_uid }, admin)).status).toBe(200);
    await until(async () => afterRetry, (s) => s.at(-1) === 'EXCEPTION');
    t.services.taskEvents.off('task', watch);
    expect(afterRetry[0]).toBe('QUEUEING');
    expect(afterRetry).toContain('PROCESSING');
    expect((await preview(failed.task.task_uid)).task.fail_msg).toBe('the test engine refuses this input');

    const slow = (await create({ sleepMs: '2000' })).body.data.task_uid;
    const running = await until(() => preview(slow), (d) => d.task.status === 'PROCESSING');
    expect(running.task.status).toBe('PROCESSING');
    expect((await post(t.app, '/task/cancel', { task_uid: slow }, admin)).status).toBe(200);
    expect((await settle(slow)).task.status).toBe('CANCELED');
    expect((await post(t.app, '/task/cancel', { task_uid: slow }, admin)).body.error).toBe('illegal_operation');

    const finished = await settle((await create({})).body.data.task_uid);
    expect((await post(t.app, '/task/delete', { task_uids: [finished.task.task_uid] }, admin)).status).toBe(200);
    expect((await post(t.app, '/task/preview', { task_uid: finished.task.task_uid }, admin)).body.error).toBe('task_not_found');
  });

  it('reports exact queue positions', async () => {
    const worker = t.services.taskRuntime.worker as TaskWorker;
    await worker.stop();
    const uids: string[] = [];
    for (let i = 0; i < 3; i++) uids.push((await create({})).body.data.task_uid);
    const { list } = (await post(t.app, '/task/list', { page: 1, page_size: 10, status: 'QUEUEING' }, admin)).body.data;
    const pos = Object.fromEntries(list.map((r: { task_uid: string; queue_number: number }) => [r.task_uid, r.queue_number]));
    expect(uids.map((u) => pos[u])).toEqual([1, 2, 3]);
    worker.start();
    await Promise.all(uids.map(settle));
  });

  it('refuses illegal transitions loudly', async () => {
    const repo = new TaskRepository(t.services.database.db, t.services.database.dialect);
    const row = (await repo.list({ page: 1, pageSize: 1, status: 'FINISHED' })).rows[0]!;
    await expect(repo.transition(row.id, 'FINISHED', 'PROCESSING')).rejects.toBeInstanceOf(IllegalTransitionError);
  });

  it('shows a customer only its own tasks', async () => {
    await createUser(t, `evalA-${dialect}`, { customerKey: 'cust-a' });
    await createUser(t, `evalB-${dialect}`, { customerKey: 'cust-b' });
    const a = (await login(t, `evalA-${dialect}`, TEST_USER_PASSWORD)).headers;
    const b = (await login(t, `evalB-${dialect}`, TEST_USER_PASSWORD)).headers;
    const adminTask = (await create({})).body.data.task_uid;
    expect((await post(t.app, '/task/preview', { task_uid: adminTask }, a)).body.error).toBe('task_not_found');
    // The evaluator role may not use the test platform at all.
    expect((await create({}, a)).body.error).toBe('no_permission');
    const webTask = await post(t.app, '/task/create', { platform: 'web', url: 'http://127.0.0.1:9/' }, a);
    expect(webTask.status).toBe(200);
    expect((await post(t.app, '/task/preview', { task_uid: webTask.body.data.task_uid }, b)).body.error).toBe('task_not_found');
    const listB = (await post(t.app, '/task/list', { page: 1, page_size: 50 }, b)).body.data;
    expect(listB.list.map((r: { task_uid: string }) => r.task_uid)).not.toContain(webTask.body.data.task_uid);
    expect((await post(t.app, '/task/create', { platform: 'web', url: 'file:///etc/passwd' }, a)).body.error).toBe('illegal_parameter');
  });

  it('gives list totals from the summary table that equal a count over the tasks, after runs, cancels and deletes', async () => {
    const repo = new TaskRepository(t.services.database.db, t.services.database.dialect);
    const db = t.services.database.db;
    const customers = (await db.selectFrom('tasks').select('customer_id').distinct().execute()).map((r) => r.customer_id);
    expect(customers.length).toBeGreaterThan(1);
    const filters: { customerId?: number; platforms?: string[]; status?: 'FINISHED' | 'CANCELED' }[] = [
      {},
      { status: 'FINISHED' },
      { status: 'CANCELED', platforms: ['firmware', 'web'] },
      { platforms: ['firmware'] },
      { platforms: [] },
      ...customers.map((customerId) => ({ customerId, platforms: ['web'] })),
      ...customers.map((customerId) => ({ customerId })),
    ];
    for (const f of filters) {
      let q = db.selectFrom('tasks').select((eb) => eb.fn.countAll<number>().as('n'));
      if (f.customerId !== undefined) q = q.where('customer_id', '=', f.customerId);
      if (f.platforms) q = q.where('platform', 'in', f.platforms.length ? f.platforms : ['-']);
      if (f.status) q = q.where('status', '=', f.status);
      const counted = Number((await q.executeTakeFirstOrThrow()).n);
      expect((await repo.list({ ...f, page: 1, pageSize: 5 })).total, JSON.stringify(f)).toBe(counted);
    }
  });
});

describe.skipIf(!DIALECTS.includes('postgres'))('two workers sharing one PostgreSQL queue', () => {
  it('every task ends exactly once, even when a worker dies mid-task', async () => {
    const t = await startTestApp('postgres', { CITADEL_EMBEDDED_WORKER: '0' });
    try {
      const admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
      const repo = new TaskRepository(t.services.database.db, 'postgres');
      const events = new TaskEvents();
      const finishedBy = new Map<string, string[]>();
      events.on('task', (r) => {
        if (r.status === 'FINISHED') finishedBy.set(r.task_uid, [...(finishedBy.get(r.task_uid) ?? []), r.lease_owner ?? '']);
      });
      const opts = { concurrency: 2, timeoutMs: 20_000, memoryMb: 256, leaseMs: 1500, pollMs: 100, childEnv: { CITADEL_EXTRA_ENGINES: process.env.CITADEL_EXTRA_ENGINES } };
      const w1 = new TaskWorker(repo, new DefaultInputResolver(), events, opts);
      const w2 = new TaskWorker(repo, new DefaultInputResolver(), events, opts);
      const uids: string[] = [];
      for (let i = 0; i < 8; i++) uids.push((await post(t.app, '/task/create', { platform: 'firmware', url: 'http://127.0.0.1:9/', params: { sleepMs: '150' } }, admin)).body.data.task_uid);
      w1.start();
      w2.start();
      // w1 dies while holding tasks: its tasks come back when their leases expire and w2 finishes them.
      await until(async () => (await repo.list({ page: 1, pageSize: 50, status: 'PROCESSING' })).rows.some((r) => r.lease_owner === w1.owner), (v) => v, 10_000);
      await w1.stop();
      const final = await until(
        async () => (await repo.list({ page: 1, pageSize: 50 })).rows.filter((r) => uids.includes(r.task_uid)),
        (rows) => rows.every((r) => r.status === 'FINISHED' || r.status === 'EXCEPTION'),
        40_000,
      );
      await w2.stop();
      expect(final.every((r) => r.status === 'FINISHED')).toBe(true);
      for (const uid of uids) expect(finishedBy.get(uid)?.length ?? 0, uid).toBeLessThanOrEqual(1);
      expect(final.some((r) => r.attempts > 1)).toBe(true);
    } finally {
      await t.stop();
    }
  });
});
