/**
 * Migrations as code, applied in order at start-up. Each migration is a module
 * with `up(db, dialect)`; the list below is the order. Applied names are kept in
 * a table so a restart applies only what is new.
 */
import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from './database.ts';
import * as m001 from './migrations/001-foundation.ts';
import * as m002 from './migrations/002-samples-uploads.ts';
import * as m003 from './migrations/003-tasks.ts';
import * as m004 from './migrations/004-downloads.ts';
import * as m005 from './migrations/005-account-owner.ts';
import * as m006 from './migrations/006-templates-rules.ts';
import * as m007 from './migrations/007-dashboard.ts';
import * as m008 from './migrations/008-task-list-indexes.ts';
import * as m009 from './migrations/009-task-creator-index.ts';
import * as m010 from './migrations/010-download-tickets.ts';
import * as m011 from './migrations/011-role-customer.ts';
import * as m012 from './migrations/012-vulndb.ts';
import * as m013 from './migrations/013-whitebox.ts';
import * as m015 from './migrations/015-shield.ts';
import * as m016 from './migrations/016-notices-licence.ts';
import * as m017 from './migrations/017-sso.ts';

type Migration = { up(db: Kysely<unknown>, dialect: Dialect): Promise<void> };

export const MIGRATIONS: [string, Migration][] = [
  ['001-foundation', m001],
  ['002-samples-uploads', m002],
  ['003-tasks', m003],
  ['004-downloads', m004],
  ['005-account-owner', m005],
  ['006-templates-rules', m006],
  ['007-dashboard', m007],
  ['008-task-list-indexes', m008],
  ['009-task-creator-index', m009],
  ['010-download-tickets', m010],
  ['011-role-customer', m011],
  ['012-vulndb', m012],
  ['013-whitebox', m013],
  ['015-shield', m015],
  ['016-notices-licence', m016],
  ['017-sso', m017],
];

/** An auto-increment integer primary key on either database. */
export function idColumn(dialect: Dialect): { type: 'integer' | 'serial'; build: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder } {
  return dialect === 'postgres'
    ? { type: 'serial', build: (c) => c.primaryKey() }
    : { type: 'integer', build: (c) => c.primaryKey().autoIncrement() };
}

export async function migrate(db: Kysely<unknown>, dialect: Dialect): Promise<string[]> {
  await db.schema
    .createTable('citadel_migrations')
    .ifNotExists()
    .addColumn('name', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .execute();
  // Servers and workers may start together on one PostgreSQL: one of them migrates, the others wait.
  return db.connection().execute(async (conn) => {
    if (dialect === 'postgres') await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      const applied = new Set(
        (await sql<{ name: string }>`select name from citadel_migrations`.execute(conn)).rows.map((r) => r.name),
      );
      const done: string[] = [];
      for (const [name, migration] of MIGRATIONS) {
        if (applied.has(name)) continue;
        // Each migration and its bookkeeping row commit together, so a crash never leaves half a schema marked done.
        await conn.transaction().execute(async (trx) => {
          await migration.up(trx, dialect);
          await sql`insert into citadel_migrations (name, applied_at) values (${name}, ${Date.now()})`.execute(trx);
        });
        done.push(name);
      }
      return done;
    } finally {
      if (dialect === 'postgres') await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}

const MIGRATION_LOCK = 7_204_519;
