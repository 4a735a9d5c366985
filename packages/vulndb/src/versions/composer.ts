/**
 * Packagist / Composer versions: Composer's VersionParser::normalize
 * (getcomposer.org/doc/articles/versions.md) pads the numeric release to four
 * parts and keeps a stability suffix (dev < alpha = a < beta = b < RC < stable
 * < patch = pl = p); ordering is PHP's version_compare on the normalised strings
 * (php.net/version_compare: parts split at '.', '-', '_', '+' and digit/letter
 * changes; a number meets a special form as "#"; unknown words are lowest).
 * "v" prefixes are dropped; "dev-branch" versions are development heads and sort
 * below every numbered release.
 */
import { compareDigits, memo, type VersionScheme } from './types.ts';

const SPECIAL: [string, number][] = [
  ['dev', 0],
  ['alpha', 1],
  ['a', 1],
  ['beta', 2],
  ['b', 2],
  ['rc', 3],
  ['#', 4],
  ['patch', 5],
  ['pl', 5],
  ['p', 5],
];

function specialOrder(form: string): number {
  for (const [name, order] of SPECIAL) if (form.startsWith(name)) return order;
  return -1;
}

function canonParts(v: string): string[] {
  // PHP's canonicalisation: separators to '.', a '.' between digit and non-digit runs.
  const s = v.replace(/[-_+]/g, '.').replace(/(\d)(?=[^\d.])|([^\d.])(?=\d)/g, '$1$2.');
  return s.split('.').filter((p) => p !== '');
}

function comparePart(a: string, b: string): number {
  const ad = /^\d+$/.test(a);
  const bd = /^\d+$/.test(b);
  if (ad && bd) return compareDigits(a, b);
  return Math.sign(specialOrder(ad ? '#' : a) - specialOrder(bd ? '#' : b));
}

export function phpVersionCompare(a: string, b: string): number {
  return comparePartLists(canonParts(a.toLowerCase()), canonParts(b.toLowerCase()));
}

function comparePartLists(x: string[], y: string[]): number {
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const c = comparePart(x[i]!, y[i]!);
    if (c !== 0) return c;
  }
  if (x.length === y.length) return 0;
  // The longer side's next part against "#": a number makes it newer, "beta" older, "pl" newer.
  const rest = x.length > y.length ? x[n]! : y[n]!;
  const c = /^\d+$/.test(rest) ? 1 : comparePart(rest, '#');
  return x.length > y.length ? c : -c;
}

export function normalizeComposer(v: string): string {
  let s = v.trim().toLowerCase().replace(/^v(?=\d)/, '');
  if (s.startsWith('dev-') || s.endsWith('.x-dev')) return `0.0.0.0-dev`;
  const m = /^(\d+(?:\.\d+){0,3})(.*)$/.exec(s);
  if (!m) return s;
  const parts = m[1]!.split('.');
  while (parts.length < 4) parts.push('0');
  let rest = m[2]!.replace(/^[-_.+]?/, '');
  if (rest === '' || rest === 'stable') return parts.join('.');
  rest = rest.replace(/^(?:alpha|a)(?=[.\d]|$)/, 'alpha').replace(/^(?:beta|b)(?=[.\d]|$)/, 'beta').replace(/^(?:patch|pl|p)(?=[.\d]|$)/, 'patch');
  return `${parts.join('.')}-${rest}`;
}

const composerParts = memo((v: string) => canonParts(normalizeComposer(v).toLowerCase()));

export const composer: VersionScheme = {
  name: 'composer',
  compare: (a, b) => comparePartLists(composerParts(a), composerParts(b)),
  valid: (v) => /^\s*v?\d+(?:\.\d+){0,3}(?:[-_.+]?(?:stable|rc|beta|b|alpha|a|patch|pl|p|dev)\.?\d*)?\s*$/i.test(v),
};
