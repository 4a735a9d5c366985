/**
 * Package URLs (https://github.com/package-url/purl-spec) read back into the
 * OSV ecosystem and package name the matcher uses — the inverse of
 * match/purl.ts for the types it writes. Other types (generic, github, oci,
 * …) give undefined and are reported as not matchable.
 */
import type { Ecosystem } from '../model.ts';

const ECOSYSTEM: Readonly<Record<string, Ecosystem>> = {
  npm: 'npm', pypi: 'PyPI', golang: 'Go', cargo: 'crates.io', composer: 'Packagist', gem: 'RubyGems', maven: 'Maven',
  nuget: 'NuGet', pub: 'Pub', hex: 'Hex', conan: 'ConanCenter', cocoapods: 'CocoaPods', swift: 'SwiftURL', cran: 'CRAN', bioconductor: 'Bioconductor',
};
/** deb/apk purls name the distribution as namespace (pkg:deb/debian/curl, pkg:apk/alpine/curl). */
const DISTRO: Readonly<Record<string, Ecosystem>> = { debian: 'Debian', ubuntu: 'Ubuntu', alpine: 'Alpine' };
/** Types whose namespace is part of the package name (scope, vendor, module path). */
const NAMESPACED = new Set(['npm', 'golang', 'composer', 'swift']);

export interface ParsedPurl {
  type: string;
  namespace?: string;
  name: string;
  version?: string;
}

const dec = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

export function parsePurl(purl: string): ParsedPurl | undefined {
  if (purl.length > 4096) return undefined;
  const m = /^pkg:\/*([A-Za-z][A-Za-z0-9.+-]*)\/([^?#]+?)(?:@([^?#@]*))?(?:\?[^#]*)?(?:#.*)?$/.exec(purl.trim());
  if (!m) return undefined;
  const parts = m[2]!.split('/').filter(Boolean).map(dec);
  const name = parts.pop();
  if (!name) return undefined;
  return { type: m[1]!.toLowerCase(), ...(parts.length ? { namespace: parts.join('/') } : {}), name, ...(m[3] ? { version: dec(m[3]) } : {}) };
}

/** Ecosystem, name and version of a purl the vulnerability data can match, or undefined. */
export function packageOfPurl(purl: string): { ecosystem: Ecosystem; name: string; version: string } | undefined {
  const p = parsePurl(purl);
  if (!p) return undefined;
  if (p.type === 'deb' || p.type === 'apk') {
    const distro = DISTRO[(p.namespace ?? '').toLowerCase()];
    return distro ? { ecosystem: distro, name: p.name, version: p.version ?? '' } : undefined;
  }
  const ecosystem = ECOSYSTEM[p.type];
  if (!ecosystem) return undefined;
  const name = ecosystem === 'Maven' ? (p.namespace ? `${p.namespace}:${p.name}` : p.name) : p.namespace && NAMESPACED.has(p.type) ? `${p.namespace}/${p.name}` : p.name;
  return { ecosystem, name, version: p.version ?? '' };
}
