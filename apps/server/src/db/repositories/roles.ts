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

  /** Creates a role with its grants in one transaction. */
  async create(name: string, description: string, grants: PermissionEntry[], isDefault = false): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('roles')
        .values({ name, description, is_default: isDefault ? 1 : 0, created_at: Date.now() })
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
}
