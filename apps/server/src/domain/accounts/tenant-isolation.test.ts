/**
 * A user of customer A can never read or change accounts of customer B through
 * any call: every /um route is walked as customer A's account manager with
 * customer B's ids, and B's rows are compared before and after. A route added
 * later without a case here fails the walk.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_ADMIN_PASSWORD, type TestApp, login, post, startTestApp } from '../../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../../test-support/users.ts';
import { MANAGER_GRANTS, MANAGER_ROLE, NEW_PASSWORD, createManager, customerId, sealedPair, um } from './test-helpers.ts';

const B_MARKERS = ['tenantb_user', 'tenantb_mgr', '乙方用户', 'b-secret@b.example', '乙方公司', 'b_only_role'];

describe.each(DIALECTS)('tenant isolation of /um on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let managerA: Record<string, string>;
  const ids = { customerA: 0, customerB: 0, userB: 0, managerB: 0, roleB: 0, userA: 0, strongA: 0, roleWithin: 0 };

  const snapshotB = async () => {
    const { db } = t.services.database;
    return {
      users: await db.selectFrom('users').selectAll().where('customer_id', '=', ids.customerB).orderBy('id').execute(),
      customer: await db.selectFrom('customers').selectAll().where('id', '=', ids.customerB).execute(),
      role: await t.services.roles.permissions(ids.roleB),
      sessions: await db.selectFrom('sessions').select(['id', 'revoked_at']).where('user_id', '=', ids.userB).execute(),
    };
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
    ids.customerA = await customerId(t, 'tenant_a');
    ids.customerB = (await um(t, 'customerCreate', { client_key: 'tenant_b', name: '乙方公司' }, admin)).body.data.id;
    await createManager(t, 'tenanta_mgr', 'tenant_a');
    ids.managerB = await createManager(t, 'tenantb_mgr', 'tenant_b');
    ids.roleB = (await um(t, 'roleCreate', { name: 'b_only_role', permissions: [{ resources: 'Tools_Samples', operations: ['view'] }] }, admin)).body.data.id;
    ids.roleWithin = (await um(t, 'roleCreate', { name: 'a_reader', permissions: [{ resources: 'introduce', operations: ['view'] }] }, admin)).body.data.id;
    const created = await um(t, 'userCreate', { name: 'tenantb_user', real_name: '乙方用户', customer_id: ids.customerB, role_id: ids.roleB, email: 'b-secret@b.example', phone: '13800000000', ...(await sealedPair(t, NEW_PASSWORD)) }, admin);
    ids.userB = created.body.data.id;
    ids.userA = await createUser(t, 'tenanta_user', { role: 'a_reader', customerKey: 'tenant_a' });
    // An account of A whose role reaches beyond the manager's grants (roles are shared by all customers).
    ids.strongA = await createUser(t, 'tenanta_strong', { grants: [{ resources: 'Tools_Samples', operations: ['view', 'delete'] }], customerKey: 'tenant_a' });
    // B's users act, so the audit trail holds B entries.
    await login(t, 'tenantb_user', NEW_PASSWORD);
    await login(t, 'tenantb_mgr', TEST_USER_PASSWORD);
    managerA = (await login(t, 'tenanta_mgr', TEST_USER_PASSWORD)).headers;
  }, 60_000);
  afterAll(async () => t?.stop());

  it('walks every /um route with customer B ids and changes nothing of B', async () => {
    const before = await snapshotB();
    const pair = () => sealedPair(t, 'Walk#Pass2026');
    const account = async (over: object) => ({ name: 'walk_user', real_name: '走查', email: 'w@a.example', phone: '13900000000', role_id: ids.roleWithin, customer_id: ids.customerA, ...(await pair()), ...over });
    // Each case: the payload and the error expected (null = answered, but must not contain B's data).
    const walk: Record<string, () => Promise<[object, string | null][]>> = {
      userList: async () => [[{ customer_id: ids.customerB }, null], [{ search: 'tenantb' }, null], [{}, null]],
      userDetail: async () => [[{ id: ids.userB }, 'user_not_found'], [{ id: ids.managerB }, 'user_not_found']],
      userOptions: async () => [[{}, null]],
      userCreate: async () => [
        [await account({ customer_id: ids.customerB }), 'customer_not_found'],
        [await account({ role_id: ids.roleB }), 'unauthorized_operation'],
      ],
      userUpdate: async () => [
        [{ id: ids.userB, email: 'x@a.example' }, 'user_not_found'],
        [{ id: ids.userB, enabled: false }, 'user_not_found'],
        [{ id: ids.userA, customer_id: ids.customerB }, 'customer_not_found'],
        [{ id: ids.userA, role_id: ids.roleB }, 'unauthorized_operation'],
      ],
      userEnable: async () => [[{ id: ids.userB, enabled: false }, 'user_not_found'], [{ id: ids.managerB, enabled: false }, 'user_not_found']],
      userLock: async () => [[{ id: ids.userB, locked: true }, 'user_not_found']],
      userResetPassword: async () => [
        [{ id: ids.userB, ...(await pair()) }, 'user_not_found'],
        [{ id: ids.strongA, ...(await pair()) }, 'unauthorized_operation'],
      ],
      userDelete: async () => [[{ id: ids.userB }, 'user_not_found'], [{ id: ids.managerB }, 'user_not_found'], [{ id: ids.userA }, 'unauthorized_operation']],
      roleList: async () => [[{}, null]],
      roleCreate: async () => [[{ name: 'escalate', permissions: [{ resources: 'siteSettings', operations: ['view', 'edit'] }] }, 'unauthorized_operation']],
      roleUpdate: async () => [[{ id: ids.roleB, name: 'b_only_role', permissions: [{ resources: 'introduce', operations: ['view'] }] }, 'unauthorized_operation']],
      roleDelete: async () => [[{ id: ids.roleB }, 'unauthorized_operation']],
      customerList: async () => [[{}, null]],
      customerCreate: async () => [[{ client_key: 'tenant_c', name: '丙' }, 'unauthorized_operation']],
      customerUpdate: async () => [[{ id: ids.customerB, enabled: false }, 'unauthorized_operation'], [{ id: ids.customerA, expires_at: null }, 'unauthorized_operation']],
      customerDelete: async () => [[{ id: ids.customerB }, 'unauthorized_operation']],
      // Customer A's manager holds no site-settings grant.
      siteSettings: async () => [[{}, 'no_permission']],
      siteSettingsSave: async () => [[{ main_title: 'x' }, 'no_permission']],
      auditLog: async () => [[{ user_name: 'tenantb' }, null], [{ page: 1, page_size: 50 }, null]],
      auditActions: async () => [[{}, null]],
    };

    const umRoutes = t.routes.filter((r) => r.url.startsWith('/um/')).map((r) => r.url.slice(4));
    expect(umRoutes.length).toBeGreaterThan(15);
    for (const route of umRoutes) expect(Object.keys(walk), `/um/${route} has no isolation case`).toContain(route);

    for (const route of umRoutes) {
      for (const [payload, expected] of await walk[route]!()) {
        const res = await um(t, route, payload, managerA);
        const text = JSON.stringify(res.body);
        for (const marker of B_MARKERS) expect(text, `/um/${route} ${JSON.stringify(payload)} leaks ${marker}`).not.toContain(marker);
        if (expected) expect(res.body.error, `/um/${route} ${JSON.stringify(payload)}`).toBe(expected);
        else expect(res.status, `/um/${route} ${JSON.stringify(payload)}: ${text}`).toBe(200);
      }
    }
    expect(await snapshotB()).toEqual(before);
  });

  it('answers lists with customer A only', async () => {
    const list = (await um(t, 'userList', { page: 1, page_size: 50 }, managerA)).body.data;
    expect(new Set(list.list.map((u: { client_key: string }) => u.client_key))).toEqual(new Set(['tenant_a']));
    const options = (await um(t, 'userOptions', {}, managerA)).body.data;
    expect(options.customers.map((c: { client_key: string }) => c.client_key)).toEqual(['tenant_a']);
    expect(options.roles.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['a_reader', MANAGER_ROLE]));
    expect(options.roles.map((r: { name: string }) => r.name)).not.toContain('b_only_role');
    const customers = (await um(t, 'customerList', {}, managerA)).body.data;
    expect(customers.map((c: { client_key: string }) => c.client_key)).toEqual(['tenant_a']);
    const audit = (await um(t, 'auditLog', { page: 1, page_size: 50 }, managerA)).body.data.list as { user_name: string }[];
    expect(audit.length).toBeGreaterThan(0);
    expect(audit.every((e) => e.user_name.startsWith('tenanta'))).toBe(true);
  });

  it('lets customer A’s manager run its own customer within its own grants', async () => {
    const pair = await sealedPair(t, NEW_PASSWORD);
    const created = await um(t, 'userCreate', { name: 'a_managed', real_name: '甲方', customer_id: ids.customerA, role_id: ids.roleWithin, email: 'm@a.example', phone: '13700000000', ...pair }, managerA);
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect((await um(t, 'userUpdate', { id, email: 'n@a.example' }, managerA)).status).toBe(200);
    expect((await um(t, 'userLock', { id, locked: true }, managerA)).status).toBe(200);
    expect((await um(t, 'userLock', { id, locked: false }, managerA)).status).toBe(200);
    // Its own account stays usable: no self-disable, no self-promotion, no self-delete.
    const self = (await t.services.users.findByName('tenanta_mgr'))!.id;
    expect((await um(t, 'userEnable', { id: self, enabled: false }, managerA)).body.error).toBe('illegal_operation');
    expect((await um(t, 'userDelete', { id: self }, managerA)).body.error).toBe('cannot_delete_self');
    const own = await um(t, 'roleCreate', { name: 'a_subset', permissions: [MANAGER_GRANTS[0]!] }, managerA);
    expect(own.status).toBe(200);
    expect((await um(t, 'roleDelete', { id: own.body.data.id }, managerA)).status).toBe(200);
    // The owner (creator) may delete; an account admin created in A is not this manager's own.
    expect((await um(t, 'userDelete', { id }, managerA)).body.data).toEqual({ tasks: 0 });
    expect((await um(t, 'userDelete', { id: ids.userA }, managerA)).body.error).toBe('unauthorized_operation');
    // Customer B's manager, in turn, cannot see A's accounts.
    const managerB = (await login(t, 'tenantb_mgr', TEST_USER_PASSWORD)).headers;
    expect((await um(t, 'userDetail', { id: ids.userA }, managerB)).body.error).toBe('user_not_found');
    expect((await post(t.app, '/um/userList', { page: 1, page_size: 50 }, managerB)).body.data.list.every((u: { client_key: string }) => u.client_key === 'tenant_b')).toBe(true);
  });
});
