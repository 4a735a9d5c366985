/**
 * Overview benchmark (issue 11), on SQLite and on PostgreSQL: generates
 * 1,000,000 tasks over the last 365 days and 100,000 samples across 20
 * customers (multi-row inserts in transactions, with the summary triggers of
 * migration 007 firing as in production), then times POST /home/homepage for
 * admin (every customer), a customer's evaluator and a one-platform user, and
 * POST /analysis/stats for a month view: p50/p99 over repeated calls.
 * Usage: npx tsx apps/server/bench/dashboard.bench.ts [tasks=1000000] [samples=100000] [dialects=sqlite,postgres] [calls=300]
 */
import { RISK_LEVELS } from '@citadel/contracts';
import { sql } from 'kysely';
import { DIALECTS, TEST_ADMIN_PASSWORD, login, post, startTestApp, type TestApp } from '../src/test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../src/test-support/users.ts';
import type { Dialect } from '../src/db/database.ts';

const [tasksArg = '1000000', samplesArg = '100000', dialectArg, callsArg = '300'] = process.argv.slice(2);
const TASKS = Number(tasksArg);
const SAMPLES = Number(samplesArg);
const CALLS = Number(callsArg);
const dialects = (dialectArg?.split(',') as Dialect[] | undefined) ?? DIALECTS;
const CUSTOMERS = 20;
const BATCH = 500;
const BATCHES_PER_TX = 20;
const DAY = 86_400_000;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const round = (n: number) => Math.round(n * 10) / 10;
const mb = () => Math.round(process.resourceUsage().maxRSS / 1024);

