/**
 * What a JavaScript/TypeScript module imports from and exports to the other
 * modules of the project, read from the top level of its syntax tree:
 * ESM `import … from './x'` and `export …`, CommonJS `require('./x')`,
 * `module.exports = …`, `exports.f = …`. Only the shapes that name a symbol
 * statically; anything computed is left out (calls to it are not followed).
 */
import { type Syn, field, namedChildren, walk } from '../parse/syntax.ts';
import { literalString } from '../taint/fold.ts';

/** A name bound by an import: the module specifier as written and the export it names ('*' = the module itself). */
export interface ImportBinding {
  specifier: string;
  name: string;
}

const text = (src: string, n: Syn): string => src.slice(n.start, n.end);

/** The relative specifier of `require('./x')`, if `n` is such a call. */
function requireOf(n: Syn | undefined, src: string): string | undefined {
  if (!n || n.type !== 'call_expression') return undefined;
  const fn = field(n, 'function');
  if (!fn || text(src, fn) !== 'require') return undefined;
  const arg = namedChildren(field(n, 'arguments') ?? n)[0];
  return arg?.type === 'string' ? literalString(text(src, arg)) : undefined;
}

/** Local names bound by the module's imports and top-level requires. */
export function importsOf(root: Syn, src: string): Map<string, ImportBinding> {
  const out = new Map<string, ImportBinding>();
  for (const st of root.children) {
    if (st.type === 'import_statement') {
      const source = field(st, 'source');
      if (!source) continue;
      const specifier = literalString(text(src, source));
      const clause = st.children.find((c) => c.type === 'import_clause');
      for (const c of clause ? namedChildren(clause) : []) {
        if (c.type === 'identifier') out.set(text(src, c), { specifier, name: 'default' });
        else if (c.type === 'namespace_import') {
          const id = namedChildren(c)[0];
          if (id) out.set(text(src, id), { specifier, name: '*' });
        } else if (c.type === 'named_imports') {
          for (const s of namedChildren(c)) {
            const name = field(s, 'name');
            const alias = field(s, 'alias') ?? name;
            if (name && alias) out.set(text(src, alias), { specifier, name: text(src, name) });
          }
        }
      }
      continue;
    }
    if (st.type !== 'lexical_declaration' && st.type !== 'variable_declaration') continue;
    for (const d of st.children) {
      if (d.type !== 'variable_declarator') continue;
      const target = field(d, 'name');
      const value = field(d, 'value');
      if (!target || !value) continue;
      let specifier = requireOf(value, src);
      let name = '*';
      if (!specifier && value.type === 'member_expression') {
        specifier = requireOf(field(value, 'object'), src);
        const prop = field(value, 'property');
        if (prop) name = text(src, prop);
      }
      if (!specifier) continue;
      if (target.type === 'identifier') out.set(text(src, target), { specifier, name });
      else if (target.type === 'object_pattern' && name === '*') {
        for (const p of namedChildren(target)) {
          if (p.type === 'shorthand_property_identifier_pattern') out.set(text(src, p), { specifier, name: text(src, p) });
          else if (p.type === 'pair_pattern') {
            const k = field(p, 'key');
            const v = field(p, 'value');
            if (k && v?.type === 'identifier') out.set(text(src, v), { specifier, name: text(src, k) });
          }
        }
      }
    }
  }
  return out;
}

/**
 * Exported symbols by export name → the node that defines them (a function,
 * a class, an object literal). 'default' is the default export and, for
 * CommonJS, `module.exports` itself.
 */
