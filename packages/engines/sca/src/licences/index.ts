/**
 * Licences of the components: declared licences read from the input
 * (extract.ts) are attached to the merged components, normalised to SPDX
 * (expression.ts), and judged against the scan's licence policy (policy.ts).
 */
import type { Component } from '../match/match.ts';
import type { LicenceEntry } from './extract.ts';
import { normaliseLicence } from './expression.ts';

export { LICENCE_ALIASES, aliasKey } from './aliases.ts';
export { canonicalId, normaliseLicence, type NormalisedLicence } from './expression.ts';
export { isLicenceOnlySource, isLicenceSource, readLicences, type LicenceEntry } from './extract.ts';
export { judge, policyFromParams, type LicencePolicy, type Verdict } from './policy.ts';
export { LICENCE_ITEMS, LICENCE_JA } from './catalogue.ts';

export interface ComponentLicence {
  /** As declared (alternatives joined with OR). */
  declared: string;
  /** Canonical SPDX expression; absent when a part is not a known licence. */
  expression?: string;
  /** Parts that are not SPDX ids or known names. */
  unknown?: string[];
  /** File it was read from. */
  source: string;
  /** The scan's licence policy applied to it (only when the scan had one). */
  policy?: { verdict: 'ok' | 'denied' | 'not_allowed' | 'undecided'; terms: string[] };
}

/** Names compare as the ecosystems do: case-insensitively, PyPI also treating -, _ and . alike (PEP 503). */
const norm = (eco: string, name: string): string => (eco === 'PyPI' ? name.toLowerCase().replace(/[-_.]+/g, '-') : name.toLowerCase());

/**
 * Attaches to each component the first licence found for its name and
 * version (a manifest's own field before an installed copy's, in the order
 * given), else for its name when the source gives no version.
 */
export function attachLicences(components: readonly Component[], entries: readonly LicenceEntry[]): void {
  const exact = new Map<string, LicenceEntry>();
  const anyVersion = new Map<string, LicenceEntry>();
  for (const e of entries) {
    const k = `${e.ecosystem}|${norm(e.ecosystem, e.name)}`;
    if (e.version) {
      if (!exact.has(`${k}@${e.version}`)) exact.set(`${k}@${e.version}`, e);
    } else if (!anyVersion.has(k)) anyVersion.set(k, e);
  }
  for (const c of components) {
    const k = `${c.ecosystem}|${norm(c.ecosystem, c.name)}`;
    const e = exact.get(`${k}@${c.version}`) ?? anyVersion.get(k);
    if (!e) continue;
    const n = normaliseLicence(...e.declared);
    c.licence = { declared: n.declared, ...(n.expression ? { expression: n.expression } : {}), ...(n.unknown.length ? { unknown: n.unknown.slice(0, 10) } : {}), source: e.source };
  }
}
