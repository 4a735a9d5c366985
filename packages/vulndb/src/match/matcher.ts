/**
 * Matching on top of a RecordStore: packages against OSV records, CPE products
 * against NVD configurations, and one result per vulnerability — records linked
 * by ids and aliases (GHSA ↔ CVE ↔ PYSEC …) are merged, so a CVE published by
 * three databases is reported once with all its ids.
 */
import { cpeMatches, parseCpe, type CpeQuery } from '../cpe/cpe.ts';
import type { CpeConfiguration, CpeMatch, OsvAffected, Severity, SeverityLevel, VulnRecord, VulnerableFunctions } from '../model.ts';
import type { RecordStore } from '../store/types.ts';
import { normalizePackageName, packageKey } from './names.ts';
import { affectsVersion } from './osv-match.ts';
import type { PackageQuery } from './purl.ts';

export interface Vulnerability {
  /** The id to show: the CVE when there is one, else the first advisory's id. */
  id: string;
  /** Every id of the merged records and their aliases, CVE first. */
  ids: string[];
  summary: string;
  severity: Severity[];
  /** Highest known base score (v3 preferred) and its level. */
  score?: number;
  level?: SeverityLevel;
  /** Versions that fix it for the matched package (OSV); empty when unknown. */
  fixed: string[];
  references: string[];
  published?: string;
  modified: string;
  /** The stored records that matched (their own ids). */
  records: string[];
  /**
   * NVD only: other CPEs the matching configuration also requires (a firmware
   * CVE that needs a given hardware model) that the query's context did not
   * confirm. Empty = unconditional.
   */
  conditions: string[];
  /** OSV only: the vulnerable functions the matched advisories name for this package (reachability hints). */
  functions?: VulnerableFunctions[];
}

export interface PackageMatch {
  query: PackageQuery;
  vulnerabilities: Vulnerability[];
}

const LEVEL_RANK: Record<SeverityLevel, number> = { none: 0, low: 1, medium: 2, high: 3, critical: 4 };
const BATCH = 500;
const MAX_REFERENCES = 10;

function idRank(id: string): number {
  return id.startsWith('CVE-') ? 0 : id.startsWith('GHSA-') ? 1 : 2;
}

interface Hit {
  record: VulnRecord;
  fixed: string[];
  conditions: string[];
  functions?: VulnerableFunctions[];
}

/** Merges hits whose ids/aliases overlap (union-find over ids). Written with plain loops: it runs once per match. */
function mergeHits(hits: Hit[], borrowed: Map<string, VulnRecord>): Vulnerability[] {
  if (hits.length === 0) return [];
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    for (let p = parent.get(r); p !== undefined && p !== r; p = parent.get(r)) r = p;
    if (r !== x) parent.set(x, r);
    return r;
  };
  for (const h of hits) {
    const id = h.record.id;
    if (!parent.has(id)) parent.set(id, id);
    for (const a of h.record.aliases) {
      if (!parent.has(a)) parent.set(a, a);
      const ra = find(a);
      const rb = find(id);
      if (ra !== rb) parent.set(ra, rb);
    }
  }
  const groups = new Map<string, Hit[]>();
  for (const h of hits) {
    const root = find(h.record.id);
    const g = groups.get(root);
    if (g) g.push(h);
    else groups.set(root, [h]);
  }
  const out: Vulnerability[] = [];
  for (const g of groups.values()) out.push(toVulnerability(g, borrowed));
  return out.sort((a, b) => (b.score ?? -1) - (a.score ?? -1) || (a.id < b.id ? -1 : 1));
}

