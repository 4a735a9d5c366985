/**
 * The SCA part of a stored assessment (target written by the sca engine),
 * read defensively: a stored result is data from elsewhere, so every field is
 * checked before the screens use it.
 */
import type { Assessment } from '@citadel/contracts';

export type Level = 'critical' | 'high' | 'medium' | 'low' | 'unknown';
export const LEVELS: readonly Level[] = ['critical', 'high', 'medium', 'low', 'unknown'];

export interface ComponentRow {
  ref: string;
  ecosystem: string;
  name: string;
  version: string;
  direct: boolean;
  dev: boolean;
  files: string[];
  paths: string[][];
  unresolved?: string;
  vulnerabilities: string[];
  fix?: string;
  fixClean?: boolean;
  /** Highest level of its vulnerabilities. */
  worst?: Level;
  /** Refs of the components it depends on. */
  dependsOn: string[];
  licence?: LicenceInfo;
  eol?: EolInfo;
}

export type LicenceVerdict = 'ok' | 'denied' | 'not_allowed' | 'undecided';
export interface LicenceInfo {
  declared: string;
  expression?: string;
  unknown: string[];
  source: string;
  /** Absent when the scan had no licence policy. */
  verdict?: LicenceVerdict;
  terms: string[];
}

export interface EolInfo {
  title: string;
  cycle?: string;
  /** Date, or true when ended without a date, false when none is announced. */
  eol: string | boolean;
  ended: boolean;
  latest?: string;
  newest?: string;
  link: string;
}

export type ReachState = 'called' | 'imported' | 'not_imported';
export interface ReachInfo {
  state: ReachState;
  symbols: string[];
  files: string[];
}

export interface Suppression {
  state: string;
  justification?: string;
  detail?: string;
  source: string;
}

export interface VulnRow {
  key: string;
  id: string;
  ids: string[];
  summary: string;
  level: Level;
  score?: number;
  fixed: string[];
  component: string;
  /** Set when a VEX statement suppressed it: shown apart, not counted. */
  suppressed?: Suppression;
  /** Whether the project's own code uses the vulnerable functions the advisory names (absent: the advisory names none, or no source to look at). */
  reach?: ReachInfo;
}

