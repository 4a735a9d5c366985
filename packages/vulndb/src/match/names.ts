/**
 * Package names as each ecosystem compares them, so "Django", "django" and
 * "DJANGO" find the same PyPI records (PEP 503 normalisation) while npm and
 * RubyGems stay exact. Used both when indexing and when querying.
 */
const LOWER = new Set(['Packagist', 'NuGet', 'crates.io', 'Hex', 'Pub']);

export function normalizePackageName(ecosystem: string, name: string): string {
  const base = ecosystem.split(':')[0]!;
  const n = name.trim();
  if (base === 'PyPI') return n.toLowerCase().replace(/[-_.]+/g, '-');
  if (LOWER.has(base)) return n.toLowerCase();
  return n;
}

/** The index key of a package: ecosystem (as written, "Debian:12") and normalised name. */
export function packageKey(ecosystem: string, name: string): string {
  return `${ecosystem}\u0000${normalizePackageName(ecosystem, name)}`;
}
