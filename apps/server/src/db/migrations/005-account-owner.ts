/**
 * Accounts remember who created them: the "owner" of SPEC §5's delete rule
 * ("admin or the row is the user's own") for account rows. A creator that is
 * deleted later leaves the column empty, and then only admin may delete the row.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('users_created_by_idx').on('users').column('created_by').execute();
  await db.schema.createIndex('audit_log_user_idx').on('audit_log').column('user_id').execute();
}
