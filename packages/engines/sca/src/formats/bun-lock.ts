/**
 * bun.lock (Bun ≥ 1.2's text lockfile, JSONC: JSON with comments and trailing
 * commas; Bun's "Lockfile" docs). `workspaces` maps each workspace folder to
 * its declared dependencies ("" = the root); `packages` maps a resolution key
 * to ["name@version", registry, {dependencies…}, integrity]. A key is the
 * package's name, or "parent/name" for a copy nested under another package
 * (not hoisted): a dependency resolves to the nearest such key, like
 * node_modules lookup. Workspace members ("name@workspace:path") and links
 * are the project's own, not components.
 */
import { Inventory, type Manifest, ManifestError, pkgKey } from '../model.ts';
import { isObject, obj, str, text } from './common.ts';
import { markDevByReach } from './reach.ts';

/**
 * Comments and trailing commas removed outside strings (the JSONC Bun
 * writes). Two regex passes, strings matched first so that "//" or ",}"
 * inside a string stay as they are.
 */
export function stripJsonc(src: string): string {
  // Replacement patterns, not callbacks: a matched string is group 1 and kept; a comment or a trailing comma's comma is dropped.
  return src.replace(/("(?:[^"\\\n]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '$1').replace(/("(?:[^"\\\n]|\\.)*")|,(\s*[}\]])/g, '$1$2');
}

const DEP_FIELDS = ['dependencies', 'optionalDependencies', 'peerDependencies'] as const;

/** "name@version" with a scoped name ("@scope/x@1.0.0"). */
function splitSpec(spec: string): [string, string] {
  const at = spec.indexOf('@', 1);
  return at < 0 ? [spec, ''] : [spec.slice(0, at), spec.slice(at + 1)];
}

export function parseBunLock(file: string, bytes: Uint8Array): Manifest {
  let doc: unknown;
  try {
    doc = JSON.parse(stripJsonc(text(file, bytes)));
  } catch (e) {
    if (e instanceof ManifestError) throw e;
    throw new ManifestError(file, `malformed JSONC: ${String((e as Error).message).slice(0, 200)}`);
  }
  if (!isObject(doc) || doc.lockfileVersion === undefined || !isObject(doc.packages)) throw new ManifestError(file, 'not a bun.lock (no lockfileVersion or packages)');
  const entries = new Map<string, { name: string; version: string; info: Record<string, unknown> }>();
  const notes: string[] = [];
  for (const [key, v] of Object.entries(doc.packages)) {
    if (!Array.isArray(v) || typeof v[0] !== 'string') continue;
    const [name, version] = splitSpec(v[0]);
    entries.set(key, { name, version, info: obj(v.find((x, i) => i > 0 && isObject(x))) });
  }
  const own = (version: string): boolean => /^(?:workspace|link|file|root):/.test(version);
  /** The key a dependency `dep` of the package at `from` resolves to: from/dep, then up the chain, then dep. */
  const resolve = (from: string, dep: string): string | undefined => {
    for (let base = from; base; ) {
      const k = `${base}/${dep}`;
      if (entries.has(k)) return k;
      // Parent keys are "a", "@s/a", "a/b", "@s/a/@t/b": drop the last package name (scoped = two segments).
      const parts = base.split('/');
      const cut = parts.length >= 2 && parts[parts.length - 2]!.startsWith('@') ? 2 : 1;
      base = parts.slice(0, -cut).join('/');
    }
    return entries.has(dep) ? dep : undefined;
  };
  const keyOf = new Map<string, string>();
  const inv = new Inventory(file);
  for (const [key, e] of entries) {
    if (own(e.version) || !e.version) continue;
    const p = inv.add({ ecosystem: 'npm', name: e.name, version: e.version, deps: [] });
    keyOf.set(key, pkgKey(p));
  }
  for (const [key, e] of entries) {
    const self = keyOf.get(key);
    if (!self) continue;
    const p = inv.get(self)!;
    for (const f of DEP_FIELDS) for (const d of Object.keys(obj(e.info[f]))) {
      const k = resolve(key, d);
      const t = k ? keyOf.get(k) : undefined;
      if (t && !p.deps!.includes(t)) p.deps!.push(t);
    }
  }
  const prod: string[] = [];
  const dev: string[] = [];
  for (const [path, w] of Object.entries(obj(doc.workspaces))) {
    const ws = obj(w);
    const to = (d: string): string | undefined => {
      const k = entries.has(`${str(ws.name) ?? ''}/${d}`) ? `${ws.name}/${d}` : entries.has(d) ? d : undefined;
      return k ? keyOf.get(k) : undefined;
    };
    for (const f of [...DEP_FIELDS]) for (const d of Object.keys(obj(ws[f]))) {
      const k = to(d);
      if (k) prod.push(k);
    }
    for (const d of Object.keys(obj(ws.devDependencies))) {
      const k = to(d);
      if (k) dev.push(k);
    }
    if (path !== '' && !ws.name) notes.push(`workspace ${path} has no name`);
  }
  markDevByReach(inv, prod, dev);
  return { file, format: 'bun.lock', packages: inv.list(), notes };
}
