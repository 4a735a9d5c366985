/**
 * Version ordering per ecosystem, one small module each (as OSV-Scanner keeps
 * them). schemeFor() maps an OSV ecosystem name ("PyPI", "Debian:12",
 * "Alpine:v3.18" …) to its ordering; unknown ecosystems get the generic one.
 */
import { apk } from './apk.ts';
import { composer } from './composer.ts';
import { dpkg } from './dpkg.ts';
import { generic } from './generic.ts';
import { go } from './go.ts';
import { maven } from './maven.ts';
import { nuget } from './nuget.ts';
import { pep440 } from './pep440.ts';
import { rubygems } from './rubygems.ts';
import { semver } from './semver.ts';
import type { VersionScheme } from './types.ts';

export type { VersionScheme } from './types.ts';
export { apk, composer, dpkg, generic, go, maven, nuget, pep440, rubygems, semver };

const BY_ECOSYSTEM: Record<string, VersionScheme> = {
  npm: semver,
  'crates.io': semver,
  Hex: semver,
  Pub: semver,
  SwiftURL: semver,
  Go: go,
  PyPI: pep440,
  Maven: maven,
  RubyGems: rubygems,
  Packagist: composer,
  NuGet: nuget,
  Debian: dpkg,
  Ubuntu: dpkg,
  Alpine: apk,
};

/** The ordering of an OSV ecosystem; the part before ':' decides ("Debian:12" → dpkg). */
export function schemeFor(ecosystem: string): VersionScheme {
  const base = ecosystem.split(':')[0]!;
  return BY_ECOSYSTEM[base] ?? generic;
}
