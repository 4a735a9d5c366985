/**
 * The vulnerability tables, on SQLite or PostgreSQL. Created by the server's
 * migration 012 (which calls this) and, for `citadel vulndb import` on a data
 * folder the portal never opened, by the CLI; `ifNotExists` makes both safe.
 * Changing a table needs a new server migration, not an edit here.
 *
 * vuln_records   one row per advisory (OSV id or CVE id): source, modified, withdrawn, doc (VulnRecord JSON)
 * vuln_packages  (ecosystem, name, record_id) for OSV records — names normalised per ecosystem
 * vuln_cpes      (vendor_product, record_id) for NVD records' vulnerable criteria
 * vuln_sources   per source: record and bad counts, newest modified, last import time
 * vuln_settings  key/value: the mirror URL and schedule (off by default)
 */
import { type Kysely, sql } from 'kysely';

export type SqlDialect = 'sqlite' | 'postgres';

export interface VulnTables {
  vuln_records: { id: string; source: string; modified: string; withdrawn: number; doc: string };
  vuln_packages: { ecosystem: string; name: string; record_id: string };
  vuln_cpes: { vendor_product: string; record_id: string };
  vuln_sources: { source: string; records: number; bad: number; newest_modified: string | null; last_import_at: number | null };
  vuln_settings: { key: string; value: string };
}

export async function createVulnTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vuln_records')
    .ifNotExists()
    .addColumn('id', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('source', 'varchar(100)', (c) => c.notNull())
    .addColumn('modified', 'varchar(40)', (c) => c.notNull())
    .addColumn('withdrawn', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('doc', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('vuln_records_source_idx').ifNotExists().on('vuln_records').columns(['source', 'modified']).execute();
  await db.schema
    .createTable('vuln_packages')
    .ifNotExists()
    .addColumn('ecosystem', 'varchar(100)', (c) => c.notNull())
    .addColumn('name', 'varchar(500)', (c) => c.notNull())
    .addColumn('record_id', 'varchar(200)', (c) => c.notNull())
    .addPrimaryKeyConstraint('vuln_packages_pk', ['ecosystem', 'name', 'record_id'])
    .execute();
  await db.schema.createIndex('vuln_packages_record_idx').ifNotExists().on('vuln_packages').column('record_id').execute();
  await db.schema
    .createTable('vuln_cpes')
    .ifNotExists()
    .addColumn('vendor_product', 'varchar(300)', (c) => c.notNull())
    .addColumn('record_id', 'varchar(200)', (c) => c.notNull())
    .addPrimaryKeyConstraint('vuln_cpes_pk', ['vendor_product', 'record_id'])
    .execute();
  await db.schema.createIndex('vuln_cpes_record_idx').ifNotExists().on('vuln_cpes').column('record_id').execute();
  await db.schema
    .createTable('vuln_sources')
    .ifNotExists()
    .addColumn('source', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('records', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bad', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('newest_modified', 'varchar(40)')
    .addColumn('last_import_at', 'bigint')
    .execute();
  await db.schema
    .createTable('vuln_settings')
    .ifNotExists()
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

/** Whether the tables exist (a database the portal has not migrated yet has none). */
export async function hasVulnTables(db: Kysely<unknown>): Promise<boolean> {
  try {
    await sql`select 1 from vuln_records where 1 = 0`.execute(db);
    return true;
  } catch {
    return false;
  }
}
