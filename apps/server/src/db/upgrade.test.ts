/**
 * Upgrades: a database made by an earlier migration set, with data in every
 * table, migrated forward by the current set, keeps every row and every value
 * of every column that still exists. Each prefix of MIGRATIONS stands for one
 * released schema (migrations are only ever appended), so this runs forward
 * from every one of them. The rows are made from the tables' own definitions
 * (PRAGMA table_info), so a new table or column is covered with no change here.
 */
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from './migrate.ts';

interface Column {
  name: string;
  type: string;
  notnull: number;
  pk: number;
}

const ROWS = 3;

function open(): { file: SQLite.Database; db: Kysely<unknown> } {
  const file = new SQLite(':memory:');
  return { file, db: new Kysely<unknown>({ dialect: new SqliteDialect({ database: file }) }) };
}

/** Applies the first `n` migrations exactly as migrate() records them. */
async function migrateTo(db: Kysely<unknown>, n: number): Promise<void> {
  await sql`create table citadel_migrations (name varchar(200) primary key, applied_at bigint not null)`.execute(db);
  for (const [name, m] of MIGRATIONS.slice(0, n)) {
    await db.transaction().execute(async (trx) => {
      await m.up(trx, 'sqlite');
      await sql`insert into citadel_migrations (name, applied_at) values (${name}, ${Date.now()})`.execute(trx);
    });
  }
}

const tables = (file: SQLite.Database) =>
  (file.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name <> 'citadel_migrations' order by name").all() as { name: string }[]).map((r) => r.name);
const columns = (file: SQLite.Database, table: string) => file.prepare(`pragma table_info("${table}")`).all() as Column[];

/** A value of the column's declared type, distinct per table, column and row. */
function value(table: string, c: Column, i: number): unknown {
  const t = c.type.toLowerCase();
  if (/int|serial/.test(t)) return 1_000_000 + i;
  if (/real|double|float|numeric|decimal/.test(t)) return i + 0.5;
  if (/blob|bytea/.test(t)) return Buffer.from(`${table}.${c.name}.${i}`);
  // Text as a JSON string literal: still distinct, and valid for migrations that read a column as JSON.
  return JSON.stringify(`${table}.${c.name}.${i}`);
}

/** Fills every table with ROWS rows (constraints between tables are not the point here); returns what was written. */
function fill(file: SQLite.Database): Map<string, Record<string, unknown>[]> {
  file.pragma('foreign_keys = OFF');
  const written = new Map<string, Record<string, unknown>[]>();
  for (const table of tables(file)) {
    const cols = columns(file, table);
    const rows: Record<string, unknown>[] = [];
    for (let i = 0; i < ROWS; i++) {
      const row = Object.fromEntries(cols.map((c) => [c.name, value(table, c, i)]));
      try {
        file.prepare(`insert into "${table}" (${cols.map((c) => `"${c.name}"`).join(', ')}) values (${cols.map(() => '?').join(', ')})`).run(...Object.values(row));
        rows.push(row);
      } catch {
        // A CHECK constraint on an enumerated column: that table keeps the rows it took.
      }
    }
    written.set(table, rows);
  }
  return written;
}

describe('migrations run forward from every earlier schema', () => {
  it('has migrations to test', () => expect(MIGRATIONS.length).toBeGreaterThan(1));

  for (let n = 1; n < MIGRATIONS.length; n++) {
    it(`from ${MIGRATIONS[n - 1]![0]} (${n} of ${MIGRATIONS.length}) to the current schema, nothing lost`, async () => {
      const { file, db } = open();
      try {
        await migrateTo(db, n);
        const before = fill(file);
        const filled = [...before.values()].filter((rows) => rows.length > 0).length;
        // Nearly every table takes generic rows; a filler that quietly wrote nothing would prove nothing.
        expect(filled).toBeGreaterThanOrEqual(Math.ceil(before.size * 0.8));

        const applied = await migrate(db, 'sqlite');
        expect(applied).toEqual(MIGRATIONS.slice(n).map(([name]) => name));

        const after = new Set(tables(file));
        for (const [table, rows] of before) {
          expect(after.has(table), `table ${table} is gone after the upgrade`).toBe(true);
          const kept = new Set(columns(file, table).map((c) => c.name));
          const stored = file.prepare(`select * from "${table}"`).all() as Record<string, unknown>[];
          for (const row of rows) {
            const expected = Object.fromEntries(Object.entries(row).filter(([k]) => kept.has(k)));
            const found = stored.some((s) => Object.entries(expected).every(([k, v]) => (Buffer.isBuffer(v) ? Buffer.isBuffer(s[k]) && v.equals(s[k] as Buffer) : s[k] === v)));
            expect(found, `a row of ${table} written before the upgrade is lost or changed: ${JSON.stringify(expected)}`).toBe(true);
          }
        }
      } finally {
        await db.destroy();
      }
    });
  }
});
