/**
 * Issue 9 in a real browser: a finished task's result page → "download report"
 * → the 600px dialog (ALL/MAIN/SDK for Android, "请至少选择一个数据范围" when
 * none) → PDF → the download panel shows the record until it is FINISHED, the
 * badge counts it, and the PDF arrives under its UTF-8 name. A task run with
 * an assessment template opens the dialog in that template's report template
 * and language; the panel hears of a new record over the WebSocket before the
 * next 5-second poll; Tools → analysis reports refuses an EXCEL export without
 * a date ("请选择日期") and downloads it with one.
 */
import { readFileSync } from 'node:fs';
import { syntheticAssessment } from '@citadel/reports/testing';
import { LABELS } from '@citadel/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedTask } from '../../server/src/domain/reports/test-fixtures.ts';
import { TEST_ADMIN_PASSWORD } from '../../server/src/test-support/test-app.ts';
import { resultPath } from '../src/components/task-table/evaluation-routes.ts';
import { type Portal, chromiumAvailable, signIn, startPortal } from './harness.ts';

describe.skipIf(!chromiumAvailable)('reports and the download center in the browser', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  }, 300_000);
  afterAll(async () => portal?.stop());

  it('downloads a PDF report from the result page through the panel', async () => {
    const adminId = (await portal.app.services.users.findByName('admin'))!.id;
    const uid = await finishedTask(portal.app, adminId, syntheticAssessment(10).assessment);
    const context = await portal.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, portal, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('main-layout').waitFor();
    await page.goto(`${portal.url}#${resultPath('android', uid)}`);
    await page.getByTestId('report-download-button').click();

    const dialog = page.locator('.ant-modal').filter({ hasText: '下载报告' });
    await dialog.waitFor();
    // Measured once the opening animation has ended.
    await expect.poll(async () => Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(600);
    for (const r of ['ALL', 'MAIN', 'SDK']) await page.getByTestId(`report-range-${r}`).waitFor();
    // No range: refused with the spec's message.
    await page.getByTestId('report-range-ALL').click();
    await page.getByTestId('report-submit').click();
    await expect.poll(() => dialog.getByText('请至少选择一个数据范围').count()).toBeGreaterThan(0);
    await page.getByTestId('report-range-ALL').click();
    await page.getByTestId('report-format-PDF').click();

    const downloadEvent = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByTestId('report-submit').click();
    const panel = page.getByTestId('download-panel');
    await panel.waitFor();
    await expect.poll(async () => Math.round((await panel.boundingBox())?.y ?? 0)).toBe(66);
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toBe('Synthetic App_完整报告_zh-CN.pdf');
    expect(readFileSync(await download.path()).subarray(0, 5).toString()).toBe('%PDF-');
    await expect.poll(() => panel.locator('[data-status=FINISHED]').count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('header-downloads-badge').textContent(), { timeout: 15_000 }).toContain('1');

    // Minimize and reopen from the header.
    await page.getByTestId('download-minimize').click();
    await expect.poll(() => page.getByTestId('download-panel').count()).toBe(0);
    await page.getByTestId('header-downloads').click();
    await page.getByTestId('download-panel').waitFor();
    await context.close();
  }, 300_000);

  /** A signed-in zh-CN admin page; the session headers come from the browser's own storage (a second login would end it). */
  async function adminPage() {
    const context = await portal.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, portal, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('main-layout').waitFor();
    const headers = await page.evaluate(() => ({ token: localStorage.getItem('token') ?? '', user: localStorage.getItem('username') ?? '' }));
    return { context, page, headers };
  }

  it("starts the dialog with the task's template's report template and language, and the file follows them", async () => {
    const adminId = (await portal.app.services.users.findByName('admin'))!.id;
    const { db } = portal.app.services.database;
    const now = Date.now();
    const template = await db
      .insertInto('templates')
      .values({ platform: 'android', name: '审计模板', customer_id: null, is_default: 0, preset_template: null, preset_type: 'custom', report_template: 'compliance', report_language: 'ja', items: JSON.stringify(['android.manifest.debuggable']), created_by: adminId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const uid = await finishedTask(portal.app, adminId, syntheticAssessment(6).assessment, { templateId: template.id });
    const { context, page } = await adminPage();
    await page.goto(`${portal.url}#${resultPath('android', uid)}`);
    await page.getByTestId('report-download-button').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '下载报告' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('report-defaults-origin').textContent()).toContain('审计模板');
    await expect.poll(() => dialog.getByTestId('report-template').textContent()).toContain('合规报告');
    await expect.poll(() => dialog.getByTestId('report-language').textContent()).toContain('日本語');
    await page.getByTestId('report-format-PDF').click();
    const downloadEvent = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByTestId('report-submit').click();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toBe(`Synthetic App_${LABELS.ja.rangeNames.ALL}_${LABELS.ja.layoutTitles.compliance}_ja.pdf`);
    await context.close();
  }, 300_000);

  it('the panel shows a new record pushed over the WebSocket before the next 5-second poll', async () => {
    const adminId = (await portal.app.services.users.findByName('admin'))!.id;
    const uid = await finishedTask(portal.app, adminId, syntheticAssessment(3).assessment);
    const { context, page, headers } = await adminPage();
    const polls: number[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/download/list')) polls.push(Date.now());
    });
    await page.getByTestId('header-downloads').click();
    const panel = page.getByTestId('download-panel');
    await panel.waitFor();
    // Let the socket connect, then act right after a poll: the next one is 5 s away.
    await page.waitForTimeout(1500);
    const seen = polls.length;
    await expect.poll(() => polls.length, { timeout: 10_000, intervals: [20] }).toBeGreaterThan(seen);
    const lastPoll = polls.at(-1)!;
    await portal.app.services.reports.worker.stop();
    try {
      const res = await portal.app.app.inject({ method: 'POST', url: '/download/task/report', payload: { task_uid: uid, sdk_filter: ['ALL'], report_type: 'WORD', type: 'en' }, headers });
      const id = res.json().data.ids[0] as number;
      await panel.locator(`[data-testid=download-row-${id}][data-status=QUEUEING]`).waitFor({ timeout: 10_000 });
      expect(Date.now() - lastPoll, 'the record appeared through the push, not the poll').toBeLessThan(4500);
    } finally {
      portal.app.services.reports.worker.start();
    }
    await context.close();
  }, 120_000);

  it('Tools → analysis reports: no EXCEL export without a date (请选择日期); with one the workbook downloads', async () => {
    const adminId = (await portal.app.services.users.findByName('admin'))!.id;
    await finishedTask(portal.app, adminId, syntheticAssessment(3).assessment, { finishedAt: Date.UTC(2025, 4, 20, 6) });
    const { context, page } = await adminPage();
    await page.goto(`${portal.url}#/tools/reports`);
    await page.getByTestId('page-tools-reports').waitFor();
    const exportCard = page.getByTestId('excel-export');
    let requests = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/report/cp_gen_excel')) requests++;
    });
    await page.getByTestId('excel-export-submit').click();
    await expect.poll(() => exportCard.getByText('请选择日期').count()).toBeGreaterThan(0);
    expect(requests).toBe(0);

    const picker = page.getByTestId('excel-export-dates');
    await picker.locator('input').first().click();
    await picker.locator('input').first().fill('2025-05-19');
    await picker.locator('input').nth(1).click();
    await picker.locator('input').nth(1).fill('2025-05-21');
    await picker.locator('input').nth(1).press('Enter');
    await expect.poll(() => exportCard.getByText('请选择日期').count()).toBe(0);
    const downloadEvent = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByTestId('excel-export-submit').click();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toBe('assessments_2025-05-19_2025-05-21.xlsx');
    expect(readFileSync(await download.path()).subarray(0, 2).toString()).toBe('PK');
    await context.close();
  }, 120_000);
});
