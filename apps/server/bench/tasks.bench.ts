/**
 * Task machinery benchmarks (issue 4), on SQLite and on PostgreSQL:
 * 1. A burst of N no-op tasks through the embedded queue (HTTP create → worker →
 *    engine child → FINISHED): tasks/second, queue latency (created → started)
 *    p50/p99, run time p50.
 * 2. The task list API over 100,000 tasks: a filtered, paginated page, p50/p99.
 * Usage: npx tsx apps/server/bench/tasks.bench.ts [tasks=10000] [rows=100000] [dialects=sqlite,postgres]
 */
import os from 'node:os';
import { sql } from 'kysely';
import { fileURLToPath } from 'node:url';
import { DIALECTS, TEST_ADMIN_PASSWORD, login, post, startTestApp, type TestApp } from '../src/test-support/test-app.ts';
import { createUser, TEST_USER_PASSWORD } from '../src/test-support/users.ts';
import type { Dialect } from '../src/db/database.ts';

process.env.CITADEL_EXTRA_ENGINES = fileURLToPath(new URL('../src/jobs/test-engine/index.ts', import.meta.url));
const [tasksArg = '10000', rowsArg = '100000', dialectArg] = process.argv.slice(2);
const N = Number(tasksArg);
const ROWS = Number(rowsArg);
const dialects = (dialectArg?.split(',') as Dialect[] | undefined) ?? DIALECTS;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const mb = () => Math.round(process.resourceUsage().maxRSS / 1024);

async function burst(t: TestApp, admin: Record<string, string>) {
  const started = Date.now();
  for (let i = 0; i < N; i++) {
    const res = await post(t.app, '/task/create', { platform: 'firmware', url: 'http://127.0.0.1:9/', params: { sleepMs: '0' } }, admin);
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  }
  const enqueued = Date.now();
  const db = t.services.database.db;
  for (;;) {
    const { n } = await db.selectFrom('tasks').select((eb) => eb.fn.countAll<number>().as('n')).where('status', 'not in', ['FINISHED', 'EXCEPTION']).executeTakeFirstOrThrow();
    if (Number(n) === 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const done = Date.now();
  const rows = await db.selectFrom('tasks').select(['status', 'created_at', 'started_at', 'finished_at']).execute();
  const failed = rows.filter((r) => r.status !== 'FINISHED').length;
  const latency = rows.map((r) => (r.started_at ?? r.created_at) - r.created_at);
  const run = rows.map((r) => (r.finished_at ?? 0) - (r.started_at ?? 0));
  return {
    tasks: N,
    failed,
    enqueue_per_s: Math.round(N / ((enqueued - started) / 1000)),
    completed_per_s: Math.round((N / (done - started)) * 1000) / 1000 > 0 ? Math.round(N / ((done - started) / 1000)) : 0,
    total_s: (done - started) / 1000,
    queue_latency_ms: { p50: pct(latency, 50), p99: pct(latency, 99) },
    run_ms: { p50: pct(run, 50), p99: pct(run, 99) },
  };
}

async function listAt(t: TestApp, admin: Record<string, string>) {
  const db = t.services.database.db;
  const platforms = ['android', 'ios', 'harmony', 'web', 'source', 'miniprogram'];
  const statuses = ['FINISHED', 'FINISHED', 'FINISHED', 'EXCEPTION', 'QUEUEING', 'CANCELED'];
  const customers = (await db.selectFrom('customers').select('id').execute()).map((c) => c.id);
  const users = await db.selectFrom('users').select(['id', 'customer_id']).execute();
  const t0 = Date.now();
  const now = Date.now();
  for (let i = 0; i < ROWS; i += 500) {
    const batch = Array.from({ length: Math.min(500, ROWS - i) }, (_, k) => {
      const n = i + k;
      const u = users[n % users.length]!;
      return {
        task_uid: `bench${n.toString(16).padStart(12, '0')}`,
        platform: platforms[n % platforms.length]!,
        status: statuses[n % statuses.length]!,
        fail_kind: null,
        fail_msg: '',
        finish_item: 5,
        total_item: 5,
        queue_seq: now * 1000 + n,
        sample_id: null,
        url: '',
        file_name: `app-${n}.apk`,
        template_id: null,
        template_name: '',
        fields: '{}',
        params: '{}',
        selected: null,
        created_by: u.id,
        customer_id: u.customer_id,
        created_at: now - (ROWS - n) * 1000,
        started_at: null,
        finished_at: null,
        updated_at: now,
        app_name: `App ${n}`,
        package_name: `com.example.app${n}`,
        version: '1.0',
        size: 1000 + n,
        md5: '',
        score: 70,
        risk_level: 'medium',
        counts: null,
        engine_version: '',
        attempts: 1,
        lease_owner: null,
        lease_expires_at: null,
      };
    });
    await db.insertInto('tasks').values(batch).execute();
  }
  const generated = (Date.now() - t0) / 1000;
  // A live table is analysed and vacuumed by the database (autovacuum); a bulk-loaded one is
  // not yet, so measure the steady state a deployment runs in.
  await sql.raw(t.services.database.dialect === 'postgres' ? 'vacuum analyze tasks' : 'analyze').execute(db);
  void customers;
  const user = (await login(t, 'bench-user', TEST_USER_PASSWORD)).headers;
  const cases: [string, Record<string, string>, object][] = [
    ['admin, platform + status, page 1', admin, { platform: 'android', status: 'FINISHED', page: 1, page_size: 20 }],
    ['admin, all platforms, page 50', admin, { page: 50, page_size: 20 }],
    ['customer user, platform, page 3', user, { platform: 'android', page: 3, page_size: 20 }],
    ['customer user, my tasks, page 1', user, { mine: true, page: 1, page_size: 20 }],
  ];
  const out: Record<string, { p50: number; p99: number }> = {};
  for (const [label, headers, body] of cases) {
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const s = process.hrtime.bigint();
      const res = await post(t.app, '/task/list', body, headers);
      times.push(Number(process.hrtime.bigint() - s) / 1e6);
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    }
    out[label] = { p50: Math.round(pct(times, 50) * 10) / 10, p99: Math.round(pct(times, 99) * 10) / 10 };
  }
  return { rows: ROWS, generated_s: generated, list_ms: out };
}

for (const dialect of dialects) {
  const t = await startTestApp(dialect, { CITADEL_WORKER_CONCURRENCY: String(os.availableParallelism()), CITADEL_LOG_LEVEL: 'error' });
  try {
    const admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
    await createUser(t, 'bench-user');
    const b = N > 0 ? await burst(t, admin) : undefined;
    const l = ROWS > 0 ? await listAt(t, admin) : undefined;
    console.log(JSON.stringify({ dialect, cores: os.availableParallelism(), burst: b, list: l, peak_rss_mb: mb() }, null, 2));
  } finally {
    await t.stop();
  }
}
