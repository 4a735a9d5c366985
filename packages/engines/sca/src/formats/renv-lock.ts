/**
 * renv.lock (JSON, written by R's renv): `Packages` maps each package to
 * {Package, Version, Source, Repository}. CRAN packages go to OSV's CRAN
 * ecosystem and Bioconductor ones to Bioconductor; packages installed from
 * GitHub or local sources have no registry release to match and are noted.
 * `Requirements` (renv ≥ 0.17) lists each package's dependencies.
 */
import { Inventory, type Manifest, ManifestError, pkgKey, type Ecosystem } from '../model.ts';
import { arr, isObject, json, obj, str } from './common.ts';

export function parseRenvLock(file: string, bytes: Uint8Array): Manifest {
  const doc = json(file, bytes);
  // "{}" is what renv writes for a project with nothing recorded yet.
  if (Object.keys(doc).length > 0 && !isObject(doc.Packages) && !isObject(doc.R)) throw new ManifestError(file, 'not a renv.lock (no Packages or R)');
  const inv = new Inventory(file);
  const notes: string[] = [];
  const entries = Object.entries(obj(doc.Packages)).map(([k, v]) => [k, obj(v)] as const);
  const keyOf = new Map<string, string>();
  const ecosystemOf = (e: Record<string, unknown>): Ecosystem | undefined => {
    const source = str(e.Source);
    if (source === 'Bioconductor') return 'Bioconductor';
    // Older renv files leave Source out for repository packages; a Repository without a name is CRAN, renv's default.
    if (source !== 'Repository' && source !== undefined) return undefined;
    if (source === undefined && e.Repository === undefined) return undefined; // nothing says where it came from
    if ((str(e.Repository) ?? 'CRAN').toUpperCase() === 'CRAN') return 'CRAN';
    // Posit Package Manager serves CRAN under its own repository names.
    if (/^(?:RSPM|PPM|P3M)$/i.test(str(e.Repository) ?? '')) return 'CRAN';
    return undefined;
  };
  for (const [key, e] of entries) {
    const name = str(e.Package) ?? key;
    const version = str(e.Version);
    const eco = ecosystemOf(e);
    if (!version) continue;
    if (!eco) {
      notes.push(`${name} ${version}: from ${str(e.Source) ?? 'an unknown source'}${e.Repository ? ` (${String(e.Repository)})` : ''}, not a CRAN or Bioconductor release`);
      continue;
    }
    keyOf.set(name, pkgKey(inv.add({ ecosystem: eco, name, version, deps: [] })));
  }
  for (const [key, e] of entries) {
    const p = keyOf.get(str(e.Package) ?? key);
    if (p) inv.get(p)!.deps = arr(e.Requirements).map((r) => keyOf.get(String(r))).filter((k): k is string => !!k);
  }
  return { file, format: 'renv.lock', packages: inv.list(), notes };
}
