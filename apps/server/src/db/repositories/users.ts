/** Users with their customer and role, as the sign-in and permission code needs them. */
import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB, UsersTable } from '../schema.ts';

export type UserRow = Selectable<UsersTable>;

export interface UserWithScope extends UserRow {
  customer_key: string;
  customer_name: string;
  customer_enabled: number;
  customer_expires_at: number | null;
  role_name: string;
}

export class UsersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private scoped() {
    return this.db
      .selectFrom('users')
      .innerJoin('customers', 'customers.id', 'users.customer_id')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .selectAll('users')
      .select([
        'customers.client_key as customer_key',
        'customers.name as customer_name',
        'customers.enabled as customer_enabled',
        'customers.expires_at as customer_expires_at',
        'roles.name as role_name',
      ]);
  }

  findByName(name: string): Promise<UserWithScope | undefined> {
    return this.scoped().where('users.name', '=', name).executeTakeFirst();
  }

  findById(id: number): Promise<UserWithScope | undefined> {
    return this.scoped().where('users.id', '=', id).executeTakeFirst();
  }

  async insert(values: Omit<UserRow, 'id' | 'created_at' | 'updated_at' | 'failed_attempts' | 'locked_until' | 'last_login_at' | 'created_by'> & { created_by?: number | null }): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('users')
      .values({ ...values, failed_attempts: 0, locked_until: null, last_login_at: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async recordFailure(id: number, attempts: number, lockedUntil: number | null): Promise<void> {
    await this.db.updateTable('users').set({ failed_attempts: attempts, locked_until: lockedUntil, updated_at: Date.now() }).where('id', '=', id).execute();
  }

  async recordLogin(id: number): Promise<void> {
    const now = Date.now();
    await this.db.updateTable('users').set({ failed_attempts: 0, locked_until: null, last_login_at: now, updated_at: now }).where('id', '=', id).execute();
  }

  async setPassword(id: number, passwordHash: string, mustChange: boolean): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, must_change_password: mustChange ? 1 : 0, updated_at: Date.now() })
      .where('id', '=', id)
      .execute();
  }

  /** A page of accounts, newest first; `customerId` confines it to one tenant, `search` matches account or real name. */
  async list(filter: { customerId?: number; search?: string; roleId?: number; enabled?: boolean; page: number; pageSize: number }): Promise<{ total: number; rows: UserWithScope[] }> {
    let q = this.scoped();
    if (filter.customerId !== undefined) q = q.where('users.customer_id', '=', filter.customerId);
    if (filter.roleId !== undefined) q = q.where('users.role_id', '=', filter.roleId);
    if (filter.enabled !== undefined) q = q.where('users.enabled', '=', filter.enabled ? 1 : 0);
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      q = q.where((eb) => eb.or([sql<boolean>`lower(users.name) like ${pattern} escape '!'`, sql<boolean>`lower(users.real_name) like ${pattern} escape '!'`]));
    }
    const { total } = await q.clearSelect().select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const rows = await q.orderBy('users.id', 'desc').limit(filter.pageSize).offset((filter.page - 1) * filter.pageSize).execute();
    return { total: Number(total), rows };
  }

  async update(id: number, patch: Partial<Pick<UserRow, 'email' | 'phone' | 'customer_id' | 'role_id' | 'enabled' | 'locked_until' | 'failed_attempts'>>): Promise<void> {
    await this.db.updateTable('users').set({ ...patch, updated_at: Date.now() }).where('id', '=', id).execute();
  }

  async countByRole(roleId: number): Promise<number> {
    const { n } = await this.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('role_id', '=', roleId).executeTakeFirstOrThrow();
    return Number(n);
  }

  async countByCustomer(customerId: number): Promise<number> {
    const { n } = await this.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('customer_id', '=', customerId).executeTakeFirstOrThrow();
    return Number(n);
  }

  async idsOfCustomer(customerId: number): Promise<number[]> {
    return (await this.db.selectFrom('users').select('id').where('customer_id', '=', customerId).execute()).map((r) => r.id);
  }
}

/** A LIKE pattern (escape character '!') that matches `text` anywhere, case-insensitively. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}
