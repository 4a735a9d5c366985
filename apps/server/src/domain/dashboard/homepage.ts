/**
 * POST /home/homepage: the overview figures for a scope. Every number comes
 * from the trigger-maintained summary tables (migration 007) except the recent
 * tasks (an index walk of eight rows) and the work orders (a small table), so
 * the answer costs a handful of small index scans whatever the task count.
 */
import { type HomepageAnswer, RISK_LEVELS, type RiskLevel, RUNNING_STATUSES, type TaskStatus } from '@citadel/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { toTaskRow } from '../tasks/task-service.ts';
import { dayKey, dayOf, monthStartDay } from './days.ts';
import { type ViewScope, inList } from './scope.ts';

const TREND_DAYS = 30;
const RECENT_TASKS = 8;
const RISK_SUM: RiskLevel[] = ['serious', 'high', 'medium', 'low'];

const num = (v: unknown): number => Number(v ?? 0);

export async function homepage(db: Kysely<DB>, scope: ViewScope, now = Date.now()): Promise<HomepageAnswer> {
  const today = dayOf(now);
  const monthStart = monthStartDay(now);
  const trendFrom = today - (TREND_DAYS - 1);

  const [statusRows, dailyRows, samples, orders, recent] = await Promise.all([
    statusStats(db, scope),
    dailyStats(db, scope, Math.min(trendFrom, monthStart)),
    sampleStats(db, scope, monthStart),
    workOrderCounts(db, scope, now),
    recentTasks(db, scope),
  ]);

  const tasksByStatus: Partial<Record<TaskStatus, number>> = {};
  const riskLevels = Object.fromEntries(RISK_LEVELS.map((l) => [l, 0])) as Record<RiskLevel, number>;
  const perPlatform = new Map<string, { platform: string; tasks: number; finished: number; risks: number }>();
  let issues = 0;
  for (const r of statusRows) {
    if (num(r.tasks) === 0) continue; // a summary row whose tasks all moved on
    const status = r.status as TaskStatus;
    tasksByStatus[status] = (tasksByStatus[status] ?? 0) + num(r.tasks);
    for (const l of RISK_LEVELS) riskLevels[l] += num(r[l]);
    issues += num(r.risky);
    const p = perPlatform.get(r.platform) ?? { platform: r.platform, tasks: 0, finished: 0, risks: 0 };
    p.tasks += num(r.tasks);
    if (status === 'FINISHED') p.finished += num(r.tasks);
    p.risks += RISK_SUM.reduce((s, l) => s + num(r[l]), 0);
    perPlatform.set(r.platform, p);
  }
  const byDay = new Map(dailyRows.map((r) => [num(r.day), r]));
  const trend = Array.from({ length: TREND_DAYS }, (_, i) => {
    const r = byDay.get(trendFrom + i);
    return { day: dayKey(trendFrom + i), tasks: num(r?.tasks), finished: num(r?.finished), risks: num(r?.risks) };
  });
  const sumStatus = (statuses: readonly string[]) => statuses.reduce((s, st) => s + (tasksByStatus[st as TaskStatus] ?? 0), 0);

  return {
    scope: { all_customers: scope.customerId === undefined, platforms: scope.platforms ?? [] },
    totals: {
      tasks: Object.values(tasksByStatus).reduce((s, n) => s + (n ?? 0), 0),
      tasks_this_month: dailyRows.filter((r) => num(r.day) >= monthStart).reduce((s, r) => s + num(r.tasks), 0),
      risks: RISK_SUM.reduce((s, l) => s + riskLevels[l], 0),
      issues,
      finished: sumStatus(['FINISHED']),
      running: sumStatus(['QUEUEING', ...RUNNING_STATUSES]),
      failed: sumStatus(['EXCEPTION']),
      samples: num(samples?.samples),
      samples_this_month: num(samples?.month_samples),
      sample_bytes: num(samples?.bytes),
    },
    work_orders: orders,
    tasks_by_status: tasksByStatus,
    risk_levels: riskLevels,
    platforms: [...perPlatform.values()].filter((p) => p.tasks > 0).sort((a, b) => b.tasks - a.tasks),
    trend,
    recent,
  };
}

function statusStats(db: Kysely<DB>, scope: ViewScope) {
  let q = db.selectFrom('task_stats');
  if (scope.customerId !== undefined) q = q.where('customer_id', '=', scope.customerId);
  if (scope.platforms) q = q.where('platform', 'in', inList(scope.platforms));
  return q
    .select(['platform', 'status'])
    .select((eb) => [
      eb.fn.sum<number>('tasks').as('tasks'),
      eb.fn.sum<number>('serious').as('serious'),
      eb.fn.sum<number>('high').as('high'),
      eb.fn.sum<number>('medium').as('medium'),
      eb.fn.sum<number>('low').as('low'),
      eb.fn.sum<number>('info').as('info'),
      eb.fn.sum<number>('risky').as('risky'),
    ])
    .groupBy(['platform', 'status'])
    .execute();
}

function dailyStats(db: Kysely<DB>, scope: ViewScope, fromDay: number) {
  let q = db.selectFrom('task_daily_stats').where('day', '>=', fromDay);
  if (scope.customerId !== undefined) q = q.where('customer_id', '=', scope.customerId);
  if (scope.platforms) q = q.where('platform', 'in', inList(scope.platforms));
  return q
    .select('day')
    .select((eb) => [
      eb.fn.sum<number>('tasks').as('tasks'),
      eb.fn.sum<number>('finished').as('finished'),
      eb.fn.sum<number>(sql`serious + high + medium + low`).as('risks'),
    ])
    .groupBy('day')
    .execute();
}

function sampleStats(db: Kysely<DB>, scope: ViewScope, monthStart: number) {
  let q = db.selectFrom('sample_daily_stats');
  if (scope.customerId !== undefined) q = q.where('customer_id', '=', scope.customerId);
  return q
    .select((eb) => [
      eb.fn.sum<number>('samples').as('samples'),
      eb.fn.sum<number>('bytes').as('bytes'),
      eb.fn.sum<number>(sql`case when day >= ${monthStart} then samples else 0 end`).as('month_samples'),
    ])
    .executeTakeFirst();
}

export async function workOrderCounts(db: Kysely<DB>, scope: Pick<ViewScope, 'customerId'>, now: number): Promise<HomepageAnswer['work_orders']> {
  let q = db.selectFrom('work_orders');
  if (scope.customerId !== undefined) q = q.where('customer_id', '=', scope.customerId);
  const rows = await q
    .select('status')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>(sql`case when due_at is not null and due_at < ${now} then 1 else 0 end`).as('overdue')])
    .groupBy('status')
    .execute();
  const pending = rows.find((r) => r.status === 'pending');
  return { pending: num(pending?.n), completed: num(rows.find((r) => r.status === 'completed')?.n), overdue: num(pending?.overdue) };
}

async function recentTasks(db: Kysely<DB>, scope: ViewScope) {
  let q = db.selectFrom('tasks').innerJoin('users', 'users.id', 'tasks.created_by').innerJoin('customers', 'customers.id', 'tasks.customer_id');
  if (scope.customerId !== undefined) q = q.where('tasks.customer_id', '=', scope.customerId);
  if (scope.platforms) q = q.where('tasks.platform', 'in', inList(scope.platforms));
  const rows = await q
    .selectAll('tasks')
    .select(['users.real_name as created_by_name', 'customers.client_key as client_key'])
    .orderBy('tasks.created_at', 'desc')
    .orderBy('tasks.id', 'desc')
    .limit(RECENT_TASKS)
    .execute();
  return rows.map((r) => toTaskRow(r, null));
}
