/**
 * Roles belong to a customer (issue 18 item 1): before this, every role was shared
 * by all customers, so one customer's role manager could change the grants another
 * customer's accounts hold. `customer_id` null is a platform role (the built-in
 * ones and any the platform administrator makes for everyone): only `admin`
 * changes those. A role that existing accounts of exactly one customer use moves
 * to that customer; a role used by several customers (or by none) stays a
 * platform role, so no manager gains or loses a grant by this migration.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('roles')
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id'))
    .execute();
  await sql`
    update roles set customer_id = (select min(u.customer_id) from users u where u.role_id = roles.id)
    where is_default = 0
      and (select count(distinct u.customer_id) from users u where u.role_id = roles.id) = 1`.execute(db);
  await db.schema.createIndex('roles_customer_idx').on('roles').column('customer_id').execute();
}
