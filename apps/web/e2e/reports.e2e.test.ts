/**
 * Issue 9 in a real browser: a finished task's result page → "download report"
 * → the 600px dialog (ALL/MAIN/SDK for Android, "请至少选择一个数据范围" when
 * none) → PDF → the download panel shows the record until it is FINISHED, the
 * badge counts it, and the PDF arrives under its UTF-8 name.
 */
import { readFileSync } from 'node:fs';
import { syntheticAssessment } from '@citadel/reports/testing';
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
});
