/**
 * Opening vulnerability data from a serialisable descriptor, so a task worker's
 * child process (or the CLI) can open the same data the portal imported:
 * - { kind: 'folder', path }   OSV all.zip files / NVD JSON read into memory (`--vuln-db PATH`);
 * - { kind: 'database', … }    the product's database: an SQLite file or a PostgreSQL URL.
 */
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { VulnDataDescriptor } from '@citadel/engine-core';
import path from 'node:path';
import { MemoryStore } from './store/memory.ts';
import { hasVulnTables } from './store/schema.ts';
import { SqlStore } from './store/sql.ts';
import type { RecordStore } from './store/types.ts';
import { readSource } from './source/read.ts';

/**
 * { kind: 'folder', path } — OSV all.zip files / NVD JSON read into memory (`--vuln-db PATH`);
 * { kind: 'database', databaseUrl?, schema?, sqlitePath? } — the product's database.
 * The same type as EngineOptions.vulnData.
 */
export type VulnDataSource = VulnDataDescriptor;

export class VulnDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VulnDataError';
  }
}

export async function loadFolder(root: string, signal?: AbortSignal): Promise<MemoryStore> {
  const store = new MemoryStore();
  for await (const item of readSource(root, signal)) {
    if (item.kind === 'record') store.add(item.record);
    else if (item.kind === 'bad') {
      // <Ecosystem>/all.zip!<ID>.json → osv:<Ecosystem>; a cve/ or nvd/ folder → nvd.
      const dir = path.basename(path.dirname(item.file.split('!')[0]!));
      store.countBad(/^(cve|nvd)/i.test(dir) ? 'nvd' : `osv:${dir}`);
    }
  }
  return store;
}

/** A Kysely handle on the product's database, opened read-only for SQLite. */
export function openDatabaseHandle(src: Extract<VulnDataSource, { kind: 'database' }>, readonly = true): { db: Kysely<unknown>; dialect: 'sqlite' | 'postgres' } {
  if (src.databaseUrl) {
    const pool = new pg.Pool({ connectionString: src.databaseUrl, max: 2, ...(src.schema ? { options: `-c search_path=${src.schema}` } : {}) });
    return { db: new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  if (!src.sqlitePath) throw new VulnDataError('database source needs databaseUrl or sqlitePath');
  let file: SQLite.Database;
  try {
    file = new SQLite(src.sqlitePath, { readonly, fileMustExist: readonly });
  } catch (e) {
    throw new VulnDataError(`cannot open ${src.sqlitePath}: ${(e as Error).message}`);
  }
  file.pragma('busy_timeout = 5000');
  return { db: new Kysely<unknown>({ dialect: new SqliteDialect({ database: file }) }), dialect: 'sqlite' };
}

export async function openStore(source: VulnDataSource, signal?: AbortSignal): Promise<RecordStore> {
  if (source.kind === 'folder') return loadFolder(source.path, signal);
  const { db } = openDatabaseHandle(source);
  if (!(await hasVulnTables(db))) {
    await db.destroy();
    throw new VulnDataError('the database has no vulnerability tables (start the portal once, or run `citadel vulndb import`)');
  }
  return new SqlStore(db, () => db.destroy());
}
