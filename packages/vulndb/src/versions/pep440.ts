/**
 * PyPI versions, PEP 440 (packaging.python.org/en/latest/specifications/version-specifiers):
 * [N!]N(.N)*[{a|b|rc}N][.postN][.devN][+local], case-insensitive, with the
 * spec's normalisations (alpha→a, beta→b, c/pre/preview→rc, rev/r→post,
 * "1.0-1" is 1.0.post1, separators and a leading "v" optional, missing numbers
 * are 0). Ordering follows packaging's _cmpkey: epoch, release without trailing
 * zeros, then 1.0.dev0 < 1.0a1.dev0 < 1.0a1 < 1.0a1.post0 < 1.0 < 1.0.post0.dev0
 * < 1.0.post0 < 1.0+local; local segments compare numbers above strings.
 */
import { compareDigits, compareStrings, memo, type VersionScheme } from './types.ts';
import { compareGeneric } from './generic.ts';

const RE = new RegExp(
  '^\\s*v?(?:(?<epoch>[0-9]+)!)?(?<release>[0-9]+(?:\\.[0-9]+)*)' +
    '(?<pre>[-_.]?(?<pre_l>alpha|a|beta|b|preview|pre|c|rc)[-_.]?(?<pre_n>[0-9]+)?)?' +
    '(?<post>(?:-(?<post_n1>[0-9]+))|(?:[-_.]?(?<post_l>post|rev|r)[-_.]?(?<post_n2>[0-9]+)?))?' +
    '(?<dev>[-_.]?(?<dev_l>dev)[-_.]?(?<dev_n>[0-9]+)?)?' +
    '(?:\\+(?<local>[a-z0-9]+(?:[-_.][a-z0-9]+)*))?\\s*$',
  'i',
);

export interface Pep440 {
  epoch: string;
  release: string[];
  pre?: [number, string];
  post?: string;
  dev?: string;
  local?: string[];
}

const PRE_RANK: Record<string, number> = { a: 0, alpha: 0, b: 1, beta: 1, rc: 2, c: 2, pre: 2, preview: 2 };

export function parsePep440(v: string): Pep440 | undefined {
  const m = RE.exec(v);
  if (!m?.groups) return undefined;
  const g = m.groups;
  const release = g.release!.split('.');
  while (release.length > 1 && /^0+$/.test(release[release.length - 1]!)) release.pop();
  const out: Pep440 = { epoch: g.epoch ?? '0', release };
  if (g.pre_l) out.pre = [PRE_RANK[g.pre_l.toLowerCase()]!, g.pre_n ?? '0'];
  if (g.post) out.post = g.post_n1 ?? g.post_n2 ?? '0';
  if (g.dev) out.dev = g.dev_n ?? '0';
  if (g.local) out.local = g.local.toLowerCase().split(/[-_.]/);
  return out;
}

function compareRelease(a: string[], b: string[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const c = compareDigits(a[i] ?? '0', b[i] ?? '0');
    if (c !== 0) return c;
  }
  return 0;
}

// -1 = "negative infinity", +1 = "positive infinity", 0 = a real value to compare.
function preKey(v: Pep440): number {
  if (!v.pre && !v.post && v.dev !== undefined) return -1; // 1.0.dev0 sorts before 1.0a0
  if (!v.pre) return 1; // a release sorts after its pre-releases
  return 0;
}

function compareLocal(a: string[] | undefined, b: string[] | undefined): number {
  if (!a || !b) return a ? 1 : b ? -1 : 0;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const xn = /^\d+$/.test(x);
    const yn = /^\d+$/.test(y);
    const c = xn && yn ? compareDigits(x, y) : xn ? 1 : yn ? -1 : compareStrings(x, y);
    if (c !== 0) return c;
  }
  return 0;
}

export function comparePep440Parsed(a: Pep440, b: Pep440): number {
  let c = compareDigits(a.epoch, b.epoch) || compareRelease(a.release, b.release);
  if (c !== 0) return c;
  const pa = preKey(a);
  const pb = preKey(b);
  if (pa !== pb) return pa < pb ? -1 : 1;
  if (pa === 0) {
    c = a.pre![0] - b.pre![0] || compareDigits(a.pre![1], b.pre![1]);
    if (c !== 0) return Math.sign(c);
  }
  // post: absent = -inf
  if ((a.post === undefined) !== (b.post === undefined)) return a.post === undefined ? -1 : 1;
  if (a.post !== undefined) {
    c = compareDigits(a.post, b.post!);
    if (c !== 0) return c;
  }
  // dev: absent = +inf
  if ((a.dev === undefined) !== (b.dev === undefined)) return a.dev === undefined ? 1 : -1;
  if (a.dev !== undefined) {
    c = compareDigits(a.dev, b.dev!);
    if (c !== 0) return c;
  }
  return compareLocal(a.local, b.local);
}

const parseCached = memo((v: string) => parsePep440(v));

export function comparePep440(a: string, b: string): number {
  const x = parseCached(a);
  const y = parseCached(b);
  if (!x || !y) return compareGeneric(a, b);
  return comparePep440Parsed(x, y);
}

export const pep440: VersionScheme = {
  name: 'pep440',
  compare: comparePep440,
  valid: (v) => parsePep440(v) !== undefined,
};
