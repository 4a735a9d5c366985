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

export function reachOf(ecosystem: string, name: string, functions: readonly VulnerableFunctions[] | undefined, sources: readonly Source[]): Reach | undefined {
  if (!functions?.length) return undefined;
  const lang = LANG[ecosystem];
  if (!lang) return undefined;
  const files = sources.filter((s) => lang.test(s.path));
  if (files.length === 0) return undefined;
  if (ecosystem === 'Go') return goReach(functions, files);
  if (ecosystem === 'npm') return npmReach(name, functions, files);
  return rustReach(name, functions, files);
}

function verdict(symbols: string[], called: string[], imported: string[]): Reach {
  if (called.length) return { state: 'called', symbols, files: called.slice(0, MAX_FILES) };
  if (imported.length) return { state: 'imported', symbols, files: imported.slice(0, MAX_FILES) };
  return { state: 'not_imported', symbols, files: [] };
}

/** Go: `import "path"` or `import alias "path"`; exported symbols `Func` or `Type.Method` used through the package's name. */
function goReach(functions: readonly VulnerableFunctions[], files: Source[]): Reach {
  const symbols = [...new Set(functions.flatMap((f) => f.names.map((n) => (f.module ? `${f.module}.${n}` : n))))];
  const called: string[] = [];
  const imported: string[] = [];
  for (const f of files) {
    let uses = false;
    let imports = false;
    for (const g of functions) {
      if (!g.module) continue;
      const m = new RegExp(`(?:^|[\\s(])(?:([A-Za-z_][\\w]*|\\.|_)\\s+)?"${esc(g.module)}"`, 'm').exec(f.text);
      if (!m || !/\bimport\b/.test(f.text)) continue;
      imports = true;
      if (m[1] === '_') continue;
      // The package's name: an alias, else the last path element without a major-version suffix or gopkg.in's ".vN".
      const parts = g.module.split('/');
      let last = parts[parts.length - 1]!;
      if (/^v\d+$/.test(last) && parts.length > 1) last = parts[parts.length - 2]!;
      const local = m[1] && m[1] !== '.' ? m[1] : last.replace(/\.v\d+$/, '').replace(/^go-/, '').replace(/[^\w]/g, '_');
      // Exported names only: lower-case symbols are internal and cannot be called from the project.
      const exported = g.names.filter((n) => /^[A-Z]/.test(n));
      if (g.names.length === 0) uses = true; // the whole package is vulnerable
      for (const n of exported) {
        const [type, method] = n.split('.');
        const re = method ? new RegExp(`\\b${esc(local)}\\.(?:New)?${esc(type!)}\\b[\\s\\S]*\\.${esc(method)}\\s*\\(`) : new RegExp(m[1] === '.' ? `\\b${esc(type!)}\\s*\\(` : `\\b${esc(local)}\\.${esc(type!)}\\b`);
        if (re.test(f.text)) uses = true;
      }
    }
    if (uses) called.push(f.path);
    else if (imports) imported.push(f.path);
  }
  return verdict(symbols, called, imported);
}

/** npm: `require('pkg')`, `import … from 'pkg'`, `import('pkg')`, subpaths `pkg/x`; names "pkg.fn", "(pkg).fn", "(pkg)". */
function npmReach(name: string, functions: readonly VulnerableFunctions[], files: Source[]): Reach {
  const symbols = [...new Set(functions.flatMap((f) => f.names))];
  // Member names of this package (an advisory lists its siblings lodash-es, lodash-amd … too).
  const members: string[] = [];
  let whole = false;
  for (const raw of symbols) {
    const m = /^\(?([^()]+?)\)?(?:\.(.+))?$/.exec(raw);
    if (!m) continue;
    const [, pkg, rest] = m;
    if (pkg !== name && !(pkg === 'ext' && !rest)) continue;
    if (!rest) whole = true;
    else members.push(rest.split('.').pop()!);
  }
  const importRe = new RegExp(`(?:require\\s*\\(\\s*|from\\s+|import\\s*\\(\\s*|import\\s+)['"\`]${esc(name)}(?:/([\\w./-]+))?['"\`]`, 'g');
  const called: string[] = [];
  const imported: string[] = [];
  for (const f of files) {
    const subpaths = [...f.text.matchAll(importRe)].map((m) => m[1] ?? '');
    if (subpaths.length === 0) continue;
    const uses = whole || members.some((n) => subpaths.some((p) => p.split('/').pop()?.replace(/\.js$/, '') === n) || new RegExp(`(?:\\.|\\{[^}]*\\b)${esc(n)}\\b`).test(f.text));
    (uses ? called : imported).push(f.path);
  }
  return verdict(symbols, called, imported);
}

/** Rust: `use crate_name::…` or `crate_name::…` paths; names are full paths ending in the function. */
function rustReach(name: string, functions: readonly VulnerableFunctions[], files: Source[]): Reach {
  const symbols = [...new Set(functions.flatMap((f) => f.names))];
  const krate = name.replace(/-/g, '_');
  const mine = symbols.filter((s) => s.startsWith(`${krate}::`));
  const called: string[] = [];
  const imported: string[] = [];
  const useRe = new RegExp(`\\b${esc(krate)}::`);
  for (const f of files) {
    if (!useRe.test(f.text) && !new RegExp(`extern\\s+crate\\s+${esc(krate)}\\b`).test(f.text)) continue;
    const uses = mine.some((s) => new RegExp(`\\b${esc(s.split('::').pop()!)}\\b`).test(f.text));
    (uses ? called : imported).push(f.path);
  }
  return verdict(symbols, called, imported);
}
