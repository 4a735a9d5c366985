/**
 * Alpine package versions (apk-tools version.c; wiki.alpinelinux.org/wiki/APKBUILD_Reference#pkgver):
 * numbers separated by '.', an optional single letter, any number of suffixes
 * _alpha < _beta < _pre < _rc < (none) < _cvs < _svn < _git < _hg < _p, each with
 * an optional number, then -rN. More numbers make a later version
 * (1.2.1 > 1.2), a letter a later one (1.2a > 1.2), a pre-release suffix an
 * earlier one (1.2_rc1 < 1.2).
 */
import { compareDigits, compareStrings, memo, type VersionScheme } from './types.ts';
import { compareGeneric } from './generic.ts';

const SUFFIX_RANK: Record<string, number> = { alpha: 0, beta: 1, pre: 2, rc: 3, cvs: 5, svn: 6, git: 7, hg: 8, p: 9 };
const NONE = 4;
const RE = /^\s*(\d+(?:\.\d+)*)([a-z]?)((?:_(?:alpha|beta|pre|rc|cvs|svn|git|hg|p)\d*)*)(?:-r(\d+))?\s*$/;

interface Apk {
  nums: string[];
  letter: string;
  suffixes: [number, string][];
  rev: string;
}

function parse(v: string): Apk | undefined {
  const m = RE.exec(v);
  if (!m) return undefined;
  const suffixes: [number, string][] = [];
  for (const s of m[3]!.split('_').slice(1)) {
    const sm = /^([a-z]+)(\d*)$/.exec(s)!;
    suffixes.push([SUFFIX_RANK[sm[1]!]!, sm[2] || '0']);
  }
  return { nums: m[1]!.split('.'), letter: m[2]!, suffixes, rev: m[4] ?? '0' };
}

const parseCached = memo(parse);

export function compareApk(a: string, b: string): number {
  const x = parseCached(a);
  const y = parseCached(b);
  if (!x || !y) return compareGeneric(a, b);
  for (let i = 0; i < Math.min(x.nums.length, y.nums.length); i++) {
    const c = compareDigits(x.nums[i]!, y.nums[i]!);
    if (c !== 0) return c;
  }
  if (x.nums.length !== y.nums.length) return x.nums.length > y.nums.length ? 1 : -1;
  const lc = compareStrings(x.letter, y.letter);
  if (lc !== 0) return lc;
  for (let i = 0; i < Math.max(x.suffixes.length, y.suffixes.length); i++) {
    const p = x.suffixes[i] ?? [NONE, '0'];
    const q = y.suffixes[i] ?? [NONE, '0'];
    if (p[0] !== q[0]) return p[0] < q[0] ? -1 : 1;
    const c = compareDigits(p[1], q[1]);
    if (c !== 0) return c;
  }
  return compareDigits(x.rev, y.rev);
}

export const apk: VersionScheme = { name: 'apk', compare: compareApk, valid: (v) => parse(v) !== undefined };
