/**
 * Python: pip requirements files (pins, extras, environment markers, hashes,
 * line continuations, `-r`/`-c` includes through a reader callback),
 * Pipfile.lock (JSON; `develop` is the dev group) and poetry.lock (TOML;
 * `category = "dev"` in 1.x, `groups` in newer files). Only an exact `==`
 * pin is a version; other specifiers are reported unresolved, as pip would
 * pick the version at install time.
 */
import { Inventory, type Manifest, ManifestError, pkgKey } from '../model.ts';
import { arr, json, obj, str, text, toml } from './common.ts';

/** PEP 503 normalised name (matching also normalises; edges need it here). */
export const pep503 = (n: string): string => n.toLowerCase().replace(/[-_.]+/g, '-');

const MAX_INCLUDE_DEPTH = 8;

export type IncludeReader = (from: string, ref: string) => { file: string; bytes: Uint8Array } | undefined;

const REQ = /^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*(.*)$/;

export function parseRequirements(file: string, bytes: Uint8Array, include?: IncludeReader): Manifest {
  const inv = new Inventory(file);
  const notes: string[] = [];
  const seen = new Set<string>();
  const read = (f: string, b: Uint8Array, depth: number, constraintsOnly: boolean): void => {
    if (seen.has(f)) return; // an include cycle: each file once
    seen.add(f);
    const joined = text(f, b).replace(/\\\r?\n/g, ' ');
    for (const raw of joined.split(/\r?\n/)) {
      const line = raw.replace(/(^|\s)#.*$/, '').trim();
      if (!line) continue;
      const inc = /^(?:-r|--requirement|-c|--constraint)\s*=?\s*(\S+)/.exec(line);
      if (inc) {
        const ref = inc[1]!;
        if (depth >= MAX_INCLUDE_DEPTH) notes.push(`${f}: include ${ref} is nested deeper than ${MAX_INCLUDE_DEPTH} files`);
        else {
          const got = include?.(f, ref);
          if (got) read(got.file, got.bytes, depth + 1, /^(?:-c|--constraint)/.test(line));
          else notes.push(`${f}: included file ${ref} is not in the input`);
        }
        continue;
      }
      if (line.startsWith('-')) continue; // -e, --index-url, --hash on its own …
      if (/^(?:https?|git\+|file:)/.test(line) || line.includes('://')) {
        notes.push(`${f}: ${line.slice(0, 80)} is a URL requirement (no version to check)`);
        continue;
      }
      if (constraintsOnly) continue; // constraints pin versions of what is required elsewhere; they add no packages
      const spec = line.split(';')[0]!.replace(/\s--hash[=\s]\S+/g, '').trim();
      const m = REQ.exec(spec);
      if (!m) continue;
      const name = m[1]!;
      const cons = m[3]!.replace(/^\(|\)$/g, '').trim();
      const pin = /^===?\s*([^\s,;*]+)$/.exec(cons);
      if (pin) inv.add({ ecosystem: 'PyPI', name, version: pin[1]!, direct: true });
      else inv.add({ ecosystem: 'PyPI', name, version: '', direct: true, unresolved: cons ? `version range ${cons}` : 'no version given' });
    }
  };
  read(file, bytes, 0, false);
  return { file, format: 'requirements.txt', packages: inv.list(), notes };
}

export function parsePipfileLock(file: string, bytes: Uint8Array): Manifest {
  const doc = json(file, bytes);
  if (!doc.default && !doc.develop) throw new ManifestError(file, 'not a Pipfile.lock (no default or develop section)');
  const inv = new Inventory(file);
  for (const [group, dev] of [['default', false], ['develop', true]] as const) {
    for (const [name, raw] of Object.entries(obj(doc[group]))) {
      const v = str(obj(raw).version);
      // Git and path entries have no version.
      if (!v) continue;
      inv.add({ ecosystem: 'PyPI', name, version: v.replace(/^===?/, ''), dev });
    }
  }
  return { file, format: 'Pipfile.lock', packages: inv.list(), notes: ['Pipfile.lock does not record which packages the Pipfile names: direct and transitive are not told apart'] };
}

export function parsePoetryLock(file: string, bytes: Uint8Array): Manifest {
  const doc = toml(file, bytes);
  const pkgs = arr(doc.package).map(obj);
  if (pkgs.length === 0 && !doc.metadata) throw new ManifestError(file, 'not a poetry.lock (no [[package]] or [metadata])');
  const byName = new Map<string, string>();
  for (const p of pkgs) {
    const name = str(p.name);
    const version = str(p.version);
    if (name && version) byName.set(pep503(name), pkgKey({ ecosystem: 'PyPI', name, version }));
  }
  const inv = new Inventory(file);
  const depended = new Set<string>();
  for (const p of pkgs) {
    const name = str(p.name);
    const version = str(p.version);
    if (!name || !version) continue;
    // Path/directory/git sources are the project's own or unpublished code.
    const srcType = str(obj(p.source).type);
    if (srcType === 'directory' || srcType === 'file') continue;
    const deps = Object.keys(obj(p.dependencies)).map((n) => byName.get(pep503(n))).filter((k): k is string => !!k);
    for (const d of deps) depended.add(d);
    const groups = arr(p.groups).map(String);
    const dev = str(p.category) === 'dev' || (groups.length > 0 && !groups.includes('main'));
    inv.add({ ecosystem: 'PyPI', name, version, dev, deps });
  }
  for (const p of inv.list()) p.direct = !depended.has(pkgKey(p));
  return { file, format: 'poetry.lock', packages: inv.list(), notes: ['poetry.lock does not record the direct dependencies: packages no other package depends on are taken as direct'] };
}
