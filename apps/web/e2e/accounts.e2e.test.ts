/**
 * Issue 12 in a real browser: admin creates a role with two menus and an
 * account with that role; the account signs in and sees exactly those menus;
 * admin disables it and its open session ends.
 */
import { ROUTES } from '@citadel/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD } from '../../server/src/test-support/test-app.ts';
import { type Portal, chromiumAvailable, signIn, startPortal } from './harness.ts';

const ROLE = 'two_menus';
const ACCOUNT = 'menu_user';
const PASSWORD = 'Menu#User2026';
/** The two granted modules and the menu groups they sit in. */
const GRANTED = [
  { group: 'home', leaf: 'home' },
  { group: 'tools', leaf: 'Tools_Samples' },
];

describe.skipIf(!chromiumAvailable)('accounts and roles in the browser', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  }, 180_000);
  afterAll(async () => portal?.stop());

  async function newPage(): Promise<Page> {
    const context = await portal.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    return context.newPage();
  }

  async function choose(page: Page, selectTestId: string, label: string): Promise<void> {
    await page.getByTestId(selectTestId).click();
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click();
  }

  it('admin builds a role and an account; the account sees exactly its menus and is shut out when disabled', async () => {
    const admin = await newPage();
    await signIn(admin, portal, 'admin', TEST_ADMIN_PASSWORD);
    await admin.getByTestId('main-layout').waitFor();

    // Role: module first, then operations (view comes with the module).
    await admin.goto(`${portal.url}#/system/permission`);
    await admin.getByTestId('page-roles').waitFor();
    await admin.getByTestId('role-add').click();
    await admin.getByTestId('role-name').fill(ROLE);
    await admin.getByTestId('perm-select-all').click();
    await admin.getByTestId('perm-clear').click();
    for (const { leaf } of GRANTED) await admin.getByTestId(`perm-module-${leaf}`).click();
    await admin.getByTestId('perm-op-Tools_Samples-download').click();
    await admin.getByTestId('role-submit').click();
    await admin.getByTestId(`role-row-${ROLE}`).waitFor();
    const roleId = (await portal.app.services.roles.findByName(ROLE))!.id;
    expect(await portal.app.services.roles.permissions(roleId)).toEqual([
      { resources: 'Tools_Samples', operations: ['view', 'download'] },
      { resources: 'home', operations: ['view'] },
    ]);

    // Account with that role.
    await admin.goto(`${portal.url}#/system/systemAccout`);
    await admin.getByTestId('page-accounts').waitFor();
    await admin.getByTestId('account-add').click();
    await admin.getByTestId('account-real-name').fill('菜单用户');
    await choose(admin, 'account-customer', '默认客户');
    await admin.getByTestId('account-name').fill(ACCOUNT);
    await choose(admin, 'account-role', ROLE);
    await admin.getByTestId('account-email').fill('menu@example.com');
    await admin.getByTestId('account-phone').fill('13800000000');
    await admin.getByTestId('account-password').fill(PASSWORD);
    await admin.getByTestId('account-password-confirm').fill(`${PASSWORD}x`);
    await expect.poll(() => admin.getByText('两次输入的密码不一致').count()).toBeGreaterThan(0);
    await admin.getByTestId('account-password-confirm').fill(PASSWORD);
    await admin.getByTestId('account-submit').click();
    const row = admin.getByTestId(`account-row-${ACCOUNT}`);
    await row.waitFor();
    // The search box narrows the list to matching accounts; Reset shows them all again.
    await admin.getByTestId('account-search').fill('no-such-account');
    await admin.getByTestId('search-query').click();
    await expect.poll(() => row.count()).toBe(0);
    await admin.getByTestId('search-reset').click();
    await expect.poll(() => row.count()).toBe(1);

    // The account signs in and sees exactly the two menus.
    const user = await newPage();
    await signIn(user, portal, ACCOUNT, PASSWORD);
    await user.getByTestId('main-layout').waitFor();
    for (const group of ROUTES) {
      const expected = GRANTED.some((g) => g.group === group.key) ? 1 : 0;
      await expect.poll(() => user.getByTestId(`menu-${group.key}`).count(), group.key).toBe(expected);
    }
    // An administrator-issued password is changed at the first sign-in: the dialog asks for it.
    await user.getByTestId('password-new').waitFor();
    await user.goto(`${portal.url}#/tools/samples`);
    await user.getByTestId('page-samples').waitFor();
    await expect.poll(() => user.getByTestId('menu-Tools_Samples').count()).toBe(1);
    await expect(user.getByTestId('menu-Tools_TaskLedger').count()).resolves.toBe(0);

    // Admin disables the account: its open session ends at its next call.
    await row.getByTestId('account-disable').click();
    await row.getByTestId('account-disabled-tag').waitFor();
    await user.goto(`${portal.url}#/index/home`);
    await user.goto(`${portal.url}#/tools/samples`);
    await user.getByTestId('login-username').waitFor({ timeout: 15_000 });

    // The audit log filters by user: the account's creation by admin is there, nothing under a stranger's name.
    await admin.goto(`${portal.url}#/system/audit`);
    await admin.getByTestId('page-audit-log').waitFor();
    const auditRows = admin.locator('[data-testid=audit-table] tbody tr.ant-table-row');
    await expect.poll(() => auditRows.count()).toBeGreaterThan(0);
    await admin.getByTestId('audit-user').fill('nobody-at-all');
    await admin.getByTestId('search-query').click();
    await expect.poll(() => auditRows.count()).toBe(0);
    await admin.getByTestId('audit-user').fill('admin');
    await admin.getByTestId('search-query').click();
    await expect.poll(() => auditRows.count()).toBeGreaterThan(0);
    await admin.context().close();
    await user.context().close();
  }, 180_000);
});
