/**
 * Which global names must keep their spelling when globals are renamed: a
 * classic script's top-level declarations that something outside it refers to
 * — an inline handler or javascript: URL in any page, another script, or the
 * page markup. Top-level names come from acorn's parse (the parser
 * javascript-obfuscator itself uses); references are over-approximated by
 * identifier-like words, so a name is kept whenever it might be used.
 */
import { parse, type Node } from 'acorn';

interface Decl extends Node {
  type: string;
  id?: { type: string; name?: string } | null;
  declarations?: { id: Pattern }[];
}
interface Pattern {
  type: string;
  name?: string;
  properties?: { value?: Pattern; argument?: Pattern; type: string }[];
  elements?: (Pattern | null)[];
  left?: Pattern;
  argument?: Pattern;
}

function patternNames(p: Pattern | null | undefined, out: Set<string>): void {
  if (!p) return;
  if (p.type === 'Identifier' && p.name) out.add(p.name);
  else if (p.type === 'ObjectPattern') for (const prop of p.properties ?? []) patternNames(prop.type === 'RestElement' ? prop.argument : prop.value, out);
  else if (p.type === 'ArrayPattern') for (const e of p.elements ?? []) patternNames(e, out);
  else if (p.type === 'AssignmentPattern') patternNames(p.left, out);
  else if (p.type === 'RestElement') patternNames(p.argument, out);
}

/** Top-level declared names of a classic script (empty when it does not parse: the obfuscator reports that). */
export function topLevelNames(code: string): Set<string> {
  const out = new Set<string>();
  let ast: { body: Decl[] };
  try {
    ast = parse(code, { ecmaVersion: 'latest', sourceType: 'script', allowHashBang: true }) as unknown as { body: Decl[] };
  } catch {
    return out;
  }
  for (const n of ast.body) {
    if ((n.type === 'FunctionDeclaration' || n.type === 'ClassDeclaration') && n.id?.name) out.add(n.id.name);
    else if (n.type === 'VariableDeclaration') for (const d of n.declarations ?? []) patternNames(d.id, out);
  }
  return out;
}

/** For each script, the names it must keep: its top-level names used anywhere outside it. */
export function reservedPerScript(scripts: { code: string; module: boolean }[], outside: Set<string>): Set<string>[] {
  const wordSets = scripts.map((s) => new Set(s.code.match(/[A-Za-z_$][\w$]*/g) ?? []));
  const count = new Map<string, number>();
  for (const set of wordSets) for (const w of set) count.set(w, (count.get(w) ?? 0) + 1);
  return scripts.map((s, i) => {
    if (s.module) return new Set<string>();
    const keep = new Set<string>();
    for (const name of topLevelNames(s.code)) {
      const elsewhere = (count.get(name) ?? 0) - (wordSets[i]!.has(name) ? 1 : 0);
      if (elsewhere > 0 || outside.has(name)) keep.add(name);
    }
    return keep;
  });
}
