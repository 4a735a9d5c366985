/**
 * The entry points a package promises its users (package.json `main`,
 * `exports`, `bin`) and how each is loaded: `require` for CommonJS consumers,
 * `import` for ES module consumers (a CommonJS file is loaded both ways: ESM
 * consumers see only the export names Node can lex), `bin` by running it.
 * Wildcard subpaths ("./features/*": "./dist/features/*.js") are expanded
 * the way Node resolves them (the `*` of the target stands for any text,
 * slashes included) over the project's files, up to MAX_PATTERN_FILES per
 * pattern; a pattern with more matches is reported as not fully loaded.
 */
import path from 'node:path';

export type LoadMode = 'require' | 'import' | 'bin';

export interface Entry {
  /** what the package.json says, for the report: "main", "exports[.][import]", "bin[cli]" */
  label: string;
  /** project-relative path as written (may omit the extension for main) */
  target: string;
  mode: LoadMode;
}

export interface EntryList {
  entries: Entry[];
  /** subpath patterns whose matching files were not all loaded (more than MAX_PATTERN_FILES) */
  patterns: string[];
}

/** Files loaded per wildcard pattern: enough to catch a broken protection, bounded for a package with thousands. */
export const MAX_PATTERN_FILES = 50;

/** "module" or "commonjs" for a .js file: the nearest package.json "type" within the project. */
export function moduleKind(files: Map<string, Buffer>, p: string): 'module' | 'commonjs' {
  if (/\.mjs$/i.test(p)) return 'module';
  if (/\.cjs$/i.test(p)) return 'commonjs';
  for (let dir = path.posix.dirname(p); ; dir = path.posix.dirname(dir)) {
    const pj = files.get(dir === '.' ? 'package.json' : `${dir}/package.json`);
    if (pj) {
      try {
        const type = (JSON.parse(pj.toString('utf8')) as { type?: unknown }).type;
        return type === 'module' ? 'module' : 'commonjs';
      } catch {
        return 'commonjs';
      }
    }
    if (dir === '.' || dir === '/' || dir === '') return 'commonjs';
  }
}

const norm = (t: string) => path.posix.normalize(t.replace(/^\.\//, ''));
const safe = (t: string) => !t.startsWith('..') && !path.posix.isAbsolute(t) && !t.includes('\0');
const loadable = (t: string) => !/\.(json|node|d\.[cm]?ts|css|wasm)$/i.test(t);

export function packageEntries(files: Map<string, Buffer>): EntryList {
  let pj: Record<string, unknown>;
  try {
    pj = JSON.parse(files.get('package.json')!.toString('utf8')) as Record<string, unknown>;
  } catch {
    return { entries: [], patterns: [] };
  }
  const out: Entry[] = [];
  const patterns: string[] = [];
  const seen = new Set<string>();
  const add = (label: string, raw: string, modes: LoadMode[]) => {
    const target = norm(raw);
    if (!safe(target) || !loadable(target)) return;
    for (const mode of modes) {
      const key = `${mode} ${target}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ label, target, mode });
    }
  };
  const byKind = (t: string): LoadMode[] => (moduleKind(files, norm(t)) === 'module' ? ['import'] : ['require', 'import']);

  const modesFor = (t: string, condition: string | undefined): LoadMode[] => (condition === 'import' ? ['import'] : condition === 'require' ? ['require'] : byKind(t));
  // "./dist/*.js" → the project files it matches (not node_modules: a pattern target is inside the package)
  const expand = (label: string, raw: string, condition: string | undefined) => {
    const t = norm(raw);
    const star = t.indexOf('*');
    if (!safe(t) || t.indexOf('*', star + 1) !== -1) return;
    const [before, after] = [t.slice(0, star), t.slice(star + 1)];
    const hits = [...files.keys()].filter((f) => f.length > before.length + after.length && f.startsWith(before) && f.endsWith(after) && /\.[cm]?js$/i.test(f) && !/(^|\/)node_modules\//.test(f.slice(before.length))).sort();
    for (const f of hits.slice(0, MAX_PATTERN_FILES)) add(`${label} → ${f}`, f, modesFor(f, condition));
    if (hits.length > MAX_PATTERN_FILES) patterns.push(`${label}: ${hits.length} files`);
  };
  const walk = (label: string, v: unknown, condition: string | undefined, pattern = false) => {
    if (typeof v === 'string') {
      if (v.includes('*')) {
        if (pattern) expand(label, v, condition);
      } else if (condition === 'import') add(label, v, ['import']);
      else if (condition === 'require') add(label, v, ['require']);
      else add(label, v, byKind(v));
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => walk(`${label}[${i}]`, x, condition, pattern));
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'types' || k === 'browser' || k === 'react-native' || k === 'deno' || k === 'bun') continue;
        walk(`${label}[${k}]`, x, k === 'import' || k === 'require' ? k : condition, pattern || k.includes('*'));
      }
    }
  };
  if (pj.exports !== undefined) {
    // "exports": "./x.js" or { "import": … } (conditions at the top) mean the package root "."
    const e = pj.exports;
    const subpaths = e && typeof e === 'object' && !Array.isArray(e) && Object.keys(e).every((k) => k.startsWith('.'));
    walk('exports', subpaths ? e : { '.': e }, undefined);
  }
  if (typeof pj.main === 'string') add('main', pj.main, byKind(pj.main));
  else if (pj.exports === undefined && files.has('index.js')) add('main (index.js)', 'index.js', byKind('index.js'));
  if (typeof pj.bin === 'string') add('bin', pj.bin, ['bin']);
  else if (pj.bin && typeof pj.bin === 'object') for (const [k, v] of Object.entries(pj.bin)) if (typeof v === 'string') add(`bin[${k}]`, v, ['bin']);
  return { entries: out, patterns };
}
