/**
 * Account management (system/systemAccout): list, create, change, enable or
 * disable, lock or unlock, reset the password, delete. Every call is confined by
 * manager-scope.ts; a disabled, locked, re-passworded or deleted account loses
 * its open sessions at once (the next call of that browser is a session error).
 */
import type { AccountRow } from '@citadel/contracts';
import type { Kysely } from 'kysely';
import type { AuditLog } from '../../db/repositories/audit-log.ts';
import type { CustomersRepository } from '../../db/repositories/customers.ts';
import type { RolesRepository } from '../../db/repositories/roles.ts';
import type { UserWithScope, UsersRepository } from '../../db/repositories/users.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { ADMIN_USER } from '../auth/auth-service.ts';
import type { LoginKeys } from '../auth/login-keys.ts';
import { hashPassword } from '../auth/password-hash.ts';
import type { Sessions } from '../auth/sessions.ts';
import { accountName, duplicate, email, isUniqueViolation, passwordPair, phone, requiredId, requiredText } from './field-rules.ts';
import { type Actor, type ManagerScope, managerScope, maySeeCustomer, mayUseRole, recordAction } from './manager-scope.ts';
import { roleVisibleTo } from './role-service.ts';

/** locked_until of an administrator's lock: until someone unlocks it. */
export const MANUAL_LOCK = Number.MAX_SAFE_INTEGER;

export interface AccountInput {
  name?: string;
  real_name?: string;
  customer_id?: number;
  role_id?: number;
  email?: string;
  phone?: string;
  enabled?: boolean;
  /** Sealed with the login key (RSA-OAEP), like every password on the wire. */
  password?: string;
  password_confirm?: string;
  key_id?: string;
}


function toRow(u: UserWithScope, scope: ManagerScope, now: number): AccountRow {
  return {
    id: u.id,
    name: u.name,
    real_name: u.real_name,
    email: u.email,
    phone: u.phone,
    customer_id: u.customer_id,
    client_key: u.customer_key,
    customer_name: u.customer_name,
    role_id: u.role_id,
    role_name: u.role_name,
    enabled: u.enabled === 1,
    locked: u.locked_until !== null && u.locked_until > now,
    is_admin: u.name === ADMIN_USER,
    is_default: u.is_default === 1,
    own: u.created_by === scope.userId,
    created_at: u.created_at,
    last_login_at: u.last_login_at,
  };
}

export type { AccountRow };

