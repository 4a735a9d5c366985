/** Users with their customer and role, as the sign-in and permission code needs them. */
import type { Kysely, Selectable } from 'kysely';
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

  async insert(values: Omit<UserRow, 'id' | 'created_at' | 'updated_at' | 'failed_attempts' | 'locked_until' | 'last_login_at'>): Promise<number> {
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
}
