/**
 * Test support for the dashboard: tasks driven to a chosen state through the
 * real task repository (so the summary triggers see the same writes as in
 * production), and the figures recomputed straight from the tasks and samples
 * tables as the ground truth the homepage must equal.
 */
import { RISK_LEVELS, type RiskLevel, RUNNING_STATUSES, type TaskStatus } from '@citadel/contracts';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { TaskRepository } from '../tasks/task-repository.ts';
import { DAY_MS, dayKey, dayOf, monthStartDay } from './days.ts';
import type { ViewScope } from './scope.ts';

export interface ScriptedTask {
  platform: string;
  customerId: number;
  userId: number;
  status: Extract<TaskStatus, 'QUEUEING' | 'PROCESSING' | 'FINISHED' | 'EXCEPTION' | 'CANCELED'>;
  counts?: Partial<Record<RiskLevel, number>>;
  app?: string;
  /** Moves created_at this many days into the past (exercises the update trigger). */
  daysAgo?: number;
}

/** Creates a task and walks it along the state diagram to `status`; returns its id and uid. */
export async function scriptTask(db: Kysely<DB>, dialect: Dialect, s: ScriptedTask): Promise<{ id: number; uid: string }> {
  const repo = new TaskRepository(db, dialect);
  const task = await repo.create({ platform: s.platform, sample_id: null, url: 'http://127.0.0.1:9/', file_name: `${s.app ?? 'app'}.bin`, size: 1, md5: '', template_id: null, template_name: '', fields: {}, params: {}, selected: null, created_by: s.userId, customer_id: s.customerId });
  const owner = 'script';
  if (s.status === 'CANCELED') await repo.transition(task.id, 'QUEUEING', 'CANCELED');
  if (s.status === 'PROCESSING' || s.status === 'FINISHED' || s.status === 'EXCEPTION') {
    await repo.claimById(task.id, owner, 60_000);
    if (s.status === 'EXCEPTION') await repo.transition(task.id, 'DOWNLOADING', 'EXCEPTION', { fail_msg: 'scripted' });
    else await repo.transition(task.id, 'DOWNLOADING', 'PROCESSING');
  }
  if (s.status === 'FINISHED') {
    const counts = Object.fromEntries(RISK_LEVELS.map((l) => [l, s.counts?.[l] ?? 0]));
    await repo.finishWithResult(task.id, owner, { finished_at: Date.now(), lease_owner: null, app_name: s.app ?? '', package_name: s.app ? `com.example.${s.app}` : '', score: 70, risk_level: 'medium', counts: JSON.stringify(counts) }, '{}');
  }
  if (s.daysAgo) {
    const row = await repo.byId(task.id);
    await db.updateTable('tasks').set({ created_at: row!.created_at - s.daysAgo * DAY_MS }).where('id', '=', task.id).execute();
  }
  return { id: task.id, uid: task.task_uid };
}

/** The homepage's figures recomputed from the base tables (no summary table involved). */
export async function truthFromTables(db: Kysely<DB>, scope: ViewScope, now = Date.now()) {
  let q = db.selectFrom('tasks').select(['platform', 'status', 'counts', 'created_at']);
  if (scope.customerId !== undefined) q = q.where('customer_id', '=', scope.customerId);
  if (scope.platforms) q = q.where('platform', 'in', scope.platforms.length ? scope.platforms : ['-']);
  const tasks = await q.execute();
  let sq = db.selectFrom('samples').select(['size', 'created_at']);
  if (scope.customerId !== undefined) sq = sq.where('customer_id', '=', scope.customerId);
  const samples = await sq.execute();
  const monthStart = monthStartDay(now) * DAY_MS;
  const levels = Object.fromEntries(RISK_LEVELS.map((l) => [l, 0])) as Record<RiskLevel, number>;
  const byStatus: Record<string, number> = {};
  const byPlatform: Record<string, number> = {};
  const trend: Record<string, number> = {};
  let issues = 0;
  for (const t of tasks) {
    const c = t.counts ? (JSON.parse(t.counts) as Record<RiskLevel, number>) : null;
    for (const l of RISK_LEVELS) levels[l] += c?.[l] ?? 0;
    if (c && c.serious + c.high + c.medium + c.low > 0) issues++;
    byStatus[t.status] = (byStatus[t.status] ?? 0) + 1;
    byPlatform[t.platform] = (byPlatform[t.platform] ?? 0) + 1;
    const day = dayKey(dayOf(Number(t.created_at)));
    trend[day] = (trend[day] ?? 0) + 1;
  }
  return {
    totals: {
      tasks: tasks.length,
      tasks_this_month: tasks.filter((t) => Number(t.created_at) >= monthStart).length,
      risks: levels.serious + levels.high + levels.medium + levels.low,
      issues,
      finished: byStatus.FINISHED ?? 0,
      running: ['QUEUEING', ...RUNNING_STATUSES].reduce((s, st) => s + (byStatus[st] ?? 0), 0),
      failed: byStatus.EXCEPTION ?? 0,
      samples: samples.length,
      samples_this_month: samples.filter((s) => Number(s.created_at) >= monthStart).length,
      sample_bytes: samples.reduce((s, x) => s + Number(x.size), 0),
    },
    risk_levels: levels,
    tasks_by_status: byStatus,
    platforms: byPlatform,
    trend,
  };
}
