/**
 * pdm.lock (TOML; PDM's lock file docs). `[[package]]` entries carry name,
 * version and the dependency groups that need them (`groups`, older files
 * `sections`); a package needed by no "default" group is dev. Dependencies are
 * PEP 508 strings ("urllib3<3,>=1.21.1; python_version >= \"3.8\""), resolved
 * by name to the locked package. The lockfile does not record which packages
 * the project declares: those nothing else depends on are taken as direct.
 */
import { Inventory, type Manifest, ManifestError, pkgKey } from '../model.ts';
import { arr, obj, str, toml } from './common.ts';

const norm = (n: string): string => n.toLowerCase().replace(/[-_.]+/g, '-');

export function parsePdmLock(file: string, bytes: Uint8Array): Manifest {
  const doc = toml(file, bytes);
  const pkgs = arr(doc.package).map(obj);
  if (pkgs.length === 0 && !doc.metadata) throw new ManifestError(file, 'not a pdm.lock (no [[package]] or [metadata])');
  const byName = new Map<string, string>();
  for (const p of pkgs) {
    const n = str(p.name);
    const v = str(p.version);
    if (n && v) byName.set(norm(n), pkgKey({ ecosystem: 'PyPI', name: n, version: v }));
  }
  const inv = new Inventory(file);
  const notes: string[] = [];
  for (const p of pkgs) {
    const name = str(p.name);
    const version = str(p.version);
    if (!name) continue;
    if (!version) {
      notes.push(`${name}: no version (a local or VCS requirement), not matched`);
      continue;
    }
    const groups = arr(p.groups ?? p.sections).map(String);
    const deps = arr(p.dependencies)
      .map((d) => /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(String(d))?.[1])
      .map((n) => (n ? byName.get(norm(n)) : undefined))
      .filter((k): k is string => !!k);
    inv.add({ ecosystem: 'PyPI', name, version, deps, ...(groups.length > 0 ? { dev: !groups.includes('default') } : {}) });
  }
  const required = new Set(inv.list().flatMap((p) => p.deps ?? []));
  for (const p of inv.list()) p.direct = !required.has(pkgKey(p));
  return { file, format: 'pdm.lock', packages: inv.list(), notes };
}