export class AccountService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly users: UsersRepository,
    private readonly roles: RolesRepository,
    private readonly customers: CustomersRepository,
    private readonly sessions: Sessions,
    private readonly keys: LoginKeys,
    private readonly audit: AuditLog,
  ) {}

  async list(actor: Actor, q: { page: number; pageSize: number; search?: string; customerId?: number; roleId?: number; enabled?: boolean }): Promise<{ total: number; list: AccountRow[] }> {
    const scope = managerScope(actor);
    // A manager's list is their own customer's, whatever customer the filter names.
    const customerId = scope.isAdmin ? q.customerId : scope.customerId;
    const { total, rows } = await this.users.list({ ...q, customerId });
    const now = Date.now();
    return { total, list: rows.map((u) => toRow(u, scope, now)) };
  }

  /** Select options (SPEC §3: id, name) of the create and change forms: only what the caller may assign. */
  async options(actor: Actor): Promise<{ roles: { id: number; name: string }[]; customers: { id: number; name: string; client_key: string }[] }> {
    const scope = managerScope(actor);
    const roles = (await this.roles.listWithGrants()).filter((r) => roleVisibleTo(scope, r) && mayUseRole(scope, r.permissions)).map((r) => ({ id: r.id, name: r.name }));
    const customers = (await this.customers.listWithCounts(scope.isAdmin ? undefined : scope.customerId)).map((c) => ({ id: c.id, name: c.name, client_key: c.client_key }));
    return { roles, customers };
  }

  async get(actor: Actor, id: number): Promise<AccountRow> {
    const scope = managerScope(actor);
    return toRow(await this.visible(scope, id), scope, Date.now());
  }

  async create(actor: Actor, input: AccountInput): Promise<number> {
    const scope = managerScope(actor);
    const name = accountName(input.name);
    const realName = requiredText(input.real_name, 'real_name', 100);
    const customerId = await this.assignableCustomer(scope, requiredId(input.customer_id, 'customer_id'));
    const roleId = await this.assignableRole(scope, requiredId(input.role_id, 'role_id'), customerId);
    const mail = email(input.email);
    const tel = phone(input.phone);
    const password = await this.openPair(input);
    if (await this.users.findByName(name)) duplicate(name);
    let id: number;
    try {
      id = await this.users.insert({
        name,
        real_name: realName,
        email: mail,
        phone: tel,
        password_hash: await hashPassword(password),
        customer_id: customerId,
        role_id: roleId,
        enabled: input.enabled === false ? 0 : 1,
        activated: 1,
        is_default: 0,
        submit_type: 0,
        // A password an administrator chose is changed at the first sign-in.
        must_change_password: 1,
        created_by: scope.userId,
      });
    } catch (err) {
      if (isUniqueViolation(err)) duplicate(name);
      throw err;
    }
    await recordAction(this.audit, actor, 'account_created', `${name} customer=${customerId} role=${roleId}`);
    return id;
  }

  /** Changes email, phone, customer, role and the enabled flag; account and real name are read-only (SPEC §5). */
  async update(actor: Actor, id: number, input: AccountInput): Promise<void> {
    const scope = managerScope(actor);
    const target = await this.manageable(scope, id);
    if (input.name !== undefined && input.name !== target.name) fail('illegal_operation', 'name');
    if (input.real_name !== undefined && input.real_name !== target.real_name) fail('illegal_operation', 'real_name');
    const patch: Parameters<UsersRepository['update']>[1] = {};
    if (input.email !== undefined) patch.email = email(input.email);
    if (input.phone !== undefined) patch.phone = phone(input.phone);
    if (input.customer_id !== undefined && input.customer_id !== target.customer_id) {
      this.assertNotSelfOrAdmin(scope, target, 'customer_id');
      patch.customer_id = await this.assignableCustomer(scope, input.customer_id);
    }
    if (input.role_id !== undefined && input.role_id !== target.role_id) {
      if (target.id === scope.userId && !scope.isAdmin) fail('illegal_operation', 'role_id');
      patch.role_id = await this.assignableRole(scope, input.role_id, patch.customer_id ?? target.customer_id);
    } else if (patch.customer_id !== undefined) {
      // Moving an account to another customer: its role must be one that customer may hold.
      await this.assignableRole(scope, target.role_id, patch.customer_id);
    }
    if (input.enabled !== undefined && (input.enabled ? 1 : 0) !== target.enabled) {
      this.assertNotSelfOrAdmin(scope, target, 'enabled');
      patch.enabled = input.enabled ? 1 : 0;
    }
    await this.users.update(id, patch);
    if (patch.enabled === 0 || patch.customer_id !== undefined) await this.sessions.revokeAllOf(id, 'disabled');
    await recordAction(this.audit, actor, 'account_updated', `${target.name} ${Object.keys(patch).join(',')}`);
  }

  async setEnabled(actor: Actor, id: number, enabled: boolean): Promise<void> {
    const scope = managerScope(actor);
    const target = await this.manageable(scope, id);
    this.assertNotSelfOrAdmin(scope, target, 'enabled');
    await this.users.update(id, { enabled: enabled ? 1 : 0 });
    if (!enabled) await this.sessions.revokeAllOf(id, 'disabled');
    await recordAction(this.audit, actor, enabled ? 'account_enabled' : 'account_disabled', target.name);
  }

  async setLocked(actor: Actor, id: number, locked: boolean): Promise<void> {
    const scope = managerScope(actor);
    const target = await this.manageable(scope, id);
    this.assertNotSelfOrAdmin(scope, target, 'locked');
    await this.users.update(id, { locked_until: locked ? MANUAL_LOCK : null, failed_attempts: 0 });
    if (locked) await this.sessions.revokeAllOf(id, 'disabled');
    await recordAction(this.audit, actor, locked ? 'account_locked_by_manager' : 'account_unlocked', target.name);
  }

  /** A manager sets a new password; the owner must change it at the next sign-in, and open sessions end. */
  async resetPassword(actor: Actor, id: number, input: Pick<AccountInput, 'password' | 'password_confirm' | 'key_id'>): Promise<void> {
    const scope = managerScope(actor);
    const target = await this.manageable(scope, id);
    if (target.name === ADMIN_USER && !scope.isAdmin) fail('unauthorized_operation');
    const password = await this.openPair(input);
    await this.users.setPassword(id, await hashPassword(password), true);
    await this.sessions.revokeAllOf(id, 'password_changed');
    await recordAction(this.audit, actor, 'account_password_reset', target.name);
  }

  /**
   * SPEC §5 delete rules: not oneself, not a default row, admin or the owner
   * (the manager who created it). The account's detection tasks and their
   * results go with it in the same transaction (SPEC §8 warning); its samples
   * stay with the customer, without an uploader.
   */
  async delete(actor: Actor, id: number): Promise<{ tasks: number }> {
    const scope = managerScope(actor);
    const target = await this.visible(scope, id);
    if (target.id === scope.userId) fail('cannot_delete_self');
    if (target.is_default === 1 || target.name === ADMIN_USER) fail('default_row_protected');
    if (!scope.isAdmin) {
      await this.manageable(scope, id);
      if (target.created_by !== scope.userId) fail('unauthorized_operation');
    }
    const tasks = await this.db.transaction().execute(async (trx) => {
      const owned = trx.selectFrom('tasks').select('tasks.id').where('tasks.created_by', '=', id);
      const { n } = await trx.selectFrom('tasks').select((eb) => eb.fn.countAll<number>().as('n')).where('created_by', '=', id).executeTakeFirstOrThrow();
      await trx.deleteFrom('task_results').where('task_id', 'in', owned).execute();
      await trx.deleteFrom('tasks').where('created_by', '=', id).execute();
      await trx.deleteFrom('upload_chunks').where('uid', 'in', trx.selectFrom('uploads').select('uploads.uid').where('uploads.user_id', '=', id)).execute();
      await trx.deleteFrom('uploads').where('user_id', '=', id).execute();
      await trx.updateTable('samples').set({ uploader_id: null }).where('uploader_id', '=', id).execute();
      await trx.updateTable('users').set({ created_by: null }).where('created_by', '=', id).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
      await trx.deleteFrom('users').where('id', '=', id).execute();
      return Number(n);
    });
    await recordAction(this.audit, actor, 'account_deleted', `${target.name} tasks=${tasks}`);
    return { tasks };
  }

  /** The account if the caller may see it; other customers' accounts are "not found". */
  private async visible(scope: ManagerScope, id: number): Promise<UserWithScope> {
    const user = await this.users.findById(id);
    if (!user || !maySeeCustomer(scope, user.customer_id)) return fail('user_not_found');
    return user;
  }

  /** Visible, and not stronger than the caller: a manager cannot take over an account with grants they lack. */
  private async manageable(scope: ManagerScope, id: number): Promise<UserWithScope> {
    const user = await this.visible(scope, id);
    if (scope.isAdmin) return user;
    if (user.name === ADMIN_USER || !mayUseRole(scope, await this.roles.permissions(user.role_id))) fail('unauthorized_operation');
    return user;
  }

  /** Nobody disables, locks or moves themselves (they would be shut out), and the admin account stays usable. */
  private assertNotSelfOrAdmin(scope: ManagerScope, target: UserWithScope, field: string): void {
    if (target.id === scope.userId || target.name === ADMIN_USER) fail('illegal_operation', field);
  }

  private async assignableCustomer(scope: ManagerScope, customerId: number): Promise<number> {
    const customer = await this.customers.findById(customerId);
    if (!customer || !maySeeCustomer(scope, customer.id)) fail('customer_not_found');
    return customer.id;
  }

  /** A role the caller may hand to an account of `customerId`: a platform role or that customer's own, within the caller's grants. */
  private async assignableRole(scope: ManagerScope, roleId: number, customerId: number): Promise<number> {
    const role = await this.roles.findById(roleId);
    if (!role || !roleVisibleTo(scope, role)) fail('role_not_found');
    if (role.customer_id !== null && role.customer_id !== customerId) fail('role_not_found');
    if (!mayUseRole(scope, await this.roles.permissions(role.id))) fail('unauthorized_operation');
    return role.id;
  }

  private async openPair(input: Pick<AccountInput, 'password' | 'password_confirm' | 'key_id'>): Promise<string> {
    if (!input.password) fail('field_required', 'password');
    if (!input.password_confirm) fail('field_required', 'password_confirm');
    if (!input.key_id) fail('field_required', 'key_id');
    const password = await this.keys.open(input.key_id, input.password);
    const confirmation = await this.keys.open(input.key_id, input.password_confirm);
    return passwordPair(password, confirmation);
  }
}
