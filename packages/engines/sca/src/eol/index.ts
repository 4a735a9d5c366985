/**
 * End of life of frameworks, runtimes and distribution releases, from the
 * facts in endoflife.json — extracted from endoflife.date
 * (https://endoflife.date, MIT licence; commit and date in the file) by
 * bench/eol-extract.ts, never downloaded at run time. A component is matched
 * by the package purls endoflife.date lists for a product (Django ↔
 * pkg:pypi/django, Spring Boot ↔ its starters …), Go's `stdlib` by the Go
 * release, and a dpkg/apk database by its distribution release (one fact per
 * release, not one per installed package).
 */
import { EOL_DATA as data } from './endoflife-data.ts';

interface Release {
  cycle: string;
  eol: string | boolean;
  latest?: string;
  lts?: boolean;
}
interface Product {
  title: string;
  link: string;
  packages: string[];
  releases: Release[];
}

export interface EolFact {
  /** endoflife.date product id and title. */
  product: string;
  title: string;
  /** The release cycle the version belongs to ("4.2", "1.21", "12"); absent when older than every listed cycle. */
  cycle?: string;
  /** End-of-life date (YYYY-MM-DD), or true when ended without a date, false when not announced. */
  eol: string | boolean;
  /** Whether it has ended on the scan's date. */
  ended: boolean;
  /** Latest version of that cycle, and of the newest cycle (what to move to). */
  latest?: string;
  newest?: string;
  link: string;
}

export const EOL_SOURCE = { source: data.source, commit: data.commit, date: data.date };

const PRODUCTS = data.products as Record<string, Product>;
const BY_PACKAGE = new Map<string, string>();
for (const [id, p] of Object.entries(PRODUCTS)) for (const k of p.packages) if (!BY_PACKAGE.has(k.toLowerCase())) BY_PACKAGE.set(k.toLowerCase(), id);

const numeric = (v: string): number[] | undefined => (/^\d+(?:\.\d+)*$/.test(v) ? v.split('.').map(Number) : undefined);
function compare(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The fact for one version of one product on the given day (YYYY-MM-DD). */
export function eolOfProduct(id: string, version: string, today: string): EolFact | undefined {
  const p = PRODUCTS[id];
  if (!p) return undefined;
  const v = version.replace(/^v/, '');
  // The longest cycle the version belongs to ("1.21" before "1" when both are listed).
  const match = p.releases.filter((r) => v === r.cycle || v.startsWith(`${r.cycle}.`) || v.startsWith(`${r.cycle}-`)).sort((a, b) => b.cycle.length - a.cycle.length)[0];
  const newest = p.releases[0]?.latest;
  const base = { product: id, title: p.title, link: p.link, ...(newest ? { newest } : {}) };
  if (match) {
    const ended = match.eol === true || (typeof match.eol === 'string' && match.eol <= today);
    return { ...base, cycle: match.cycle, eol: match.eol, ended, ...(match.latest ? { latest: match.latest } : {}) };
  }
  // Older than every cycle listed (endoflife.date keeps only the recent ones of some products): ended, date unknown.
  const nv = numeric(v.split(/[^\d.]/)[0]!.replace(/\.$/, ''));
  const cycles = p.releases.map((r) => numeric(r.cycle)).filter((c): c is number[] => !!c);
  if (nv && cycles.length === p.releases.length && cycles.length > 0 && cycles.every((c) => compare(nv.slice(0, c.length), c) < 0)) {
    return { ...base, eol: true, ended: true };
  }
  return undefined;
}

/** The fact for a component (ecosystem and name as this engine names them). */
export function eolOfComponent(ecosystem: string, name: string, version: string, today: string): EolFact | undefined {
  if (!version) return undefined;
  const id = BY_PACKAGE.get(`${ecosystem}|${name}`.toLowerCase());
  return id ? eolOfProduct(id, version, today) : undefined;
}

/** The fact for a distribution release named in an OSV ecosystem ("Debian:11", "Alpine:v3.18", "Ubuntu:22.04:LTS"). */
export function eolOfRelease(ecosystem: string, today: string): EolFact | undefined {
  const m = /^(Debian|Ubuntu|Alpine):v?(\d+(?:\.\d+)?)/.exec(ecosystem);
  if (!m) return undefined;
  const id = BY_PACKAGE.get(m[1]!.toLowerCase());
  if (!id) return undefined;
  const f = eolOfProduct(id, m[2]!, today);
  // A release is matched exactly ("12" is not "1"); Ubuntu's "22.04" is its own cycle.
  return f?.cycle === m[2] ? f : undefined;
}