/** A small deterministic PRNG so both databases get the same data. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

async function generate(t: TestApp, users: { id: number; customer_id: number }[]) {
  const db = t.services.database.db;
  const rnd = prng(42);
  const now = Date.now();
  const platforms = ['android', 'android', 'android', 'ios', 'ios', 'harmony', 'harmony_next', 'web', 'source', 'miniprogram', 'alipay_miniprogram', 'android_sdk'];
  const statuses = ['FINISHED', 'FINISHED', 'FINISHED', 'FINISHED', 'FINISHED', 'FINISHED', 'EXCEPTION', 'CANCELED', 'QUEUEING', 'PROCESSING'];
  const t0 = Date.now();
  for (let i = 0; i < TASKS; i += BATCH * BATCHES_PER_TX) {
    await db.transaction().execute(async (trx) => {
      for (let b = i; b < Math.min(TASKS, i + BATCH * BATCHES_PER_TX); b += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, TASKS - b) }, (_, k) => {
          const n = b + k;
          const u = users[n % users.length]!;
          const status = statuses[Math.floor(rnd() * statuses.length)]!;
          const created = now - Math.floor(rnd() * 365 * DAY);
          const finished = status === 'FINISHED';
          const counts = finished ? JSON.stringify(Object.fromEntries(RISK_LEVELS.map((l) => [l, Math.floor(rnd() * 6)]))) : null;
          const app = `com.bench.app${Math.floor(rnd() * 5000)}`;
          return {
            task_uid: `dash${n.toString(16).padStart(14, '0')}`,
            platform: platforms[n % platforms.length]!,
            status,
            fail_kind: null,
            fail_msg: '',
            finish_item: 5,
            total_item: 5,
            queue_seq: created * 1000 + n,
            sample_id: null,
            url: '',
            file_name: `${app}.apk`,
            template_id: null,
            template_name: '',
            fields: '{}',
            params: '{}',
            selected: null,
            created_by: u.id,
            customer_id: u.customer_id,
            created_at: created,
            started_at: created,
            finished_at: finished ? created + 60_000 : null,
            updated_at: created,
            app_name: finished ? app : '',
            package_name: finished ? app : '',
            version: '1.0',
            size: 1000,
            md5: '',
            score: finished ? 70 : null,
            risk_level: finished ? 'medium' : null,
            counts,
            engine_version: '',
            attempts: 1,
            lease_owner: null,
            lease_expires_at: null,
          };
        });
        await trx.insertInto('tasks').values(rows).execute();
      }
    });
  }
  const tasksS = (Date.now() - t0) / 1000;
  const t1 = Date.now();
  for (let i = 0; i < SAMPLES; i += BATCH * BATCHES_PER_TX) {
    await db.transaction().execute(async (trx) => {
      for (let b = i; b < Math.min(SAMPLES, i + BATCH * BATCHES_PER_TX); b += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, SAMPLES - b) }, (_, k) => {
          const n = b + k;
          const u = users[n % users.length]!;
          return {
            name: `s${n}.apk`,
            size: 1000 + Math.floor(rnd() * 50_000_000),
            md5: n.toString(16).padStart(32, '0'),
            sha256: '0'.repeat(64),
            extension: 'apk',
            category: 'install',
            storage_key: `k${n}`,
            uploader_id: u.id,
            uploader_name: 'bench',
            customer_id: u.customer_id,
            created_at: now - Math.floor(rnd() * 365 * DAY),
            cleaned: 0 as const,
            cleaned_at: null,
          };
        });
        await trx.insertInto('samples').values(rows).execute();
      }
    });
  }
  return { tasks_s: round(tasksS), samples_s: round((Date.now() - t1) / 1000) };
}

async function time(t: TestApp, url: string, body: object, headers: Record<string, string>, calls = CALLS) {
  for (let i = 0; i < Math.min(20, calls); i++) await post(t.app, url, body, headers);
  const ms: number[] = [];
  for (let i = 0; i < calls; i++) {
    const s = process.hrtime.bigint();
    const res = await post(t.app, url, body, headers);
    ms.push(Number(process.hrtime.bigint() - s) / 1e6);
    if (res.status !== 200) throw new Error(`${url}: ${JSON.stringify(res.body)}`);
  }
  return { p50_ms: round(pct(ms, 50)), p99_ms: round(pct(ms, 99)) };
}

for (const dialect of dialects) {
  const t = await startTestApp(dialect, { CITADEL_EMBEDDED_WORKER: '0', CITADEL_LOG_LEVEL: 'error' });
  try {
    for (let c = 0; c < CUSTOMERS; c++) await createUser(t, `bench${c}`, { customerKey: `bench-c${c}` });
    await createUser(t, 'bench-android', { customerKey: 'bench-c0', grants: [{ resources: 'home', operations: ['view'] }, { resources: 'Prod_AndroidAudit', operations: ['view'] }] });
    const users = await t.services.database.db.selectFrom('users').select(['id', 'customer_id']).where('name', 'like', 'bench%').where('name', '!=', 'bench-android').execute();
    const generated = await generate(t, users);
    // The steady state autovacuum keeps: the import's trigger updates leave dead row versions in the
    // summary tables (PostgreSQL) until vacuumed, and the planner wants fresh statistics.
    await sql.raw(dialect === 'postgres' ? 'vacuum analyze tasks, samples, task_stats, task_daily_stats, sample_daily_stats' : 'analyze').execute(t.services.database.db);
    const admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
    const customer = (await login(t, 'bench0', TEST_USER_PASSWORD)).headers;
    const android = (await login(t, 'bench-android', TEST_USER_PASSWORD)).headers;
    const home = await post(t.app, '/home/homepage', {}, admin);
    console.log(
      JSON.stringify({
        dialect,
        tasks: TASKS,
        samples: SAMPLES,
        generation: generated,
        check: { tasks: home.body.data.totals.tasks, samples: home.body.data.totals.samples },
        // The same HTTP path (session check, JSON) around a query of a few rows: the floor under every call.
        baseline_device_list: await time(t, '/device/list', {}, admin),
        homepage_admin: await time(t, '/home/homepage', {}, admin),
        homepage_customer: await time(t, '/home/homepage', {}, customer),
        homepage_one_platform: await time(t, '/home/homepage', {}, android),
        analysis_month_admin: await time(t, '/analysis/stats', { period: 'month' }, admin, 5),
        peak_rss_mb: mb(),
      }),
    );
  } finally {
    await t.stop();
  }
}
