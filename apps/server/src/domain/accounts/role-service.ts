/**
 * Role management (system/permission): a role is a name and per-module grants
 * (SPEC §3, §6). Grants are checked against the route table: every resource must
 * be a grantable menu leaf and every operation one that leaf offers. A role with
 * linked accounts, or a built-in role, cannot be deleted.
 *
 * Tenancy (issue 18 item 1): a role belongs to one customer, or to none (a
 * platform role: the built-in ones and those admin makes for everyone). A manager
 * other than admin sees their own customer's roles and the platform roles they
 * may assign (read-only, with only their own customer's account counts), creates
 * roles for their own customer only, and changes or deletes only their own
 * customer's roles. Other customers' roles answer role_not_found, so their ids
 * reveal nothing; built-in and platform roles are admin's.
 */
import { OPERATIONS, type Operation, type PermissionEntry, type RoleRow, grantableResources } from '@citadel/contracts';
import type { AuditLog } from '../../db/repositories/audit-log.ts';
import type { CustomersRepository } from '../../db/repositories/customers.ts';
import type { RolesRepository } from '../../db/repositories/roles.ts';
import type { UsersRepository } from '../../db/repositories/users.ts';
import { fail } from '../../http/app-error.ts';
import { isUniqueViolation, requiredText } from './field-rules.ts';
import { type Actor, type ManagerScope, managerScope, mayUseRole, recordAction } from './manager-scope.ts';

export interface RoleInput {
  name?: string;
  /** Admin only: the customer the role is for; absent or null makes a platform role. */
  customer_id?: number | null;
  description?: string;
  permissions?: { resources: string; operations: string[] }[];
}

/**
 * The grants of a form, normalised: each resource once, operations in the
 * catalogue's order. Unknown resources or operations are `permission_not_found`;
 * a role needs at least one module (a role without any cannot sign in, SPEC §6).
 */
export function normaliseGrants(input: RoleInput['permissions']): PermissionEntry[] {
  if (!input || input.length === 0) fail('pick_at_least_one', 'permissions');
  const offered = new Map(grantableResources().map((n) => [n.key, new Set<string>(n.operations ?? ['view'])]));
  const merged = new Map<string, Set<string>>();
  for (const g of input) {
    const ops = offered.get(g.resources);
    if (!ops) fail('permission_not_found', g.resources);
    if (g.operations.length === 0) fail('pick_at_least_one', g.resources);
    for (const op of g.operations) if (!ops.has(op)) fail('permission_not_found', `${g.resources}-${op}`);
    const into = merged.get(g.resources) ?? new Set<string>();
    for (const op of g.operations) into.add(op);
    merged.set(g.resources, into);
  }
  return [...merged].map(([resources, ops]) => ({ resources, operations: OPERATIONS.filter((op) => ops.has(op)) as Operation[] }));
}

export class RoleService {
  constructor(
    private readonly roles: RolesRepository,
    private readonly users: UsersRepository,
    private readonly audit: AuditLog,
    private readonly customers: CustomersRepository,
  ) {}

  /**
   * Admin sees every role. Another role manager sees their own customer's roles and
   * the platform roles, both only when within their own grants (the ones they can
   * assign), with the account counts of their own customer only.
   */
  async list(actor: Actor): Promise<RoleRow[]> {
    const scope = managerScope(actor);
    return (await this.roles.listWithGrants(scope.isAdmin ? undefined : scope.customerId))
      .filter((r) => roleVisibleTo(scope, r) && mayUseRole(scope, r.permissions))
      .map((r) => ({ id: r.id, name: r.name, description: r.description, is_default: r.is_default === 1, accounts: r.accounts, created_at: r.created_at, permissions: r.permissions, customer_id: r.customer_id }));
  }

  async create(actor: Actor, input: RoleInput): Promise<number> {
    const scope = managerScope(actor);
    const name = requiredText(input.name, 'name', 100);
    const grants = this.grantable(scope, input.permissions);
    const customerId = await this.ownerOf(scope, input.customer_id);
    if (await this.roles.findByName(name)) fail('role_exists');
    let id: number;
    try {
      id = await this.roles.create(name, (input.description ?? '').trim().slice(0, 500), grants, false, customerId);
    } catch (err) {
      if (isUniqueViolation(err)) fail('role_exists');
      throw err;
    }
    await recordAction(this.audit, actor, 'role_created', `${name}: ${describe(grants)}`);
    return id;
  }

  async update(actor: Actor, id: number, input: RoleInput): Promise<void> {
    const scope = managerScope(actor);
    const role = await this.actionable(scope, id);
    const name = requiredText(input.name, 'name', 100);
    const grants = this.grantable(scope, input.permissions);
    const other = await this.roles.findByName(name);
    if (other && other.id !== id) fail('role_exists');
    try {
      await this.roles.update(id, name, input.description === undefined ? role.description : input.description.trim().slice(0, 500), grants);
    } catch (err) {
      if (isUniqueViolation(err)) fail('role_exists');
      throw err;
    }
    await recordAction(this.audit, actor, 'role_updated', `${role.name}${name !== role.name ? ` -> ${name}` : ''}: ${describe(grants)}`);
  }

  async delete(actor: Actor, id: number): Promise<void> {
    const scope = managerScope(actor);
    const role = await this.actionable(scope, id);
    if (role.is_default === 1) fail('default_row_protected');
    if ((await this.users.countByRole(id)) > 0) fail('role_has_accounts');
    await this.roles.delete(id);
    await recordAction(this.audit, actor, 'role_deleted', role.name);
  }

  /**
   * The role, if it exists and the caller may change it. Admin changes every role.
   * Anyone else: never a built-in or platform role (they apply to every customer),
   * other customers' roles are not found, and their own customer's only within
   * their own grants.
   */
  private async actionable(scope: ManagerScope, id: number) {
    const role = await this.roles.findById(id);
    if (!role || !roleVisibleTo(scope, role)) return fail('role_not_found');
    if (scope.isAdmin) return role;
    if (role.is_default === 1) fail('default_row_protected');
    if (role.customer_id === null) fail('unauthorized_operation');
    if (!mayUseRole(scope, await this.roles.permissions(id))) fail('unauthorized_operation');
    return role;
  }

  /** The customer a new role belongs to: a manager's own; admin's choice (none: a platform role). */
  private async ownerOf(scope: ManagerScope, requested: number | null | undefined): Promise<number | null> {
    if (!scope.isAdmin) {
      if (requested !== undefined && requested !== null && requested !== scope.customerId) fail('customer_not_found');
      return scope.customerId;
    }
    if (requested === undefined || requested === null) return null;
    if (!(await this.customers.findById(requested))) fail('customer_not_found');
    return requested;
  }

  private grantable(scope: ManagerScope, input: RoleInput['permissions']): PermissionEntry[] {
    const grants = normaliseGrants(input);
    if (!mayUseRole(scope, grants)) fail('unauthorized_operation', 'permissions');
    return grants;
  }
}

/** Admin sees every role; anyone else the platform roles and their own customer's. */
export function roleVisibleTo(scope: ManagerScope, role: { customer_id: number | null }): boolean {
  return scope.isAdmin || role.customer_id === null || role.customer_id === scope.customerId;
}

const describe = (grants: PermissionEntry[]) => grants.map((g) => `${g.resources}[${g.operations.join(',')}]`).join(' ');
