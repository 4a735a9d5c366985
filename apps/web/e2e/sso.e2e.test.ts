/**
 * Issue 30, single sign-on in a real browser against a real OpenID Connect
 * provider (oidc-provider, started here): in SSO mode the login page offers the
 * provider; a provider user signs in there (authorization code + PKCE), comes
 * back, is provisioned by its customer and role claims, gets the SPEC §6
 * one-time submit_type warning, and signs out at the provider too. A user whose
 * customer claim names no customer is refused with the catalogue message; a
 * replayed or forged state is refused; local admin sign-in still works.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@citadel/contracts';
import { type TestProvider, freePort, startTestProvider } from '../../server/src/domain/sso/test-provider.ts';
import { EVALUATOR_ROLE } from '../../server/src/domain/seed.ts';
import { TEST_ADMIN_PASSWORD, type TestApp, startTestApp } from '../../server/src/test-support/test-app.ts';
import { CHROMIUM, chromiumAvailable, signIn } from './harness.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe.skipIf(!chromiumAvailable)('single sign-on through a real OpenID Connect provider', () => {
  let app: TestApp;
  let idp: TestProvider;
  let browser: Browser;
  let url: string;

  beforeAll(async () => {
    const build = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--build-only'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
    const port = await freePort();
    url = `http://127.0.0.1:${port}/`;
    idp = await startTestProvider(url, {
      'sso-alice': { customer: 'default', role: EVALUATOR_ROLE, submit_type: 1, name: 'Alice' },
      'sso-mallory': { customer: 'no-such-customer', role: EVALUATOR_ROLE },
    });
    app = await startTestApp('sqlite', {
      CITADEL_WEB_DIR: path.join(root, 'apps/web/dist'),
      CITADEL_SSO_ISSUER: idp.issuer,
      CITADEL_SSO_CLIENT_ID: idp.clientId,
      CITADEL_SSO_CLIENT_SECRET: idp.clientSecret,
      CITADEL_SSO_REDIRECT_URI: url,
      CITADEL_SSO_SCOPE: 'openid profile citadel',
      CITADEL_SSO_ALLOW_HTTP: '1',
    });
    await app.app.listen({ port, host: '127.0.0.1' });
    await app.services.siteConfig.set({ sso: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--disable-quic'] });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await idp?.stop();
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    // The provider's stock pages import a web font; nothing leaves this machine.
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    return page;
  }

  async function signInAtProvider(page: Page, account: string): Promise<void> {
    await page.goto(`${url}#/login`);
    await page.getByTestId('login-sso').click();
    await page.locator('input[name=login]').waitFor({ timeout: 30_000 });
    expect(page.url().startsWith(idp.issuer)).toBe(true);
    await page.locator('input[name=login]').fill(account);
    await page.locator('input[name=password]').fill('any-password');
    await page.locator('button[type=submit]').click();
    // The consent prompt of the provider's stock interaction.
    await page.locator('button[type=submit]', { hasText: 'Continue' }).click({ timeout: 30_000 });
  }

  it('provisions by claims, warns submit_type 1 once, signs out at the provider', async () => {
    const page = await newPage();
    await signInAtProvider(page, 'sso-alice');
    await page.getByTestId('sso-warning').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('sso-warning').textContent()).toBe('当前账号只能通过其他平台的接口提交检测，不能在本平台提交检测。');
    // The provider's answer is out of the address bar before it is used.
    expect(new URL(page.url()).search).toBe('');
    await page.getByTestId('sso-warning-ok').click();
    await page.getByTestId('header-welcome').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('header-welcome').textContent()).toContain('Alice');

    const user = await app.services.users.findByName('sso-alice');
    expect(user).toMatchObject({ customer_key: 'default', role_name: EVALUATOR_ROLE, submit_type: 1, must_change_password: 0 });
    const db = app.services.database.db as never as import('kysely').Kysely<import('../../server/src/domain/sso/sso-schema.ts').SsoDB>;
    expect(await db.selectFrom('sso_identities').select(['subject', 'user_id']).execute()).toEqual([{ subject: 'sso-alice', user_id: user!.id }]);

    // Signing out goes through the provider's end-session page and back to the portal.
    await page.getByTestId('header-user').hover();
    await page.getByTestId('menu-logout').click();
    await page.locator('button[name=logout]').click({ timeout: 30_000 });
    await page.waitForURL((u) => u.href.startsWith(url), { timeout: 30_000 });
    await page.goto(`${url}#/login`);
    await page.getByTestId('login-sso').waitFor({ timeout: 30_000 });
    const live = await db.selectFrom('sessions').select('id').where('user_id', '=', user!.id).where('revoked_at', 'is', null).execute();
    expect(live).toEqual([]);

    // Second sign-in: the provider asks again (its session ended), the account is the same and the warning is not repeated.
    await signInAtProvider(page, 'sso-alice');
    await page.getByTestId('header-welcome').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('sso-warning').count()).toBe(0);
    expect((await db.selectFrom('users').select('id').where('name', '=', 'sso-alice').execute()).length).toBe(1);
  }, 120_000);

  it('refuses an unmapped account and a forged state; the local admin still signs in', async () => {
    const page = await newPage();
    await signInAtProvider(page, 'sso-mallory');
    await page.getByText(ERROR_CATALOGUE.sso_account_unmapped.zh).waitFor({ timeout: 30_000 });
    expect(await app.services.users.findByName('sso-mallory')).toBeUndefined();

    const forged = await fetch(`${url}uass/validate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 'x', state: 'not-a-state-of-ours' }) });
    expect(forged.status).toBe(401);
    expect((await forged.json()).error).toBe('sso_login_expired');

    const admin = await newPage();
    await signIn(admin, { url } as never, 'admin', TEST_ADMIN_PASSWORD);
    await admin.getByTestId('header-welcome').waitFor({ timeout: 30_000 });
  }, 120_000);
});
