/**
 * The EXCEL export by date (POST /report/cp_gen_excel) on a real database:
 * SPEC §5 "a date must be chosen" (date_required, 请选择日期), malformed and
 * reversed periods refused, days counted in the browser's offset, and the rows
 * limited to what the caller may download (customer, platform grant, own tasks).
 */
import { evaluationResource } from '@citadel/contracts';
import { HAS_SOFFICE, officeTexts, syntheticAssessment } from '@citadel/reports/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_ADMIN_PASSWORD, login, post, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../../test-support/users.ts';
import { dayStart, exportPeriod } from './excel-export.ts';
import { finishedTask } from './test-fixtures.ts';

describe('export period', () => {
  it('needs a start date, real days in order, at most 366 of them', () => {
    expect(() => exportPeriod({})).toThrow(expect.objectContaining({ code: 'date_required' }));
    expect(() => exportPeriod({ start_date: '  ' })).toThrow(expect.objectContaining({ code: 'date_required' }));
    expect(() => exportPeriod({ start_date: '2025-02-30' })).toThrow(expect.objectContaining({ code: 'illegal_parameter' }));
    expect(() => exportPeriod({ start_date: '2025/03/01' })).toThrow(expect.objectContaining({ code: 'illegal_parameter' }));
    expect(() => exportPeriod({ start_date: '2025-03-02', end_date: '2025-03-01' })).toThrow(expect.objectContaining({ code: 'illegal_parameter' }));
    expect(() => exportPeriod({ start_date: '2024-01-01', end_date: '2025-01-01' })).toThrow(expect.objectContaining({ code: 'illegal_parameter' }));
    expect(exportPeriod({ start_date: '2025-03-01' })).toEqual({ from: Date.UTC(2025, 2, 1), to: Date.UTC(2025, 2, 2), start: '2025-03-01', end: '2025-03-01' });
    // UTC+8: the day starts eight hours earlier in UTC.
    expect(dayStart('2025-03-01', 480)).toBe(Date.UTC(2025, 2, 1) - 8 * 3600_000);
  });
});

describe.each(DIALECTS)('EXCEL export by date on %s', (dialect) => {
  let t: TestApp;
  let alice: Record<string, string>;
  let bench: Record<string, string>;
  let other: Record<string, string>;
  let admin: Record<string, string>;
  const export_ = (h: Record<string, string>, body: object) => t.app.inject({ method: 'POST', url: '/report/cp_gen_excel', payload: body, headers: h });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
    const aliceId = await createUser(t, 'alice', { grants: [{ resources: evaluationResource('android')!, operations: ['view', 'download'] }] });
    const benchId = await createUser(t, 'bench', { grants: [{ resources: 'Workbench_Reports', operations: ['view', 'download'] }] });
    await createUser(t, 'other', { customerKey: 'other-co', grants: [{ resources: 'Tools_AnalysisReports', operations: ['view', 'download'] }] });
    alice = (await login(t, 'alice', TEST_USER_PASSWORD)).headers;
    bench = (await login(t, 'bench', TEST_USER_PASSWORD)).headers;
    other = (await login(t, 'other', TEST_USER_PASSWORD)).headers;
    const named = (name: string) => {
      const { assessment } = syntheticAssessment(4);
      return { ...assessment, target: { ...assessment.target, appName: name } };
    };
    await finishedTask(t, aliceId, named('March Tenth App'), { finishedAt: Date.UTC(2025, 2, 10, 12) });
    // 23:30 UTC on the 11th is already the 12th in UTC+8.
    await finishedTask(t, aliceId, named('Late Eleventh App'), { finishedAt: Date.UTC(2025, 2, 11, 23, 30) });
    await finishedTask(t, aliceId, named('April App'), { finishedAt: Date.UTC(2025, 3, 1, 8) });
    await finishedTask(t, benchId, named('Bench Own App'), { finishedAt: Date.UTC(2025, 2, 10, 9) });
  }, 120_000);
  afterAll(async () => t?.stop());

  it('refuses a download without a date with 请选择日期, and bad periods', async () => {
    const none = await export_(alice, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: 'date_required', message: '请选择日期' });
    expect((await export_({ ...alice, lang: 'en' }, { start_date: '' })).json()).toEqual({ error: 'date_required', message: 'Please choose a date' });
    expect((await export_(alice, { start_date: '2025-03-10', end_date: '2025-03-01' })).json().error).toBe('illegal_parameter');
    expect((await export_(alice, { start_date: 'yesterday' })).json().error).toBe('illegal_parameter');
  });

  it.skipIf(!HAS_SOFFICE)('exports the tasks finished on the chosen days that the caller may download', async () => {
    const files = new Map<string, Uint8Array>();
    const get = async (name: string, h: Record<string, string>, body: object) => {
      const res = await export_(h, body);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      files.set(`${name}.xlsx`, res.rawPayload);
      return res;
    };
    const utc = await get('utc', alice, { start_date: '2025-03-10', end_date: '2025-03-11', type: 'en' });
    expect(utc.headers['content-disposition']).toContain('assessments_2025-03-10_2025-03-11.xlsx');
    await get('east', alice, { start_date: '2025-03-10', end_date: '2025-03-11', utc_offset_minutes: 480, type: 'en' });
    await get('bench', bench, { start_date: '2025-03-01', end_date: '2025-04-30' });
    await get('other', other, { start_date: '2025-03-01', end_date: '2025-04-30' });
    await get('admin', admin, { start_date: '2025-03-01', end_date: '2025-04-30', platform: 'android' });
    const texts = officeTexts(files);
    const has = (name: string, app: string) => texts.get(`${name}.xlsx`)!.includes(app);
    expect(texts.get('utc.xlsx')).toContain('Assessment results');
    expect(texts.get('utc.xlsx')).toContain('com.example.synthetic');
    expect([has('utc', 'March Tenth App'), has('utc', 'Late Eleventh App'), has('utc', 'April App'), has('utc', 'Bench Own App')]).toEqual([true, true, false, true]);
    expect([has('east', 'March Tenth App'), has('east', 'Late Eleventh App')]).toEqual([true, false]);
    // Workbench reports cover one's own tasks; another customer sees none of these; admin sees all.
    expect([has('bench', 'Bench Own App'), has('bench', 'March Tenth App')]).toEqual([true, false]);
    expect(['March Tenth App', 'April App', 'Bench Own App'].some((a) => has('other', a))).toBe(false);
    expect(['March Tenth App', 'Late Eleventh App', 'April App', 'Bench Own App'].every((a) => has('admin', a))).toBe(true);
    expect(texts.get('bench.xlsx')).toContain('测评结果导出');
  }, 120_000);
});
