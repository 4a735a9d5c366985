/** Creates accounts directly in the database for tests (account management screens come with issue 12). */
import type { PermissionEntry } from '@citadel/contracts';
import type { BuiltApp } from '../app.ts';
import { DEFAULT_CUSTOMER_KEY } from '../db/repositories/customers.ts';
import { hashPassword } from '../domain/auth/password-hash.ts';
import { EVALUATOR_ROLE } from '../domain/seed.ts';

export const TEST_USER_PASSWORD = 'Test#User2026';

export async function createUser(
  built: BuiltApp,
  name: string,
  opts: { role?: string; grants?: PermissionEntry[]; customerKey?: string; enabled?: boolean; password?: string } = {},
): Promise<number> {
  const { roles, customers, users } = built.services;
  let roleId: number;
  if (opts.grants) {
    roleId = await roles.create(`role-${name}`, '', opts.grants);
  } else {
    const role = await roles.findByName(opts.role ?? EVALUATOR_ROLE);
    if (!role) throw new Error(`no role ${opts.role}`);
    roleId = role.id;
  }
  const customerKey = opts.customerKey ?? DEFAULT_CUSTOMER_KEY;
  const customer = (await customers.findByKey(customerKey)) ?? { id: await customers.create(customerKey, customerKey) };
  return users.insert({
    name,
    real_name: `测试${name}`,
    email: '',
    phone: '',
    password_hash: await hashPassword(opts.password ?? TEST_USER_PASSWORD),
    customer_id: customer.id,
    role_id: roleId,
    enabled: opts.enabled === false ? 0 : 1,
    activated: 1,
    is_default: 0,
    submit_type: 0,
    must_change_password: 0,
  });
}
