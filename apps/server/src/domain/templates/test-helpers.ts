/**
 * Test helpers for templates and testing rules: APKs built in code by the
 * Android engine's own test builders, uploaded as samples and assessed by the
 * real worker (engine child processes) through the task API.
 */
import { randomBytes } from 'node:crypto';
import type { Finding } from '@citadel/contracts';
import { type ApkSpec, buildApk } from '../../../../../packages/engines/android/src/testing/build-apk.ts';
import { post, type TestApp } from '../../test-support/test-app.ts';
import { multipart } from '../uploads/test-helpers.ts';
import { until } from '../../test-support/until.ts';

export { appClass, str } from '../../../../../packages/engines/android/src/testing/dex-helpers.ts';

/** A debuggable app with a class (so the upload's content check sees a DEX); `extra` adds files and classes. */
export async function testApk(extra: ApkSpec = {}): Promise<Buffer> {
  return buildApk({
    manifest: { package: `com.example.t${randomBytes(3).toString('hex')}`, app: [{ name: 'debuggable', android: true, bool: true }, { name: 'allowBackup', android: true, bool: false }] },
    ...extra,
  });
}

export async function uploadSample(t: TestApp, headers: Record<string, string>, bytes: Buffer, name = 'app.apk'): Promise<number> {
  const form = multipart([], [{ field: '__files__', filename: name, content: bytes }]);
  const res = await t.app.inject({ method: 'POST', url: '/file/upload', headers: { ...headers, ...form.headers }, payload: form.payload });
  const id = res.json().data?.[0]?.sample_id as number | undefined;
  if (!id) throw new Error(`upload failed: ${res.body}`);
  return id;
}

export interface RunResult {
  task: { status: string; finish_item: number; total_item: number; template_id: number | null; template_name: string; fail_msg: string };
  assessment: { findings: Finding[]; sdks: { name: string }[] } | null;
}

/** Creates an Android task for the APK (optionally with a template) and waits until it settles. */
export async function runAndroidTask(t: TestApp, headers: Record<string, string>, bytes: Buffer, templateId?: number): Promise<RunResult> {
  const sampleId = await uploadSample(t, headers, bytes);
  const created = await post(t.app, '/task/create', { platform: 'android', sample_id: sampleId, ...(templateId ? { template_id: templateId } : {}) }, headers);
  const uid = created.body.data?.task_uid as string | undefined;
  if (!uid) throw new Error(`task not created: ${JSON.stringify(created.body)}`);
  const preview = async () => (await post(t.app, '/task/preview', { task_uid: uid }, headers)).body.data as RunResult;
  return until(preview, (d) => ['FINISHED', 'EXCEPTION', 'CANCELED'].includes(d.task.status));
}

export const rowOf = (r: RunResult, ruleId: string): Finding => {
  const f = r.assessment?.findings.find((x) => x.ruleId === ruleId);
  if (!f) throw new Error(`no row ${ruleId} (task ${r.task.status}: ${r.task.fail_msg})`);
  return f;
};
