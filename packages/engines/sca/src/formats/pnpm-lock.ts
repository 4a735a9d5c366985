/**
 * pnpm-lock.yaml, lockfile versions 5.x, 6.x and 9.x. Package keys differ by
 * version ("/name/1.0.0_peer", "/name@1.0.0(peer)", "name@1.0.0"); the peer
 * suffix is dropped. The importers (or the v5 top level) give the direct
 * dependencies; v9 keeps the edges in `snapshots`.
 */
import { Inventory, type Manifest, ManifestError, pkgKey } from '../model.ts';
import { obj, str, yaml } from './common.ts';

function stripPeers(s: string): string {
  const p = s.indexOf('(');
  return p > 0 ? s.slice(0, p) : s;
}

/** A package key → name and version, or undefined for non-registry keys (links, tarballs). */
export function pnpmKey(key: string, major: number): { name: string; version: string } | undefined {
  let k = key.startsWith('/') ? key.slice(1) : key;
  k = stripPeers(k);
  if (major < 6) {
    // Packages from another registry are keyed by its host: "registry.npmjs.org/foo/1.1.0", "example.com/@foo/bar/1.2.0".
    if (!key.startsWith('/')) k = k.replace(/^[a-z0-9-]+(?:\.[a-z0-9-]+)+\//i, '');
    const u = k.indexOf('_');
    if (u > 0) k = k.slice(0, u);
    const slash = k.lastIndexOf('/');
    if (slash <= 0) return undefined;
    const name = k.slice(0, slash);
    const version = k.slice(slash + 1);
    return /^\d/.test(version) ? { name, version } : undefined;
  }
  const at = k.lastIndexOf('@');
  if (at <= 0) return undefined;
  const version = k.slice(at + 1);
  return /^\d/.test(version) ? { name: k.slice(0, at), version } : undefined;
}

/** A dependency reference (name + "1.2.3(peer)" or "/other/1.0.0" or "link:…") → key. */
function refKey(name: string, ref: unknown, major: number): string | undefined {
  let r = typeof ref === 'string' ? ref : str(obj(ref).version);
  if (!r || r.startsWith('link:') || r.startsWith('file:')) return undefined;
  let p: { name: string; version: string } | undefined;
  if (r.startsWith('/') || (major >= 9 && /^@?[^@]+@\d/.test(stripPeers(r)) && !/^\d/.test(r))) p = pnpmKey(r, major);
  else {
    r = stripPeers(r);
    if (major < 6) r = r.split('_')[0]!;
    p = /^\d/.test(r) ? { name, version: r } : undefined;
  }
  return p ? pkgKey({ ecosystem: 'npm', ...p }) : undefined;
}

/**
 * A package fetched from a tarball URL or a git host rather than by registry
 * version: the entry's own name and version (the key is the URL). Local
 * `file:` / directory packages are the project's own code and are left out.
 */
function remote(key: string, e: Record<string, unknown>): { name: string; version: string } | undefined {
  const res = obj(e.resolution);
  const version = str(e.version);
  if (!version || !/^\d/.test(version) || key.startsWith('file:') || res.directory !== undefined || String(res.tarball ?? '').startsWith('file:')) return undefined;
  const name = str(e.name) ?? /^(@?[^@/]+(?:\/[^@/]+)?)@(?:https?:|git)/.exec(key.replace(/^\//, ''))?.[1] ?? /^(?:\/)?((?:@[^/]+\/)?[^/@]+)\//.exec(key.replace(/^(?:\/)?[a-z0-9.-]+\.[a-z]+\//i, ''))?.[1];
  return name ? { name, version } : undefined;
}

export function parsePnpmLock(file: string, bytes: Uint8Array): Manifest {
  const doc = yaml(file, bytes);
  const ver = parseFloat(String(doc.lockfileVersion ?? ''));
  if (!Number.isFinite(ver)) throw new ManifestError(file, 'not a pnpm lockfile (no lockfileVersion)');
  const major = Math.floor(ver);
  const inv = new Inventory(file);
  const edges = obj(major >= 9 ? doc.snapshots : doc.packages);
  const depsOf = new Map<string, string[]>();
  for (const [k, raw] of Object.entries(edges)) {
    const p = pnpmKey(k, major);
    if (!p) continue;
    const e = obj(raw);
    const deps = [...Object.entries(obj(e.dependencies)), ...Object.entries(obj(e.optionalDependencies))].map(([n, r]) => refKey(n, r, major)).filter((x): x is string => !!x);
    const key = pkgKey({ ecosystem: 'npm', ...p });
    depsOf.set(key, [...new Set([...(depsOf.get(key) ?? []), ...deps])]);
  }
  for (const [k, raw] of Object.entries(obj(doc.packages))) {
    const e = obj(raw);
    const p = pnpmKey(k, major) ?? remote(k, e);
    if (!p) continue;
    const key = pkgKey({ ecosystem: 'npm', ...p });
    inv.add({ ecosystem: 'npm', name: str(e.name) ?? p.name, version: str(e.version) ?? p.version, ...(typeof e.dev === 'boolean' ? { dev: e.dev } : {}), deps: depsOf.get(key) ?? [], direct: false });
  }
  // Direct dependencies: every importer (workspace project), or the v5 single-project top level.
  const importers = doc.importers ? Object.values(obj(doc.importers)).map(obj) : [doc];
  for (const imp of importers) {
    for (const group of ['dependencies', 'devDependencies', 'optionalDependencies'] as const) {
      for (const [n, r] of Object.entries(obj(imp[group]))) {
        const k = refKey(n, r, major);
        const p = k ? inv.get(k) : undefined;
        if (!p) continue;
        p.direct = true;
        if (group === 'devDependencies') p.dev ??= true;
        else p.dev = false;
      }
    }
  }
  return { file, format: 'pnpm-lock', packages: inv.list(), notes: [] };
}
