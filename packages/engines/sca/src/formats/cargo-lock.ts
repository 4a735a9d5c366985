/**
 * Cargo.lock (TOML, format versions 1–4). Packages without a `source` are the
 * workspace's own crates: they are the roots, not components, and what they
 * depend on is direct. A dependency is written "name", "name version" or
 * "name version (source)" — the version only when the name is ambiguous.
 */
import { Inventory, type Manifest, ManifestError, pkgKey } from '../model.ts';
import { arr, obj, str, toml } from './common.ts';

export function parseCargoLock(file: string, bytes: Uint8Array): Manifest {
  const doc = toml(file, bytes);
  const pkgs = arr(doc.package).map(obj);
  if (pkgs.length === 0 && doc.version === undefined) throw new ManifestError(file, 'not a Cargo.lock (no [[package]])');
  const byName = new Map<string, string[]>();
  for (const p of pkgs) {
    const name = str(p.name);
    const version = str(p.version);
    if (!name || !version) continue;
    byName.set(name, [...(byName.get(name) ?? []), version]);
  }
  const ref = (d: string): string | undefined => {
    const [name, version] = d.split(' ');
    const v = version ?? (byName.get(name!)?.length === 1 ? byName.get(name!)![0] : undefined);
    return name && v ? pkgKey({ ecosystem: 'crates.io', name, version: v }) : undefined;
  };
  const inv = new Inventory(file);
  const direct = new Set<string>();
  for (const p of pkgs) {
    const name = str(p.name);
    const version = str(p.version);
    if (!name || !version) continue;
    const deps = arr(p.dependencies).map(String).map(ref).filter((k): k is string => !!k);
    if (p.source === undefined) {
      for (const d of deps) direct.add(d);
      continue;
    }
    inv.add({ ecosystem: 'crates.io', name, version, deps });
  }
  for (const p of inv.list()) p.direct = direct.has(pkgKey(p));
  return { file, format: 'Cargo.lock', packages: inv.list(), notes: [] };
}
