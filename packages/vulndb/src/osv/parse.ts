/**
 * OSV schema (ossf.github.io/osv-schema) → VulnRecord. Input is untrusted JSON
 * from a dump: every field is checked; a record without an id, a modified date
 * or anything to match is refused with a reason (counted as bad by the import).
 * GIT ranges are kept out (commit ranges cannot be matched against versions).
 */
import { cvss3BaseScore, levelOfScore } from '../cvss.ts';
import type { OsvAffected, OsvRange, RangeEvent, Severity, SeverityLevel, VulnRecord, VulnerableFunctions } from '../model.ts';

const str = (x: unknown): string | undefined => (typeof x === 'string' && x.length > 0 ? x : undefined);
const arr = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const obj = (x: unknown): Record<string, unknown> | undefined => (typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Record<string, unknown>) : undefined);

const MAX_TEXT = 2000;
const LEVELS = new Set(['critical', 'high', 'medium', 'moderate', 'low']);

export type ParseResult = { ok: true; record: VulnRecord } | { ok: false; reason: string };

function parseEvents(x: unknown): RangeEvent[] {
  const out: RangeEvent[] = [];
  for (const e of arr(x)) {
    const o = obj(e);
    if (!o) continue;
    for (const k of ['introduced', 'fixed', 'last_affected', 'limit'] as const) {
      const v = str(o[k]);
      if (v !== undefined) out.push({ [k]: v } as RangeEvent);
    }
  }
  return out;
}

export function parseSeverity(x: unknown): Severity[] {
  const out: Severity[] = [];
  for (const s of arr(x)) {
    const o = obj(s);
    const type = str(o?.type);
    const vector = str(o?.score);
    if (!o || !vector || (type !== 'CVSS_V2' && type !== 'CVSS_V3' && type !== 'CVSS_V4')) continue;
    const score = type === 'CVSS_V3' ? cvss3BaseScore(vector) : undefined;
    out.push({ type, vector, ...(score !== undefined ? { score } : {}) });
  }
  return out;
}

function levelFrom(x: unknown, severity: Severity[]): SeverityLevel | undefined {
  const ds = obj(x);
  const raw = str(ds?.severity)?.toLowerCase();
  if (raw && LEVELS.has(raw)) return raw === 'moderate' ? 'medium' : (raw as SeverityLevel);
  const scored = severity.find((s) => s.score !== undefined);
  return scored ? levelOfScore(scored.score!) : undefined;
}

export function parseOsv(json: unknown, source?: string): ParseResult {
  const o = obj(json);
  if (!o) return { ok: false, reason: 'not a JSON object' };
  const id = str(o.id);
  if (!id || id.length > 200) return { ok: false, reason: 'missing id' };
  const modified = str(o.modified);
  if (!modified || Number.isNaN(Date.parse(modified))) return { ok: false, reason: `${id}: missing or invalid modified date` };
  const affected: OsvAffected[] = [];
  for (const a of arr(o.affected)) {
    const ao = obj(a);
    const pkg = obj(ao?.package);
    const ecosystem = str(pkg?.ecosystem);
    const name = str(pkg?.name);
    if (!ao || !ecosystem || !name) continue;
    const ranges: OsvRange[] = [];
    for (const r of arr(ao.ranges)) {
      const ro = obj(r);
      const type = str(ro?.type);
      if (type !== 'SEMVER' && type !== 'ECOSYSTEM') continue;
      const events = parseEvents(ro?.events);
      if (events.length > 0) ranges.push({ type, events });
    }
    const versions = arr(ao.versions).filter((v): v is string => typeof v === 'string');
    if (ranges.length === 0 && versions.length === 0) continue;
    const functions = vulnerableFunctions(obj(ao.ecosystem_specific));
    affected.push({ ecosystem, name, ranges, versions, ...(functions.length ? { functions } : {}) });
  }
  const withdrawn = str(o.withdrawn);
  if (affected.length === 0 && !withdrawn) return { ok: false, reason: `${id}: no affected package with version ranges or versions` };
  const severity = parseSeverity(o.severity);
  // GHSA puts the CVSS under affected[].severity sometimes; take it when the top level has none.
  if (severity.length === 0) for (const a of arr(o.affected)) severity.push(...parseSeverity(obj(a)?.severity));
  const details = str(o.details);
  const summary = (str(o.summary) ?? details?.split('\n')[0] ?? '').slice(0, MAX_TEXT);
  const level = levelFrom(o.database_specific, severity);
  const record: VulnRecord = {
    id,
    source: source ?? `osv:${affected[0]?.ecosystem.split(':')[0] ?? 'unknown'}`,
    modified: new Date(modified).toISOString(),
    ...(str(o.published) ? { published: str(o.published)! } : {}),
    ...(withdrawn ? { withdrawn } : {}),
    aliases: [...new Set([...arr(o.aliases), ...arr(o.upstream)].filter((v): v is string => typeof v === 'string' && v !== id))],
    summary,
    severity,
    ...(level ? { level } : {}),
    references: arr(o.references)
      .map((r) => str(obj(r)?.url))
      .filter((u): u is string => u !== undefined)
      .slice(0, 50),
    affected,
  };
  return { ok: true, record };
}

const MAX_FUNCTION_GROUPS = 50;
const MAX_FUNCTION_NAMES = 200;
const names = (x: unknown): string[] => arr(x).filter((n): n is string => typeof n === 'string' && n.length > 0 && n.length <= 300).slice(0, MAX_FUNCTION_NAMES);

/** Vulnerable functions as OSV's ecosystem_specific gives them (Go imports, RustSec affects.functions, GHSA affected_functions), bounded. */
function vulnerableFunctions(es: Record<string, unknown> | undefined): VulnerableFunctions[] {
  if (!es) return [];
  const out: VulnerableFunctions[] = [];
  for (const i of arr(es.imports).slice(0, MAX_FUNCTION_GROUPS)) {
    const io = obj(i);
    const module = str(io?.path);
    const n = names(io?.symbols);
    if (module && module.length <= 300) out.push({ module, names: n });
  }
  const rust = names(obj(es.affects)?.functions);
  if (rust.length) out.push({ names: rust });
  const ghsa = names(es.affected_functions);
  if (ghsa.length) out.push({ names: ghsa });
  return out;
}
