/**
 * Customers (clients, the tenants): name, key, enabled, expiry. Creating,
 * changing and deleting customers is admin's alone, even for a role granted the
 * customers screen: such a manager sees only their own customer (changing it
 * would let a tenant extend its own expiry or disable another tenant).
 * Disabling a customer or letting its expiry pass ends its users' sessions at
 * once; sign-in already refuses them (customer_or_user_disabled, customer_expired).
 */
import type { CustomerRow } from '@citadel/contracts';
import type { AuditLog } from '../../db/repositories/audit-log.ts';
import type { CustomersRepository } from '../../db/repositories/customers.ts';
import type { UsersRepository } from '../../db/repositories/users.ts';
import { fail } from '../../http/app-error.ts';
import type { Sessions } from '../auth/sessions.ts';
import { clientKey, duplicate, isUniqueViolation, requiredText } from './field-rules.ts';
import { type Actor, managerScope, recordAction } from './manager-scope.ts';

export interface CustomerInput {
  client_key?: string;
  name?: string;
  enabled?: boolean;
  /** Epoch milliseconds; null = never expires. */
  expires_at?: number | null;
}

export class CustomerService {
  constructor(
    private readonly customers: CustomersRepository,
    private readonly users: UsersRepository,
    private readonly sessions: Sessions,
    private readonly audit: AuditLog,
  ) {}

  async list(actor: Actor): Promise<CustomerRow[]> {
    const scope = managerScope(actor);
    const now = Date.now();
    return (await this.customers.listWithCounts(scope.isAdmin ? undefined : scope.customerId)).map((c) => ({
      id: c.id,
      client_key: c.client_key,
      name: c.name,
      enabled: c.enabled === 1,
      expires_at: c.expires_at,
      expired: c.expires_at !== null && c.expires_at < now,
      is_default: c.is_default === 1,
      accounts: c.accounts,
      created_at: c.created_at,
    }));
  }

  async create(actor: Actor, input: CustomerInput): Promise<number> {
    this.adminOnly(actor);
    const key = clientKey(input.client_key);
    const name = requiredText(input.name, 'name', 200);
    if (await this.customers.findByKey(key)) fail('customer_exists');
    if ((await this.customers.listWithCounts()).some((c) => c.name === name)) duplicate(name);
    let id: number;
    try {
      id = await this.customers.create(key, name, { enabled: input.enabled !== false, expiresAt: input.expires_at ?? null });
    } catch (err) {
      if (isUniqueViolation(err)) fail('customer_exists');
      throw err;
    }
    await recordAction(this.audit, actor, 'customer_created', `${key} ${name}`);
    return id;
  }

  async update(actor: Actor, id: number, input: CustomerInput): Promise<void> {
    this.adminOnly(actor);
    const customer = await this.customers.findById(id);
    if (!customer) return fail('customer_not_found');
    const patch: Parameters<CustomersRepository['update']>[1] = {};
    if (input.client_key !== undefined && input.client_key !== customer.client_key) {
      // The default customer's key is what the first start and company login rely on.
      if (customer.is_default === 1) fail('illegal_operation', 'client_key');
      patch.client_key = clientKey(input.client_key);
      if (await this.customers.findByKey(patch.client_key)) fail('customer_exists');
    }
    if (input.name !== undefined) {
      patch.name = requiredText(input.name, 'name', 200);
      if ((await this.customers.listWithCounts()).some((c) => c.name === patch.name && c.id !== id)) duplicate(patch.name);
    }
    if (input.enabled !== undefined) patch.enabled = input.enabled ? 1 : 0;
    if (input.expires_at !== undefined) patch.expires_at = input.expires_at;
    // The admin account lives in the default customer: it never expires or goes dark.
    if (customer.is_default === 1 && (patch.enabled === 0 || (patch.expires_at ?? null) !== null)) fail('illegal_operation', 'enabled');
    try {
      await this.customers.update(id, patch);
    } catch (err) {
      if (isUniqueViolation(err)) fail('customer_exists');
      throw err;
    }
    const shutOut = patch.enabled === 0 || (patch.expires_at !== undefined && patch.expires_at !== null && patch.expires_at < Date.now());
    if (shutOut) for (const userId of await this.users.idsOfCustomer(id)) await this.sessions.revokeAllOf(userId, 'disabled');
    await recordAction(this.audit, actor, 'customer_updated', `${customer.client_key} ${Object.keys(patch).join(',')}`);
  }

  /** SPEC §5: default rows stay; a customer that still has accounts or data cannot be deleted. */
  async delete(actor: Actor, id: number): Promise<void> {
    this.adminOnly(actor);
    const customer = await this.customers.findById(id);
    if (!customer) return fail('customer_not_found');
    if (customer.is_default === 1) fail('default_row_protected');
    if ((await this.users.countByCustomer(id)) > 0) fail('customer_has_accounts');
    if (await this.customers.hasData(id)) fail('delete_failed');
    await this.customers.delete(id);
    await recordAction(this.audit, actor, 'customer_deleted', `${customer.client_key} ${customer.name}`);
  }

  private adminOnly(actor: Actor): void {
    if (!actor.identity.isAdmin) fail('unauthorized_operation');
  }
}
