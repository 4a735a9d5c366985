/**
 * npm package-lock.json / npm-shrinkwrap.json, lockfile versions 1–3.
 * v2/v3 list every installed folder under `packages` ("node_modules/a/node_modules/b");
 * v1 nests `dependencies`. Both are turned into the folder map and each
 * dependency is resolved as Node does: the nearest node_modules up the tree.
 * Local workspace folders and links are the project, not components.
 */
import { Inventory, type Manifest, ManifestError, type Pkg, pkgKey } from '../model.ts';
import { json, obj, str } from './common.ts';

interface Folder {
  name: string;
  version: string;
  dev: boolean;
  /** Names it depends on (dependencies, optional and peer). */
  requires: string[];
}

const NM = 'node_modules/';

function nameFromPath(path: string): string {
  const i = path.lastIndexOf(NM);
  return i >= 0 ? path.slice(i + NM.length) : path;
}

function parentOf(path: string): string {
  const i = path.lastIndexOf(`/${NM}`);
  return i >= 0 ? path.slice(0, i) : '';
}

function v1Folders(deps: Record<string, unknown>, prefix: string, out: Map<string, Folder>, depth: number): void {
  if (depth > 200) throw new ManifestError('package-lock.json', 'dependencies nested deeper than 200 levels');
  for (const [name, raw] of Object.entries(deps)) {
    const d = obj(raw);
    const path = `${prefix}${NM}${name}`;
    out.set(path, { ...aliased(name, str(d.version) ?? ''), dev: d.dev === true, requires: Object.keys(obj(d.requires)) });
    if (d.dependencies) v1Folders(obj(d.dependencies), `${path}/`, out, depth + 1);
  }
}

/**
 * An alias ("string-width-cjs": "npm:string-width@4.2.0" in a v1 lockfile) is
 * the real package under another folder name: the advisories are about the
 * real name, so that is what is reported.
 */
function aliased(name: string, version: string): { name: string; version: string } {
  const m = /^npm:(@?[^@]+)@(.+)$/.exec(version);
  return m ? { name: m[1]!, version: m[2]! } : { name, version };
}

export function parseNpmLock(file: string, bytes: Uint8Array): Manifest {
  const lock = json(file, bytes);
  const folders = new Map<string, Folder>();
  let rootDeps: string[] | undefined;
  const notes: string[] = [];
  if (lock.packages && typeof lock.packages === 'object') {
    for (const [path, raw] of Object.entries(obj(lock.packages))) {
      const e = obj(raw);
      if (path === '') {
        rootDeps = [...Object.keys(obj(e.dependencies)), ...Object.keys(obj(e.devDependencies)), ...Object.keys(obj(e.optionalDependencies))];
        continue;
      }
      if (!path.includes(NM) || e.link === true) continue;
      folders.set(path, {
        ...aliased(str(e.name) ?? nameFromPath(path), str(e.version) ?? ''),
        // A git dependency (v2/v3) has no version, only where it was resolved from: kept, unresolved.
        ...(!e.version && /^git(?:\+|:)|^github:/.test(str(e.resolved) ?? '') ? { version: str(e.resolved)! } : {}),
        dev: e.dev === true || e.devOptional === true,
        requires: [...Object.keys(obj(e.dependencies)), ...Object.keys(obj(e.optionalDependencies)), ...Object.keys(obj(e.peerDependencies))],
      });
    }
  } else if (lock.dependencies && typeof lock.dependencies === 'object') {
    v1Folders(obj(lock.dependencies), '', folders, 0);
  } else if (lock.lockfileVersion === undefined) {
    throw new ManifestError(file, 'not an npm lockfile (no lockfileVersion, packages or dependencies)');
  }

  const resolve = (from: string, name: string): string | undefined => {
    for (let at = from; ; at = parentOf(at)) {
      const p = at ? `${at}/${NM}${name}` : `${NM}${name}`;
      if (folders.has(p)) return p;
      if (!at) return undefined;
    }
  };
  const keyOf = (f: Folder): string => pkgKey({ ecosystem: 'npm', name: f.name, version: f.version });
  const inv = new Inventory(file);
  const required = new Set<string>();
  for (const [path, f] of folders) {
    const deps: string[] = [];
    for (const n of f.requires) {
      const p = resolve(path, n);
      if (!p) continue;
      required.add(p);
      deps.push(keyOf(folders.get(p)!));
    }
    const pkg: Pkg = { ecosystem: 'npm', name: f.name, version: f.version, dev: f.dev, deps };
    if (!/^\d/.test(f.version)) {
      if (f.version.startsWith('file:') || f.version === '') continue;
      pkg.unresolved = `not a registry version: ${f.version.slice(0, 100)}`;
      pkg.version = '';
    }
    inv.add(pkg);
  }
  // Direct: what the root declares (v2/v3); v1 does not record it, so the top-level folders nothing else requires.
  const direct = rootDeps ? rootDeps.map((n) => `${NM}${n}`) : [...folders.keys()].filter((p) => !p.includes(`/${NM}`) && !required.has(p));
  if (!rootDeps) notes.push('lockfile v1 does not record the direct dependencies: top-level packages no other package requires are taken as direct');
  for (const p of direct) {
    const f = folders.get(p);
    if (f) {
      const pkg = inv.get(keyOf(f));
      if (pkg) pkg.direct = true;
    }
  }
  for (const p of inv.list()) p.direct ??= false;
  return { file, format: 'package-lock', packages: inv.list(), notes };
}
