/**
 * Opens the database: an SQLite file in the data folder by default, PostgreSQL
 * when DATABASE_URL is set. Both go through Kysely with the same migrations.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  close(): Promise<void>;
}

// int8 (bigint) columns hold epoch milliseconds, well inside the safe-integer range.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface OpenOptions {
  databaseUrl: string;
  dataDir: string;
  /** PostgreSQL only: a schema to use instead of public (tests get one each). */
  schema?: string;
}

export function openDatabase(opts: OpenOptions): Database {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  mkdirSync(opts.dataDir, { recursive: true });
  const file = new SQLite(path.join(opts.dataDir, 'citadel.sqlite'));
  // WAL lets readers run while a writer commits; busy_timeout rides out short write contention.
  file.pragma('journal_mode = WAL');
  // In WAL mode NORMAL never corrupts the database; a power cut may lose the last commits. FULL fsyncs every commit.
  file.pragma('synchronous = NORMAL');
  file.pragma('busy_timeout = 5000');
  file.pragma('foreign_keys = ON');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: file }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