export interface ScaView {
  matched: boolean;
  manifests: { file: string; format: string; packages: number; notes: string[] }[];
  components: ComponentRow[];
  vulnerabilities: VulnRow[];
  /** Distribution releases (dpkg/apk databases) with their end of life. */
  releases: { ecosystem: string; eol: EolInfo }[];
  /** Runtimes the project names (version files, Dockerfile base images) with their end of life. */
  runtimes: { runtime: string; version: string; file: string; eol: EolInfo }[];
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const str = (x: unknown): string => (typeof x === 'string' ? x : '');
const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const strs = (x: unknown): string[] => list(x).filter((s): s is string => typeof s === 'string');
const level = (x: unknown): Level => (LEVELS.includes(x as Level) ? (x as Level) : 'unknown');
const VERDICTS: readonly LicenceVerdict[] = ['ok', 'denied', 'not_allowed', 'undecided'];
const REACH: readonly ReachState[] = ['called', 'imported', 'not_imported'];

function licence(x: unknown): LicenceInfo | undefined {
  if (!isObj(x) || typeof x.declared !== 'string') return undefined;
  const p = isObj(x.policy) ? x.policy : undefined;
  const verdict = VERDICTS.includes(p?.verdict as LicenceVerdict) ? (p!.verdict as LicenceVerdict) : undefined;
  return { declared: x.declared, ...(typeof x.expression === 'string' ? { expression: x.expression } : {}), unknown: strs(x.unknown), source: str(x.source), ...(verdict ? { verdict } : {}), terms: strs(p?.terms) };
}

function eol(x: unknown): EolInfo | undefined {
  if (!isObj(x) || typeof x.title !== 'string') return undefined;
  const e = typeof x.eol === 'string' || typeof x.eol === 'boolean' ? x.eol : false;
  return { title: x.title, ...(typeof x.cycle === 'string' ? { cycle: x.cycle } : {}), eol: e, ended: x.ended === true, ...(typeof x.latest === 'string' ? { latest: x.latest } : {}), ...(typeof x.newest === 'string' ? { newest: x.newest } : {}), link: str(x.link) };
}

function suppression(x: unknown): Suppression | undefined {
  if (!isObj(x) || typeof x.state !== 'string') return undefined;
  return { state: x.state, ...(typeof x.justification === 'string' ? { justification: x.justification } : {}), ...(typeof x.detail === 'string' ? { detail: x.detail } : {}), source: str(x.source) };
}

function reach(x: unknown): ReachInfo | undefined {
  if (!isObj(x) || !REACH.includes(x.state as ReachState)) return undefined;
  return { state: x.state as ReachState, symbols: strs(x.symbols), files: strs(x.files) };
}

export function scaView(a: Assessment | null): ScaView | undefined {
  const t = a?.target;
  if (!t || t.kind !== 'sca') return undefined;
  const vulnerabilities: VulnRow[] = list(t.vulnerabilities)
    .filter(isObj)
    .map((v, i) => {
      const s = suppression(v.suppressed);
      const r = reach(v.reach);
      return { key: `${i}`, id: str(v.id), ids: strs(v.ids), summary: str(v.summary), level: level(v.level), ...(typeof v.score === 'number' ? { score: v.score } : {}), fixed: strs(v.fixed), component: str(v.component), ...(s ? { suppressed: s } : {}), ...(r ? { reach: r } : {}) };
    });
  const worst = new Map<string, Level>();
  // Suppressed vulnerabilities do not make their component vulnerable (the engine does not count them either).
  for (const v of vulnerabilities) {
    if (v.suppressed) continue;
    const had = worst.get(v.component);
    if (!had || LEVELS.indexOf(v.level) < LEVELS.indexOf(had)) worst.set(v.component, v.level);
  }
  const suppressed = new Set(vulnerabilities.filter((v) => v.suppressed).map((v) => `${v.component}\n${v.id}`));
  const components: ComponentRow[] = list(t.components)
    .filter(isObj)
    .map((c) => {
      const ref = str(c.ref);
      const w = worst.get(ref);
      return {
        ref,
        ecosystem: str(c.ecosystem),
        name: str(c.name),
        version: str(c.version),
        direct: c.direct === true,
        dev: c.dev === true,
        files: strs(c.files),
        paths: list(c.paths).map(strs),
        ...(typeof c.unresolved === 'string' ? { unresolved: c.unresolved } : {}),
        vulnerabilities: strs(c.vulnerabilities).filter((id) => !suppressed.has(`${ref}\n${id}`)),
        dependsOn: strs(c.dependsOn),
        ...(licence(c.licence) ? { licence: licence(c.licence) } : {}),
        ...(eol(c.eol) ? { eol: eol(c.eol) } : {}),
        ...(typeof c.fix === 'string' ? { fix: c.fix, fixClean: c.fixClean === true } : {}),
        ...(w ? { worst: w } : {}),
      };
    });
  const manifests = list(t.manifests)
    .filter(isObj)
    .map((m) => ({ file: str(m.file), format: str(m.format), packages: typeof m.packages === 'number' ? m.packages : 0, notes: strs(m.notes) }));
  const releases = list(t.releases)
    .filter(isObj)
    .flatMap((r) => {
      const e = eol(r.eol);
      return e ? [{ ecosystem: str(r.ecosystem), eol: e }] : [];
    });
  const runtimes = list(t.runtimes)
    .filter(isObj)
    .flatMap((r) => {
      const e = eol(r.eol);
      return e ? [{ runtime: str(r.runtime), version: str(r.version), file: str(r.file), eol: e }] : [];
    });
  return { matched: t.matched === true, manifests, components, vulnerabilities, releases, runtimes };
}

/** The assessment without the SCA target fields (the generic summary would print them as raw rows). */
export function withoutSca(a: Assessment | null): Assessment | null {
  if (!a || a.target.kind !== 'sca') return a;
  return { ...a, target: {} };
}
