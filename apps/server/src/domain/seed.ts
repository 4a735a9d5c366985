/**
 * First start: the default customer, the built-in roles and the admin account.
 * The admin password comes from CITADEL_ADMIN_PASSWORD or is generated and
 * returned once (main.ts prints it); a generated one must be changed at first sign-in.
 */
import { EVALUATIONS, type Operation, type PermissionEntry, grantableResources, passwordPolicyError } from '@citadel/contracts';
import type { Kysely } from 'kysely';
import { CustomersRepository, DEFAULT_CUSTOMER_KEY } from '../db/repositories/customers.ts';
import { RolesRepository } from '../db/repositories/roles.ts';
import { UsersRepository } from '../db/repositories/users.ts';
import type { DB } from '../db/schema.ts';
import { ADMIN_USER } from './auth/auth-service.ts';
import { generatePassword, hashPassword } from './auth/password-hash.ts';

export const ADMIN_ROLE = '系统管理员';
/** A second built-in role: runs assessments and reads their results, nothing of administration. */
export const EVALUATOR_ROLE = '测评员';

export function evaluatorGrants(): PermissionEntry[] {
  const evaluationOps: Operation[] = ['view', 'add', 'delete', 'download'];
  return [
    { resources: 'home', operations: ['view'] },
    ...EVALUATIONS.map((e) => ({ resources: e.key, operations: evaluationOps })),
    { resources: 'Workbench_MyTasks', operations: ['view', 'add', 'delete', 'download'] },
    { resources: 'Workbench_Samples', operations: ['view', 'add', 'download'] },
    { resources: 'Workbench_Reports', operations: ['view', 'download'] },
    { resources: 'introduce', operations: ['view'] },
    { resources: 'helpDocument', operations: ['view'] },
  ];
}

function adminGrants(): PermissionEntry[] {
  return grantableResources().map((n) => ({ resources: n.key, operations: [...(n.operations ?? ['view'])] }));
}

export interface SeedResult {
  /** Set only when this start created the admin with a generated password. */
  generatedAdminPassword?: string;
  createdAdmin: boolean;
}

export async function seed(db: Kysely<DB>, adminPassword: string): Promise<SeedResult> {
  const customers = new CustomersRepository(db);
  const roles = new RolesRepository(db);
  const users = new UsersRepository(db);

  let customer = await customers.findByKey(DEFAULT_CUSTOMER_KEY);
  if (!customer) {
    await customers.create(DEFAULT_CUSTOMER_KEY, '默认客户', { isDefault: true });
    customer = await customers.findByKey(DEFAULT_CUSTOMER_KEY);
  }
  const adminRole = (await roles.findByName(ADMIN_ROLE))?.id ?? (await roles.create(ADMIN_ROLE, 'All functions', adminGrants(), true));
  if (!(await roles.findByName(EVALUATOR_ROLE))) await roles.create(EVALUATOR_ROLE, 'Submits assessments and reads their results', evaluatorGrants(), true);

  if (await users.findByName(ADMIN_USER)) return { createdAdmin: false };
  if (adminPassword) {
    const problem = passwordPolicyError(adminPassword);
    if (problem) throw new Error(`CITADEL_ADMIN_PASSWORD does not meet the password policy (${problem}): 8–64 characters with a digit, a lower-case and an upper-case letter and a special symbol`);
  }
  const password = adminPassword || generatePassword();
  await users.insert({
    name: ADMIN_USER,
    real_name: '系统管理员',
    email: '',
    phone: '',
    password_hash: await hashPassword(password),
    customer_id: customer!.id,
    role_id: adminRole,
    enabled: 1,
    activated: 1,
    is_default: 1,
    submit_type: 0,
    must_change_password: adminPassword ? 0 : 1,
  });
  return adminPassword ? { createdAdmin: true } : { createdAdmin: true, generatedAdminPassword: password };
}
