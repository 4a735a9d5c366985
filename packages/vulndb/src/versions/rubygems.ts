/**
 * RubyGems versions (Gem::Version, guides.rubygems.org/patterns/#semantic-versioning
 * and rubygems/version.rb): "-" reads as ".pre."; segments are runs of digits
 * (compared as numbers) or letters (strings); a version with a letter is a
 * pre-release; trailing zeros of the numeric part and of the part after the
 * first string are dropped ("1.0" = "1", "1.0.a" = "1.a"); a string segment is
 * lower than a number at the same place ("1.0.a" < "1.0.0" = "1").
 */
import { compareDigits, compareStrings, memo, type VersionScheme } from './types.ts';

type Seg = string | bigint;

function segments(v: string): Seg[] {
  const s = v.trim().replace(/-/g, '.pre.');
  return (s.match(/[0-9]+|[a-z]+/gi) ?? []).map((x) => (/^\d/.test(x) ? BigInt(x) : x));
}

function canonical(v: string): Seg[] {
  const segs = segments(v);
  const firstString = segs.findIndex((s) => typeof s === 'string');
  const numeric = firstString === -1 ? segs : segs.slice(0, firstString);
  const rest = firstString === -1 ? [] : segs.slice(firstString);
  const dropZeros = (a: Seg[]): Seg[] => {
    const out = [...a];
    while (out.length > 0 && out[out.length - 1] === 0n) out.pop();
    return out;
  };
  return [...dropZeros(numeric), ...dropZeros(rest)];
}

const canonicalCached = memo(canonical);

export function compareRubyGems(a: string, b: string): number {
  const x = canonicalCached(a);
  const y = canonicalCached(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const l = x[i] ?? 0n;
    const r = y[i] ?? 0n;
    if (l === r) continue;
    if (typeof l === 'string' && typeof r !== 'string') return -1;
    if (typeof l !== 'string' && typeof r === 'string') return 1;
    if (typeof l === 'string') return compareStrings(l, r as string);
    return compareDigits(l.toString(), (r as bigint).toString());
  }
  return 0;
}

export const rubygems: VersionScheme = {
  name: 'rubygems',
  compare: compareRubyGems,
  valid: (v) => /^\s*[0-9]+(?:\.[0-9a-zA-Z]+)*(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?\s*$/.test(v),
};