export function exportsOf(root: Syn, src: string): Map<string, Syn> {
  const locals = new Map<string, Syn>();
  const aliases: [string, string][] = [];
  const out = new Map<string, Syn>();
  const define = (name: string, node: Syn | undefined) => {
    if (!node) return;
    if (node.type === 'identifier') aliases.push([name, text(src, node)]);
    else out.set(name, node);
  };
  for (const st of root.children) {
    const decl = st.type === 'export_statement' ? field(st, 'declaration') : st;
    const isDefault = st.type === 'export_statement' && /^export\s+default\b/.test(text(src, st));
    if (decl) {
      const name = field(decl, 'name');
      if (/function_declaration|class_declaration|^class$/.test(decl.type) && name) {
        locals.set(text(src, name), decl);
        if (st.type === 'export_statement') out.set(text(src, name), decl);
        if (isDefault) out.set('default', decl);
      } else if (decl.type === 'lexical_declaration' || decl.type === 'variable_declaration') {
        for (const d of decl.children) {
          const n = d.type === 'variable_declarator' ? field(d, 'name') : undefined;
          const v = field(d, 'value');
          if (n?.type !== 'identifier' || !v) continue;
          locals.set(text(src, n), v);
          if (st.type === 'export_statement') define(text(src, n), v);
        }
      }
    }
    if (st.type === 'export_statement') {
      const clause = st.children.find((c) => c.type === 'export_clause');
      for (const s of clause && !field(st, 'source') ? namedChildren(clause) : []) {
        const name = field(s, 'name');
        const alias = field(s, 'alias') ?? name;
        if (name && alias) aliases.push([text(src, alias), text(src, name)]);
      }
      const value = field(st, 'value');
      if (isDefault && value) define('default', value);
      continue;
    }
    if (st.type !== 'expression_statement') continue;
    const asg = namedChildren(st)[0];
    if (asg?.type !== 'assignment_expression') continue;
    const left = field(asg, 'left');
    const right = field(asg, 'right');
    if (!left || !right) continue;
    const l = text(src, left).replace(/\s+/g, '');
    if (l === 'module.exports') {
      define('default', right);
      if (right.type === 'object') for (const [k, v] of objectMembers(right, src)) define(k, v);
    } else {
      const m = /^(?:module\.)?exports\.([A-Za-z_$][\w$]*)$/.exec(l);
      if (m) define(m[1]!, right);
    }
  }
  for (const [name, local] of aliases) {
    const node = locals.get(local);
    if (node && !out.has(name)) out.set(name, node);
  }
  return out;
}

/** Members of an object literal: `{ a, b: c, d() {} }` (shorthand members name a local, returned as the identifier). */
function objectMembers(obj: Syn, src: string): [string, Syn][] {
  const out: [string, Syn][] = [];
  for (const p of namedChildren(obj)) {
    if (p.type === 'shorthand_property_identifier') out.push([text(src, p), { ...p, type: 'identifier' }]);
    else if (p.type === 'pair') {
      const k = field(p, 'key');
      const v = field(p, 'value');
      if (k && v) out.push([text(src, k).replace(/^['"]|['"]$/g, ''), v]);
    } else if (p.type === 'method_definition') {
      const k = field(p, 'name');
      if (k) out.push([text(src, k), p]);
    }
  }
  return out;
}

/**
 * Member `name` of an exported symbol: a method of a class, a function a
 * constructor function assigns to `this.name`, or a member of an object literal.
 */
export function memberOf(node: Syn, name: string, src: string): Syn | undefined {
  if (/class/.test(node.type)) {
    const body = field(node, 'body');
    for (const m of body ? namedChildren(body) : []) {
      const k = field(m, 'name');
      if (m.type === 'method_definition' && k && text(src, k) === name) return m;
    }
    return undefined;
  }
  if (node.type === 'object') {
    const m = objectMembers(node, src).find(([k]) => k === name);
    return m?.[1];
  }
  const body = field(node, 'body');
  if (!body || !/function/.test(node.type)) return undefined;
  let seen = 0;
  for (const n of walk(body)) {
    if (++seen > 20_000) break;
    if (n.type !== 'assignment_expression') continue;
    const left = field(n, 'left');
    const right = field(n, 'right');
    if (left && right && text(src, left).replace(/\s+/g, '') === `this.${name}`) return right;
  }
  return undefined;
}
