/**
 * conan.lock (JSON; Conan's "Lockfiles" docs). Conan 2 (`version` "0.5"):
 * flat `requires`, `build_requires`, `python_requires` lists of references
 * "name/version[@user/channel][#revision[%timestamp]]". Conan 1 (0.1–0.4):
 * `graph_lock.nodes` keyed by id, each with `ref` (or `pref` in 0.2/0.3 with
 * ":package_id" appended) and `requires` / `build_requires` node ids (a map of
 * ref → id in 0.2); node "0" (with `path`) is the consumer project. Build
 * requirements are tools used to build, not linked into the product: dev.
 */
import { Inventory, type Manifest, ManifestError, type Pkg, pkgKey } from '../model.ts';
import { arr, isObject, json, obj, str } from './common.ts';

/** name and version of a Conan reference; undefined for a consumer without a name. */
function parseRef(ref: string): { name: string; version: string } | undefined {
  const m = /^([^/@#:\s]+)\/([^@#:\s]+)/.exec(ref);
  return m ? { name: m[1]!, version: m[2]! } : undefined;
}

const ids = (v: unknown): string[] => (isObject(v) ? Object.values(v).map(String) : arr(v).map(String));

export function parseConanLock(file: string, bytes: Uint8Array): Manifest {
  const doc = json(file, bytes);
  const inv = new Inventory(file);
  const add = (ref: string, p: Partial<Pkg>): string | undefined => {
    const r = parseRef(ref);
    return r ? pkgKey(inv.add({ ecosystem: 'ConanCenter', name: r.name, version: r.version, deps: [], ...p })) : undefined;
  };
  if (isObject(doc.graph_lock)) {
    const nodes = obj(doc.graph_lock.nodes);
    const keyOf = new Map<string, string>();
    const buildOnly = new Set<string>();
    const runtime = new Set<string>();
    for (const n of Object.values(nodes).map(obj)) {
      for (const id of ids(n.build_requires)) buildOnly.add(id);
      for (const id of ids(n.requires)) runtime.add(id);
    }
    const roots = Object.entries(nodes).filter(([, n]) => obj(n).path !== undefined).map(([id]) => id);
    const rootDeps = new Set(roots.flatMap((id) => [...ids(obj(nodes[id]).requires), ...ids(obj(nodes[id]).build_requires)]));
    for (const [id, raw] of Object.entries(nodes)) {
      const n = obj(raw);
      if (roots.includes(id)) continue;
      const k = add(str(n.ref) ?? str(n.pref) ?? '', { direct: rootDeps.has(id), dev: buildOnly.has(id) && !runtime.has(id) });
      if (k) keyOf.set(id, k);
    }
    for (const [id, raw] of Object.entries(nodes)) {
      const p = keyOf.get(id) ? inv.get(keyOf.get(id)!) : undefined;
      if (p) p.deps = [...ids(obj(raw).requires), ...ids(obj(raw).build_requires)].map((d) => keyOf.get(d)).filter((k): k is string => !!k);
    }
    return { file, format: 'conan.lock', packages: inv.list(), notes: [] };
  }
  if (!Array.isArray(doc.requires) && !Array.isArray(doc.build_requires)) throw new ManifestError(file, 'not a conan.lock (no graph_lock or requires)');
  for (const r of arr(doc.requires)) add(String(r), {});
  for (const r of arr(doc.build_requires)) add(String(r), { dev: true });
  for (const r of arr(doc.python_requires)) add(String(r), { dev: true });
  return { file, format: 'conan.lock', packages: inv.list(), notes: ['Conan 2 lockfiles do not record which requirements the project declares'] };
}
