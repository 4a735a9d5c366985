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
}
