/**
 * Dashboard, workbench and statistics (issue 11).
 *
 * Why summary tables maintained by triggers: the overview must answer in well
 * under 200 ms with a million tasks and 100 000 samples on both databases.
 * Indexes alone still leave counts and sums over up to a million rows (tens to
 * hundreds of milliseconds each, several per page). Small summary tables keyed
 * by (customer, platform, status) and (customer, platform, UTC day) turn every
 * figure into a sum over at most a few thousand rows. Triggers keep them exact
 * and transactional: the delta commits in the same transaction as the task or
 * sample change, whichever code path makes it (API, embedded worker, BullMQ
 * worker, recovery, delete), so no application code can forget an update and a
 * rolled-back change leaves no trace. Heartbeats (progress) touch none of the
 * watched columns, so they do not pay for it.
 *
 * On PostgreSQL the two rows a status change touches are always locked in the
 * same order (status rows sorted by status, then day rows), so concurrent
 * transitions (a retry and a cancel) cannot deadlock on the summary rows.
 *
 * Also: indexes for "recent tasks" and time-windowed statistics, work orders and
 * their linked tasks, and registered real devices.
 */
import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { idColumn } from '../migrate.ts';

const DAY_MS = 86_400_000;
const LEVELS = ['serious', 'high', 'medium', 'low', 'info'] as const;
const RISK_SUM_LEVELS = ['serious', 'high', 'medium', 'low'] as const;

