/**
 * Semantic Versioning 2.0.0 (semver.org §11): major.minor.patch compared
 * numerically; a pre-release is lower than its release; pre-release
 * identifiers compare numerically when all digits, else in ASCII order, and
 * numeric ones are lower than alphanumeric ones; more identifiers win when the
 * shared ones are equal; build metadata (+…) is ignored. Used for npm, crates.io,
 * Hex, Pub, OSV SEMVER ranges and (with the Go rules in go.ts) Go modules.
 * Leading "v"/"=" and surrounding blanks are tolerated as npm does.
 */
import { compareDigits, compareStrings, memo, type VersionScheme } from './types.ts';
import { compareGeneric } from './generic.ts';

export interface SemVer {
  major: string;
  minor: string;
  patch: string;
  pre: string[];
}

const RE = /^[=v\s]*(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?\s*$/;
/** Loose form seen in advisories: "1.2", "1", leading zeros. */
const LOOSE = /^[=v\s]*(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-?([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]*)?\s*$/;

export function parseSemver(v: string, loose = true): SemVer | undefined {
  let m = RE.exec(v);
  if (!m && loose) m = LOOSE.exec(v);
  if (!m) return undefined;
  return { major: m[1]!, minor: m[2] ?? '0', patch: m[3] ?? '0', pre: m[4] ? m[4].split('.') : [] };
}

export function comparePre(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return a.length === b.length ? 0 : a.length === 0 ? 1 : -1;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const xn = /^\d+$/.test(x);
    const yn = /^\d+$/.test(y);
    let c: number;
    if (xn && yn) c = compareDigits(x, y);
    else if (xn) c = -1;
    else if (yn) c = 1;
    else c = compareStrings(x, y);
    if (c !== 0) return c;
  }
  return 0;
}

export function compareParsed(a: SemVer, b: SemVer): number {
  return compareDigits(a.major, b.major) || compareDigits(a.minor, b.minor) || compareDigits(a.patch, b.patch) || comparePre(a.pre, b.pre);
}

const parseCached = memo((v: string) => parseSemver(v));

export function compareSemver(a: string, b: string): number {
  const x = parseCached(a);
  const y = parseCached(b);
  if (!x || !y) return compareGeneric(a, b);
  return compareParsed(x, y);
}

export const semver: VersionScheme = {
  name: 'semver',
  compare: compareSemver,
  valid: (v) => parseSemver(v, false) !== undefined,
};
