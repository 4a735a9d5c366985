/**
 * NuGet versions (learn.microsoft.com/nuget/concepts/package-versioning):
 * SemVer 2.0 with an optional fourth (Revision) number, missing numbers are 0
 * ("1.0" = "1.0.0.0"), leading zeros allowed, pre-release labels compared
 * case-insensitively (numeric labels numerically, below alphanumeric ones),
 * metadata after '+' ignored.
 */
import { compareDigits, memo, type VersionScheme } from './types.ts';
import { comparePre } from './semver.ts';
import { compareGeneric } from './generic.ts';

const RE = /^\s*\[?v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]*)?\]?\s*$/;

function parse(v: string): { nums: string[]; pre: string[] } | undefined {
  const m = RE.exec(v);
  if (!m) return undefined;
  return { nums: [m[1]!, m[2] ?? '0', m[3] ?? '0', m[4] ?? '0'], pre: m[5] ? m[5].toLowerCase().split('.') : [] };
}

const parseCached = memo(parse);

export function compareNuGet(a: string, b: string): number {
  const x = parseCached(a);
  const y = parseCached(b);
  if (!x || !y) return compareGeneric(a, b);
  for (let i = 0; i < 4; i++) {
    const c = compareDigits(x.nums[i]!, y.nums[i]!);
    if (c !== 0) return c;
  }
  return comparePre(x.pre, y.pre);
}

export const nuget: VersionScheme = { name: 'nuget', compare: compareNuGet, valid: (v) => parse(v) !== undefined };
