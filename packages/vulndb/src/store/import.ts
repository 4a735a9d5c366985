/**
 * Import of a file or folder into the database: records are streamed from the
 * zips (source/read.ts), written in batches inside transactions, and only when
 * new or newer than the stored copy (incremental by `modified`). Bad records are
 * counted per source and a few kept as examples; the source table is refreshed
 * at the end (counts, newest modified = data age, import time).
 */
import { type Kysely, sql } from 'kysely';
import { cpeKey } from '../cpe/cpe.ts';
import type { VulnRecord } from '../model.ts';
import { normalizePackageName } from '../match/names.ts';
import { readSource } from '../source/read.ts';
import type { VulnTables } from './schema.ts';

export interface ImportProgress {
  /** 0..1 of the files to read. */
  fraction: number;
  file?: string;
  read: number;
  added: number;
  updated: number;
  unchanged: number;
  bad: number;
}

export interface ImportResult {
  /** Good records read. */
  read: number;
  added: number;
  updated: number;
  /** Already stored with the same or a newer `modified`. */
  unchanged: number;
  bad: number;
  /** Up to 20 bad records with the reason, for the report. */
  badExamples: { file: string; reason: string }[];
  sources: string[];
  ms: number;
}

export interface ImportOptions {
  signal?: AbortSignal;
  onProgress?: (p: ImportProgress) => void;
  now?: () => number;
  /** Records per transaction. */
  batchSize?: number;
}

const CHUNK = 400;

function chunks<T>(a: readonly T[], n = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < a.length; i += n) out.push(a.slice(i, i + n));
  return out;
}

function indexRows(r: VulnRecord): { packages: VulnTables['vuln_packages'][]; cpes: VulnTables['vuln_cpes'][] } {
  const pk = new Map<string, VulnTables['vuln_packages']>();
  for (const a of r.affected ?? []) {
    const name = normalizePackageName(a.ecosystem, a.name);
    pk.set(`${a.ecosystem}\u0000${name}`, { ecosystem: a.ecosystem.slice(0, 100), name: name.slice(0, 500), record_id: r.id });
  }
  const cp = new Set<string>();
  for (const c of r.configurations ?? []) for (const n of c.nodes) for (const m of n.cpeMatch) if (m.vulnerable) {
    const k = cpeKey(m.criteria);
    if (k) cp.add(k.slice(0, 300));
  }
  return { packages: [...pk.values()], cpes: [...cp].map((vendor_product) => ({ vendor_product, record_id: r.id })) };
}

async function writeBatch(db: Kysely<VulnTables>, batch: Map<string, VulnRecord>, res: ImportResult): Promise<void> {
  const ids = [...batch.keys()];
  const stored = new Map<string, string>();
  for (const part of chunks(ids)) for (const row of await db.selectFrom('vuln_records').select(['id', 'modified']).where('id', 'in', part).execute()) stored.set(row.id, row.modified);
  const changed: VulnRecord[] = [];
  for (const r of batch.values()) {
    const old = stored.get(r.id);
    if (old !== undefined && old >= r.modified) res.unchanged++;
    else {
      if (old === undefined) res.added++;
      else res.updated++;
      changed.push(r);
    }
  }
  if (changed.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const part of chunks(changed.map((r) => r.id))) {
      await trx.deleteFrom('vuln_packages').where('record_id', 'in', part).execute();
      await trx.deleteFrom('vuln_cpes').where('record_id', 'in', part).execute();
      await trx.deleteFrom('vuln_records').where('id', 'in', part).execute();
    }
    for (const part of chunks(changed, 200)) {
      await trx
        .insertInto('vuln_records')
        .values(part.map((r) => ({ id: r.id, source: r.source, modified: r.modified, withdrawn: r.withdrawn ? 1 : 0, doc: JSON.stringify(r) })))
        .execute();
    }
    const packages = changed.flatMap((r) => indexRows(r).packages);
    const cpes = changed.flatMap((r) => indexRows(r).cpes);
    for (const part of chunks(packages)) await trx.insertInto('vuln_packages').values(part).execute();
    for (const part of chunks(cpes)) await trx.insertInto('vuln_cpes').values(part).execute();
  });
}

async function refreshSources(db: Kysely<VulnTables>, sources: Set<string>, bad: Map<string, number>, now: number): Promise<void> {
  for (const source of sources) {
    const row = await db
      .selectFrom('vuln_records')
      .select([sql<number>`count(*)`.as('n'), sql<string | null>`max(modified)`.as('newest')])
      .where('source', '=', source)
      .where('withdrawn', '=', 0)
      .executeTakeFirst();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('vuln_sources').where('source', '=', source).execute();
      await trx
        .insertInto('vuln_sources')
        .values({ source, records: Number(row?.n ?? 0), bad: bad.get(source) ?? 0, newest_modified: row?.newest ?? null, last_import_at: now })
        .execute();
    });
  }
}

/** Imports a zip, a JSON file or a folder of them into the vulnerability tables. */
export async function importIntoDatabase(dbAny: Kysely<unknown>, root: string, opts: ImportOptions = {}): Promise<ImportResult> {
  const db = dbAny as unknown as Kysely<VulnTables>;
  const now = opts.now ?? Date.now;
  const started = now();
  const res: ImportResult = { read: 0, added: 0, updated: 0, unchanged: 0, bad: 0, badExamples: [], sources: [], ms: 0 };
  const batchSize = opts.batchSize ?? 1000;
  const sources = new Set<string>();
  const badBySource = new Map<string, number>();
  let batch = new Map<string, VulnRecord>();
  let fileBad = 0;
  let fileSource: string | undefined;
  let fraction = 0;
  let lastReport = 0;
  const report = (file?: string): void => {
    opts.onProgress?.({ fraction, ...(file ? { file } : {}), read: res.read, added: res.added, updated: res.updated, unchanged: res.unchanged, bad: res.bad });
  };
  for await (const item of readSource(root, opts.signal)) {
    if (item.kind === 'record') {
      res.read++;
      fileSource ??= item.record.source;
      sources.add(item.record.source);
      const prev = batch.get(item.record.id);
      if (!prev || prev.modified < item.record.modified) batch.set(item.record.id, item.record);
      if (batch.size >= batchSize) {
        await writeBatch(db, batch, res);
        batch = new Map();
      }
    } else if (item.kind === 'bad') {
      res.bad++;
      fileBad++;
      if (res.badExamples.length < 20) res.badExamples.push({ file: item.file, reason: item.reason });
    } else if (item.kind === 'progress') {
      fraction = (item.fileIndex + item.done / Math.max(1, item.total)) / item.fileCount;
      if (res.read - lastReport >= 1000) {
        lastReport = res.read;
        report(item.file);
      }
    } else {
      const src = fileSource ?? 'unknown';
      if (fileBad > 0) badBySource.set(src, (badBySource.get(src) ?? 0) + fileBad);
      if (fileSource === undefined && fileBad > 0) sources.add(src);
      fileBad = 0;
      fileSource = undefined;
      fraction = (item.fileIndex + 1) / item.fileCount;
      report(item.file);
    }
  }
  if (batch.size > 0) await writeBatch(db, batch, res);
  await refreshSources(db, sources, badBySource, now());
  res.sources = [...sources].sort();
  res.ms = now() - started;
  fraction = 1;
  report();
  return res;
}
