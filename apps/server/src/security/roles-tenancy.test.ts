/**
 * Issue 18 item 1: roles cross customers. Customer A's role manager (a role that
 * holds every grant, so the old "within your own grants" rule never stopped it)
 * tries to change a role customer B's accounts use, to delete B's unused role, to
 * change the built-in system role, and reads /um/roleList. Every attempt is
 * refused, B's accounts keep their grants, and the list shows nothing of B.
 */
import { grantableResources } from '@citadel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_ADMIN_PASSWORD, type TestApp, login, post, startTestApp } from '../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../test-support/users.ts';
import { MANAGER_GRANTS, customerId, um } from '../domain/accounts/test-helpers.ts';

const ALL_GRANTS = grantableResources().map((n) => ({ resources: n.key, operations: [...(n.operations ?? ['view'])] }));

describe.each(DIALECTS)('roles belong to a customer on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let managerA: Record<string, string>;
  let managerB: Record<string, string>;
  const ids = { roleB: 0, spareB: 0, roleA: 0, system: 0 };

  const grantsOfB = async () => {
    const b = await login(t, 'sec_b_user', TEST_USER_PASSWORD);
    return (await post(t.app, '/aa/checkLogin', { user: 'sec_b_user', token: b.token, agent: 'web' })).body.data.extra.permissions;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
    await customerId(t, 'sec_a');
    await customerId(t, 'sec_b');
    await createUser(t, 'sec_a_mgr', { grants: ALL_GRANTS, customerKey: 'sec_a' });
    await createUser(t, 'sec_b_mgr', { grants: MANAGER_GRANTS, customerKey: 'sec_b' });
    managerA = (await login(t, 'sec_a_mgr', TEST_USER_PASSWORD)).headers;
    managerB = (await login(t, 'sec_b_mgr', TEST_USER_PASSWORD)).headers;
    // B's manager makes B's roles, as the screen does.
    ids.roleB = (await um(t, 'roleCreate', { name: 'sec_b_reader', permissions: [{ resources: 'introduce', operations: ['view'] }] }, managerB)).body.data.id;
    ids.spareB = (await um(t, 'roleCreate', { name: 'sec_b_spare', permissions: [{ resources: 'introduce', operations: ['view'] }] }, managerB)).body.data.id;
    ids.roleA = (await um(t, 'roleCreate', { name: 'sec_a_reader', permissions: [{ resources: 'introduce', operations: ['view'] }] }, managerA)).body.data.id;
    await createUser(t, 'sec_b_user', { role: 'sec_b_reader', customerKey: 'sec_b' });
    ids.system = (await t.services.roles.findByName('系统管理员'))!.id;
  }, 60_000);
  afterAll(async () => t?.stop());

  it("refuses A's manager changing or deleting B's roles, and B's account keeps its grants", async () => {
    const before = await grantsOfB();
    const update = await um(t, 'roleUpdate', { id: ids.roleB, name: 'sec_b_reader', permissions: [{ resources: 'introduce', operations: ['view'] }, { resources: 'auditLog', operations: ['view'] }] }, managerA);
    expect(update.body.error).toBe('role_not_found');
    const del = await um(t, 'roleDelete', { id: ids.spareB }, managerA);
    expect(del.body.error).toBe('role_not_found');
    expect(await t.services.roles.findById(ids.spareB)).toBeDefined();
    expect(await grantsOfB()).toEqual(before);
  });

  it('refuses a manager assigning another customer’s role to an account', async () => {
    const res = await um(t, 'userOptions', {}, managerA);
    expect(res.body.data.roles.map((r: { id: number }) => r.id)).not.toContain(ids.roleB);
  });

  it('keeps the built-in roles read-only for everyone but admin', async () => {
    const grants = [{ resources: 'introduce', operations: ['view'] }];
    const res = await um(t, 'roleUpdate', { id: ids.system, name: '系统管理员', permissions: grants }, managerA);
    expect(res.body.error).toBe('default_row_protected');
    expect((await t.services.roles.permissions(ids.system)).length).toBe(ALL_GRANTS.length);
    // Admin still manages them (renaming the description only).
    const ok = await um(t, 'roleUpdate', { id: ids.system, name: '系统管理员', description: 'All functions', permissions: ALL_GRANTS }, admin);
    expect(ok.body.error).toBeUndefined();
  });

  it("lists only the manager's own customer's roles and counts", async () => {
    const list = (await um(t, 'roleList', {}, managerA)).body.data as { id: number; name: string; accounts: number }[];
    const names = list.map((r) => r.name);
    expect(names).toContain('sec_a_reader');
    expect(names).not.toContain('sec_b_reader');
    expect(names).not.toContain('sec_b_spare');
    // The evaluator role is a platform role: A sees it, counting A's accounts only (none).
    const evaluator = list.find((r) => r.name === '测评员');
    expect(evaluator?.accounts ?? 0).toBe(0);
    // A's own roles stay manageable by A.
    const mine = await um(t, 'roleUpdate', { id: ids.roleA, name: 'sec_a_reader', permissions: [{ resources: 'introduce', operations: ['view'] }] }, managerA);
    expect(mine.body.error).toBeUndefined();
  });
});
