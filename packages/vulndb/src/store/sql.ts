/**
 * Records in the product's database (SQLite or PostgreSQL through Kysely): only
 * the rows of the packages / CPE products asked for are read, so matching cost
 * follows the query, not the size of the data.
 */
import type { Kysely } from 'kysely';
import type { VulnRecord } from '../model.ts';
import type { VulnTables } from './schema.ts';
import type { RecordStore, SourceStats } from './types.ts';
import { packageKey } from '../match/names.ts';

function splitKey(k: string): [string, string] {
  const i = k.indexOf('\u0000');
  return [k.slice(0, i), k.slice(i + 1)];
}

export class SqlStore implements RecordStore {
  private readonly db: Kysely<VulnTables>;
  constructor(
    db: Kysely<unknown>,
    private readonly onClose: () => Promise<void> = async () => {},
  ) {
    this.db = db as unknown as Kysely<VulnTables>;
  }

  async packageRecords(keys: readonly string[]): Promise<Map<string, VulnRecord[]>> {
    const out = new Map<string, VulnRecord[]>();
    if (keys.length === 0) return out;
    const wanted = new Set(keys);
    const pairs = keys.map(splitKey);
    const rows = await this.db
      .selectFrom('vuln_packages as p')
      .innerJoin('vuln_records as r', 'r.id', 'p.record_id')
      .select(['p.ecosystem', 'p.name', 'r.id', 'r.doc'])
      .where('p.name', 'in', [...new Set(pairs.map((p) => p[1]))])
      .where('p.ecosystem', 'in', [...new Set(pairs.map((p) => p[0]))])
      .where('r.withdrawn', '=', 0)
      .execute();
    const parsed = new Map<string, VulnRecord>();
    for (const row of rows) {
      const k = packageKey(row.ecosystem, row.name);
      if (!wanted.has(k)) continue;
      let rec = parsed.get(row.id);
      if (!rec) parsed.set(row.id, (rec = JSON.parse(row.doc) as VulnRecord));
      (out.get(k) ?? out.set(k, []).get(k)!).push(rec);
    }
    return out;
  }

  async cpeRecords(keys: readonly string[]): Promise<Map<string, VulnRecord[]>> {
    const out = new Map<string, VulnRecord[]>();
    if (keys.length === 0) return out;
    const rows = await this.db
      .selectFrom('vuln_cpes as c')
      .innerJoin('vuln_records as r', 'r.id', 'c.record_id')
      .select(['c.vendor_product', 'r.doc'])
      .where('c.vendor_product', 'in', [...keys])
      .where('r.withdrawn', '=', 0)
      .execute();
    for (const row of rows) (out.get(row.vendor_product) ?? out.set(row.vendor_product, []).get(row.vendor_product)!).push(JSON.parse(row.doc) as VulnRecord);
    return out;
  }

  async recordsById(ids: readonly string[]): Promise<VulnRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('vuln_records').select('doc').where('id', 'in', [...ids]).execute();
    return rows.map((r) => JSON.parse(r.doc) as VulnRecord);
  }

  async stats(): Promise<SourceStats[]> {
    const rows = await this.db.selectFrom('vuln_sources').selectAll().orderBy('source').execute();
    return rows.map((r) => ({
      source: r.source,
      records: Number(r.records),
      bad: Number(r.bad),
      ...(r.newest_modified ? { newestModified: r.newest_modified } : {}),
      ...(r.last_import_at !== null ? { lastImportAt: Number(r.last_import_at) } : {}),
    }));
  }

  async close(): Promise<void> {
    await this.onClose();
  }
}
