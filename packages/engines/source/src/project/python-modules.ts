/**
 * What a Python module imports from and defines for the other modules of the project, read
 * from the top level of its syntax tree: `import a.b [as c]`, `from a.b import f [as g]`,
 * `from . import m`, `from .m import f`; definitions are the top-level functions and classes
 * (with their methods). Module names resolve like Python's path search within the project:
 * relative imports from the importing file's package, absolute ones from the importing
 * file's folder and each folder above it (the usual ways a project is run), as `x/y.py` or
 * `x/y/__init__.py`. Anything computed (importlib, __import__) is left out.
 */
import path from 'node:path/posix';
import { type Syn, field, namedChildren } from '../parse/syntax.ts';
import type { ImportBinding } from './module-syntax.ts';

const text = (src: string, n: Syn): string => src.slice(n.start, n.end);

/** Local names bound by the module's top-level imports. Specifiers keep Python's dots ('.m', '..pkg.m', 'a.b'). */
export function pythonImports(root: Syn, src: string): Map<string, ImportBinding> {
  const out = new Map<string, ImportBinding>();
  for (const st of root.children) {
    if (st.type === 'import_statement') {
      for (const c of namedChildren(st)) {
        if (c.type === 'dotted_name') {
          // import a.b binds a (the package); calls a.b.f() are not followed, import a is the common case.
          const full = text(src, c);
          out.set(full.split('.')[0]!, { specifier: full.split('.')[0]!, name: '*' });
        } else if (c.type === 'aliased_import') {
          const name = field(c, 'name');
          const alias = field(c, 'alias');
          if (name && alias) out.set(text(src, alias), { specifier: text(src, name), name: '*' });
        }
      }
    } else if (st.type === 'import_from_statement') {
      const mod = field(st, 'module_name');
      if (!mod) continue;
      const specifier = text(src, mod);
      for (const c of st.children) {
        if (c === mod || c.field !== 'name') continue;
        if (c.type === 'dotted_name') {
          const n = text(src, c);
          // from pkg import mod: a submodule or a name of pkg; the resolver tries both.
          out.set(n, { specifier, name: n });
        } else if (c.type === 'aliased_import') {
          const name = field(c, 'name');
          const alias = field(c, 'alias');
          if (name && alias) out.set(text(src, alias), { specifier, name: text(src, name) });
        }
      }
    }
  }
  return out;
}

/** Top-level functions and classes by name (decorated ones too). */
export function pythonDefinitions(root: Syn, src: string): Map<string, Syn> {
  const out = new Map<string, Syn>();
  for (const st of root.children) {
    const def = st.type === 'decorated_definition' ? field(st, 'definition') : st;
    if (!def || (def.type !== 'function_definition' && def.type !== 'class_definition')) continue;
    const name = field(def, 'name');
    if (name) out.set(text(src, name), def);
  }
  return out;
}

/** A method of a Python class node. */
export function pythonMember(node: Syn, name: string, src: string): Syn | undefined {
  if (node.type !== 'class_definition') return undefined;
  const body = field(node, 'body');
  for (const st of body ? namedChildren(body) : []) {
    const def = st.type === 'decorated_definition' ? field(st, 'definition') : st;
    const n = def?.type === 'function_definition' ? field(def, 'name') : undefined;
    if (n && text(src, n) === name) return def;
  }
  return undefined;
}

/** The project file a module name names from `from`: relative to its package, else from its folder upwards. */
export function resolvePython(from: string, specifier: string, has: (file: string) => boolean): string | undefined {
  const dots = /^\.*/.exec(specifier)![0].length;
  const rest = specifier.slice(dots).split('.').filter(Boolean).join('/');
  const candidates = (dir: string) => (rest ? [`${dir}/${rest}.py`, `${dir}/${rest}/__init__.py`] : [`${dir}/__init__.py`]).map((c) => path.normalize(c).replace(/^\.\//, ''));
  let dir = path.dirname(from);
  if (dots > 0) {
    for (let i = 1; i < dots; i++) dir = path.dirname(dir);
    return candidates(dir).find(has);
  }
  for (let i = 0; i < 12; i++) {
    const hit = candidates(dir).find(has);
    if (hit) return hit;
    if (dir === '.' || dir === '/' || dir === '') break;
    dir = path.dirname(dir);
  }
  return undefined;
}
