/**
 * Test support for version management: assessments built in code and tasks
 * stored as FINISHED through the repository's real path (claim → processing →
 * result in one transaction), as a worker would leave them. The caller keeps
 * the embedded worker away from the tasks (stopped, or CITADEL_EMBEDDED_WORKER=0).
 */
import { type Assessment, type Finding, type ItemResult, type Platform, type RiskLevel, type ThirdPartySdk, scoreBand } from '@citadel/contracts';
import type { TaskRecord, TaskRepository } from '../tasks/task-repository.ts';

export interface AssessmentSpec {
  platform?: Platform;
  packageName: string;
  version: string;
  appName?: string;
  score: number;
  /** [rule id, result, risk, number of evidence items] */
  findings: [string, ItemResult, RiskLevel, number][];
  permissions?: (string | { name: string; dangerous?: boolean })[];
  sdks?: ThirdPartySdk[];
}

export function buildAssessment(s: AssessmentSpec): Assessment {
  const findings: Finding[] = s.findings.map(([ruleId, result, risk, n]) => ({
    ruleId,
    result,
    risk,
    evidence: Array.from({ length: n }, (_, i) => ({ file: `classes.dex`, detail: `occurrence ${i + 1}` })),
    attribution: { kind: 'main' },
  }));
  const counts: Record<RiskLevel, number> = { serious: 0, high: 0, medium: 0, low: 0, info: 0 };
  for (const f of findings) if (f.result === 'fail') counts[f.risk]++;
  const now = new Date().toISOString();
  return {
    platform: s.platform ?? 'android',
    engine: { name: 'test-versions', version: '1.0.0' },
    target: { appName: s.appName ?? 'Versions Test', packageName: s.packageName, versionName: s.version, permissions: s.permissions ?? [] },
    findings,
    sdks: s.sdks ?? [],
    counts,
    score: { score: s.score, band: scoreBand(s.score) },
    timings: { startedAt: now, finishedAt: now, ms: 1 },
    unreadable: [],
  };
}

/**
 * Two versions of one package whose diff is known exactly: 1.0 → 1.1 fixes
 * debuggable and testOnly, adds cleartext traffic, keeps allowBackup and an
 * exported activity (with other evidence counts); swaps READ_CONTACTS for
 * CAMERA; drops Bugly, adds JPush, moves Umeng 9.4 → 9.6; score 55 → 72.
 */
export function twoVersions(packageName: string): [AssessmentSpec, AssessmentSpec] {
  const v1: AssessmentSpec = {
    packageName,
    version: '1.0',
    score: 55,
    findings: [
      ['android.manifest.debuggable', 'fail', 'high', 1],
      ['android.manifest.allow_backup', 'fail', 'medium', 1],
      ['android.manifest.cleartext_traffic', 'pass', 'high', 0],
      ['android.manifest.exported_activity', 'fail', 'medium', 3],
      ['android.manifest.test_only', 'fail', 'medium', 1],
    ],
    permissions: [{ name: 'android.permission.INTERNET', dangerous: false }, { name: 'android.permission.READ_CONTACTS', dangerous: true }],
    sdks: [
      { name: 'Umeng', category: 'statistics', matched: 'com.umeng', version: '9.4' },
      { name: 'Bugly', category: 'other', matched: 'com.tencent.bugly' },
    ],
  };

  const v2: AssessmentSpec = {
    packageName,
    version: '1.1',
    score: 72,
    findings: [
      ['android.manifest.debuggable', 'pass', 'high', 0],
      ['android.manifest.allow_backup', 'fail', 'medium', 2],
      ['android.manifest.cleartext_traffic', 'fail', 'high', 1],
      ['android.manifest.exported_activity', 'fail', 'medium', 1],
    ],
    permissions: [{ name: 'android.permission.INTERNET', dangerous: false }, { name: 'android.permission.CAMERA', dangerous: true }],
    sdks: [
      { name: 'Umeng', category: 'statistics', matched: 'com.umeng', version: '9.6' },
      { name: 'JPush', category: 'push', matched: 'cn.jpush' },
    ],
  };
  return [v1, v2];
}

const OWNER = 'versions-test';

/** Stores `assessment` as the result of a new FINISHED task of the given customer and creator. */
export async function insertFinishedTask(repo: TaskRepository, who: { customerId: number; userId: number }, assessment: Assessment): Promise<TaskRecord> {
  const t = assessment.target as { appName: string; packageName: string; versionName: string };
  const task = await repo.create({
    platform: assessment.platform,
    sample_id: null,
    url: '',
    file_name: `${t.packageName}-${t.versionName}.apk`,
    size: 1000,
    md5: '',
    template_id: null,
    template_name: '',
    fields: {},
    params: {},
    selected: null,
    created_by: who.userId,
    customer_id: who.customerId,
  });
  if (!(await repo.claimById(task.id, OWNER, 60_000))) throw new Error('a worker claimed the test task: stop the embedded worker');
  await repo.transition(task.id, 'DOWNLOADING', 'PROCESSING', {}, OWNER);
  const done = await repo.finishWithResult(
    task.id,
    OWNER,
    {
      finished_at: Date.now(),
      lease_owner: null,
      lease_expires_at: null,
      app_name: t.appName,
      package_name: t.packageName,
      version: t.versionName,
      score: Math.round(assessment.score.score),
      risk_level: assessment.score.band,
      counts: JSON.stringify(assessment.counts),
      engine_version: `${assessment.engine.name} ${assessment.engine.version}`,
    },
    JSON.stringify(assessment),
  );
  if (!done) throw new Error('could not finish the test task');
  return done;
}
