/**
 * Issue 18 item 2: settings that act on every customer (site title, logos and
 * language; task limits, retention and default templates) are the platform
 * administrator's. A customer's account whose role holds those screens is
 * refused, and a default template must be shared: another customer's private
 * template answers exactly like a missing id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_ADMIN_PASSWORD, type TestApp, login, post, startTestApp } from '../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../test-support/users.ts';

const SETTINGS_GRANTS = [
  { resources: 'siteSettings', operations: ['view', 'edit'] as ('view' | 'edit')[] },
  { resources: 'evaluationSettings', operations: ['view', 'edit'] as ('view' | 'edit')[] },
  { resources: 'introduce', operations: ['view'] as 'view'[] },
];

describe.each(DIALECTS)('platform-wide settings on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let tenant: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
    await createUser(t, 'sec_settings', { grants: SETTINGS_GRANTS, customerKey: 'sec_tenant' });
    tenant = (await login(t, 'sec_settings', TEST_USER_PASSWORD)).headers;
  }, 60_000);
  afterAll(async () => t?.stop());

  it('refuses a customer account changing the site configuration, by either call', async () => {
    const before = (await post(t.app, '/ui/get_ui', {})).body.data;
    expect((await post(t.app, '/ui/set_ui', { main_title: 'pwned' }, tenant)).body.error).toBe('unauthorized_operation');
    expect((await post(t.app, '/um/siteSettingsSave', { key: 'siteSettingsSave', main_title: 'pwned' }, tenant)).body.error).toBe('unauthorized_operation');
    expect((await post(t.app, '/ui/get_ui', {})).body.data).toEqual(before);
    expect((await post(t.app, '/ui/set_ui', { main_title: 'Citadel 平台' }, admin)).status).toBe(200);
  });

  it('refuses a customer account changing the evaluation settings', async () => {
    const before = (await post(t.app, '/rules/settingsGet', {}, admin)).body.data;
    const res = await post(t.app, '/rules/settingsSave', { task_timeout_seconds: 10, concurrency: 1, retention_days: 1 }, tenant);
    expect(res.body.error).toBe('unauthorized_operation');
    expect((await post(t.app, '/rules/settingsGet', {}, admin)).body.data).toEqual(before);
  });

  it("never takes a customer's private template as a default, and answers it like a missing one", async () => {
    const own = (await post(t.app, '/template/save', { platform: 'android', name: 'tenant-only', preset_type: 'quick', report_template: 'brief', report_language: 'en', items: ['android.manifest.debuggable'] }, admin)).body.data;
    expect(own?.id).toBeGreaterThan(0);
    const privateOne = await post(t.app, '/rules/settingsSave', { default_templates: { android: own.id } }, admin);
    const missing = await post(t.app, '/rules/settingsSave', { default_templates: { android: 2_000_000 } }, admin);
    expect(privateOne.status).toBe(missing.status);
    expect(privateOne.body).toEqual(missing.body);
    expect(privateOne.body.error).toBe('template_not_found');
  });
});
