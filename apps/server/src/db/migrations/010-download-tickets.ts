/**
 * Download tickets: a short-lived, single-use capability for one download URL, so the
 * browser can fetch a large file with a plain link (streamed to disk by the browser)
 * instead of through fetch() into memory. Stored as a hash, tied to the session that
 * asked for it and to the exact URL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('download_tickets')
    .addColumn('ticket_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('url', 'varchar(300)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('download_tickets_expiry_idx').on('download_tickets').column('expires_at').execute();
}
