/**
 * Reachability hints: whether the project's own source code uses the
 * vulnerable functions an advisory names. OSV data names them for Go
 * (`ecosystem_specific.imports`: package path and symbols — about a quarter
 * of the Go advisories in the shared data), RustSec (`affects.functions`,
 * about a fifth) and some GHSA npm advisories (`affected_functions`); PyPI
 * and the other ecosystems' advisories name none, so no hint is given there.
 *
 * This is a textual reading, not a call graph: a file that imports the
 * package and names the function counts as "called"; importing without
 * naming any listed function is "imported"; no file of the language
 * importing it is "not imported" — which for a transitive component says
 * only that the project's own code does not use it directly (its dependency
 * may). Without source files of the component's language no hint is given.
 */
import type { VulnerableFunctions } from '@citadel/vulndb';

export type ReachState = 'called' | 'imported' | 'not_imported';
export interface Reach {
  state: ReachState;
  /** The functions the advisory names (shown as the reason). */
  symbols: string[];
  /** Files that use one of them ("called") or import the package ("imported"), at most 5. */
  files: string[];
}

type Source = { path: string; text: string };
const MAX_FILES = 5;
const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const LANG: Record<string, RegExp> = { Go: /\.go$/i, npm: /\.(?:[cm]?js|jsx|[cm]?ts|tsx)$/i, 'crates.io': /\.rs$/i };

/**
 * Per scan, each source file is read once for what it imports (Go import
 * paths with their local names, npm packages with subpaths, Rust crates):
 * a vulnerability then looks only at the files importing its package, so a
 * large project with many advisories is not searched advisory by advisory.
 */
interface Index {
  go: Map<string, { file: Source; local: string }[]>;
  npm: Map<string, { file: Source; subpaths: string[] }[]>;
  rust: Map<string, Source[]>;
  langs: Set<string>;
}
const indexes = new WeakMap<readonly Source[], Index>();

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const l = m.get(k);
  if (l) l.push(v);
  else m.set(k, [v]);
}

