/**
 * CPE 2.3 formatted strings (NISTIR 7695 §6.2): cpe:2.3:part:vendor:product:
 * version:update:edition:language:sw_edition:target_sw:target_hw:other, with
 * '\' escaping ':' and other specials; '*' = ANY, '-' = NA. Matching of one
 * criteria against a known product version, with NVD's range bounds.
 */
import { compareGeneric } from '../versions/generic.ts';
import type { CpeMatch } from '../model.ts';

export interface Cpe {
  part: string;
  vendor: string;
  product: string;
  version: string;
  update: string;
}

function splitUnescaped(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\' && i + 1 < s.length) {
      cur += s[++i]!;
    } else if (c === ':') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

export function parseCpe(s: string): Cpe | undefined {
  if (!s.startsWith('cpe:2.3:')) return undefined;
  const f = splitUnescaped(s.slice(8));
  if (f.length < 5 || !f[1] || !f[2]) return undefined;
  return { part: f[0]!, vendor: f[1].toLowerCase(), product: f[2].toLowerCase(), version: f[3] ?? '*', update: f[4] ?? '*' };
}

/** A product at a version, as the caller knows it. */
export interface CpeQuery {
  vendor: string;
  product: string;
  version: string;
  /** CPE update field when known (e.g. "p1" of OpenSSH 7.4p1 is usually folded into the version by NVD). */
  update?: string;
  /** 'a' application, 'o' operating system / firmware, 'h' hardware; absent = any. */
  part?: 'a' | 'o' | 'h';
}

const ANY = (v: string): boolean => v === '*' || v === '';

/** Does this cpeMatch entry cover the product at the queried version? */
export function cpeMatches(m: CpeMatch, q: CpeQuery, compare: (a: string, b: string) => number = compareGeneric): boolean {
  const c = parseCpe(m.criteria);
  if (!c || c.vendor !== q.vendor.toLowerCase() || c.product !== q.product.toLowerCase()) return false;
  if (q.part && c.part !== q.part) return false;
  // A context query with version "*" (a hardware model) matches the product whatever the criteria's version.
  if (q.version === '*') return true;
  if (c.version === '-') return false; // "not applicable": the CPE names the product without versions
  if (!ANY(c.version)) {
    if (compare(c.version, q.version) !== 0) return false;
  }
  if (!ANY(c.update) && c.update !== '-') {
    if (!q.update || q.update.toLowerCase() !== c.update.toLowerCase()) return false;
  }
  const v = q.version;
  if (m.versionStartIncluding && compare(v, m.versionStartIncluding) < 0) return false;
  if (m.versionStartExcluding && compare(v, m.versionStartExcluding) <= 0) return false;
  if (m.versionEndIncluding && compare(v, m.versionEndIncluding) > 0) return false;
  if (m.versionEndExcluding && compare(v, m.versionEndExcluding) >= 0) return false;
  return true;
}

/** vendor:product key of a criteria string, for indexing. */
export function cpeKey(criteria: string): string | undefined {
  const c = parseCpe(criteria);
  return c ? `${c.vendor}:${c.product}` : undefined;
}
