/**
 * uv.lock (TOML, `version = 1`; uv's "Lockfile" docs). Each `[[package]]` has
 * a name, version and `source`; the project's own packages have an
 * `editable`, `virtual` or `directory` source — they are roots, not
 * components: their `dependencies` are direct, their `dev-dependencies`
 * (per group) are direct dev. A dependency names its version only when the
 * lockfile holds more than one of that name. Development scope of a
 * transitive package follows reachability: dev when only dev roots reach it.
 */
import { Inventory, type Manifest, ManifestError, pkgKey } from '../model.ts';
import { arr, obj, str, toml } from './common.ts';
import { markDevByReach } from './reach.ts';

const norm = (n: string): string => n.toLowerCase().replace(/[-_.]+/g, '-');

export function parseUvLock(file: string, bytes: Uint8Array): Manifest {
  const doc = toml(file, bytes);
  if (doc.version === undefined || !Array.isArray(doc.package)) throw new ManifestError(file, 'not a uv.lock (no version or [[package]])');
  const pkgs = arr(doc.package).map(obj);
  const versions = new Map<string, string[]>();
  for (const p of pkgs) {
    const n = str(p.name);
    const v = str(p.version);
    if (n && v) versions.set(norm(n), [...(versions.get(norm(n)) ?? []), v]);
  }
  const ref = (d: unknown): string | undefined => {
    const o = obj(d);
    const n = str(o.name);
    if (!n) return undefined;
    const vs = versions.get(norm(n));
    const v = str(o.version) ?? (vs?.length === 1 ? vs[0] : undefined);
    return v ? pkgKey({ ecosystem: 'PyPI', name: n, version: v }) : undefined;
  };
  const inv = new Inventory(file);
  const prodRoots = new Set<string>();
  const devRoots = new Set<string>();
  const refsOf = (lists: unknown[]): string[] => lists.flatMap((l) => arr(l).map(ref)).filter((k): k is string => !!k);
  for (const p of pkgs) {
    const name = str(p.name);
    const source = obj(p.source);
    const own = 'editable' in source || 'virtual' in source || 'directory' in source;
    const deps = refsOf([p.dependencies, ...Object.values(obj(p['optional-dependencies']))]);
    if (own) {
      for (const d of deps) prodRoots.add(d);
      for (const d of refsOf(Object.values(obj(p['dev-dependencies'])))) devRoots.add(d);
      continue;
    }
    const version = str(p.version);
    if (!name || !version) continue;
    inv.add({ ecosystem: 'PyPI', name, version, deps });
  }
  // Keys written with the dependency's own spelling; canonicalise to the package's spelling.
  const byNorm = new Map(inv.list().map((p) => [`${norm(p.name)}@${p.version}`, pkgKey(p)]));
  const canon = (k: string): string => byNorm.get(norm(k.slice(k.indexOf('|') + 1, k.lastIndexOf('@'))) + k.slice(k.lastIndexOf('@'))) ?? k;
  for (const p of inv.list()) p.deps = p.deps?.map(canon);
  markDevByReach(inv, [...prodRoots].map(canon), [...devRoots].map(canon));
  return { file, format: 'uv.lock', packages: inv.list(), notes: [] };
}
