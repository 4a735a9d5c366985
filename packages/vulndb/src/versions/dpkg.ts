/**
 * Debian package versions, deb-version(7) / Debian Policy §5.6.12:
 * [epoch:]upstream[-revision]; epoch numerically; upstream and revision by
 * dpkg's verrevcmp: alternating non-digit runs (letters sort before non-letters,
 * '~' before everything, even the end of the string) and digit runs (numerically).
 * So 1.0~rc1 < 1.0 < 1.0+b1 < 1.0-1 < 1:0.1.
 */
import { compareDigits, memo, type VersionScheme } from './types.ts';

function order(c: string | undefined): number {
  if (c === undefined) return 0;
  if (c === '~') return -1;
  if (/\d/.test(c)) return 0;
  if (/[A-Za-z]/.test(c)) return c.charCodeAt(0);
  return c.charCodeAt(0) + 256;
}

export function verrevcmp(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    let firstDiff = 0;
    while ((i < a.length && !/\d/.test(a[i]!)) || (j < b.length && !/\d/.test(b[j]!))) {
      const ac = order(a[i]);
      const bc = order(b[j]);
      if (ac !== bc) return ac < bc ? -1 : 1;
      i++;
      j++;
    }
    let da = '';
    let db = '';
    while (i < a.length && /\d/.test(a[i]!)) da += a[i++];
    while (j < b.length && /\d/.test(b[j]!)) db += b[j++];
    firstDiff = compareDigits(da || '0', db || '0');
    if (firstDiff !== 0) return firstDiff;
  }
  return 0;
}

export function parseDpkg(v: string): { epoch: string; upstream: string; revision: string } {
  let s = v.trim();
  let epoch = '0';
  const colon = s.indexOf(':');
  if (colon > 0 && /^\d+$/.test(s.slice(0, colon))) {
    epoch = s.slice(0, colon);
    s = s.slice(colon + 1);
  }
  const dash = s.lastIndexOf('-');
  return dash > 0 ? { epoch, upstream: s.slice(0, dash), revision: s.slice(dash + 1) } : { epoch, upstream: s, revision: '' };
}

const parseCached = memo(parseDpkg);

export function compareDpkg(a: string, b: string): number {
  const x = parseCached(a);
  const y = parseCached(b);
  return compareDigits(x.epoch, y.epoch) || verrevcmp(x.upstream, y.upstream) || verrevcmp(x.revision, y.revision);
}

export const dpkg: VersionScheme = {
  name: 'dpkg',
  compare: compareDpkg,
  valid: (v) => /^\s*(?:\d+:)?\d[A-Za-z0-9.+~:-]*\s*$/.test(v),
};
