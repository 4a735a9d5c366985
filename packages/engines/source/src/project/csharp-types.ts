/**
 * C# across files: a controller calls a method of a service or repository declared in another file of the project
 * (`private readonly IUserRepository _repo; … _repo.Find(id)`, `new UserRepository().Find(id)`, `UserStore.Find(id)`).
 * The receiver's declared type is read from the calling file (field, property, parameter or local declaration);
 * an interface resolves to the one class of the project that implements it (two implementations: not followed).
 * Classes are indexed from the files' text (`class Name … : Bases`), so files are parsed only when a tainted call
 * reaches them; a method is `Class.Method` in its file's exports.
 */
import { type Syn, field, namedChildren } from '../parse/syntax.ts';

const text = (src: string, n: Syn): string => src.slice(n.start, n.end);
const CLASS = /\b(?:class|record|struct)\s+([A-Z]\w*)(?:\s*<[^>{]*>)?(?:\s*\([^)]*\))?\s*(?::\s*([^{]+))?\{/g;

export interface ClassIndex {
  /** Class name → files declaring it. */
  classes: Map<string, string[]>;
  /** Interface or base name → classes listing it as a base. */
  implementers: Map<string, string[]>;
}

export function indexClasses(files: Iterable<[string, string]>): ClassIndex {
  const classes = new Map<string, string[]>();
  const implementers = new Map<string, string[]>();
  for (const [file, src] of files) {
    for (const m of src.matchAll(CLASS)) {
      const name = m[1]!;
      classes.set(name, [...(classes.get(name) ?? []), file]);
      for (const base of (m[2] ?? '').split(',').map((b) => b.trim().replace(/<.*$/s, '').replace(/^.*\./, '')).filter(Boolean)) {
        implementers.set(base, [...(implementers.get(base) ?? []), name]);
      }
    }
  }
  return { classes, implementers };
}

/** The declared type of `name` in a C# file (field, property, parameter, local), without generics or namespace. */
export function declaredType(src: string, name: string): string | undefined {
  const id = name.replace(/^this\./, '');
  if (!/^[A-Za-z_]\w*$/.test(id)) return undefined;
  const m = new RegExp(`\\b([A-Z][\\w.]*)(?:<[^>;=()]*>)?\\??\\s+${id}\\s*(?:[;=,){]|$)`, 'm').exec(src);
  return m?.[1]?.replace(/^.*\./, '');
}

/** The class a type names: itself when declared in the project, else the single implementation of the interface. */
export function classFor(index: ClassIndex, type: string): { cls: string; file: string } | undefined {
  const own = index.classes.get(type);
  if (own?.length === 1) return { cls: type, file: own[0]! };
  const impl = index.implementers.get(type);
  if (impl?.length === 1) {
    const files = index.classes.get(impl[0]!);
    if (files?.length === 1) return { cls: impl[0]!, file: files[0]! };
  }
  return undefined;
}

/** Methods of a parsed C# file as `Class.Method` (overloads: the first). */
export function csharpMethods(root: Syn, src: string): Map<string, Syn> {
  const out = new Map<string, Syn>();
  const stack: Syn[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (/^(class|record|struct)_declaration$/.test(n.type)) {
      const cname = field(n, 'name');
      const body = field(n, 'body') ?? namedChildren(n).find((c) => c.type === 'declaration_list');
      for (const m of body ? namedChildren(body) : []) {
        if (m.type !== 'method_declaration') continue;
        const mname = field(m, 'name');
        const key = `${cname ? text(src, cname) : ''}.${mname ? text(src, mname) : ''}`;
        if (!out.has(key)) out.set(key, m);
      }
    }
    for (const c of namedChildren(n)) if (/declaration|declaration_list|compilation_unit/.test(c.type)) stack.push(c);
  }
  return out;
}
