/**
 * Issue 10 in a real browser: copy the default Android template, untick the
 * debuggable item, save it; then create an Android evaluation with it and see
 * the task carry the template and its selection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApk } from '../../server/src/domain/templates/test-helpers.ts';
import { TEST_ADMIN_PASSWORD } from '../../server/src/test-support/test-app.ts';
import { type Portal, chromiumAvailable, signIn, startPortal } from './harness.ts';

describe.skipIf(!chromiumAvailable)('templates in the browser', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  }, 300_000);
  afterAll(async () => portal?.stop());

  it('copies the default Android template without the debuggable item and creates an evaluation with it', async () => {
    const context = await portal.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await signIn(page, portal, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('main-layout').waitFor();
    await page.goto(`${portal.url}#/template/Android`);
    await page.getByTestId('template-table').waitFor();
    await expect.poll(() => page.locator('[data-testid=template-table] tr', { hasText: '默认模板' }).count(), { timeout: 15_000 }).toBe(1);
    await page.getByTestId('template-create').click();
    await page.getByTestId('template-form').waitFor();
    await page.getByTestId('item-android.manifest.debuggable').waitFor();
    await expect.poll(() => page.getByTestId('item-android.manifest.debuggable').locator('input').isChecked(), { timeout: 15_000 }).toBe(true);
    await page.getByTestId('template-name').fill('  无调试项模板  ');
    await page.getByTestId('template-name').blur();
    await page.getByTestId('item-android.manifest.debuggable').locator('input').click();
    expect(await page.getByTestId('item-android.manifest.debuggable').locator('input').isChecked()).toBe(false);
    await page.getByTestId('template-save').click();
    await page.getByTestId('template-table').waitFor();
    await expect.poll(() => page.locator('[data-testid=template-table] tr', { hasText: '无调试项模板' }).count(), { timeout: 10_000 }).toBe(1);

    await page.goto(`${portal.url}#/safeservice/AndroidEvaluation/create`);
    await page.getByTestId('create-form').waitFor();
    await page.locator('[data-testid=create-upload] input[type=file]').setInputFiles({ name: 'app.apk', mimeType: 'application/octet-stream', buffer: await testApk() });
    await page.getByTestId('create-template').click();
    await page.locator('.ant-select-item-option', { hasText: '无调试项模板' }).click();
    await expect.poll(() => page.getByTestId('create-submit').isEnabled(), { timeout: 20_000 }).toBe(true);
    await page.getByTestId('create-submit').click();

    const db = portal.app.services.database.db;
    await expect.poll(async () => (await db.selectFrom('tasks').select('id').executeTakeFirst()) ?? null, { timeout: 20_000 }).not.toBeNull();
    const row = await db.selectFrom('tasks').select(['template_name', 'selected']).executeTakeFirstOrThrow();
    expect(row.template_name).toBe('无调试项模板');
    const selected = JSON.parse(row.selected!) as string[];
    expect(selected).not.toContain('android.manifest.debuggable');
    expect(selected).toContain('android.manifest.allow_backup');
    await context.close();
  }, 180_000);
});
