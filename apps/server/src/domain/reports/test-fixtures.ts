/** Test helpers: a finished task with a stored assessment, and the real Android assessment of the corpus diva.apk. */
import { statSync } from 'node:fs';
import type { Assessment } from '@citadel/contracts';
import { loadEngines } from '@citadel/cli';
import { CORPUS, hasCorpus } from '@citadel/engine-core/testing';
import { sql } from 'kysely';
import type { BuiltApp } from '../../app.ts';
import { TaskRepository } from '../tasks/task-repository.ts';

export const HAS_DIVA = hasCorpus(CORPUS.diva);

/** The Android engine's assessment of diva.apk (the corpus sample), as a finished task stores it. */
export async function divaAssessment(): Promise<Assessment> {
  const engine = (await loadEngines()).registry.list().find((e) => e.name === 'android');
  if (!engine) throw new Error('android engine not installed');
  return engine.run({ files: [{ path: CORPUS.diva, name: 'diva.apk', size: statSync(CORPUS.diva).size }] }, { platform: 'android', params: {} }, {});
}

/** Inserts a FINISHED task (or one in `status`) owned by `userId` with the assessment stored, as the worker leaves it (optionally run with a template, finished at a given time). */
export async function finishedTask(built: BuiltApp, userId: number, assessment: Assessment, opts: { status?: string; platform?: string; templateId?: number; finishedAt?: number } = {}): Promise<string> {
  const { db, dialect } = built.services.database;
  const repo = new TaskRepository(db, dialect);
  const user = await db.selectFrom('users').select(['customer_id']).where('id', '=', userId).executeTakeFirstOrThrow();
  const task = await repo.create({
    platform: opts.platform ?? assessment.platform,
    sample_id: null,
    url: '',
    file_name: 'diva.apk',
    size: 1,
    md5: '',
    template_id: opts.templateId ?? null,
    template_name: '',
    fields: {},
    params: {},
    selected: null,
    created_by: userId,
    customer_id: user.customer_id,
  });
  await db.insertInto('task_results').values({ task_id: task.id, assessment: JSON.stringify(assessment), created_at: Date.now() }).execute();
  const appName = typeof assessment.target.appName === 'string' ? assessment.target.appName : '';
  const packageName = typeof assessment.target.packageName === 'string' ? assessment.target.packageName : '';
  await sql`update tasks set status = ${opts.status ?? 'FINISHED'}, app_name = ${appName}, package_name = ${packageName}, finished_at = ${opts.finishedAt ?? Date.now()},
    score = ${Math.round(assessment.score.score)}, risk_level = ${assessment.score.band}, counts = ${JSON.stringify(assessment.counts)} where id = ${task.id}`.execute(db);
  return task.task_uid;
}
