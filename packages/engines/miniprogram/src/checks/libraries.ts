/**
 * Bundled third-party libraries recognised by their version banners, with
 * the first version that fixes the advisory named (facts checked against the
 * CVE records / GitHub advisories):
 *
 * - lodash < 4.17.21: CVE-2021-23337 (command injection via template)
 * - moment < 2.29.4: CVE-2022-31129 (ReDoS in RFC 2822 parsing)
 * - crypto-js < 4.2.0: CVE-2023-46233 (PBKDF2 defaults: SHA-1, one iteration)
 * - underscore < 1.12.1 (and 1.13.0-0 … 1.13.0-1): CVE-2021-23358 (code injection via template)
 * - axios < 1.6.0: CVE-2023-45857 (XSRF-TOKEN sent to any host)
 * - protobuf.js 6.10.0 … 6.11.3 and 7.0.0 … 7.2.4: CVE-2023-36665 (prototype pollution)
 *
 * Every pattern starts with a literal so a scan of a large bundle stays fast,
 * and captures the version in group 1.
 */

export interface LibraryBanner {
  name: string;
  patterns: readonly RegExp[];
  /** First safe version per release line: a version is safe when it reaches the entry of its major line, or passes them all. */
  firstSafe: readonly string[];
  advisory: string;
}

export const LIBRARY_BANNERS: readonly LibraryBanner[] = [
  {
    name: 'lodash',
    // Full build: " * Lodash <https://lodash.com/>" … "var VERSION = '4.17.15';"
    patterns: [/Lodash <https:\/\/lodash\.com\/>[\s\S]{0,2000}?\bVERSION = '(\d+\.\d+\.\d+)'/g],
    firstSafe: ['4.17.21'],
    advisory: 'CVE-2021-23337',
  },
  {
    name: 'moment',
    patterns: [/\/\/! moment\.js\s*\n?\s*\/\/! version : (\d+\.\d+\.\d+)/g],
    firstSafe: ['2.29.4'],
    advisory: 'CVE-2022-31129',
  },
  {
    name: 'crypto-js',
    patterns: [/CryptoJS v(\d+\.\d+\.\d+)/g],
    firstSafe: ['4.2.0'],
    advisory: 'CVE-2023-46233',
  },
  {
    name: 'underscore',
    // Not the "Underscore.js 1.8.3 underscorejs.org/LICENSE" credit inside lodash's own banner.
    patterns: [/Underscore\.js (\d+\.\d+\.\d+)(?! underscorejs\.org\/LICENSE)/g],
    firstSafe: ['1.12.1'],
    advisory: 'CVE-2021-23358',
  },
  {
    name: 'axios',
    patterns: [/[Aa]xios v(\d+\.\d+\.\d+)/g],
    firstSafe: ['1.6.0'],
    advisory: 'CVE-2023-45857',
  },
  {
    name: 'protobuf.js',
    patterns: [/protobuf\.js v(\d+\.\d+\.\d+)/g],
    firstSafe: ['6.11.4', '7.2.5'],
    advisory: 'CVE-2023-36665',
  },
];

export interface LibraryHit {
  name: string;
  version: string;
  index: number;
  outdated: boolean;
  banner: LibraryBanner;
}

const MAX_HITS_PER_FILE = 50;

export function findLibraries(text: string): LibraryHit[] {
  const out: LibraryHit[] = [];
  for (const banner of LIBRARY_BANNERS) {
    for (const re of banner.patterns) {
      re.lastIndex = 0;
      for (const m of text.matchAll(re)) {
        if (out.length >= MAX_HITS_PER_FILE) return out;
        const version = m[1]!;
        out.push({ name: banner.name, version, index: m.index, outdated: isOutdated(version, banner.firstSafe), banner });
      }
    }
  }
  return out;
}

export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

export function isOutdated(version: string, firstSafe: readonly string[]): boolean {
  const major = version.split('.')[0];
  const sameLine = firstSafe.find((s) => s.split('.')[0] === major);
  if (sameLine) return compareVersions(version, sameLine) < 0;
  const newest = firstSafe[firstSafe.length - 1]!;
  return compareVersions(version, newest) < 0;
}
