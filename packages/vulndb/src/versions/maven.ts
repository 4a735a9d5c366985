/**
 * Maven versions: org.apache.maven.artifact.versioning.ComparableVersion
 * (maven.apache.org/pom.html#version-order-specification). The string is cut at
 * '.', '-' and digit/letter transitions; '-' and transitions open a sub-list;
 * trailing "null" items (0, "", final, ga, release) are dropped from each list;
 * qualifiers order alpha < beta < milestone < rc = cr < snapshot < "" (release)
 * < sp < any other word (then alphabetically); a, b, m directly followed by a
 * digit mean alpha, beta, milestone; numbers sort above words and lists.
 */
import { compareDigits, compareStrings, memo, type VersionScheme } from './types.ts';

type Item = { t: 'int'; v: string } | { t: 'str'; v: string } | { t: 'list'; v: Item[] };

const QUALIFIERS = ['alpha', 'beta', 'milestone', 'rc', 'snapshot', '', 'sp'];
const ALIASES: Record<string, string> = { ga: '', final: '', release: '', cr: 'rc' };
const RELEASE_INDEX = String(QUALIFIERS.indexOf(''));

function comparableQualifier(q: string): string {
  const i = QUALIFIERS.indexOf(q);
  return i === -1 ? `${QUALIFIERS.length}-${q}` : String(i);
}

function stringItem(value: string, followedByDigit: boolean): Item {
  let v = value;
  if (followedByDigit && v.length === 1) v = v === 'a' ? 'alpha' : v === 'b' ? 'beta' : v === 'm' ? 'milestone' : v;
  return { t: 'str', v: ALIASES[v] ?? v };
}

function parseItem(isDigit: boolean, buf: string): Item {
  return isDigit ? { t: 'int', v: buf.replace(/^0+(?=\d)/, '') } : stringItem(buf, false);
}

function isNull(i: Item): boolean {
  return i.t === 'int' ? /^0+$/.test(i.v) : i.t === 'str' ? i.v === '' : i.v.length === 0;
}

function normalize(list: Item[]): void {
  for (let i = list.length - 1; i >= 0; i--) {
    const last = list[i]!;
    if (isNull(last)) list.splice(i, 1);
    else if (last.t !== 'list') break;
  }
}

export function parseMaven(version: string): Item {
  const v = version.trim().toLowerCase();
  const root: Item[] = [];
  let list = root;
  const stack: Item[][] = [root];
  let isDigit = false;
  let start = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v[i]!;
    if (c === '.') {
      list.push(i === start ? { t: 'int', v: '0' } : parseItem(isDigit, v.slice(start, i)));
      start = i + 1;
    } else if (c === '-') {
      list.push(i === start ? { t: 'int', v: '0' } : parseItem(isDigit, v.slice(start, i)));
      start = i + 1;
      const sub: Item[] = [];
      list.push({ t: 'list', v: sub });
      list = sub;
      stack.push(sub);
    } else if (c >= '0' && c <= '9') {
      if (!isDigit && i > start) {
        list.push(stringItem(v.slice(start, i), true));
        start = i;
        const sub: Item[] = [];
        list.push({ t: 'list', v: sub });
        list = sub;
        stack.push(sub);
      }
      isDigit = true;
    } else {
      if (isDigit && i > start) {
        list.push(parseItem(true, v.slice(start, i)));
        start = i;
        const sub: Item[] = [];
        list.push({ t: 'list', v: sub });
        list = sub;
        stack.push(sub);
      }
      isDigit = false;
    }
  }
  if (v.length > start) {
    // ComparableVersion: "treat .X as -X for any string qualifier X" (1.0.0.X1 < 1.0.0-X2).
    if (!isDigit && list.length > 0) {
      const sub: Item[] = [];
      list.push({ t: 'list', v: sub });
      list = sub;
      stack.push(sub);
    }
    list.push(parseItem(isDigit, v.slice(start)));
  }
  while (stack.length > 0) normalize(stack.pop()!);
  return { t: 'list', v: root };
}

/** a.compareTo(b) with b possibly null (ComparableVersion's "missing item"). */
function cmp(a: Item, b: Item | undefined): number {
  switch (a.t) {
    case 'int':
      if (!b) return /^0+$/.test(a.v) ? 0 : 1;
      return b.t === 'int' ? compareDigits(a.v, b.v) : 1;
    case 'str':
      if (!b) return compareStrings(comparableQualifier(a.v), RELEASE_INDEX);
      if (b.t === 'int' || b.t === 'list') return -1;
      return compareStrings(comparableQualifier(a.v), comparableQualifier(b.v));
    case 'list': {
      if (!b) return a.v.length === 0 ? 0 : cmp(a.v[0]!, undefined);
      if (b.t === 'int') return -1;
      if (b.t === 'str') return 1;
      for (let i = 0; i < Math.max(a.v.length, b.v.length); i++) {
        const l = a.v[i];
        const r = b.v[i];
        const res = l === undefined ? (r === undefined ? 0 : -cmp(r, l)) : cmp(l, r);
        if (res !== 0) return res;
      }
      return 0;
    }
  }
}

const parseCached = memo(parseMaven);

export function compareMaven(a: string, b: string): number {
  return Math.sign(cmp(parseCached(a), parseCached(b)));
}

export const maven: VersionScheme = {
  name: 'maven',
  compare: compareMaven,
  valid: (v) => /^\s*[0-9A-Za-z]/.test(v),
};
