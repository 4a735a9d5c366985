/**
 * Version management on a real database (both dialects): the version list of
 * a package, the exact diff of two stored assessments, and customer scoping.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_ADMIN_PASSWORD, login, post, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../../test-support/users.ts';
import { buildAssessment, insertFinishedTask, twoVersions } from './test-helpers.ts';

const PKG = 'com.example.versions';

const [V1, V2] = twoVersions(PKG);

describe.each(DIALECTS)('version management on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let adminScope: { customerId: number; userId: number };
  let v1: string;
  let v2: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { CITADEL_EMBEDDED_WORKER: '0' });
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
    const me = (await t.services.users.findByName('admin'))!;
    adminScope = { customerId: me.customer_id, userId: me.id };
    const repo = t.services.taskRuntime.repo;
    v1 = (await insertFinishedTask(repo, adminScope, buildAssessment(V1))).task_uid;
    v2 = (await insertFinishedTask(repo, adminScope, buildAssessment(V2))).task_uid;
    // Noise the list must leave out: another package, and a task of the package that never finished.
    await insertFinishedTask(repo, adminScope, buildAssessment({ ...V1, packageName: 'com.example.other' }));
    await repo.create({ platform: 'android', sample_id: null, url: '', file_name: 'queued.apk', size: 1, md5: '', template_id: null, template_name: '', fields: {}, params: {}, selected: null, created_by: adminScope.userId, customer_id: adminScope.customerId });
  });
  afterAll(async () => t?.stop());

  it('lists the finished versions of the package, newest first, from any of its tasks', async () => {
    for (const uid of [v1, v2]) {
      const { status, body } = await post(t.app, '/task/versions', { task_uid: uid }, admin);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ platform: 'android', package_name: PKG });
      expect(body.data.list.map((e: { task_uid: string }) => e.task_uid)).toEqual([v2, v1]);
      expect(body.data.list[0]).toMatchObject({ version: '1.1', score: 72, risk_level: 'medium', counts: { high: 1, medium: 2 } });
      expect(body.data.list[1]).toMatchObject({ version: '1.0', score: 55, risk_level: 'low', counts: { high: 1, medium: 3 }, finished_at: expect.any(Number) });
    }
  });

  it('diffs two versions exactly: new, fixed, unchanged findings, permissions, SDKs and score', async () => {
    const { status, body } = await post(t.app, '/task/versionDiff', { base_task_uid: v1, compare_task_uid: v2 }, { ...admin, lang: 'en' });
    expect(status).toBe(200);
    const d = body.data;
    expect(d.base).toMatchObject({ task_uid: v1, version: '1.0' });
    expect(d.compare).toMatchObject({ task_uid: v2, version: '1.1' });
    expect(d.score).toEqual({ base: 55, compare: 72, delta: 17 });
    expect(d.findings.new).toEqual([
      { ruleId: 'android.manifest.cleartext_traffic', risk: 'high', title: 'Cleartext HTTP traffic allowed', baseResult: 'pass', compareResult: 'fail', baseEvidence: 0, compareEvidence: 1 },
    ]);
    expect(d.findings.fixed).toEqual([
      { ruleId: 'android.manifest.debuggable', risk: 'high', title: expect.stringContaining('debuggable'), baseResult: 'fail', compareResult: 'pass', baseEvidence: 1, compareEvidence: 0 },
      { ruleId: 'android.manifest.test_only', risk: 'medium', title: expect.any(String), baseResult: 'fail', compareResult: null, baseEvidence: 1, compareEvidence: 0 },
    ]);
    expect(d.findings.unchanged.map((f: { ruleId: string; baseEvidence: number; compareEvidence: number }) => [f.ruleId, f.baseEvidence, f.compareEvidence])).toEqual([
      ['android.manifest.allow_backup', 1, 2],
      ['android.manifest.exported_activity', 3, 1],
    ]);
    expect(d.findings.unchecked).toEqual([]);
    expect(d.permissions).toEqual({ added: ['android.permission.CAMERA'], removed: ['android.permission.READ_CONTACTS'] });
    expect(d.sdks).toEqual({
      added: [{ name: 'JPush', category: 'push' }],
      removed: [{ name: 'Bugly', category: 'other' }],
      changed: [{ name: 'Umeng', category: 'statistics', from: '9.4', to: '9.6' }],
    });

    // The other direction swaps new and fixed.
    const back = (await post(t.app, '/task/versionDiff', { base_task_uid: v2, compare_task_uid: v1 }, admin)).body.data;
    expect(back.findings.new.map((f: { ruleId: string }) => f.ruleId)).toEqual(['android.manifest.debuggable', 'android.manifest.test_only']);
    expect(back.findings.fixed.map((f: { ruleId: string }) => f.ruleId)).toEqual(['android.manifest.cleartext_traffic']);
    expect(back.score.delta).toBe(-17);
    // zh titles by default
    expect(back.findings.new[0].title).toMatch(/[\u4e00-\u9fff]/);
  });

  it('refuses tasks that are not finished or not versions of one package', async () => {
    const other = (await post(t.app, '/task/versions', { task_uid: v1 }, admin)).body.data.list.length;
    expect(other).toBe(2);
    const queued = (await t.services.taskRuntime.repo.list({ page: 1, pageSize: 50, status: 'QUEUEING' })).rows[0]!.task_uid;
    expect((await post(t.app, '/task/versionDiff', { base_task_uid: v1, compare_task_uid: queued }, admin)).body.error).toBe('illegal_operation');
    const { list } = (await post(t.app, '/task/list', { page: 1, page_size: 50, keyword: 'com.example.other' }, admin)).body.data;
    expect((await post(t.app, '/task/versionDiff', { base_task_uid: v1, compare_task_uid: list[0].task_uid }, admin)).body.error).toBe('illegal_operation');
    expect((await post(t.app, '/task/versionDiff', { base_task_uid: v1, compare_task_uid: 'f'.repeat(24) }, admin)).body.error).toBe('task_not_found');
  });

  it('keeps each customer to its own versions', async () => {
    const idA = await createUser(t, `verA-${dialect}`, { customerKey: `ver-a-${dialect}` });
    const idB = await createUser(t, `verB-${dialect}`, { customerKey: `ver-b-${dialect}` });
    const custA = (await t.services.customers.findByKey(`ver-a-${dialect}`))!.id;
    const custB = (await t.services.customers.findByKey(`ver-b-${dialect}`))!.id;
    const repo = t.services.taskRuntime.repo;
    const a1 = (await insertFinishedTask(repo, { customerId: custA, userId: idA }, buildAssessment(V1))).task_uid;
    const a2 = (await insertFinishedTask(repo, { customerId: custA, userId: idA }, buildAssessment(V2))).task_uid;
    const b1 = (await insertFinishedTask(repo, { customerId: custB, userId: idB }, buildAssessment(V2))).task_uid;
    const a = (await login(t, `verA-${dialect}`, TEST_USER_PASSWORD)).headers;
    const b = (await login(t, `verB-${dialect}`, TEST_USER_PASSWORD)).headers;

    const listA = (await post(t.app, '/task/versions', { task_uid: a1 }, a)).body.data.list.map((e: { task_uid: string }) => e.task_uid);
    expect(listA).toEqual([a2, a1]);
    expect((await post(t.app, '/task/versions', { task_uid: b1 }, b)).body.data.list.map((e: { task_uid: string }) => e.task_uid)).toEqual([b1]);
    // Another customer's task ids reveal nothing, alone or paired with one's own.
    expect((await post(t.app, '/task/versions', { task_uid: a1 }, b)).body.error).toBe('task_not_found');
    expect((await post(t.app, '/task/versionDiff', { base_task_uid: b1, compare_task_uid: a1 }, b)).body.error).toBe('task_not_found');
    expect((await post(t.app, '/task/versionDiff', { base_task_uid: a1, compare_task_uid: a2 }, a)).status).toBe(200);
    // Admin sees both, but versions stay within the opened task's customer.
    expect((await post(t.app, '/task/versions', { task_uid: a2 }, admin)).body.data.list).toHaveLength(2);
    expect((await post(t.app, '/task/versionDiff', { base_task_uid: a1, compare_task_uid: b1 }, admin)).body.error).toBe('illegal_operation');
  });
});
