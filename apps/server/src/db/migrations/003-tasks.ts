/** Assessment tasks (the embedded queue is this table: QUEUEING rows ordered by queue_seq) and their stored results. */
import type { Kysely } from 'kysely';
import { idColumn } from '../migrate.ts';

export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const id = idColumn(dialect);
  await db.schema
    .createTable('tasks')
    .addColumn('id', id.type, id.build)
    .addColumn('task_uid', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('platform', 'varchar(40)', (c) => c.notNull())
    .addColumn('status', 'varchar(30)', (c) => c.notNull())
    .addColumn('fail_kind', 'varchar(20)')
    .addColumn('fail_msg', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('finish_item', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_item', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('queue_seq', 'bigint', (c) => c.notNull())
    .addColumn('sample_id', 'integer')
    .addColumn('url', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('file_name', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('template_id', 'integer')
    .addColumn('template_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('fields', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('selected', 'text')
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('app_name', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('package_name', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('version', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('md5', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('score', 'integer')
    .addColumn('risk_level', 'varchar(10)')
    .addColumn('counts', 'text')
    .addColumn('engine_version', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'varchar(100)')
    .addColumn('lease_expires_at', 'bigint')
    .execute();
  // The queue: the next task is the lowest queue_seq among QUEUEING rows; a position is a count over the same index.
  await db.schema.createIndex('tasks_queue_idx').on('tasks').columns(['status', 'queue_seq']).execute();
  await db.schema.createIndex('tasks_list_idx').on('tasks').columns(['customer_id', 'platform', 'id']).execute();
  await db.schema.createIndex('tasks_creator_idx').on('tasks').columns(['created_by', 'id']).execute();

  await db.schema
    .createTable('task_results')
    .addColumn('task_id', 'integer', (c) => c.primaryKey().references('tasks.id').onDelete('cascade'))
    .addColumn('assessment', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