function toVulnerability(g: Hit[], borrowed: Map<string, VulnRecord>): Vulnerability {
  const ids = new Set<string>();
  const recs: VulnRecord[] = [];
  for (const h of g) {
    recs.push(h.record);
    ids.add(h.record.id);
    for (const a of h.record.aliases) ids.add(a);
  }
  const sorted = [...ids].sort((a, b) => idRank(a) - idRank(b) || (a < b ? -1 : 1));
  // Scores: the records' own, else an NVD record of one of the CVE aliases.
  const all = recs.slice();
  if (borrowed.size > 0) for (const id of sorted) {
    const r = borrowed.get(id);
    if (r && !all.includes(r)) all.push(r);
  }
  const severity: Severity[] = [];
  let level: SeverityLevel | undefined;
  for (const r of all) {
    for (const s of r.severity) severity.push(s);
    if (r.level && (!level || LEVEL_RANK[r.level] > LEVEL_RANK[level])) level = r.level;
  }
  let best: Severity | undefined;
  for (const s of severity) if (s.score !== undefined && (!best || (s.type === 'CVSS_V3' && best.type !== 'CVSS_V3'))) best = s;
  const main = recs.find((r) => r.summary) ?? recs[0]!;
  const fixed: string[] = [];
  for (const h of g) for (const f of h.fixed) if (!fixed.includes(f)) fixed.push(f);
  const references: string[] = [];
  // Ten links are plenty for a report; a 10,000-package scan can hold hundreds of thousands of results.
  for (const r of recs) for (const u of r.references) if (references.length < MAX_REFERENCES && !references.includes(u)) references.push(u);
  let modified = recs[0]!.modified;
  for (const r of recs) if (r.modified > modified) modified = r.modified;
  let conditions: string[] = [];
  if (g.every((h) => h.conditions.length > 0)) conditions = [...new Set(g.flatMap((h) => h.conditions))];
  return {
    id: sorted[0]!,
    ids: sorted,
    summary: main.summary || all.find((r) => r.summary)?.summary || '',
    severity: severity.length > 1 ? dedupeSeverity(severity) : severity,
    ...(best?.score !== undefined ? { score: best.score } : {}),
    ...(level ? { level } : {}),
    fixed,
    references,
    ...(main.published ? { published: main.published } : {}),
    modified,
    records: recs.map((r) => r.id),
    conditions,
    ...(g.some((h) => h.functions) ? { functions: g.flatMap((h) => h.functions ?? []) } : {}),
  };
}

