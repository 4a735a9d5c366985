/** Test helpers for account management: sealed passwords, a manager of a customer, a task row owned by a user. */
import type { PermissionEntry } from '@citadel/contracts';
import type { BuiltApp } from '../../app.ts';
import { loginKey, post, seal } from '../../test-support/test-app.ts';
import { createUser } from '../../test-support/users.ts';

export const NEW_PASSWORD = 'New#Pass2026';

/** Password and confirmation sealed with the server's login key, as the browser sends them. */
export async function sealedPair(built: BuiltApp, password: string, confirmation = password): Promise<{ password: string; password_confirm: string; key_id: string }> {
  const key = await loginKey(built.app);
  return { password: seal(key.public_key, password), password_confirm: seal(key.public_key, confirmation), key_id: key.key_id };
}

export function um(built: BuiltApp, key: string, payload: object, headers: Record<string, string>) {
  return post(built.app, `/um/${key}`, { key, ...payload }, headers);
}

/** Every grant a customer's account manager gets in these tests. */
export const MANAGER_GRANTS: PermissionEntry[] = [
  { resources: 'systemAccout', operations: ['view', 'add', 'edit', 'delete'] },
  { resources: 'permission', operations: ['view', 'add', 'edit', 'delete'] },
  { resources: 'customers', operations: ['view', 'add', 'edit', 'delete'] },
  { resources: 'auditLog', operations: ['view'] },
  { resources: 'introduce', operations: ['view'] },
];

export async function customerId(built: BuiltApp, key: string): Promise<number> {
  const c = await built.services.customers.findByKey(key);
  return c ? c.id : built.services.customers.create(key, `客户${key}`);
}

export const MANAGER_ROLE = 'account_manager';

/** An account manager of a customer; every manager shares one role (roles belong to no customer). */
export async function createManager(built: BuiltApp, name: string, customerKey: string): Promise<number> {
  await customerId(built, customerKey);
  if (!(await built.services.roles.findByName(MANAGER_ROLE))) await built.services.roles.create(MANAGER_ROLE, '', MANAGER_GRANTS);
  return createUser(built, name, { role: MANAGER_ROLE, customerKey });
}

/** A finished task with a stored result, created by `userId` (the delete cascade's subject). */
export async function insertTask(built: BuiltApp, userId: number, customer: number, uid: string): Promise<number> {
  const { db } = built.services.database;
  const now = Date.now();
  const { id } = await db
    .insertInto('tasks')
    .values({
      task_uid: uid,
      platform: 'android',
      status: 'FINISHED',
      fail_kind: null,
      fail_msg: '',
      finish_item: 1,
      total_item: 1,
      queue_seq: now,
      sample_id: null,
      url: '',
      file_name: 'a.apk',
      template_id: null,
      template_name: '',
      fields: '{}',
      params: '{}',
      selected: null,
      created_by: userId,
      customer_id: customer,
      created_at: now,
      started_at: now,
      finished_at: now,
      updated_at: now,
      app_name: 'a',
      package_name: 'a',
      version: '1',
      size: 1,
      md5: '',
      score: null,
      risk_level: null,
      counts: null,
      engine_version: '',
      attempts: 1,
      lease_owner: null,
      lease_expires_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('task_results').values({ task_id: id, assessment: '{}', created_at: now }).execute();
  return id;
}
