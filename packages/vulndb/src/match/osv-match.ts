/**
 * Is a version inside an OSV `affected` entry? Implements the evaluation in the
 * OSV schema (ossf.github.io/osv-schema/#evaluation): the explicit `versions`
 * list, then each SEMVER/ECOSYSTEM range with its events sorted by version
 * ("introduced: 0" first): introduced turns affected on at or after it, fixed
 * turns it off at or after it, last_affected off after it; limit is for GIT.
 */
import type { OsvAffected, OsvRange } from '../model.ts';
import { schemeFor, semver, type VersionScheme } from '../versions/index.ts';

type Ev = { kind: 'introduced' | 'fixed' | 'last_affected'; v: string };

const sortedCache = new WeakMap<OsvRange, Ev[]>();
const versionSets = new WeakMap<OsvAffected, Set<string>>();

function sortedEvents(range: OsvRange, scheme: VersionScheme): Ev[] {
  let evs = sortedCache.get(range);
  if (evs) return evs;
  evs = [];
  for (const e of range.events) {
    if ('introduced' in e) evs.push({ kind: 'introduced', v: e.introduced });
    else if ('fixed' in e) evs.push({ kind: 'fixed', v: e.fixed });
    else if ('last_affected' in e) evs.push({ kind: 'last_affected', v: e.last_affected });
  }
  const zero = (e: Ev): boolean => e.kind === 'introduced' && e.v === '0';
  evs.sort((a, b) => (zero(a) ? (zero(b) ? 0 : -1) : zero(b) ? 1 : scheme.compare(a.v, b.v)));
  sortedCache.set(range, evs);
  return evs;
}

export interface AffectedResult {
  affected: boolean;
  /** Fixed versions of the ranges that contain the version (what to upgrade to). */
  fixed: string[];
}

export function rangeContains(range: OsvRange, version: string, ecosystemScheme: VersionScheme): { affected: boolean; fixed?: string } {
  const scheme = range.type === 'SEMVER' ? semver : ecosystemScheme;
  let affected = false;
  let fixed: string | undefined;
  for (const e of sortedEvents(range, scheme)) {
    if (e.kind === 'introduced') {
      if (e.v === '0' || scheme.compare(version, e.v) >= 0) affected = true;
    } else if (e.kind === 'fixed') {
      if (scheme.compare(version, e.v) >= 0) affected = false;
      else if (affected && fixed === undefined) fixed = e.v;
    } else if (scheme.compare(version, e.v) > 0) affected = false;
  }
  return affected ? { affected, ...(fixed !== undefined ? { fixed } : {}) } : { affected: false };
}

export function affectsVersion(a: OsvAffected, version: string): AffectedResult {
  const scheme = schemeFor(a.ecosystem);
  const fixed: string[] = [];
  let affected = false;
  if (a.versions.length > 0) {
    // PyPI/Go/crates records list hundreds of versions: a cached set, exact strings (and the Go/npm "v" spelling).
    let set = versionSets.get(a);
    if (!set) versionSets.set(a, (set = new Set(a.versions)));
    const v = version.trim();
    if (set.has(v) || set.has(v.replace(/^v(?=\d)/, '')) || set.has(`v${v}`)) affected = true;
  }
  for (const r of a.ranges) {
    const res = rangeContains(r, version, scheme);
    if (res.affected) {
      affected = true;
      if (res.fixed !== undefined && !fixed.includes(res.fixed)) fixed.push(res.fixed);
    }
  }
  return { affected, fixed };
}
