/**
 * The assessment template's report template and language (SPEC §3) on a real
 * database: a task run with a template reports in its layout and language by
 * default (the dialog's options, the queued job, the direct GET); the built-in
 * default template and a task without one use the evaluation settings'
 * report defaults; an explicit choice overrides, and each layout is kept apart.
 */
import { evaluationResource } from '@citadel/contracts';
import { LABELS } from '@citadel/reports';
import { HAS_PDFTOTEXT, pdfText, syntheticAssessment } from '@citadel/reports/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_ADMIN_PASSWORD, login, post, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../../test-support/users.ts';
import { finishedTask } from './test-fixtures.ts';
import { until } from '../../test-support/until.ts';

describe.each(DIALECTS)('report template and language from the assessment template on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let alice: Record<string, string>;
  let aliceId: number;
  let defaultId: number;
  let compliance: { id: number };
  const { assessment } = syntheticAssessment(12);
  type Row = { id: number; name: string; status: string };
  const list = async () => (await post(t.app, '/download/list', {}, alice)).body.data as Row[];
  const ready = async (id: number) => (await until(list, (l) => ['READY', 'ERROR'].includes(l.find((r) => r.id === id)?.status ?? ''))).find((r) => r.id === id)!;
  const fileText = async (id: number) => pdfText((await t.app.inject({ method: 'POST', url: '/download/file', payload: { id }, headers: alice })).rawPayload);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
    aliceId = await createUser(t, 'alice', {
      grants: [
        { resources: evaluationResource('android')!, operations: ['view', 'add', 'download'] },
        { resources: 'Template_Android', operations: ['view', 'add', 'edit'] },
      ],
    });
    alice = (await login(t, 'alice', TEST_USER_PASSWORD)).headers;
    const templates = (await post(t.app, '/template/list', { platform: 'android' }, alice)).body.data.list as { id: number; is_default: boolean; items: string[] }[];
    const builtIn = templates.find((x) => x.is_default)!;
    defaultId = builtIn.id;
    compliance = (await post(t.app, '/template/save', { platform: 'android', name: 'audit', preset_type: 'custom', report_template: 'compliance', report_language: 'ja', items: builtIn.items.slice(0, 5) }, alice)).body.data;
    expect(compliance.id).toBeGreaterThan(0);
  }, 120_000);
  afterAll(async () => t?.stop());

  it('a task run with a template: the dialog starts with its layout and language, and the job renders them', async () => {
    const uid = await finishedTask(t, aliceId, assessment, { templateId: compliance.id });
    const options = (await post(t.app, '/report/options', { task_uid: uid }, alice)).body.data;
    expect(options).toMatchObject({ report_template: 'compliance', report_language: 'ja', source: 'template', template_name: 'audit', ranges: ['ALL', 'MAIN', 'SDK'], formats: ['WORD', 'PDF', 'EXCEL'] });

    const [id] = (await post(t.app, '/download/task/report', { task_uid: uid, sdk_filter: ['ALL'], report_type: 'PDF' }, alice)).body.data.ids as number[];
    const rec = await ready(id!);
    expect(rec).toMatchObject({ status: 'READY', name: `Synthetic App_${LABELS.ja.rangeNames.ALL}_${LABELS.ja.layoutTitles.compliance}_ja.pdf` });
    if (HAS_PDFTOTEXT) {
      const text = await fileText(id!);
      // The synthetic rules are not in the installed catalogue, so the checklist has one row without a requirement.
      for (const s of [LABELS.ja.layoutTitles.compliance, LABELS.ja.checklist, LABELS.ja.notConforms]) expect(text).toContain(s);
      expect(text).not.toContain(LABELS.ja.testingSteps);
    }

    // An explicit choice overrides the template, and is a different file (not the kept compliance one).
    const [briefId] = (await post(t.app, '/download/task/report', { task_uid: uid, sdk_filter: ['ALL'], report_type: 'PDF', type: 'en', report_template: 'brief' }, alice)).body.data.ids as number[];
    const brief = await ready(briefId!);
    expect(brief.name).toBe(`Synthetic App_Full report_${LABELS.en.layoutTitles.brief}_en.pdf`);
    if (HAS_PDFTOTEXT) {
      const text = await fileText(briefId!);
      expect(text).toContain(LABELS.en.layoutTitles.brief);
      expect(text).not.toContain(LABELS.en.checklist);
      expect(text).not.toContain('Check 2');
    }
    expect((await post(t.app, '/download/task/report', { task_uid: uid, sdk_filter: ['ALL'], report_type: 'PDF', report_template: 'fancy' }, alice)).body.error).toBe('illegal_parameter');

    // The direct GET uses the template's layout and language too.
    const direct = await t.app.inject({ method: 'GET', url: `/report/download?task_uid=${uid}&type=pdf`, headers: alice });
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['content-disposition']).toContain(encodeURIComponent(`Synthetic App_${LABELS.ja.rangeNames.ALL}_${LABELS.ja.layoutTitles.compliance}_ja.pdf`));
  }, 180_000);

  it('the built-in default template, no template or a deleted one use the evaluation settings’ report defaults', async () => {
    const withDefault = await finishedTask(t, aliceId, assessment, { templateId: defaultId });
    const without = await finishedTask(t, aliceId, assessment);
    const gone = (await post(t.app, '/template/save', { platform: 'android', name: 'short-lived', preset_type: 'custom', report_template: 'compliance', report_language: 'ja', items: ['android.manifest.debuggable'] }, admin)).body.data;
    const orphan = await finishedTask(t, aliceId, assessment, { templateId: gone.id });
    expect((await post(t.app, '/template/delete', { ids: [gone.id] }, admin)).status).toBe(200);

    const opts = async (uid: string) => (await post(t.app, '/report/options', { task_uid: uid }, alice)).body.data;
    for (const uid of [withDefault, without, orphan]) expect(await opts(uid)).toMatchObject({ report_template: 'standard', report_language: 'zh-CN', source: 'settings' });
    expect((await post(t.app, '/rules/settingsSave', { report_template: 'brief', report_language: 'zh-TW' }, admin)).status).toBe(200);
    for (const uid of [withDefault, without, orphan]) expect(await opts(uid)).toMatchObject({ report_template: 'brief', report_language: 'zh-TW', source: 'settings' });
    expect((await opts(withDefault)).template_name).toBe('默认模板');

    const [id] = (await post(t.app, '/download/task/report', { task_uid: without, sdk_filter: ['ALL'], report_type: 'WORD' }, alice)).body.data.ids as number[];
    expect((await ready(id!)).name).toBe(`Synthetic App_${LABELS['zh-TW'].rangeNames.ALL}_${LABELS['zh-TW'].layoutTitles.brief}_zh-TW.docx`);
    await post(t.app, '/rules/settingsSave', { report_template: 'standard', report_language: 'zh-CN' }, admin);
  }, 120_000);

  it('templates accept the compliance layout and refuse unknown ones', async () => {
    const bad = await post(t.app, '/template/save', { platform: 'android', name: 'bad', preset_type: 'custom', report_template: 'fancy', report_language: 'en', items: ['android.manifest.debuggable'] }, alice);
    expect(bad.status).toBe(400);
    expect((await post(t.app, '/template/get', { id: compliance.id }, alice)).body.data).toMatchObject({ report_template: 'compliance', report_language: 'ja' });
  });
});
