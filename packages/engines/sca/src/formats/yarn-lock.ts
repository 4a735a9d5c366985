/**
 * yarn.lock: the classic v1 text format (entries of comma-separated
 * "name@range" specifiers, indented `version` and `dependencies`) and yarn
 * berry's YAML (a `__metadata` key; `resolution: name@npm:1.2.3`). Neither
 * records which packages the project declares: without the package.json the
 * roots are the packages nothing else depends on.
 */
import { Inventory, type Manifest, ManifestError, pkgKey } from '../model.ts';
import { obj, str, text, yaml } from './common.ts';

/** "name@range" → name (scoped names start with '@'); an alias "alias@npm:real@range" → the real package's name. */
export function specName(spec: string): string {
  const s = spec.trim().replace(/^"|"$/g, '');
  const at = s.indexOf('@', 1);
  if (at <= 0) return s;
  const range = s.slice(at + 1);
  // "npm:2.6.9" (berry's resolution) is a version; "npm:real@^1" is an alias.
  return /^npm:@?[^@]+@/.test(range) ? specName(range.slice(4)) : s.slice(0, at);
}

const unquote = (s: string): string => s.trim().replace(/^"(.*)"$/, '$1');

interface Entry {
  specs: string[];
  name: string;
  version: string;
  deps: string[];
}

function parseV1(file: string, src: string): Entry[] {
  const entries: Entry[] = [];
  let cur: Entry | undefined;
  let inDeps = false;
  const lines = src.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const indent = line.length - line.trimStart().length;
    if (indent === 0) {
      if (!line.endsWith(':')) throw new ManifestError(file, `line ${i + 1}: expected "name@range:" at the start of an entry`);
      const specs = line.slice(0, -1).split(',').map((s) => unquote(s));
      cur = { specs, name: specName(specs[0]!), version: '', deps: [] };
      entries.push(cur);
      inDeps = false;
    } else if (!cur) {
      throw new ManifestError(file, `line ${i + 1}: indented line outside an entry`);
    } else if (indent <= 2) {
      const t = line.trim();
      // Keys may be quoted ("version" "1.0.0"), as some yarn versions write them.
      const bare = t.replace(/^"([^"]+)"/, '$1');
      inDeps = bare === 'dependencies:' || bare === 'optionalDependencies:';
      const m = /^version:?\s+"?([^"]+)"?$/.exec(bare);
      if (m) cur.version = m[1]!;
    } else if (inDeps) {
      const m = /^("[^"]+"|\S+):?\s+"?([^"]*)"?$/.exec(line.trim());
      if (m) cur.deps.push(`${unquote(m[1]!)}@${m[2]!}`);
    }
  }
  return entries;
}

function parseBerry(file: string, bytes: Uint8Array): Entry[] {
  const doc = yaml(file, bytes);
  const entries: Entry[] = [];
  for (const [key, raw] of Object.entries(doc)) {
    if (key === '__metadata') continue;
    const e = obj(raw);
    const resolution = str(e.resolution) ?? '';
    // Workspaces, links and patches of the project itself are not registry packages.
    if (/@(?:workspace|link|portal|file):/.test(resolution)) continue;
    const specs = key.split(',').map((s) => s.trim().replace(/@npm:/, '@'));
    const deps = Object.entries(obj(e.dependencies)).map(([n, r]) => `${n}@${String(r).replace(/^npm:/, '')}`);
    entries.push({ specs, name: specName(resolution || specs[0]!), version: str(e.version) ?? '', deps });
  }
  return entries;
}

export function parseYarnLock(file: string, bytes: Uint8Array): Manifest {
  const src = text(file, bytes);
  const berry = /^__metadata:/m.test(src);
  const entries = berry ? parseBerry(file, bytes) : parseV1(file, src);
  const bySpec = new Map<string, string>();
  const inv = new Inventory(file);
  for (const e of entries) {
    const key = pkgKey({ ecosystem: 'npm', name: e.name, version: e.version });
    for (const s of e.specs) bySpec.set(s, key);
  }
  const depended = new Set<string>();
  for (const e of entries) {
    if (!e.version) continue;
    const deps = e.deps.map((d) => bySpec.get(d)).filter((k): k is string => k !== undefined);
    for (const d of deps) depended.add(d);
    inv.add({ ecosystem: 'npm', name: e.name, version: e.version, deps });
  }
  for (const p of inv.list()) p.direct = !depended.has(pkgKey(p));
  return { file, format: berry ? 'yarn.lock (berry)' : 'yarn.lock', packages: inv.list(), notes: ['yarn.lock does not record the direct dependencies: packages no other package depends on are taken as direct'] };
}
