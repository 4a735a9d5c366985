/**
 * Reports and the download center end to end on a real database: queueing,
 * generation in a child process, queue positions, the transfer that makes a
 * record FINISHED, reuse of a kept file, cancel/delete/clear, the direct GET,
 * the EXCEL job, and scoping (another customer's task, missing grants, offers per platform).
 */
import { ERROR_CATALOGUE, evaluationResource } from '@citadel/contracts';
import { syntheticAssessment } from '@citadel/reports/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_ADMIN_PASSWORD, login, post, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../../test-support/users.ts';
import { finishedTask } from './test-fixtures.ts';
import { until } from '../../test-support/until.ts';

describe.each(DIALECTS)('download center on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let alice: Record<string, string>;
  let aliceId: number;
  let androidUid: string;
  const { assessment } = syntheticAssessment(30);
  const list = async (h = alice) => (await post(t.app, '/download/list', {}, h)).body.data as { id: number; name: string; status: string; error: string; queue_number: number | null; queue_len: number | null; percentage: number }[];
  const recordOf = (id: number, h = alice) => until(() => list(h), (l) => ['READY', 'ERROR'].includes(l.find((r) => r.id === id)?.status ?? ''));
  const file = (id: number, h = alice) => t.app.inject({ method: 'POST', url: '/download/file', payload: { id }, headers: h });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
    aliceId = await createUser(t, 'alice', { grants: [{ resources: evaluationResource('android')!, operations: ['view', 'add', 'download'] }, { resources: evaluationResource('ios')!, operations: ['view', 'download'] }, { resources: evaluationResource('web')!, operations: ['view', 'download'] }] });
    alice = (await login(t, 'alice', TEST_USER_PASSWORD)).headers;
    androidUid = await finishedTask(t, aliceId, assessment);
  }, 120_000);
  afterAll(async () => t?.stop());

  it('queues a PDF, generates it, and the transfer makes it FINISHED with a UTF-8 file name', async () => {
    const { body } = await post(t.app, '/download/task/report', { task_uid: androidUid, sdk_filter: ['ALL'], report_type: 'PDF', type: 'zh-CN' }, alice);
    const [id] = body.data.ids as number[];
    const ready = (await recordOf(id!)).find((r) => r.id === id)!;
    expect(ready).toMatchObject({ status: 'READY', error: '' });
    expect(ready.name).toBe('Synthetic App_完整报告_zh-CN.pdf');
    const res = await file(id!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Synthetic App_完整报告_zh-CN.pdf')}`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const done = (await until(() => list(), (l) => l.find((r) => r.id === id)?.status === 'FINISHED')).find((r) => r.id === id)!;
    expect(done).toMatchObject({ status: 'FINISHED', percentage: 100 });
    // The rendering is measured from outside its child: time and peak memory reach /metrics (issue 21).
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/citadel_report_render_seconds_count\{format="pdf",outcome="ok"\} [1-9]/);
    const peak = /citadel_report_render_peak_resident_bytes_sum\{format="pdf"\} (\d+)/.exec(metrics);
    expect(Number(peak?.[1])).toBeGreaterThan(20 * 1048576);
  }, 120_000);

  it('a PDF without any CJK font ends ERROR with report_font_missing, the panel says it in the user language; no font path reaches the user', async () => {
    const before = process.env.CITADEL_REPORT_FONT;
    process.env.CITADEL_REPORT_FONT = '/nonexistent/citadel-font.ttc';
    try {
      const { body } = await post(t.app, '/download/task/report', { task_uid: androidUid, sdk_filter: ['ALL'], report_type: 'PDF', type: 'ja' }, alice);
      const [id] = body.data.ids as number[];
      const failed = (await recordOf(id!)).find((r) => r.id === id)!;
      expect(failed).toMatchObject({ status: 'ERROR', error: 'report_font_missing' });
      expect(JSON.stringify(await list())).not.toContain('citadel-font');
      // The panel says the catalogue message of the code (zh and en).
      expect(ERROR_CATALOGUE.report_font_missing.zh).toContain('字体');
    } finally {
      if (before === undefined) delete process.env.CITADEL_REPORT_FONT;
      else process.env.CITADEL_REPORT_FONT = before;
    }
  }, 120_000);

  it('reuses the kept file for the same task, range, format and language', async () => {
    const { body } = await post(t.app, '/download/task/report', { task_uid: androidUid, sdk_filter: ['ALL'], report_type: 'PDF', type: 'zh-CN' }, alice);
    const again = (await list()).find((r) => r.id === body.data.ids[0])!;
    expect(again.status).toBe('READY');
  });

  it('one record per range; QUEUEING records show queue_number/queue_len and can be cancelled; clear empties the list', async () => {
    await t.services.reports.worker.stop();
    try {
      const { body } = await post(t.app, '/download/task/report', { task_uid: androidUid, sdk_filter: ['MAIN', 'SDK'], report_type: 'WORD', type: 'en' }, alice);
      expect(body.data.ids).toHaveLength(2);
      const queued = (await list()).filter((r) => body.data.ids.includes(r.id));
      expect(queued.map((r) => [r.status, r.queue_number, r.queue_len]).sort()).toEqual([['QUEUEING', 1, 2], ['QUEUEING', 2, 2]]);
      expect(queued.map((r) => r.name).sort()).toEqual(['Synthetic App_App body_en.docx', 'Synthetic App_Third-party SDKs_en.docx']);
      // A record cannot be fetched before it is READY, and another user cannot touch it.
      expect((await file(body.data.ids[0])).json().error).toBe('illegal_operation');
      expect((await post(t.app, '/download/delete', { id: body.data.ids[0] }, admin)).body.error).toBe('file_not_found');
      expect((await post(t.app, '/download/delete', { id: body.data.ids[0] }, alice)).status).toBe(200);
      expect((await list()).find((r) => r.id === body.data.ids[1])).toMatchObject({ queue_number: 1, queue_len: 1 });
    } finally {
      t.services.reports.worker.start();
    }
    await post(t.app, '/download/clear', {}, alice);
    expect(await list()).toEqual([]);
  }, 60_000);

  it('GET /report/download answers the full report in one request; an EXCEL job is queued like the others', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/report/download?task_uid=${androidUid}&type=word`, headers: { ...alice, lang: 'en' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const { body } = await post(t.app, '/download/task/report', { task_uid: androidUid, report_type: 'EXCEL' }, alice);
    const rec = (await recordOf(body.data.ids[0])).find((r) => r.id === body.data.ids[0])!;
    expect(rec.status).toBe('READY');
    expect(rec.name.endsWith('.xlsx')).toBe(true);
  }, 120_000);

  it('refuses other customers, missing grants, unfinished tasks and what the platform does not offer', async () => {
    await createUser(t, 'mallory', { customerKey: 'other-co', grants: [{ resources: evaluationResource('android')!, operations: ['view', 'download'] }] });
    const mallory = (await login(t, 'mallory', TEST_USER_PASSWORD)).headers;
    const req = (h: Record<string, string>, extra: object = {}) => post(t.app, '/download/task/report', { task_uid: androidUid, sdk_filter: ['ALL'], report_type: 'PDF', ...extra }, h);
    expect((await req(mallory)).body.error).toBe('task_not_found');
    expect((await t.app.inject({ method: 'GET', url: `/report/download?task_uid=${androidUid}&type=pdf`, headers: mallory })).json().error).toBe('task_not_found');

    await createUser(t, 'viewer', { grants: [{ resources: evaluationResource('android')!, operations: ['view'] }] });
    const viewer = (await login(t, 'viewer', TEST_USER_PASSWORD)).headers;
    expect((await req(viewer)).status).toBe(403);
    expect((await post(t.app, '/download/list', {}, viewer)).status).toBe(403);

    // Workbench → reports covers one's own tasks only.
    await createUser(t, 'bench', { grants: [{ resources: 'Workbench_Reports', operations: ['view', 'download'] }] });
    const bench = (await login(t, 'bench', TEST_USER_PASSWORD)).headers;
    expect((await req(bench)).body.error).toBe('no_permission');

    const running = await finishedTask(t, aliceId, assessment, { status: 'PROCESSING' });
    expect((await post(t.app, '/download/task/report', { task_uid: running, sdk_filter: ['ALL'], report_type: 'PDF' }, alice)).body.error).toBe('illegal_operation');
    const ios = await finishedTask(t, aliceId, { ...assessment, platform: 'ios' });
    expect((await post(t.app, '/download/task/report', { task_uid: ios, sdk_filter: ['MAIN'], report_type: 'PDF' }, alice)).body.error).toBe('illegal_parameter');
    const web = await finishedTask(t, aliceId, { ...assessment, platform: 'web' });
    expect((await post(t.app, '/download/task/report', { task_uid: web, sdk_filter: ['ALL'], report_type: 'EXCEL' }, alice)).body.error).toBe('illegal_parameter');
    expect((await req(alice, { sdk_filter: [] })).body.error).toBe('pick_at_least_one');
    expect((await req(alice, { report_type: 'TXT' })).body.error).toBe('illegal_parameter');
    expect((await req(alice, { type: 'fr' })).body.error).toBe('illegal_parameter');
    // Admin may have any customer's report.
    expect((await req(admin)).status).toBe(200);
  }, 60_000);
});
