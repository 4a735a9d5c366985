/**
 * Components and their vulnerabilities: the manifests' packages merged into
 * one component list (a package in two lockfiles is one component with both
 * files and paths), matched against @citadel/vulndb in one batch, and for
 * each vulnerable component the smallest upgrade that fixes every one of its
 * advisories — proposed from the advisories' fixed versions and then checked
 * by matching the component again at that version, so what we suggest is
 * verified against the same data, not assumed.
 */
import type { PackageQuery, VulnerabilityData } from '@citadel/vulndb';
import { schemeFor } from '@citadel/vulndb';
import { type Ecosystem, type Manifest, pkgKey } from '../model.ts';
import { shortestPaths } from './graph.ts';
import { purlOf } from './purl.ts';
import type { ComponentLicence } from '../licences/index.ts';
import type { VexSuppression } from '../sbom/vex.ts';
import type { EolFact } from '../eol/index.ts';
import { type Reach, reachOf } from '../reach/analyse.ts';

export type Level = 'critical' | 'high' | 'medium' | 'low' | 'unknown';

export interface Component {
  ref: string;
  ecosystem: Ecosystem;
  name: string;
  version: string;
  purl: string;
  direct: boolean;
  dev: boolean;
  files: string[];
  /** Refs of the components it depends on (from the manifests' edges). */
  dependsOn: string[];
  /** Up to three dependency paths ("name@version" from the direct dependency down to this one). */
  paths: string[][];
  unresolved?: string;
  /** Ids (display id) of its vulnerabilities. */
  vulnerabilities: string[];
  /** Smallest version that fixes all of them, verified by re-matching; absent when none is known. */
  fix?: string;
  /** True when the fix version has no known vulnerability at all; false = fixes these but others remain. */
  fixClean?: boolean;
  /** Declared licence (licences/), normalised to an SPDX expression when every part is known. */
  licence?: ComponentLicence;
  /** End-of-life fact of its framework/runtime release (eol/), when endoflife.date knows the product. */
  eol?: EolFact;
}

export interface VulnFinding {
  id: string;
  ids: string[];
  summary: string;
  level: Level;
  score?: number;
  vector?: string;
  fixed: string[];
  references: string[];
  component: string;
  /** Set when a VEX statement says this component is not affected (or fixed): shown, not counted. */
  suppressed?: VexSuppression;
  /** Whether the project's own code uses the vulnerable functions the advisory names (reach/); absent when it names none or no source was given. */
  reach?: Reach;
}

export interface MatchResult {
  components: Component[];
  vulnerabilities: VulnFinding[];
}

const MAX_PATHS = 3;
const MAX_FIX_CANDIDATES = 6;

export function mergeComponents(manifests: readonly Manifest[]): Component[] {
  const byRef = new Map<string, Component>();
  for (const m of manifests) {
    const paths = shortestPaths(m);
    const label = (k: string): string => k.slice(k.indexOf('|') + 1);
    for (const p of m.packages) {
      const ref = p.version ? pkgKey(p) : `${p.ecosystem}|${p.name}@?${m.file}`;
      let c = byRef.get(ref);
      if (!c) {
        c = { ref, ecosystem: p.ecosystem, name: p.name, version: p.version, purl: purlOf(p.ecosystem, p.name, p.version), direct: false, dev: true, files: [], dependsOn: [], paths: [], vulnerabilities: [], ...(p.unresolved ? { unresolved: p.unresolved } : {}) };
        byRef.set(ref, c);
      }
      if (p.direct !== false) c.direct ||= p.direct === true;
      if (!p.dev) c.dev = false;
      if (!c.files.includes(m.file)) c.files.push(m.file);
      for (const d of p.deps ?? []) if (!c.dependsOn.includes(d)) c.dependsOn.push(d);
      const path = paths.get(pkgKey(p));
      if (path && c.paths.length < MAX_PATHS) c.paths.push(path.map(label));
    }
  }
  return [...byRef.values()];
}

