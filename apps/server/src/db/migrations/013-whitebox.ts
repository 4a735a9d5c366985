/**
 * White-box cryptography (issue 29): original keys (symmetric and asymmetric;
 * secrets only envelope-encrypted) and white-box libraries with their
 * generation status, verification report and stored package.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { idColumn } from '../migrate.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = idColumn(dialect);
  await db.schema
    .createTable('whitebox_keys')
    .addColumn('id', id.type, id.build)
    .addColumn('uid', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('algorithm', 'varchar(20)', (c) => c.notNull())
    .addColumn('bits', 'integer', (c) => c.notNull())
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    .addColumn('public_key', 'text')
    .addColumn('wrapped_key', 'text')
    .addColumn('ciphertext', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('whitebox_keys_customer_idx').on('whitebox_keys').columns(['customer_id', 'kind']).execute();
  await db.schema
    .createTable('whitebox_libraries')
    .addColumn('id', id.type, id.build)
    .addColumn('uid', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('logo', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('key_id', 'integer', (c) => c.notNull().references('whitebox_keys.id'))
    .addColumn('algorithm', 'varchar(10)', (c) => c.notNull())
    .addColumn('platforms', 'varchar(100)', (c) => c.notNull())
    .addColumn('directions', 'varchar(20)', (c) => c.notNull())
    .addColumn('modes', 'varchar(20)', (c) => c.notNull())
    .addColumn('padding', 'varchar(10)', (c) => c.notNull())
    .addColumn('preference', 'varchar(20)', (c) => c.notNull())
    .addColumn('build_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('android_packages', 'text', (c) => c.notNull())
    .addColumn('ios_bundle_ids', 'text', (c) => c.notNull())
    .addColumn('anti_theft', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('usage_status', 'varchar(10)', (c) => c.notNull())
    .addColumn('generation_status', 'varchar(12)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('step', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('fail_msg', 'text')
    .addColumn('table_bytes', 'integer')
    .addColumn('report', 'text')
    .addColumn('storage_key', 'varchar(64)')
    .addColumn('file_size', 'bigint')
    .addColumn('seed_wrapped', 'text')
    .addColumn('seed_ciphertext', 'text')
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('whitebox_libraries_customer_idx').on('whitebox_libraries').column('customer_id').execute();
  await db.schema.createIndex('whitebox_libraries_key_idx').on('whitebox_libraries').column('key_id').execute();
}
