/** Customers (clients): the tenant every user, task and sample belongs to. */
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

export const DEFAULT_CUSTOMER_KEY = 'default';

export class CustomersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  findByKey(clientKey: string) {
    return this.db.selectFrom('customers').selectAll().where('client_key', '=', clientKey).executeTakeFirst();
  }

  async create(clientKey: string, name: string, opts: { isDefault?: boolean; expiresAt?: number | null; enabled?: boolean } = {}): Promise<number> {
    const row = await this.db
      .insertInto('customers')
      .values({ client_key: clientKey, name, enabled: opts.enabled === false ? 0 : 1, expires_at: opts.expiresAt ?? null, is_default: opts.isDefault ? 1 : 0, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  findById(id: number) {
    return this.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Customers with their account counts, oldest first; `onlyId` confines the list to one tenant. */
  async listWithCounts(onlyId?: number) {
    let q = this.db
      .selectFrom('customers')
      .leftJoin('users', 'users.customer_id', 'customers.id')
      .select(['customers.id', 'customers.client_key', 'customers.name', 'customers.enabled', 'customers.expires_at', 'customers.is_default', 'customers.created_at', (eb) => eb.fn.count<number>('users.id').as('accounts')])
      .groupBy(['customers.id', 'customers.client_key', 'customers.name', 'customers.enabled', 'customers.expires_at', 'customers.is_default', 'customers.created_at'])
      .orderBy('customers.id');
    if (onlyId !== undefined) q = q.where('customers.id', '=', onlyId);
    return (await q.execute()).map((c) => ({ ...c, accounts: Number(c.accounts) }));
  }

  async update(id: number, patch: { client_key?: string; name?: string; enabled?: 0 | 1; expires_at?: number | null }): Promise<void> {
    await this.db.updateTable('customers').set(patch).where('id', '=', id).execute();
  }

  /** Whether anything but accounts still points at the customer (samples, tasks). */
  async hasData(id: number): Promise<boolean> {
    const sample = await this.db.selectFrom('samples').select('id').where('customer_id', '=', id).limit(1).executeTakeFirst();
    const task = await this.db.selectFrom('tasks').select('id').where('customer_id', '=', id).limit(1).executeTakeFirst();
    return Boolean(sample || task);
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('customers').where('id', '=', id).execute();
  }
}
