/** Package URLs (purl spec types) of inventory packages. */
import type { Ecosystem } from '../model.ts';

/** purl type per OSV ecosystem (the part before ':' for distributions). */
const TYPE: Record<string, string> = {
  npm: 'npm', PyPI: 'pypi', Go: 'golang', 'crates.io': 'cargo', Packagist: 'composer', RubyGems: 'gem', Maven: 'maven',
  NuGet: 'nuget', Pub: 'pub', Hex: 'hex', ConanCenter: 'conan', CocoaPods: 'cocoapods', SwiftURL: 'swift', CRAN: 'cran', Bioconductor: 'bioconductor',
  Debian: 'deb', Ubuntu: 'deb', Alpine: 'apk',
};

const enc = (s: string): string => encodeURIComponent(s).replace(/%3A/g, ':');

export function purlOf(ecosystem: Ecosystem, name: string, version: string): string {
  const base = ecosystem.split(':')[0]!;
  let path: string;
  if (ecosystem === 'Maven') path = name.split(':').map(enc).join('/');
  else if (ecosystem === 'PyPI') path = enc(name.toLowerCase().replace(/[-_.]+/g, '-'));
  else if (ecosystem === 'Go' || ecosystem === 'Packagist' || ecosystem === 'npm' || ecosystem === 'SwiftURL') path = name.split('/').map(enc).join('/');
  // deb/apk purls carry the distribution as namespace (purl spec: pkg:deb/debian/curl, pkg:apk/alpine/curl).
  else if (base === 'Debian' || base === 'Ubuntu' || base === 'Alpine') path = `${base.toLowerCase()}/${enc(name)}`;
  else path = enc(name);
  return `pkg:${TYPE[base] ?? 'generic'}/${path}${version ? `@${enc(version)}` : ''}`;
}
