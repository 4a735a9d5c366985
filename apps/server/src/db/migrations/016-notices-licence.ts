/**
 * Platform notices and the licence (issue 30).
 * - notices: what administrators write (SPEC §3 notice: title, content, is_float,
 *   attachment, attachment_name) with targeting (customers, roles; empty = all),
 *   a display window and draft/published status; notice_reads keeps read state per user.
 * - licences: the uploaded Ed25519-signed licence files (the active one rules);
 *   licence_usage: counters per licence and scope (product, or user and product),
 *   bumped inside the transaction that creates the task they count.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { idColumn } from '../migrate.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = idColumn(dialect);
  await db.schema
    .createTable('notices')
    .addColumn('id', id.type, id.build)
    .addColumn('title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('is_float', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attachment_key', 'varchar(64)')
    .addColumn('attachment_name', 'varchar(200)')
    .addColumn('attachment_size', 'bigint')
    .addColumn('customer_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('role_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('start_at', 'bigint')
    .addColumn('end_at', 'bigint')
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('draft'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('published_at', 'bigint')
    .execute();
  await db.schema.createIndex('notices_status_idx').on('notices').columns(['status', 'published_at']).execute();
  await db.schema
    .createTable('notice_reads')
    .addColumn('notice_id', 'integer', (c) => c.notNull().references('notices.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('notice_reads_pk', ['notice_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('licences')
    .addColumn('id', id.type, id.build)
    .addColumn('licence_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('customer', 'varchar(200)', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('not_before', 'bigint', (c) => c.notNull())
    .addColumn('not_after', 'bigint', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('uploaded_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('licence_usage')
    .addColumn('licence_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('scope', 'varchar(160)', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('licence_usage_pk', ['licence_id', 'scope'])
    .execute();
}