function levelOf(v: { level?: string; score?: number }): Level {
  if (v.level === 'critical' || v.level === 'high' || v.level === 'medium' || v.level === 'low') return v.level;
  if (v.score === undefined) return 'unknown';
  return v.score >= 9 ? 'critical' : v.score >= 7 ? 'high' : v.score >= 4 ? 'medium' : v.score > 0 ? 'low' : 'unknown';
}

export async function matchComponents(data: VulnerabilityData, components: Component[], signal?: AbortSignal, sources: readonly { path: string; text: string }[] = [], sourcesComplete = true): Promise<MatchResult> {
  const checkable = components.filter((c) => c.version);
  const queries: PackageQuery[] = checkable.map((c) => ({ ecosystem: c.ecosystem, name: c.name, version: c.version }));
  const matches = await data.matchPackages(queries);
  signal?.throwIfAborted();
  const vulnerabilities: VulnFinding[] = [];
  const vulnerable: { c: Component; fixed: string[][]; ids: Set<string> }[] = [];
  checkable.forEach((c, i) => {
    const vs = matches[i]!.vulnerabilities;
    if (vs.length === 0) return;
    for (const v of vs) {
      const best = v.severity.find((s) => s.type === 'CVSS_V3' && s.vector) ?? v.severity.find((s) => s.vector);
      let reach = reachOf(c.ecosystem, c.name, v.functions, sources);
      // With files left out, "no file imports it" is not known.
      if (reach?.state === 'not_imported' && !sourcesComplete) reach = undefined;
      vulnerabilities.push({ id: v.id, ids: v.ids, summary: v.summary, level: levelOf(v), ...(v.score !== undefined ? { score: v.score } : {}), ...(best?.vector ? { vector: best.vector } : {}), fixed: v.fixed, references: v.references, component: c.ref, ...(reach ? { reach } : {}) });
      c.vulnerabilities.push(v.id);
    }
    vulnerable.push({ c, fixed: vs.map((v) => v.fixed), ids: new Set(vs.flatMap((v) => v.ids)) });
  });
  await proposeFixes(data, vulnerable);
  return { components, vulnerabilities };
}

/**
 * Candidates: for each advisory the smallest fixed version above the current
 * one; the largest of those is the first candidate (it is past every
 * advisory's fix on that line), then the other fixed versions above it in
 * order. Each candidate is matched; the first with none of the current
 * advisories wins (and is marked clean when it has no advisory at all).
 */
async function proposeFixes(data: VulnerabilityData, vulnerable: { c: Component; fixed: string[][]; ids: Set<string> }[]): Promise<void> {
  const tries: { c: Component; ids: Set<string>; version: string }[] = [];
  for (const { c, fixed, ids } of vulnerable) {
    const cmp = schemeFor(c.ecosystem).compare;
    const above = (v: string): boolean => cmp(v, c.version) > 0;
    if (fixed.some((f) => !f.some(above))) continue; // an advisory with no fix above: no upgrade fixes all
    const firsts = fixed.map((f) => f.filter(above).sort(cmp)[0]!);
    const start = firsts.sort(cmp)[firsts.length - 1]!;
    const all = [...new Set(fixed.flat())].filter((v) => cmp(v, start) >= 0).sort(cmp);
    for (const version of all.slice(0, MAX_FIX_CANDIDATES)) tries.push({ c, ids, version });
  }
  if (tries.length === 0) return;
  const results = await data.matchPackages(tries.map((t) => ({ ecosystem: t.c.ecosystem, name: t.c.name, version: t.version })));
  tries.forEach((t, i) => {
    if (t.c.fix) return;
    const vs = results[i]!.vulnerabilities;
    if (vs.some((v) => v.ids.some((id) => t.ids.has(id)))) return;
    t.c.fix = t.version;
    t.c.fixClean = vs.length === 0;
  });
}
