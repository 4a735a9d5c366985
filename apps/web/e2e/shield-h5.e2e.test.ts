/**
 * Issue 28 in a real browser: admin adds an H5 strategy on the "add strategy"
 * page (schema-driven form; global renaming on, a verification step), submits
 * the multi-file test web app (shared globals, inline handlers, a module) with
 * it, waits for the task to finish, and reads the detail view: protections
 * applied, every verification check passed, the measured sizes; the protected
 * zip is downloaded.
 */
import { writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@citadel/shield-h5';
import { TEST_ADMIN_PASSWORD } from '../../server/src/test-support/test-app.ts';
import { type Portal, chromiumAvailable, signIn, startPortal } from './harness.ts';

describe.skipIf(!chromiumAvailable)('H5 hardening in the browser', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  }, 300_000);
  afterAll(async () => portal?.stop());

  it('adds a strategy, hardens a web app with it and shows the verified result', async () => {
    const context = await portal.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, portal, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('main-layout').waitFor();

    // "add strategy": the form comes from the type's schema, in Chinese
    await page.goto(`${portal.url}#/shield/H5/template`);
    await page.getByTestId('shield-strategy-table').waitFor();
    await page.getByText('H5 均衡').first().waitFor({ timeout: 20_000 });
    await page.getByTestId('shield-strategy-add').click();
    await page.getByTestId('shield-strategy-form').waitFor();
    await page.getByText('全局标识符重命名').first().waitFor({ timeout: 20_000 });
    await page.getByTestId('strategy-name').fill('商城前端');
    await page.getByTestId('opt-interactions').fill('click #add\nfill #name Ann\nclick #greet');
    await page.getByTestId('strategy-save').click();
    await page.locator('[data-testid=shield-strategy-table] tbody tr', { hasText: '商城前端' }).waitFor({ timeout: 20_000 });

    // a task with it
    const dir = mkdtempSync(path.join(tmpdir(), 'shield-e2e-'));
    const zip = path.join(dir, 'shop.zip');
    writeFileSync(zip, buildTestApp());
    await page.goto(`${portal.url}#/shield/H5`);
    await page.getByTestId('shield-table').waitFor();
    await page.getByTestId('shield-add').click();
    await page.getByTestId('shield-strategy').click();
    await page.locator('.ant-select-item-option', { hasText: '商城前端' }).click();
    await page.locator('.ant-modal input[type=file]').setInputFiles(zip);
    await page.getByTestId('shield-submit').click();
    const row = page.locator('[data-testid=shield-table] tbody tr.ant-table-row', { hasText: 'shop.zip' });
    await row.waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await row.textContent()) ?? '', { timeout: 240_000, interval: 2000 }).toMatch(/已完成|异常/);
    expect(await row.textContent()).toContain('已完成');

    // the detail view
    await row.getByTestId('row-view').click();
    await page.getByTestId('shield-detail').waitFor();
    await expect.poll(async () => (await page.getByTestId('shield-verdict').textContent()) ?? '', { timeout: 20_000 }).toBe('通过');
    const applied = (await page.getByTestId('shield-applied').textContent()) ?? '';
    expect(applied).toContain('脚本混淆');
    expect(applied).toContain('全局标识符重命名');
    const checks = (await page.getByTestId('shield-checks').textContent()) ?? '';
    expect(checks).toContain('页面文本与结构与原始页面一致');
    expect(checks).not.toContain('未通过');
    expect((await page.getByTestId('shield-metrics').textContent()) ?? '').toContain('加固耗时');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('shield-download').click()]);
    expect(download.suggestedFilename()).toBe('shop-protected.zip');
    await context.close();
  }, 400_000);
});
