/** Roles and their grants: resource (a menu key) → operations. */
import type { Operation, PermissionEntry } from '@citadel/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

export class RolesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async permissions(roleId: number): Promise<PermissionEntry[]> {
    const rows = await this.db.selectFrom('role_permissions').select(['resource', 'operations']).where('role_id', '=', roleId).orderBy('resource').execute();
    return rows.map((r) => ({ resources: r.resource, operations: r.operations.split(',').filter(Boolean) as Operation[] }));
  }

  findByName(name: string) {
    return this.db.selectFrom('roles').selectAll().where('name', '=', name).executeTakeFirst();
  }

  /** Creates a role with its grants in one transaction; `customerId` null makes a platform role. */
  async create(name: string, description: string, grants: PermissionEntry[], isDefault = false, customerId: number | null = null): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('roles')
        .values({ name, description, is_default: isDefault ? 1 : 0, created_at: Date.now(), customer_id: customerId })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (grants.length > 0) {
        await trx
          .insertInto('role_permissions')
          .values(grants.map((g) => ({ role_id: id, resource: g.resources, operations: g.operations.join(',') })))
          .execute();
      }
      return id;
    });
  }

  findById(id: number) {
    return this.db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Every role with its grants and how many accounts hold it, oldest first. With
   * `accountsOf`, only that customer's accounts are counted (a manager must not
   * learn how many accounts other customers have on a shared platform role).
   */
  async listWithGrants(accountsOf?: number): Promise<{ id: number; name: string; description: string; is_default: number; created_at: number; customer_id: number | null; accounts: number; permissions: PermissionEntry[] }[]> {
    const roles = await this.db
      .selectFrom('roles')
      .leftJoin('users', (j) => {
        const on = j.onRef('users.role_id', '=', 'roles.id');
        return accountsOf === undefined ? on : on.on('users.customer_id', '=', accountsOf);
      })
      .select(['roles.id', 'roles.name', 'roles.description', 'roles.is_default', 'roles.created_at', 'roles.customer_id', (eb) => eb.fn.count<number>('users.id').as('accounts')])
      .groupBy(['roles.id', 'roles.name', 'roles.description', 'roles.is_default', 'roles.created_at', 'roles.customer_id'])
      .orderBy('roles.id')
      .execute();
    // Sorted here, not by the database: collations differ between SQLite and PostgreSQL.
    const grants = (await this.db.selectFrom('role_permissions').select(['role_id', 'resource', 'operations']).execute()).sort((a, b) => (a.resource < b.resource ? -1 : a.resource > b.resource ? 1 : 0));
    return roles.map((r) => ({
      ...r,
      accounts: Number(r.accounts),
      permissions: grants.filter((g) => g.role_id === r.id).map((g) => ({ resources: g.resource, operations: g.operations.split(',').filter(Boolean) as Operation[] })),
    }));
  }

  /** Renames a role and replaces its grants in one transaction. */
  async update(id: number, name: string, description: string, grants: PermissionEntry[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('roles').set({ name, description }).where('id', '=', id).execute();
      await trx.deleteFrom('role_permissions').where('role_id', '=', id).execute();
      if (grants.length > 0) {
        await trx
          .insertInto('role_permissions')
          .values(grants.map((g) => ({ role_id: id, resource: g.resources, operations: g.operations.join(',') })))
          .execute();
      }
    });
  }

  async delete(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('role_permissions').where('role_id', '=', id).execute();
      await trx.deleteFrom('roles').where('id', '=', id).execute();
    });
  }
}