function indexOf(sources: readonly Source[]): Index {
  let ix = indexes.get(sources);
  if (ix) return ix;
  ix = { go: new Map(), npm: new Map(), rust: new Map(), langs: new Set() };
  for (const f of sources) {
    const eco = Object.keys(LANG).find((e) => LANG[e]!.test(f.path));
    if (!eco) continue;
    ix.langs.add(eco);
    if (eco === 'Go') {
      // import "p", import alias "p", and the lines of an import ( … ) block.
      const blocks = [...f.text.matchAll(/^import\s*\(([\s\S]*?)^\)/gm)].map((m) => m[1]!).concat([...f.text.matchAll(/^import\s+((?:[\w.]+\s+)?"[^"]+")/gm)].map((m) => m[1]!));
      for (const b of blocks) for (const m of b.matchAll(/(?:^|\n)\s*(?:([A-Za-z_]\w*|\.|_)\s+)?"([^"\n]+)"/g)) push(ix.go, m[2]!, { file: f, local: m[1] ?? '' });
    } else if (eco === 'npm') {
      const by = new Map<string, string[]>();
      for (const m of f.text.matchAll(/(?:require\s*\(\s*|from\s+|import\s*\(\s*|import\s+)['"`]((?:@[\w.-]+\/)?[\w.-]+)(?:\/([\w./-]+))?['"`]/g)) {
        const l = by.get(m[1]!) ?? [];
        l.push(m[2] ?? '');
        by.set(m[1]!, l);
      }
      for (const [pkg, subpaths] of by) push(ix.npm, pkg, { file: f, subpaths });
    } else {
      const crates = new Set([...f.text.matchAll(/\b([a-z_][a-z0-9_]*)::/g)].map((m) => m[1]!).concat([...f.text.matchAll(/extern\s+crate\s+([a-z_][a-z0-9_]*)/g)].map((m) => m[1]!)));
      for (const c of crates) push(ix.rust, c, f);
    }
  }
  indexes.set(sources, ix);
  return ix;
}

export function reachOf(ecosystem: string, name: string, functions: readonly VulnerableFunctions[] | undefined, sources: readonly Source[]): Reach | undefined {
  if (!functions?.length || !LANG[ecosystem]) return undefined;
  const ix = indexOf(sources);
  if (!ix.langs.has(ecosystem)) return undefined;
  if (ecosystem === 'Go') return goReach(functions, ix);
  if (ecosystem === 'npm') return npmReach(name, functions, ix);
  return rustReach(name, functions, ix);
}

function verdict(symbols: string[], called: string[], imported: string[]): Reach {
  if (called.length) return { state: 'called', symbols, files: called.slice(0, MAX_FILES) };
  if (imported.length) return { state: 'imported', symbols, files: imported.slice(0, MAX_FILES) };
  return { state: 'not_imported', symbols, files: [] };
}

/** What a Go file names, read once: every `a.B` selector and every name called as `x(` or `.x(`. */
const goUseCache = new WeakMap<Source, { selectors: Set<string>; calls: Set<string> }>();
function goUses(file: Source): { selectors: Set<string>; calls: Set<string> } {
  let u = goUseCache.get(file);
  if (!u) {
    u = { selectors: new Set([...file.text.matchAll(/\b([A-Za-z_]\w*)\.([A-Za-z_]\w*)/g)].map((m) => `${m[1]}.${m[2]}`)), calls: new Set([...file.text.matchAll(/\b([A-Za-z_]\w*)\s*\(/g)].map((m) => m[1]!)) };
    goUseCache.set(file, u);
  }
  return u;
}

/** Go: `import "path" or `import alias "path"`; exported symbols `Func` or `Type.Method` used through the package's name. */
function goReach(functions: readonly VulnerableFunctions[], ix: Index): Reach {
  const symbols = [...new Set(functions.flatMap((f) => f.names.map((n) => (f.module ? `${f.module}.${n}` : n))))];
  const called = new Set<string>();
  const imported = new Set<string>();
  for (const g of functions) {
    if (!g.module) continue;
    // The package's name: the last path element without a major-version suffix or gopkg.in's ".vN".
    const parts = g.module.split('/');
    let last = parts[parts.length - 1]!;
    if (/^v\d+$/.test(last) && parts.length > 1) last = parts[parts.length - 2]!;
    const named = last.replace(/\.v\d+$/, '').replace(/^go-/, '').replace(/[^\w]/g, '_');
    // Exported names only: lower-case symbols are internal and cannot be called from the project.
    const exported = g.names.filter((n) => /^[A-Z]/.test(n));
    for (const { file, local } of ix.go.get(g.module) ?? []) {
      if (called.has(file.path)) continue;
      imported.add(file.path);
      if (local === '_') continue;
      const pkg = local && local !== '.' ? local : named;
      const { selectors, calls } = goUses(file);
      // No symbols listed: the whole package is vulnerable, using it is enough.
      const uses =
        g.names.length === 0 ||
        exported.some((n) => {
          const [type, method] = n.split('.');
          if (local === '.') return calls.has(type!) || calls.has(method ?? '');
          return method ? (selectors.has(`${pkg}.${type}`) || selectors.has(`${pkg}.New${type}`)) && calls.has(method) : selectors.has(`${pkg}.${type}`);
        });
      if (uses) called.add(file.path);
    }
  }
  return verdict(symbols, [...called].sort(), [...imported].filter((f) => !called.has(f)).sort());
}

/** npm: `require('pkg')`, `import … from 'pkg'`, `import('pkg')`, subpaths `pkg/x`; names "pkg.fn", "(pkg).fn", "(pkg)". */
function npmReach(name: string, functions: readonly VulnerableFunctions[], ix: Index): Reach {
  const symbols = [...new Set(functions.flatMap((f) => f.names))];
  // Member names of this package (an advisory lists its siblings lodash-es, lodash-amd … too).
  const members: string[] = [];
  let whole = false;
  for (const raw of symbols) {
    const m = /^\(?([^()]+?)\)?(?:\.(.+))?$/.exec(raw);
    if (!m) continue;
    const [, pkg, rest] = m;
    if (pkg !== name) continue;
    if (!rest) whole = true;
    else members.push(rest.split('.').pop()!);
  }
  const called: string[] = [];
  const imported: string[] = [];
  for (const { file, subpaths } of ix.npm.get(name) ?? []) {
    const uses = whole || members.some((n) => subpaths.some((p) => p.split('/').pop()?.replace(/\.js$/, '') === n) || new RegExp(`(?:\\.|\\{[^}]*\\b)${esc(n)}\\b`).test(file.text));
    (uses ? called : imported).push(file.path);
  }
  return verdict(symbols, called, imported);
}

/** Rust: `use crate_name::…` or `crate_name::…` paths; names are full paths ending in the function. */
function rustReach(name: string, functions: readonly VulnerableFunctions[], ix: Index): Reach {
  const symbols = [...new Set(functions.flatMap((f) => f.names))];
  const krate = name.replace(/-/g, '_');
  const mine = symbols.filter((s) => s.startsWith(`${krate}::`));
  const called: string[] = [];
  const imported: string[] = [];
  for (const file of ix.rust.get(krate) ?? []) {
    const uses = mine.some((s) => new RegExp(`\\b${esc(s.split('::').pop()!)}\\b`).test(file.text));
    (uses ? called : imported).push(file.path);
  }
  return verdict(symbols, called, imported);
}
