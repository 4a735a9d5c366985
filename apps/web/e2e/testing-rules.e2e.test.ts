/**
 * Issue 10 in a real browser: admin adds a custom third-party SDK and finds it
 * by its prefix, disables a seeded SDK, changes the task time limit in the
 * evaluation settings and sees it saved (in the form and in the database), and
 * reads a rule of the catalogue in the rule settings reference.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD } from '../../server/src/test-support/test-app.ts';
import { type Portal, chromiumAvailable, signIn, startPortal } from './harness.ts';

describe.skipIf(!chromiumAvailable)('testing rules in the browser', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  }, 300_000);
  afterAll(async () => portal?.stop());

  it('adds a custom SDK, disables a seeded one, saves a new task time limit and shows the rule reference', async () => {
    const context = await portal.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await signIn(page, portal, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('main-layout').waitFor();
    const db = portal.app.services.database.db;

    // A custom SDK, found again by its prefix.
    await page.goto(`${portal.url}#/testing/sdk`);
    await page.getByTestId('sdk-table').waitFor();
    await expect.poll(() => page.locator('[data-testid=sdk-table] tr', { hasText: '内置' }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByTestId('sdk-add').click();
    await page.getByTestId('sdk-form').waitFor();
    await page.getByTestId('sdk-submit').click();
    await page.getByText('请输入SDK名称').waitFor();
    await page.getByTestId('sdk-name').fill('  Acme Tracker  ');
    await page.getByTestId('sdk-name').blur();
    await page.getByTestId('sdk-category').click();
    await page.locator('.ant-select-item-option', { hasText: '统计' }).click();
    await page.getByTestId('sdk-packages').locator('input').fill('com.acmetracker.sdk');
    await page.getByTestId('sdk-packages').locator('input').press('Enter');
    await page.getByTestId('sdk-ios_class_prefixes').locator('input').fill('ACT');
    await page.getByTestId('sdk-ios_class_prefixes').locator('input').press('Enter');
    await page.getByTestId('sdk-submit').click();
    await expect.poll(async () => (await db.selectFrom('sdk_library').select(['name', 'category', 'packages', 'ios_class_prefixes']).where('name', '=', 'Acme Tracker').executeTakeFirst()) ?? null, { timeout: 15_000 }).toEqual({
      name: 'Acme Tracker',
      category: 'statistics',
      packages: '["com.acmetracker.sdk"]',
      ios_class_prefixes: '["ACT"]',
    });
    await page.getByTestId('sdk-search-prefix').fill('acmetracker');
    await page.getByTestId('search-query').click();
    await expect.poll(() => page.locator('[data-testid=sdk-table] tbody tr.ant-table-row').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.locator('[data-testid=sdk-table] tbody tr.ant-table-row').first().textContent()).toContain('Acme Tracker');

    // A seeded SDK can only be disabled.
    await page.getByTestId('search-reset').click();
    await page.getByTestId('sdk-search-name').fill('Bugly');
    await page.getByTestId('search-query').click();
    const bugly = page.locator('[data-testid=sdk-table] tbody tr.ant-table-row', { hasText: '内置' }).first();
    await bugly.waitFor();
    expect(await bugly.getByTestId('row-delete').count()).toBe(0);
    await bugly.getByTestId('row-toggle').click();
    await expect.poll(() => bugly.textContent(), { timeout: 10_000 }).toContain('禁用');
    const seeded = await db.selectFrom('sdk_library').select(['enabled']).where('is_default', '=', 1).where('name', 'like', '%Bugly%').execute();
    expect(seeded.map((r) => r.enabled)).toContain(0);

    // The task time limit.
    await page.goto(`${portal.url}#/system/evaluation`);
    await page.getByTestId('settings-form').waitFor();
    const timeout = page.getByTestId('settings-task_timeout_seconds');
    await expect.poll(() => timeout.inputValue(), { timeout: 10_000 }).not.toBe('');
    await timeout.fill('900');
    await page.getByTestId('settings-save').click();
    await expect.poll(async () => (await portal.app.services.rules.settings.current()).task_timeout_seconds, { timeout: 10_000 }).toBe(900);
    await page.reload();
    await page.getByTestId('settings-form').waitFor();
    await expect.poll(() => page.getByTestId('settings-task_timeout_seconds').inputValue(), { timeout: 10_000 }).toBe('900');

    // The rule reference: search an Android item and read its texts.
    await page.goto(`${portal.url}#/testing/rules`);
    await page.getByTestId('rules-table').waitFor();
    await page.getByTestId('rules-platform').click();
    await page.locator('.ant-select-item-option', { hasText: /^Android \(/ }).click();
    await page.getByTestId('rules-keyword').fill('android.manifest.debuggable');
    await page.getByTestId('search-query').click();
    const row = page.locator('[data-testid=rules-table] tbody tr.ant-table-row', { hasText: 'android.manifest.debuggable' });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    expect(await row.textContent()).toMatch(/CWE-\d+/);
    await context.close();
  }, 180_000);
});
