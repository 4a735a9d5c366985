/**
 * Roles, customers and site settings through the real API on both databases:
 * the SPEC §5/§8 rules (role exists / not found, linked accounts, default rows,
 * grants checked against the route table), customers shutting their users out,
 * and logos accepted only as real jpg/png of at most 500 KB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_ADMIN_PASSWORD, type TestApp, attemptLogin, login, post, startTestApp } from '../../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../../test-support/users.ts';
import { ADMIN_ROLE } from '../seed.ts';
import { MAX_IMAGE_BYTES } from './site-settings.ts';
import { um } from './test-helpers.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

describe.each(DIALECTS)('roles, customers and site settings on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
  }, 60_000);
  afterAll(async () => t?.stop());

  const grants = [
    { resources: 'Tools_Samples', operations: ['download', 'view'] },
    { resources: 'introduce', operations: ['view'] },
  ];

  it('creates a role with normalised grants and refuses a taken name', async () => {
    const res = await um(t, 'roleCreate', { name: ' 审计员 ', description: 'reads', permissions: [...grants, { resources: 'introduce', operations: ['view'] }] }, admin);
    expect(res.status).toBe(200);
    const roles = (await um(t, 'roleList', {}, admin)).body.data as { id: number; name: string; permissions: unknown; accounts: number; is_default: boolean }[];
    const role = roles.find((r) => r.name === '审计员');
    expect(role).toMatchObject({ accounts: 0, is_default: false, permissions: [{ resources: 'Tools_Samples', operations: ['view', 'download'] }, { resources: 'introduce', operations: ['view'] }] });
    expect((await um(t, 'roleCreate', { name: '审计员', permissions: grants }, admin)).body.error).toBe('role_exists');
    expect(roles.find((r) => r.name === ADMIN_ROLE)?.is_default).toBe(true);
  });

  it('checks role names and grants against the route table', async () => {
    expect((await um(t, 'roleCreate', { name: '', permissions: grants }, admin)).body.error).toBe('field_required');
    expect((await um(t, 'roleCreate', { permissions: grants }, admin)).body.error).toBe('field_required');
    expect((await um(t, 'roleCreate', { name: 'x'.repeat(101), permissions: grants }, admin)).body.error).toBe('illegal_parameter');
    expect((await um(t, 'roleCreate', { name: 'r1', permissions: [] }, admin)).body.error).toBe('pick_at_least_one');
    expect((await um(t, 'roleCreate', { name: 'r1' }, admin)).body.error).toBe('pick_at_least_one');
    expect((await um(t, 'roleCreate', { name: 'r1', permissions: [{ resources: 'introduce', operations: [] }] }, admin)).body.error).toBe('pick_at_least_one');
    expect((await um(t, 'roleCreate', { name: 'r1', permissions: [{ resources: 'no_such_menu', operations: ['view'] }] }, admin)).body.error).toBe('permission_not_found');
    // Hidden pages and groups are not grantable; operations must be ones the module offers.
    expect((await um(t, 'roleCreate', { name: 'r1', permissions: [{ resources: 'system', operations: ['view'] }] }, admin)).body.error).toBe('permission_not_found');
    expect((await um(t, 'roleCreate', { name: 'r1', permissions: [{ resources: 'Prod_AndroidAudit_Create', operations: ['view'] }] }, admin)).body.error).toBe('permission_not_found');
    expect((await um(t, 'roleCreate', { name: 'r1', permissions: [{ resources: 'introduce', operations: ['delete'] }] }, admin)).body.error).toBe('permission_not_found');
    expect((await um(t, 'roleCreate', { name: 'r1', permissions: [{ resources: 'introduce', operations: ['fly'] }] }, admin)).body.error).toBe('permission_not_found');
  });

  it('updates a role, and refuses deleting one with linked accounts, a built-in one or a missing one', async () => {
    const id = (await um(t, 'roleCreate', { name: 'linked', permissions: grants }, admin)).body.data.id;
    expect((await um(t, 'roleUpdate', { id, name: 'linked2', permissions: [{ resources: 'introduce', operations: ['view'] }] }, admin)).status).toBe(200);
    expect((await um(t, 'roleUpdate', { id, name: ADMIN_ROLE, permissions: grants }, admin)).body.error).toBe('role_exists');
    expect((await um(t, 'roleUpdate', { id: 999_999, name: 'x', permissions: grants }, admin)).body.error).toBe('role_not_found');
    expect(await t.services.roles.permissions(id)).toEqual([{ resources: 'introduce', operations: ['view'] }]);

    await createUser(t, 'holder', { role: 'linked2' });
    // The new grants apply to the holder's next call, without signing in again.
    const holder = (await login(t, 'holder', TEST_USER_PASSWORD)).headers;
    expect((await post(t.app, '/ext/userPermissions', { user: 'holder' }, holder)).body.data.permissions).toEqual([{ resources: 'introduce', operations: ['view'] }]);

    const del = await um(t, 'roleDelete', { id }, admin);
    expect(del.body).toMatchObject({ error: 'role_has_accounts' });
    const builtIn = (await t.services.roles.findByName(ADMIN_ROLE))!.id;
    expect((await um(t, 'roleDelete', { id: builtIn }, admin)).body.error).toBe('default_row_protected');
    expect((await um(t, 'roleDelete', { id: 999_999 }, admin)).body.error).toBe('role_not_found');
    const free = (await um(t, 'roleCreate', { name: 'free', permissions: grants }, admin)).body.data.id;
    expect((await um(t, 'roleDelete', { id: free }, admin)).body.data).toEqual({ ok: true });
    expect(await t.services.roles.findById(free)).toBeUndefined();
  });

  it('checks customer fields and keeps keys and names unique', async () => {
    expect((await um(t, 'customerCreate', { name: '甲' }, admin)).body.error).toBe('field_required');
    expect((await um(t, 'customerCreate', { client_key: 'acme' }, admin)).body.error).toBe('field_required');
    expect((await um(t, 'customerCreate', { client_key: 'has space', name: '甲' }, admin)).body.error).toBe('illegal_parameter');
    expect((await um(t, 'customerCreate', { client_key: 'acme', name: '甲公司', expires_at: null }, admin)).status).toBe(200);
    expect((await um(t, 'customerCreate', { client_key: 'acme', name: '乙公司' }, admin)).body.error).toBe('customer_exists');
    expect((await um(t, 'customerCreate', { client_key: 'acme2', name: '甲公司' }, admin)).body).toEqual({ error: 'duplicate_field', message: '字段值重复:[甲公司]' });
    expect((await um(t, 'customerUpdate', { id: 999_999, name: 'x' }, admin)).body.error).toBe('customer_not_found');
  });

  it('a disabled or expired customer shuts its users out at once', async () => {
    const id = (await um(t, 'customerCreate', { client_key: 'shut', name: '关停公司' }, admin)).body.data.id;
    await createUser(t, 'shut_user', { customerKey: 'shut' });
    const probe = (h: Record<string, string>) => post(t.app, '/ext/userPermissions', { user: 'shut_user' }, h);

    let s = (await login(t, 'shut_user', TEST_USER_PASSWORD)).headers;
    expect((await um(t, 'customerUpdate', { id, enabled: false }, admin)).status).toBe(200);
    expect((await probe(s)).body.error).toBe('invalid_session');
    expect((await attemptLogin(t, 'shut_user', TEST_USER_PASSWORD)).body.error).toBe('customer_or_user_disabled');

    await um(t, 'customerUpdate', { id, enabled: true }, admin);
    s = (await login(t, 'shut_user', TEST_USER_PASSWORD)).headers;
    expect((await um(t, 'customerUpdate', { id, expires_at: Date.now() - 1000 }, admin)).status).toBe(200);
    expect((await probe(s)).body.error).toBe('invalid_session');
    expect((await attemptLogin(t, 'shut_user', TEST_USER_PASSWORD)).body.error).toBe('customer_expired');
    const row = ((await um(t, 'customerList', {}, admin)).body.data as { id: number; expired: boolean; accounts: number }[]).find((c) => c.id === id);
    expect(row).toMatchObject({ expired: true, accounts: 1 });

    expect((await um(t, 'customerDelete', { id }, admin)).body.error).toBe('customer_has_accounts');
  });

  it('protects the default customer and deletes an empty one', async () => {
    const def = (await t.services.customers.findByKey('default'))!.id;
    expect((await um(t, 'customerDelete', { id: def }, admin)).body.error).toBe('default_row_protected');
    expect((await um(t, 'customerUpdate', { id: def, enabled: false }, admin)).body.error).toBe('illegal_operation');
    expect((await um(t, 'customerUpdate', { id: def, expires_at: Date.now() + 1000 }, admin)).body.error).toBe('illegal_operation');
    expect((await um(t, 'customerUpdate', { id: def, client_key: 'other' }, admin)).body.error).toBe('illegal_operation');
    expect((await um(t, 'customerUpdate', { id: def, name: '默认客户（改）' }, admin)).status).toBe(200);
    const empty = (await um(t, 'customerCreate', { client_key: 'empty', name: '空客户' }, admin)).body.data.id;
    expect((await um(t, 'customerDelete', { id: empty }, admin)).body.data).toEqual({ ok: true });
    expect((await um(t, 'customerDelete', { id: empty }, admin)).body.error).toBe('customer_not_found');
  });

  it('accepts logos only as real jpg or png of at most 500 KB, through both setting calls', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES)]);
    const bad: [string, string][] = [
      ['svg', dataUrl('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))],
      ['html labelled png', dataUrl('image/png', Buffer.from('<html><script>alert(1)</script>'))],
      ['jpeg labelled png', dataUrl('image/png', JPEG)],
      ['gif', dataUrl('image/gif', Buffer.from('GIF89a'))],
      ['too large', dataUrl('image/png', big)],
      ['not base64', 'data:image/png;base64,@@@'],
      ['plain url', 'https://example.com/logo.png'],
    ];
    for (const [label, value] of bad) {
      for (const url of ['/um/siteSettingsSave', '/ui/set_ui']) {
        const res = await post(t.app, url, { bar_logo: value }, admin);
        expect(res.status, `${label} ${url}`).toBeGreaterThanOrEqual(400);
        expect(['image_invalid', 'payload_too_large', 'illegal_parameter'], `${label} ${url}`).toContain(res.body.error);
      }
    }
    const ok = await um(t, 'siteSettingsSave', { bar_logo: dataUrl('image/png', PNG), logo_bottom: dataUrl('image/jpeg', JPEG), main_title: '门户', lang: 'en', sso: true, lang_switch: false, customer: 'airline' }, admin);
    expect(ok.body.data).toEqual({ ok: true });
    const site = (await post(t.app, '/ui/get_ui', {})).body.data;
    expect(site).toMatchObject({ bar_logo: dataUrl('image/png', PNG), logo_bottom: dataUrl('image/jpeg', JPEG), main_title: '门户', lang: 'en', sso: true, lang_switch: false });
    expect((await um(t, 'siteSettings', {}, admin)).body.data.customer).toBe('airline');
    expect((await um(t, 'siteSettingsSave', { bar_logo: '' }, admin)).status).toBe(200);
    const audit = await um(t, 'auditLog', { action: 'site_config_changed', page: 1, page_size: 5 }, admin);
    expect(audit.body.data.total).toBeGreaterThan(0);
  });

  it('records role and customer changes in the audit trail', async () => {
    const actions: string[] = (await um(t, 'auditActions', {}, admin)).body.data;
    for (const a of ['role_created', 'role_updated', 'role_deleted', 'customer_created', 'customer_updated', 'customer_deleted']) expect(actions).toContain(a);
  });
});
