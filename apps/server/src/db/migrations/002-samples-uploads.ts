/** Samples (uploaded target files), chunked uploads in progress and their received chunks. */
import type { Kysely } from 'kysely';
import { idColumn } from '../migrate.ts';

export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const id = idColumn(dialect);
  await db.schema
    .createTable('samples')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'varchar(300)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('md5', 'varchar(32)', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('extension', 'varchar(20)', (c) => c.notNull())
    .addColumn('category', 'varchar(20)', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('uploader_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('uploader_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('cleaned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cleaned_at', 'bigint')
    .addColumn('task_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // One sample per customer and content: the same MD5 uploaded again reuses the row and its object.
  await db.schema.createIndex('samples_customer_md5_uq').on('samples').columns(['customer_id', 'md5']).unique().execute();
  await db.schema.createIndex('samples_storage_key_idx').on('samples').column('storage_key').execute();
  await db.schema.createIndex('samples_created_idx').on('samples').columns(['cleaned', 'created_at']).execute();

  await db.schema
    .createTable('uploads')
    .addColumn('uid', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(300)', (c) => c.notNull())
    .addColumn('kind', 'varchar(30)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('chunks', 'integer', (c) => c.notNull())
    .addColumn('chunk_size', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('sample_id', 'integer')
    .addColumn('error', 'varchar(100)')
    .addColumn('error_message', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('upload_chunks')
    .addColumn('uid', 'varchar(64)', (c) => c.notNull().references('uploads.uid').onDelete('cascade'))
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_chunks_pk', ['uid', 'idx'])
    .execute();
}