function dedupeSeverity(s: Severity[]): Severity[] {
  const seen = new Set<string>();
  return s.filter((x) => {
    const k = `${x.type}|${x.vector ?? ''}|${x.score ?? ''}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

async function borrowScores(store: RecordStore, hits: Hit[]): Promise<Map<string, VulnRecord>> {
  const want = new Set<string>();
  for (const h of hits) if (!h.record.severity.some((s) => s.score !== undefined)) for (const a of h.record.aliases) if (a.startsWith('CVE-')) want.add(a);
  const out = new Map<string, VulnRecord>();
  const ids = [...want];
  for (let i = 0; i < ids.length; i += BATCH) for (const r of await store.recordsById(ids.slice(i, i + BATCH))) if (!r.withdrawn) out.set(r.id, r);
  return out;
}

const names = new WeakMap<OsvAffected, string>();
/** The normalised package name of an affected entry, computed once per entry (matching revisits entries often). */
function affectedName(a: OsvAffected): string {
  let n = names.get(a);
  if (n === undefined) names.set(a, (n = normalizePackageName(a.ecosystem, a.name)));
  return n;
}

export async function matchPackages(store: RecordStore, queries: readonly PackageQuery[]): Promise<PackageMatch[]> {
  const keys = [...new Set(queries.map((q) => packageKey(q.ecosystem, q.name)))];
  const records = new Map<string, VulnRecord[]>();
  for (let i = 0; i < keys.length; i += BATCH) for (const [k, v] of await store.packageRecords(keys.slice(i, i + BATCH))) records.set(k, v);
  const perQuery: Hit[][] = [];
  for (const q of queries) {
    const hits: Hit[] = [];
    const normName = normalizePackageName(q.ecosystem, q.name);
    for (const r of records.get(packageKey(q.ecosystem, q.name)) ?? []) {
      if (r.withdrawn) continue;
      let hit: Hit | undefined;
      for (const a of r.affected ?? []) {
        if (a.ecosystem !== q.ecosystem || affectedName(a) !== normName) continue;
        const res = affectsVersion(a, q.version);
        if (!res.affected) continue;
        hit ??= { record: r, fixed: [], conditions: [] };
        for (const f of res.fixed) if (!hit.fixed.includes(f)) hit.fixed.push(f);
        if (a.functions) (hit.functions ??= []).push(...a.functions);
      }
      if (hit) hits.push(hit);
    }
    perQuery.push(hits);
  }
  const borrowed = await borrowScores(store, perQuery.flat());
  return queries.map((query, i) => ({ query, vulnerabilities: mergeHits(perQuery[i]!, borrowed) }));
}

function anyMatch(context: readonly CpeQuery[], m: CpeMatch): boolean {
  return context.some((c) => cpeMatches(m, c));
}

function namedBy(context: readonly CpeQuery[], m: CpeMatch): boolean {
  const c = parseCpe(m.criteria);
  return c !== undefined && context.some((q) => q.vendor.toLowerCase() === c.vendor && q.product.toLowerCase() === c.product);
}

/**
 * Whether a configuration applies: the queried product satisfies a vulnerable
 * cpeMatch of some node; the other nodes of an AND configuration (platforms)
 * are checked against the context, and those not confirmed become conditions.
 */
function evalConfiguration(cfg: CpeConfiguration, q: CpeQuery, context: readonly CpeQuery[]): { match: boolean; conditions: string[] } {
  let hitNode = -1;
  for (let i = 0; i < cfg.nodes.length && hitNode < 0; i++) {
    const n = cfg.nodes[i]!;
    if (n.negate) continue;
    if (n.cpeMatch.some((m) => m.vulnerable && cpeMatches(m, q))) hitNode = i;
  }
  if (hitNode < 0) return { match: false, conditions: [] };
  if (cfg.operator !== 'AND') return { match: true, conditions: [] };
  const conditions: string[] = [];
  for (let i = 0; i < cfg.nodes.length; i++) {
    if (i === hitNode) continue;
    const n = cfg.nodes[i]!;
    const ok = n.operator === 'AND' ? n.cpeMatch.every((m) => anyMatch(context, m)) : n.cpeMatch.some((m) => anyMatch(context, m));
    if (ok !== n.negate) continue;
    if (n.cpeMatch.some((m) => namedBy(context, m))) {
      // The context names this platform and it does not satisfy the node: the configuration does not apply.
      return { match: false, conditions: [] };
    }
    conditions.push(...n.cpeMatch.map((m) => m.criteria));
  }
  return { match: true, conditions };
}

/**
 * NVD records whose configurations cover the product at the version. `context`
 * lists other CPEs known about the same target (the device's hardware, its OS),
 * used to decide AND configurations.
 */
export async function matchCpe(store: RecordStore, q: CpeQuery, context: readonly CpeQuery[] = []): Promise<Vulnerability[]> {
  const key = `${q.vendor.toLowerCase()}:${q.product.toLowerCase()}`;
  const records = (await store.cpeRecords([key])).get(key) ?? [];
  const hits: Hit[] = [];
  for (const r of records) {
    if (r.withdrawn) continue;
    let best: { match: boolean; conditions: string[] } | undefined;
    for (const cfg of r.configurations ?? []) {
      const res = evalConfiguration(cfg, q, context);
      if (res.match && (!best || res.conditions.length < best.conditions.length)) best = res;
      if (best?.conditions.length === 0) break;
    }
    if (best) hits.push({ record: r, fixed: [], conditions: best.conditions });
  }
  return mergeHits(hits, new Map());
}
