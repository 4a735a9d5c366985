/**
 * Hardening (issues 27, 28): customers' strategies per hardening type (the
 * built-in presets live in the type packages, not here) and hardening tasks
 * with their input, protected output, applied protections and verification.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { idColumn } from '../migrate.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = idColumn(dialect);
  await db.schema
    .createTable('shield_strategies')
    .addColumn('id', id.type, id.build)
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('strategy_values', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shield_strategies_customer_idx').on('shield_strategies').columns(['customer_id', 'type']).execute();
  await db.schema
    .createTable('shield_tasks')
    .addColumn('id', id.type, id.build)
    .addColumn('task_uid', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('input_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('input_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('input_size', 'bigint', (c) => c.notNull())
    .addColumn('input_sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('strategy_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('strategy_values', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('step', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('fail_msg', 'text')
    .addColumn('output_name', 'varchar(255)')
    .addColumn('output_key', 'varchar(64)')
    .addColumn('output_size', 'bigint')
    .addColumn('output_sha256', 'varchar(64)')
    .addColumn('result', 'text')
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('shield_tasks_customer_idx').on('shield_tasks').columns(['customer_id', 'type']).execute();
}
