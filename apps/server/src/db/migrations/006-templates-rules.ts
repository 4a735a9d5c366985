/**
 * Assessment templates (one built-in default per platform, seeded here with
 * `items` NULL = every item of the platform's catalogue) and the testing rules
 * that change what engines report: whitelists, the third-party SDK library,
 * sensitive words, and the admin's evaluation settings.
 *
 * `customer_id` NULL marks a row shared by every customer (the built-in
 * defaults, and rules an admin maintains for everyone).
 */
import { type Kysely, sql } from 'kysely';
import { idColumn } from '../migrate.ts';

/** The platforms with template pages (SPEC §2), in menu order. */
const TEMPLATE_PLATFORMS = ['android', 'ios', 'harmony', 'harmony_next', 'android_sdk', 'ios_sdk', 'miniprogram', 'alipay_miniprogram'];

export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const id = idColumn(dialect);
  await db.schema
    .createTable('templates')
    .addColumn('id', id.type, id.build)
    .addColumn('platform', 'varchar(40)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('cascade'))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('preset_template', 'integer')
    .addColumn('preset_type', 'varchar(30)', (c) => c.notNull().defaultTo('standard'))
    .addColumn('report_template', 'varchar(30)', (c) => c.notNull().defaultTo('standard'))
    .addColumn('report_language', 'varchar(10)', (c) => c.notNull().defaultTo('zh-CN'))
    .addColumn('items', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('templates_scope_idx').on('templates').columns(['platform', 'customer_id']).execute();
  const now = Date.now();
  for (const platform of TEMPLATE_PLATFORMS) {
    await sql`insert into templates (platform, name, customer_id, is_default, preset_type, report_template, report_language, items, created_at, updated_at)
      values (${platform}, ${'默认模板'}, ${null}, ${1}, ${'standard'}, ${'standard'}, ${'zh-CN'}, ${null}, ${now}, ${now})`.execute(db);
  }

  await db.schema
    .createTable('whitelist_entries')
    .addColumn('id', id.type, id.build)
    .addColumn('list', 'varchar(20)', (c) => c.notNull())
    .addColumn('file_type', 'varchar(30)', (c) => c.notNull())
    .addColumn('pattern', 'varchar(500)', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('whitelist_scope_idx').on('whitelist_entries').columns(['list', 'customer_id']).execute();

  await db.schema
    .createTable('sdk_library')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('category', 'varchar(30)', (c) => c.notNull())
    /** JSON arrays of strings. */
    .addColumn('packages', 'text', (c) => c.notNull())
    .addColumn('ios_frameworks', 'text', (c) => c.notNull())
    .addColumn('ios_class_prefixes', 'text', (c) => c.notNull())
    .addColumn('ohpm', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    /** 1 for rows seeded from the engines' library (never deleted, only disabled). */
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sdk_library_scope_idx').on('sdk_library').columns(['customer_id', 'name']).execute();

  await db.schema
    .createTable('sensitive_words')
    .addColumn('id', id.type, id.build)
    /** NULL: the shared list every customer's assessments use. */
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('cascade'))
    .addColumn('words', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('evaluation_settings')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
