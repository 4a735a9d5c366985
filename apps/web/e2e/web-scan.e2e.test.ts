/**
 * The web assessment's create page in a real browser: the scan options (limits, scope,
 * authentication, active checks with their warning) become the task's engine parameters,
 * nothing active is sent unless ticked, and a login form without its fields is refused
 * in the form.
 */
import { createPath } from '../src/components/task-table/evaluation-routes.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD } from '../../server/src/test-support/test-app.ts';
import { type Portal, chromiumAvailable, signIn, startPortal } from './harness.ts';

describe.skipIf(!chromiumAvailable)('web assessment scan options in the browser', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => portal?.stop());

  const latestWebParams = async () => {
    const row = await portal.app.services.database.db.selectFrom('tasks').select(['params', 'url']).where('platform', '=', 'web').orderBy('id', 'desc').executeTakeFirst();
    return row ? { url: row.url, params: JSON.parse(row.params) as Record<string, string> } : undefined;
  };

  it('sends the chosen options as engine parameters, and no active check unless ticked', async () => {
    const context = await portal.browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await signIn(page, portal, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('main-layout').waitFor();
    const create = `${portal.url}#${createPath('web')}`;

    // Defaults: a passive scan.
    await page.goto(create);
    await page.getByTestId('create-url').fill('http://scan-target.invalid/');
    await page.getByTestId('create-web_name').fill('门户');
    await page.getByTestId('create-web_version').fill('1.0');
    await page.getByTestId('create-submit').click();
    await expect.poll(async () => (await latestWebParams())?.url).toBe('http://scan-target.invalid/');
    expect((await latestWebParams())?.params).toEqual({});

    // Options: limits, scope, a login form, two active groups (with the warning).
    await page.goto(create);
    await page.getByTestId('create-url').fill('http://scan-target.invalid/app/');
    await page.getByTestId('create-web_name').fill('门户2');
    await page.getByTestId('create-web_version').fill('2.0');
    await page.getByTestId('scan-options').getByText('扫描选项').click();
    await page.getByTestId('scan-max-pages').fill('30');
    await page.getByTestId('scan-rate').fill('5');
    await page.getByTestId('scan-exclude').fill('/admin/\n\\.pdf$');
    await page.getByTestId('scan-auth').getByText('登录表单').click();
    await page.getByTestId('scan-active').getByText('SQL 注入').click();
    await page.getByTestId('scan-active').getByText('跨站脚本（XSS）').click();
    await page.getByTestId('scan-active-warning').waitFor();
    // The login form's fields are required.
    await page.getByTestId('create-submit').click();
    await expect.poll(() => page.getByText('请输入用户名').count()).toBeGreaterThan(0);
    await page.getByTestId('scan-login-url').fill('http://scan-target.invalid/app/login');
    await page.getByTestId('scan-login-user').fill('tester');
    await page.getByTestId('scan-login-password').fill('S3cret!');
    await page.getByTestId('create-submit').click();
    await expect.poll(async () => (await latestWebParams())?.url).toBe('http://scan-target.invalid/app/');
    expect((await latestWebParams())?.params).toEqual({
      active: 'xss,sqli',
      maxPages: '30',
      rate: '5',
      exclude: '/admin/\n\\.pdf$',
      loginUrl: 'http://scan-target.invalid/app/login',
      loginUser: 'tester',
      loginPassword: 'S3cret!',
    });
    await context.close();
  }, 120_000);
});
