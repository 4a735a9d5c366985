/**
 * Version management: the finished assessments of one package (same platform,
 * same customer as the task the user opened), and the diff of two of them.
 * Visibility is TaskService's: a task the caller could not preview is "not
 * found" here too.
 */
import type { Assessment, Locale, Platform, VersionDiffAnswer, VersionEntry, VersionListAnswer } from '@citadel/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import type { Identity } from '../auth/auth-service.ts';
import { ruleCatalogue, ruleTexts } from '../tasks/rule-texts.ts';
import type { TaskRecord, TaskRepository } from '../tasks/task-repository.ts';
import { type TaskService, toTaskRow } from '../tasks/task-service.ts';
import { diffAssessments } from './assessment-diff.ts';

/** A package's history is short in practice; the cap bounds the answer if a pipeline re-scans one package endlessly. */
export const MAX_VERSIONS = 200;

export class VersionService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly tasks: TaskService,
    private readonly repo: TaskRepository,
    private readonly extraEngineFiles: string[] = [],
  ) {}

  /** Finished tasks of the opened task's package, newest first. */
  async list(who: Identity, taskUid: string): Promise<VersionListAnswer> {
    const task = await this.tasks.viewable(who, taskUid);
    let q = this.db
      .selectFrom('tasks')
      .selectAll()
      .where('status', '=', 'FINISHED')
      .where('platform', '=', task.platform)
      .where('customer_id', '=', task.customer_id);
    // Without a package name (an unreadable target) the task is its own only version.
    q = task.package_name ? q.where('package_name', '=', task.package_name) : q.where('id', '=', task.id);
    const rows = await q.orderBy('id', 'desc').limit(MAX_VERSIONS).execute();
    return { platform: task.platform as Platform, package_name: task.package_name, list: rows.map(toVersionEntry) };
  }

  async diff(who: Identity, baseUid: string, compareUid: string, locale: Locale): Promise<VersionDiffAnswer> {
    const base = await this.tasks.viewable(who, baseUid);
    const compare = await this.tasks.viewable(who, compareUid);
    if (base.status !== 'FINISHED' || compare.status !== 'FINISHED') fail('illegal_operation', 'both tasks must be finished');
    if (base.platform !== compare.platform || base.package_name !== compare.package_name || base.customer_id !== compare.customer_id) {
      fail('illegal_operation', 'the tasks are not versions of one package');
    }
    const [a, b] = await Promise.all([this.assessment(base), this.assessment(compare)]);
    const catalogue = await ruleCatalogue(this.extraEngineFiles);
    const titleOf = (id: string) => {
      const item = catalogue.get(id);
      return item ? ruleTexts(item, locale).title : id;
    };
    return { base: toVersionEntry(base), compare: toVersionEntry(compare), ...diffAssessments(a, b, titleOf) };
  }

  private async assessment(task: TaskRecord): Promise<Assessment> {
    const json = await this.repo.result(task.id);
    if (!json) return fail('task_not_found');
    return JSON.parse(json) as Assessment;
  }
}

/** The list fields of a task row (one parser of the stored summary fields: toTaskRow's). */
export function toVersionEntry(r: TaskRecord): VersionEntry {
  const row = toTaskRow({ ...r, created_by_name: '', client_key: '' }, null);
  const { task_uid, platform, app_name, package_name, version, file_name, created_at, finished_at, score, risk_level, counts } = row;
  return { task_uid, platform, app_name, package_name, version, file_name, created_at, finished_at, score, risk_level, counts };
}
