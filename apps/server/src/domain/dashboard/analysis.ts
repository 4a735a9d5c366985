/**
 * Statistics (analysis/analysisdemo): users, tasks and samples per day, week or
 * month, and the top-10 apps by assessments and by risks found, filtered by
 * customer and platform inside the caller's scope. Task and sample series come
 * from the daily summary tables; users are few; the app ranking groups the
 * window's tasks (tasks_created_idx / tasks_customer_created_idx bound it).
 */
import type { AnalysisAnswer, AnalysisBucket, AnalysisRequest, AppRanking } from '@citadel/contracts';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { DAY_MS, bucketStart, dayKey, dayOf, periodBuckets } from './days.ts';
import { type ViewScope, inList } from './scope.ts';

const num = (v: unknown): number => Number(v ?? 0);
const TOP = 10;

/** The scope narrowed by the request's filters (a filter can never widen it). */
export function narrow(scope: ViewScope, req: Pick<AnalysisRequest, 'customer_id' | 'platform'>): ViewScope {
  const out: ViewScope = { ...scope };
  if (req.customer_id !== undefined && scope.customerId === undefined) out.customerId = req.customer_id;
  if (req.platform) out.platforms = !scope.platforms || scope.platforms.includes(req.platform) ? [req.platform] : [];
  return out;
}

export async function analysis(db: Kysely<DB>, dialect: Dialect, base: ViewScope, req: AnalysisRequest, now = Date.now()): Promise<AnalysisAnswer> {
  const scope = narrow(base, req);
  const starts = periodBuckets(req.period, now);
  const fromDay = starts[0]!;
  const index = new Map(starts.map((d, i) => [d, i]));
  const buckets: AnalysisBucket[] = starts.map((d) => ({ start: dayKey(d), users: 0, tasks: 0, finished: 0, risks: 0, samples: 0, sample_bytes: 0 }));
  const at = (day: number) => buckets[index.get(bucketStart(day, req.period)) ?? -1];

  let tq = db.selectFrom('task_daily_stats').where('day', '>=', fromDay);
  if (scope.customerId !== undefined) tq = tq.where('customer_id', '=', scope.customerId);
  if (scope.platforms) tq = tq.where('platform', 'in', inList(scope.platforms));
  const taskRows = await tq
    .select('day')
    .select((eb) => [eb.fn.sum<number>('tasks').as('tasks'), eb.fn.sum<number>('finished').as('finished'), eb.fn.sum<number>(sql`serious + high + medium + low`).as('risks')])
    .groupBy('day')
    .execute();
  for (const r of taskRows) {
    const b = at(num(r.day));
    if (!b) continue;
    b.tasks += num(r.tasks);
    b.finished += num(r.finished);
    b.risks += num(r.risks);
  }

  let sq = db.selectFrom('sample_daily_stats').where('day', '>=', fromDay);
  if (scope.customerId !== undefined) sq = sq.where('customer_id', '=', scope.customerId);
  for (const r of await sq.select('day').select((eb) => [eb.fn.sum<number>('samples').as('samples'), eb.fn.sum<number>('bytes').as('bytes')]).groupBy('day').execute()) {
    const b = at(num(r.day));
    if (!b) continue;
    b.samples += num(r.samples);
    b.sample_bytes += num(r.bytes);
  }

  let uq = db.selectFrom('users').where('created_at', '>=', fromDay * DAY_MS);
  if (scope.customerId !== undefined) uq = uq.where('customer_id', '=', scope.customerId);
  for (const u of await uq.select('created_at').execute()) {
    const b = at(dayOf(num(u.created_at)));
    if (b) b.users += 1;
  }

  const totals = buckets.reduce(
    (t, b) => ({ users: t.users + b.users, tasks: t.tasks + b.tasks, finished: t.finished + b.finished, risks: t.risks + b.risks, samples: t.samples + b.samples, sample_bytes: t.sample_bytes + b.sample_bytes }),
    { users: 0, tasks: 0, finished: 0, risks: 0, samples: 0, sample_bytes: 0 },
  );
  const { byAssessments, byRisks } = await topApps(db, dialect, scope, fromDay * DAY_MS);
  let cq = db.selectFrom('customers').select(['id', 'name']).orderBy('id');
  if (base.customerId !== undefined) cq = cq.where('id', '=', base.customerId);
  return {
    period: req.period,
    from: dayKey(fromDay),
    buckets,
    totals,
    top_by_assessments: byAssessments,
    top_by_risks: byRisks,
    customers: await cq.execute(),
    platforms: base.platforms ?? [],
  };
}

/**
 * The ten apps with the most assessments and the ten with the most risks since
 * `fromMs`, from one grouped scan of the window (a materialized CTE read
 * twice). An app is its package name, else its app name, else the file name or
 * URL assessed.
 */
async function topApps(db: Kysely<DB>, dialect: Dialect, scope: ViewScope, fromMs: number): Promise<{ byAssessments: AppRanking[]; byRisks: AppRanking[] }> {
  // Level names are constants of this module, never input.
  const level = (l: string) => sql.raw(dialect === 'sqlite' ? `coalesce(json_extract(counts, '$.${l}'), 0)` : `coalesce((counts::jsonb ->> '${l}')::bigint, 0)`);
  const app = sql<string>`coalesce(nullif(package_name, ''), nullif(app_name, ''), nullif(file_name, ''), url)`;
  let q = db.selectFrom('tasks').where('created_at', '>=', fromMs);
  if (scope.customerId !== undefined) q = q.where('customer_id', '=', scope.customerId);
  if (scope.platforms) q = q.where('platform', 'in', inList(scope.platforms));
  const grouped = q
    .select([app.as('app'), 'platform', sql<number>`count(*)`.as('assessments'), sql<number>`sum(${level('serious')} + ${level('high')} + ${level('medium')} + ${level('low')})`.as('risks')])
    .groupBy([app, 'platform']);
  const { rows } = await sql<{ ranking: string; app: string; platform: string; assessments: number; risks: number }>`
    with g as materialized ${grouped}
    select * from (select 'a' as ranking, g.* from g order by assessments desc, app limit ${TOP}) a
    union all
    select * from (select 'r' as ranking, g.* from g order by risks desc, app limit ${TOP}) r`.execute(db);
  const pick = (ranking: string) => rows.filter((r) => r.ranking === ranking).map((r) => ({ app: r.app, platform: r.platform, assessments: num(r.assessments), risks: num(r.risks) }));
  return { byAssessments: pick('a'), byRisks: pick('r') };
}