export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const id = idColumn(dialect);
  const statColumns = (t: CreateTableBuilder<string, string>): CreateTableBuilder<string, string> => {
    let out = t.addColumn('tasks', 'integer', (c) => c.notNull().defaultTo(0));
    for (const l of LEVELS) out = out.addColumn(l, 'bigint', (c) => c.notNull().defaultTo(0));
    return out.addColumn('risky', 'integer', (c) => c.notNull().defaultTo(0));
  };

  await statColumns(
    db.schema.createTable('task_stats').addColumn('customer_id', 'integer', (c) => c.notNull()).addColumn('platform', 'varchar(40)', (c) => c.notNull()).addColumn('status', 'varchar(30)', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('task_stats_pk', ['customer_id', 'platform', 'status'])
    .execute();
  await statColumns(
    db.schema
      .createTable('task_daily_stats')
      .addColumn('customer_id', 'integer', (c) => c.notNull())
      .addColumn('platform', 'varchar(40)', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('finished', 'integer', (c) => c.notNull().defaultTo(0)),
  )
    .addPrimaryKeyConstraint('task_daily_stats_pk', ['customer_id', 'platform', 'day'])
    .execute();
  await db.schema.createIndex('task_daily_stats_day_idx').on('task_daily_stats').columns(['day']).execute();
  await db.schema
    .createTable('sample_daily_stats')
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('samples', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('sample_daily_stats_pk', ['customer_id', 'day'])
    .execute();

  // Recent tasks (newest first) and time windows of the statistics, per customer and overall.
  await db.schema.createIndex('tasks_customer_created_idx').on('tasks').columns(['customer_id', 'created_at']).execute();
  await db.schema.createIndex('tasks_created_idx').on('tasks').columns(['created_at']).execute();

  if (dialect === 'postgres') {
    // Counter rows are updated in place all day: free space on each page lets PostgreSQL do that as
    // HOT updates (no index churn) and keeps the tables small between autovacuums.
    for (const table of ['task_stats', 'task_daily_stats', 'sample_daily_stats']) await sql.raw(`alter table ${table} set (fillfactor = 50)`).execute(db);
  }
  if (dialect === 'sqlite') await sqliteTriggers(db);
  else await postgresTriggers(db);
  await backfill(db, dialect);

  await db.schema
    .createTable('work_orders')
    .addColumn('id', id.type, id.build)
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('platform', 'varchar(40)', (c) => c.notNull())
    .addColumn('target', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('submitter_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('handler_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('due_at', 'bigint')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('reminders', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_reminded_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .execute();
  await db.schema.createIndex('work_orders_customer_idx').on('work_orders').columns(['customer_id', 'status', 'id']).execute();
  await db.schema.createIndex('work_orders_handler_idx').on('work_orders').columns(['handler_id', 'status']).execute();
  await db.schema.createIndex('work_orders_submitter_idx').on('work_orders').columns(['submitter_id', 'status']).execute();
  await db.schema
    .createTable('work_order_tasks')
    .addColumn('work_order_id', 'integer', (c) => c.notNull().references('work_orders.id').onDelete('cascade'))
    .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('work_order_tasks_pk', ['work_order_id', 'task_id'])
    .execute();
  await db.schema.createIndex('work_order_tasks_task_idx').on('work_order_tasks').column('task_id').execute();

  await db.schema
    .createTable('devices')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('model', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('os', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('os_version', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('serial', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('devices_customer_idx').on('devices').columns(['customer_id', 'id']).execute();
}

/** A risk level's count in a task row's `counts` JSON (0 when absent). */
function count(dialect: 'sqlite' | 'postgres', row: string, level: string): string {
  return dialect === 'sqlite' ? `coalesce(json_extract(${row}.counts, '$.${level}'), 0)` : `coalesce((${row}.counts::jsonb ->> '${level}')::bigint, 0)`;
}
function risky(dialect: 'sqlite' | 'postgres', row: string): string {
  return `(case when ${RISK_SUM_LEVELS.map((l) => count(dialect, row, l)).join(' + ')} > 0 then 1 else 0 end)`;
}
const upsertSet = (table: string, cols: string[]) => cols.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ');
const STAT_COLS = ['tasks', ...LEVELS, 'risky'];

/** The INSERT … ON CONFLICT statements adding one task row's contribution (times `sign`) to both summaries. */
function taskDelta(dialect: 'sqlite' | 'postgres', row: string, sign: string, which: 'status' | 'daily'): string {
  const vals = [sign, ...LEVELS.map((l) => `${sign} * ${count(dialect, row, l)}`), `${sign} * ${risky(dialect, row)}`];
  if (which === 'status') {
    return `insert into task_stats (customer_id, platform, status, ${STAT_COLS.join(', ')})
      values (${row}.customer_id, ${row}.platform, ${row}.status, ${vals.join(', ')})
      on conflict (customer_id, platform, status) do update set ${upsertSet('task_stats', STAT_COLS)};`;
  }
  const cols = [...STAT_COLS, 'finished'];
  return `insert into task_daily_stats (customer_id, platform, day, ${cols.join(', ')})
      values (${row}.customer_id, ${row}.platform, ${row}.created_at / ${DAY_MS}, ${vals.join(', ')}, ${sign} * (case when ${row}.status = 'FINISHED' then 1 else 0 end))
      on conflict (customer_id, platform, day) do update set ${upsertSet('task_daily_stats', cols)};`;
}

function sampleDelta(row: string, sign: string): string {
  return `insert into sample_daily_stats (customer_id, day, samples, bytes) values (${row}.customer_id, ${row}.created_at / ${DAY_MS}, ${sign}, ${sign} * ${row}.size)
      on conflict (customer_id, day) do update set ${upsertSet('sample_daily_stats', ['samples', 'bytes'])};`;
}

const TASK_WATCHED = ['status', 'counts', 'customer_id', 'platform', 'created_at'];
const SAMPLE_WATCHED = ['size', 'customer_id', 'created_at'];

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const both = (row: string, sign: string) => taskDelta('sqlite', row, sign, 'status') + taskDelta('sqlite', row, sign, 'daily');
  const changed = (cols: string[]) => cols.map((c) => `old.${c} is not new.${c}`).join(' or ');
  for (const stmt of [
    `create trigger task_stats_ins after insert on tasks begin ${both('new', '1')} end`,
    `create trigger task_stats_del after delete on tasks begin ${both('old', '-1')} end`,
    `create trigger task_stats_upd after update of ${TASK_WATCHED.join(', ')} on tasks when ${changed(TASK_WATCHED)} begin ${both('old', '-1')} ${both('new', '1')} end`,
    `create trigger sample_stats_ins after insert on samples begin ${sampleDelta('new', '1')} end`,
    `create trigger sample_stats_del after delete on samples begin ${sampleDelta('old', '-1')} end`,
    `create trigger sample_stats_upd after update of ${SAMPLE_WATCHED.join(', ')} on samples when ${changed(SAMPLE_WATCHED)} begin ${sampleDelta('old', '-1')} ${sampleDelta('new', '1')} end`,
  ]) {
    await sql.raw(stmt).execute(db);
  }
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  const changed = (cols: string[]) => cols.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');
  await sql
    .raw(
      `create function citadel_task_stats() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    ${taskDelta('postgres', 'new', '1', 'status')} ${taskDelta('postgres', 'new', '1', 'daily')}
  elsif tg_op = 'DELETE' then
    ${taskDelta('postgres', 'old', '-1', 'status')} ${taskDelta('postgres', 'old', '-1', 'daily')}
  else
    -- One lock order for every transaction: status rows by status, then day rows by day.
    if old.status <= new.status then
      ${taskDelta('postgres', 'old', '-1', 'status')} ${taskDelta('postgres', 'new', '1', 'status')}
    else
      ${taskDelta('postgres', 'new', '1', 'status')} ${taskDelta('postgres', 'old', '-1', 'status')}
    end if;
    if old.created_at <= new.created_at then
      ${taskDelta('postgres', 'old', '-1', 'daily')} ${taskDelta('postgres', 'new', '1', 'daily')}
    else
      ${taskDelta('postgres', 'new', '1', 'daily')} ${taskDelta('postgres', 'old', '-1', 'daily')}
    end if;
  end if;
  return null;
end $$`,
    )
    .execute(db);
  await sql.raw(`create trigger task_stats_ins_del after insert or delete on tasks for each row execute function citadel_task_stats()`).execute(db);
  await sql.raw(`create trigger task_stats_upd after update of ${TASK_WATCHED.join(', ')} on tasks for each row when (${changed(TASK_WATCHED)}) execute function citadel_task_stats()`).execute(db);
  await sql
    .raw(
      `create function citadel_sample_stats() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then ${sampleDelta('old', '-1')} end if;
  if tg_op in ('UPDATE', 'INSERT') then ${sampleDelta('new', '1')} end if;
  return null;
end $$`,
    )
    .execute(db);
  await sql.raw(`create trigger sample_stats_ins_del after insert or delete on samples for each row execute function citadel_sample_stats()`).execute(db);
  await sql.raw(`create trigger sample_stats_upd after update of ${SAMPLE_WATCHED.join(', ')} on samples for each row when (${changed(SAMPLE_WATCHED)}) execute function citadel_sample_stats()`).execute(db);
}

/** Rows written before this migration: summed once, in the migration's transaction. */
async function backfill(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const sums = [`count(*)`, ...LEVELS.map((l) => `sum(${count(dialect, 't', l)})`), `sum(${risky(dialect, 't')})`];
  await sql
    .raw(`insert into task_stats (customer_id, platform, status, ${STAT_COLS.join(', ')}) select customer_id, platform, status, ${sums.join(', ')} from tasks t group by customer_id, platform, status`)
    .execute(db);
  await sql
    .raw(
      `insert into task_daily_stats (customer_id, platform, day, ${STAT_COLS.join(', ')}, finished)
       select customer_id, platform, created_at / ${DAY_MS}, ${sums.join(', ')}, sum(case when status = 'FINISHED' then 1 else 0 end) from tasks t group by customer_id, platform, created_at / ${DAY_MS}`,
    )
    .execute(db);
  await sql.raw(`insert into sample_daily_stats (customer_id, day, samples, bytes) select customer_id, created_at / ${DAY_MS}, count(*), sum(size) from samples group by customer_id, created_at / ${DAY_MS}`).execute(db);
}
