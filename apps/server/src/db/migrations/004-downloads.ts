/** Download records (the report job queue: QUEUEING rows ordered by queue_seq) and generated report files. */
import type { Kysely } from 'kysely';
import { idColumn } from '../migrate.ts';

export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const id = idColumn(dialect);
  await db.schema
    .createTable('downloads')
    .addColumn('id', id.type, id.build)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('name', 'varchar(300)', (c) => c.notNull())
    .addColumn('range', 'varchar(10)', (c) => c.notNull())
    .addColumn('format', 'varchar(10)', (c) => c.notNull())
    .addColumn('language', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('percentage', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('queue_seq', 'bigint', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(100)')
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('catalogue_version', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'varchar(100)')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('downloads_queue_idx').on('downloads').columns(['status', 'queue_seq']).execute();
  await db.schema.createIndex('downloads_user_idx').on('downloads').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('report_files')
    .addColumn('id', id.type, id.build)
    .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('range', 'varchar(10)', (c) => c.notNull())
    .addColumn('format', 'varchar(10)', (c) => c.notNull())
    .addColumn('language', 'varchar(10)', (c) => c.notNull())
    .addColumn('catalogue_version', 'varchar(64)', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('report_files_key_idx').on('report_files').columns(['task_id', 'range', 'format', 'language', 'catalogue_version']).unique().execute();
}
