/**
 * Package URLs (github.com/package-url/purl-spec) → OSV ecosystem and name:
 * pkg:npm/%40scope/name@1.0.0, pkg:pypi/django@3.2, pkg:maven/group/artifact@1.0,
 * pkg:golang/github.com/x/y@v1.2.3, pkg:cargo/…, pkg:gem/…, pkg:composer/vendor/name,
 * pkg:nuget/…, pkg:deb/debian/pkg@1.0?distro=…, pkg:apk/alpine/pkg@1.0.
 */
export interface PackageQuery {
  /** OSV ecosystem name: npm, PyPI, Maven, Go, crates.io, RubyGems, Packagist, NuGet, Debian, Alpine, … */
  ecosystem: string;
  /** As the ecosystem writes it (Maven "group:artifact", Go module path, npm "@scope/name"). */
  name: string;
  version: string;
}

const TYPES: Record<string, string> = {
  npm: 'npm',
  pypi: 'PyPI',
  maven: 'Maven',
  golang: 'Go',
  cargo: 'crates.io',
  gem: 'RubyGems',
  composer: 'Packagist',
  nuget: 'NuGet',
  deb: 'Debian',
  apk: 'Alpine',
  hex: 'Hex',
  pub: 'Pub',
  swift: 'SwiftURL',
};

export function parsePurl(purl: string): PackageQuery | undefined {
  const m = /^pkg:([a-zA-Z][a-zA-Z0-9.+-]*)\/([^@?#]+)@([^?#]+)/.exec(purl.trim());
  if (!m) return undefined;
  const type = m[1]!.toLowerCase();
  const ecosystem = TYPES[type];
  if (!ecosystem) return undefined;
  const parts = m[2]!.split('/').map((p) => decodeURIComponent(p));
  const version = decodeURIComponent(m[3]!);
  let name: string;
  if (type === 'maven') name = parts.join(':');
  else if (type === 'deb' || type === 'apk') name = parts[parts.length - 1]!;
  else name = parts.join('/');
  return { ecosystem, name, version };
}
