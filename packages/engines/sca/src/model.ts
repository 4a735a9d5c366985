/**
 * The one inventory every format parser produces: packages in an OSV
 * ecosystem with the edges the format records, so the engine can tell direct
 * from transitive and print a dependency path without knowing the format.
 */

/** OSV ecosystem names, as @citadel/vulndb matches them. */
export type Ecosystem =
  | 'npm' | 'PyPI' | 'Go' | 'crates.io' | 'Packagist' | 'RubyGems' | 'Maven'
  | 'NuGet' | 'Pub' | 'Hex' | 'ConanCenter' | 'CocoaPods' | 'SwiftURL' | 'CRAN' | 'Bioconductor'
  // Distribution packages: OSV names the release ("Debian:12", "Alpine:v3.18"); bare when it is unknown.
  | 'Debian' | 'Ubuntu' | 'Alpine' | `Debian:${string}` | `Ubuntu:${string}` | `Alpine:${string}`;

export interface Pkg {
  ecosystem: Ecosystem;
  /** As the ecosystem names it: Maven "group:artifact", Go the module path. */
  name: string;
  /** Exact resolved version; '' when the file does not pin one (see `unresolved`). */
  version: string;
  /** Declared by the project itself (not only pulled in by another package). Undefined = the format does not say. */
  direct?: boolean;
  /** Development/test scope only. */
  dev?: boolean;
  /** Keys (pkgKey) of the packages this one depends on, when the format records them. */
  deps?: string[];
  /** Why there is no exact version (a range in requirements.txt, an unknown Maven property). */
  unresolved?: string;
}

export interface Manifest {
  /** Path of the file inside the input (or its name). */
  file: string;
  /** Which parser read it: 'package-lock', 'yarn.lock', 'pom.xml' … */
  format: string;
  packages: Pkg[];
  /** Things the parser could not use, e.g. a `-r` include it could not open. Shown as notes. */
  notes: string[];
}

/** A lockfile or manifest could not be read; the message says why, in English (the task's fail_msg is translated by code). */
export class ManifestError extends Error {
  constructor(
    readonly file: string,
    message: string,
    readonly code: 'too_large' | 'corrupt' | 'unsupported' = 'corrupt',
  ) {
    super(`${file}: ${message}`);
    this.name = 'ManifestError';
  }
}

export const pkgKey = (p: Pick<Pkg, 'ecosystem' | 'name' | 'version'>): string => `${p.ecosystem}|${p.name}@${p.version}`;

/** Largest manifest read (OSV-Scanner's largest real lockfiles are a few tens of MB). */
export const MAX_MANIFEST_BYTES = 64 << 20;
/** Most packages taken from one input (a bound on memory and matching time). */
export const MAX_PACKAGES = 200_000;

/** Builder that dedupes packages by key and merges their edges and flags. */
export class Inventory {
  private readonly byKey = new Map<string, Pkg>();
  constructor(readonly file: string) {}

  add(p: Pkg): Pkg {
    const k = pkgKey(p);
    const had = this.byKey.get(k);
    if (had) {
      if (p.direct) had.direct = true;
      if (had.dev && p.dev === false) had.dev = false;
      if (p.deps) had.deps = [...new Set([...(had.deps ?? []), ...p.deps])];
      return had;
    }
    if (this.byKey.size >= MAX_PACKAGES) throw new ManifestError(this.file, `more than ${MAX_PACKAGES} packages`, 'too_large');
    this.byKey.set(k, p);
    return p;
  }

  get(key: string): Pkg | undefined {
    return this.byKey.get(key);
  }

  list(): Pkg[] {
    return [...this.byKey.values()];
  }
}
