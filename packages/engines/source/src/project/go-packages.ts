/**
 * Go packages: the files of one folder (without _test.go) are one package and see each other's top-level
 * functions and methods without an import. A file's linker binds the names its siblings define (functions by
 * name, methods as `.Name`) so that a handler calling `UnsafeQuery(uid)` or `p.UnsafeQuery(uid)` defined in
 * another file of the package is followed there with the argument values. Names are read from the siblings'
 * text (a `func` at the start of a line), so siblings are parsed only when a tainted call reaches them; a
 * method name defined by more than one sibling (several types) is left unresolved.
 */
import path from 'node:path/posix';
import { type Syn, field, namedChildren } from '../parse/syntax.ts';

const text = (src: string, n: Syn): string => src.slice(n.start, n.end);
const FUNC = /^func\s+(\([^)]*\)\s*)?([A-Za-z_]\w*)\s*[[(]/gm;

/** The names one Go file defines at top level: functions by name, methods as `.Name`. */
export function goDeclaredNames(src: string): string[] {
  const out: string[] = [];
  for (const m of src.matchAll(FUNC)) out.push(m[1] ? `.${m[2]}` : m[2]!);
  return out;
}

/** Top-level functions (by name) and methods (as `.Name`) of a parsed Go file. */
export function goDefinitions(root: Syn, src: string): Map<string, Syn> {
  const out = new Map<string, Syn>();
  for (const st of namedChildren(root)) {
    if (st.type !== 'function_declaration' && st.type !== 'method_declaration') continue;
    const name = field(st, 'name');
    if (name) out.set(st.type === 'method_declaration' ? `.${text(src, name)}` : text(src, name), st);
  }
  return out;
}

/** A method is its own member: `p.M(…)` resolved to `.M` names the method itself. */
export function goMember(node: Syn, name: string, src: string): Syn | undefined {
  const n = field(node, 'name');
  return n && text(src, n) === name ? node : undefined;
}

/** Same-package files of `file`: .go files of its folder, not tests, not itself. */
export function goSiblings(files: Iterable<string>, file: string): string[] {
  const dir = path.dirname(file);
  const out: string[] = [];
  for (const f of files) if (f !== file && f.endsWith('.go') && !f.endsWith('_test.go') && path.dirname(f) === dir) out.push(f);
  return out;
}
