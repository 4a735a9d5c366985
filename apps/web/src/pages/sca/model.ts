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
}

export interface ScaView {
  matched: boolean;
  manifests: { file: string; format: string; packages: number; notes: string[] }[];
  components: ComponentRow[];
  vulnerabilities: VulnRow[];
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const str = (x: unknown): string => (typeof x === 'string' ? x : '');
const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const strs = (x: unknown): string[] => list(x).filter((s): s is string => typeof s === 'string');
const level = (x: unknown): Level => (LEVELS.includes(x as Level) ? (x as Level) : 'unknown');

export function scaView(a: Assessment | null): ScaView | undefined {
  const t = a?.target;
  if (!t || t.kind !== 'sca') return undefined;
  const vulnerabilities: VulnRow[] = list(t.vulnerabilities)
    .filter(isObj)
    .map((v, i) => ({ key: `${i}`, id: str(v.id), ids: strs(v.ids), summary: str(v.summary), level: level(v.level), ...(typeof v.score === 'number' ? { score: v.score } : {}), fixed: strs(v.fixed), component: str(v.component) }));
  const worst = new Map<string, Level>();
  for (const v of vulnerabilities) {
    const had = worst.get(v.component);
    if (!had || LEVELS.indexOf(v.level) < LEVELS.indexOf(had)) worst.set(v.component, v.level);
  }
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
        vulnerabilities: strs(c.vulnerabilities),
        ...(typeof c.fix === 'string' ? { fix: c.fix, fixClean: c.fixClean === true } : {}),
        ...(w ? { worst: w } : {}),
      };
    });
  const manifests = list(t.manifests)
    .filter(isObj)
    .map((m) => ({ file: str(m.file), format: str(m.format), packages: typeof m.packages === 'number' ? m.packages : 0, notes: strs(m.notes) }));
  return { matched: t.matched === true, manifests, components, vulnerabilities };
}

/** The assessment without the SCA target fields (the generic summary would print them as raw rows). */
export function withoutSca(a: Assessment | null): Assessment | null {
  if (!a || a.target.kind !== 'sca') return a;
  return { ...a, target: {} };
}
