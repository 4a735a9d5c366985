/**
 * All records in memory, indexed by package and by CPE vendor:product. Built
 * from a folder (`--vuln-db PATH`) or from records given by a test. Newer
 * `modified` wins when the same id is added twice (an incremental re-read).
 */
import { cpeKey } from '../cpe/cpe.ts';
import type { VulnRecord } from '../model.ts';
import { packageKey } from '../match/names.ts';
import type { RecordStore, SourceStats } from './types.ts';

export function recordPackageKeys(r: VulnRecord): string[] {
  return [...new Set((r.affected ?? []).map((a) => packageKey(a.ecosystem, a.name)))];
}

export function recordCpeKeys(r: VulnRecord): string[] {
  const keys = new Set<string>();
  for (const c of r.configurations ?? []) for (const n of c.nodes) for (const m of n.cpeMatch) if (m.vulnerable) {
    const k = cpeKey(m.criteria);
    if (k) keys.add(k);
  }
  return [...keys];
}

export class MemoryStore implements RecordStore {
  private readonly byId = new Map<string, VulnRecord>();
  private readonly byPackage = new Map<string, Set<string>>();
  private readonly byCpe = new Map<string, Set<string>>();
  private readonly bad = new Map<string, number>();

  add(r: VulnRecord): void {
    const old = this.byId.get(r.id);
    if (old && old.modified > r.modified) return;
    this.byId.set(r.id, r);
    for (const k of recordPackageKeys(r)) (this.byPackage.get(k) ?? this.byPackage.set(k, new Set()).get(k)!).add(r.id);
    for (const k of recordCpeKeys(r)) (this.byCpe.get(k) ?? this.byCpe.set(k, new Set()).get(k)!).add(r.id);
  }

  countBad(source: string): void {
    this.bad.set(source, (this.bad.get(source) ?? 0) + 1);
  }

  /** Every stored record (benchmarks, exports). */
  records(): IterableIterator<VulnRecord> {
    return this.byId.values();
  }

  get size(): number {
    return this.byId.size;
  }

  private collect(index: Map<string, Set<string>>, keys: readonly string[]): Map<string, VulnRecord[]> {
    const out = new Map<string, VulnRecord[]>();
    for (const k of keys) {
      const ids = index.get(k);
      if (ids) out.set(k, [...ids].map((id) => this.byId.get(id)!));
    }
    return out;
  }

  async packageRecords(keys: readonly string[]): Promise<Map<string, VulnRecord[]>> {
    return this.collect(this.byPackage, keys);
  }

  async cpeRecords(keys: readonly string[]): Promise<Map<string, VulnRecord[]>> {
    return this.collect(this.byCpe, keys);
  }

  async recordsById(ids: readonly string[]): Promise<VulnRecord[]> {
    return ids.map((id) => this.byId.get(id)).filter((r): r is VulnRecord => r !== undefined);
  }

  async stats(): Promise<SourceStats[]> {
    const by = new Map<string, SourceStats>();
    for (const r of this.byId.values()) {
      const s = by.get(r.source) ?? { source: r.source, records: 0, bad: this.bad.get(r.source) ?? 0 };
      if (r.withdrawn) {
        by.set(r.source, s);
        continue;
      }
      s.records++;
      if (!s.newestModified || r.modified > s.newestModified) s.newestModified = r.modified;
      by.set(r.source, s);
    }
    for (const [source, n] of this.bad) if (!by.has(source)) by.set(source, { source, records: 0, bad: n });
    return [...by.values()].sort((a, b) => (a.source < b.source ? -1 : 1));
  }

  async close(): Promise<void> {}
}
