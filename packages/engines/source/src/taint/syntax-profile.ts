/**
 * How each grammar spells the few constructs the interpreter understands:
 * calls, assignments, functions, members, subscripts, literals, branches.
 * One table of node types per language family plus small accessors; anything
 * not listed is walked generically (its children are evaluated and joined).
 */
import { type LanguageId, type Syn, field, namedChildren } from '../parse/syntax.ts';

export type LangGroup = 'java' | 'js' | 'python' | 'go' | 'c' | 'php' | 'swift' | 'csharp';

export function groupOf(lang: LanguageId): LangGroup {
  switch (lang) {
    case 'java': case 'kotlin': return 'java';
    case 'javascript': case 'typescript': case 'tsx': return 'js';
    case 'python': return 'python';
    case 'go': return 'go';
    case 'c': case 'cpp': case 'objc': return 'c';
    case 'php': return 'php';
    case 'swift': return 'swift';
    case 'csharp': return 'csharp';
  }
}

export interface CallSite {
  node: Syn;
  /** Method or function name (last segment). */
  name: string;
  /** Callee as written, e.g. "request.getParameter", "java.net.URLDecoder.decode", "new java.io.File". */
  callee: string;
  receiver?: Syn;
  args: Syn[];
  isNew: boolean;
}

export interface FunctionDef {
  node: Syn;
  name: string;
  params: string[];
  body?: Syn;
}

const IDENT = new Set(['identifier', 'variable_name', 'simple_identifier', 'shorthand_property_identifier_pattern', 'shorthand_property_identifier', 'this', 'self', 'field_identifier', 'property_identifier', 'name']);
const MEMBER = new Set(['field_access', 'member_expression', 'attribute', 'selector_expression', 'field_expression', 'member_access_expression', 'navigation_expression', 'scoped_property_access_expression', 'class_constant_access_expression', 'conditional_access_expression']);
const SUBSCRIPT = new Set(['array_access', 'subscript_expression', 'subscript', 'index_expression', 'element_reference', 'element_access_expression']);
const STRINGS = /^(string|string_literal|template_string|interpreted_string_literal|raw_string_literal|encapsed_string|concatenated_string|line_string_literal|multi_line_string_literal|heredoc|nowdoc|character_literal|char_literal|string_value|verbatim_string_literal|interpolated_string_expression)$/;
const STRING_PARTS = new Set(['string_fragment', 'escape_sequence', 'string_content', 'string_start', 'string_end', 'quoted_content', 'string_value', 'raw_string_content', 'heredoc_start', 'heredoc_end', 'heredoc_body', 'nowdoc_body', 'text_interpolation', 'interpolated_string_text', 'interpolated_verbatim_string_text']);
const NUMBERS = /^(decimal_integer_literal|hex_integer_literal|integer_literal|number|integer|int_literal|float|float_literal|decimal_floating_point_literal|number_literal|real_literal)$/;
const FUNCTIONS = new Set(['method_declaration', 'constructor_declaration', 'function_declaration', 'function_definition', 'method_definition', 'function_expression', 'function', 'arrow_function', 'generator_function_declaration', 'generator_function', 'func_literal', 'lambda_expression', 'lambda', 'anonymous_function_creation_expression', 'anonymous_function', 'lambda_literal', 'closure_expression', 'local_function_statement', 'anonymous_method_expression']);
const ARRAYS = new Set(['array_initializer', 'array', 'list', 'tuple', 'array_creation_expression', 'literal_value', 'collection_literal', 'array_literal', 'initializer_list', 'implicit_array_creation_expression']);
const OBJECTS = new Set(['object', 'dictionary']);

export const isIdent = (n: Syn): boolean => IDENT.has(n.type);
export const isMember = (n: Syn): boolean => MEMBER.has(n.type);
export const isSubscript = (n: Syn): boolean => SUBSCRIPT.has(n.type);
export const isString = (n: Syn): boolean => STRINGS.test(n.type);
export const isStringPart = (n: Syn): boolean => STRING_PARTS.has(n.type);
export const isNumber = (n: Syn): boolean => NUMBERS.test(n.type);
export const isFunction = (n: Syn): boolean => FUNCTIONS.has(n.type);
export const isArrayLiteral = (n: Syn): boolean => ARRAYS.has(n.type);
export const isObjectLiteral = (n: Syn): boolean => OBJECTS.has(n.type);

/** Wrapper nodes around one argument (argument, value_argument, keyword_argument …) → the expression. */
export function unwrapArg(n: Syn): Syn {
  if (n.type === 'argument' || n.type === 'value_argument' || n.type === 'keyword_argument' || n.type === 'spread_element' || n.type === 'parenthesized_expression') {
    const v = field(n, 'value') ?? namedChildren(n).at(-1);
    return v ?? n;
  }
  return n;
}

/** The name of a keyword argument (Python `secure=True`, Kotlin `name = x`), from the unwrapped argument expression. */
export function keywordOf(arg: Syn | undefined, src: string): string | undefined {
  const p = arg?.parent;
  // PHP 8 named arguments: argument(name: 'secure', value).
  if (p?.type === 'argument' && namedChildren(p).length === 2 && namedChildren(p)[0]!.type === 'name' && namedChildren(p)[0] !== arg) return src.slice(namedChildren(p)[0]!.start, namedChildren(p)[0]!.end);
  if (!p || (p.type !== 'keyword_argument' && p.type !== 'value_argument')) return undefined;
  const name = field(p, 'name') ?? (p.type === 'value_argument' ? p.children.find((c) => c.type === 'simple_identifier' && c !== arg) : undefined);
  return name && name !== arg ? src.slice(name.start, name.end) : undefined;
}

function argsOf(container: Syn | undefined): Syn[] {
  if (!container) return [];
  // Kotlin/Swift: call_suffix → value_arguments → value_argument
  if (container.type === 'call_suffix') return argsOf(container.children.find((c) => c.type === 'value_arguments'));
  return namedChildren(container).filter((c) => !c.type.endsWith('comment') && c.type !== 'annotated_lambda').map(unwrapArg);
}

/** The call at `n`, if it is one. */
export function callAt(n: Syn, src: string): CallSite | undefined {
  const t = (x: Syn): string => src.slice(x.start, x.end);
  switch (n.type) {
    case 'method_invocation': {
      const name = field(n, 'name');
      const obj = field(n, 'object');
      if (!name) return undefined;
      return { node: n, name: t(name), callee: obj ? `${t(obj)}.${t(name)}` : t(name), ...(obj ? { receiver: obj } : {}), args: argsOf(field(n, 'arguments')), isNew: false };
    }
    case 'object_creation_expression': {
      const type = field(n, 'type') ?? n.children.find((c) => c.type === 'name' || c.type === 'qualified_name');
      if (!type) return undefined;
      const full = t(type).replace(/<.*$/s, '');
      const args = field(n, 'arguments') ?? n.children.find((c) => c.type === 'arguments');
      return { node: n, name: full.split(/[.\\]/).at(-1)!, callee: `new ${full}`, args: argsOf(args), isNew: true };
    }
    case 'new_expression': {
      const ctor = field(n, 'constructor');
      if (!ctor) return undefined;
      return { node: n, name: t(ctor).split('.').at(-1)!, callee: `new ${t(ctor)}`, args: argsOf(field(n, 'arguments')), isNew: true };
    }
    case 'call_expression':
    case 'call': {
      let fn = field(n, 'function');
      let argNode = field(n, 'arguments');
      if (!fn) {
        // Kotlin / Swift: [callee, call_suffix]
        fn = n.children.find((c) => c.named && c.type !== 'call_suffix');
        argNode = n.children.find((c) => c.type === 'call_suffix');
      }
      if (!fn) return undefined;
      const m = memberParts(fn, src);
      if (m) return { node: n, name: m.prop, callee: t(fn), receiver: m.object, args: argsOf(argNode), isNew: false };
      const text = t(fn);
      return { node: n, name: text.split(/::|\./).at(-1)!, callee: text, args: argsOf(argNode), isNew: false };
    }
    case 'invocation_expression': {
      // C#: function is a name, a generic name (Query<User>) or a member access; type arguments are not part of the name.
      const fn = field(n, 'function');
      if (!fn) return undefined;
      const args = argsOf(field(n, 'arguments'));
      const m = memberParts(fn, src);
      if (m) return { node: n, name: m.prop.replace(/<.*$/s, ''), callee: t(fn).replace(/<[^<>()]*>$/, ''), receiver: m.object, args, isNew: false };
      const text = t(fn).replace(/<.*$/s, '');
      return { node: n, name: text.split('.').at(-1)!, callee: text, args, isNew: false };
    }
    case 'function_call_expression': {
      const fn = field(n, 'function');
      if (!fn) return undefined;
      return { node: n, name: t(fn).replace(/^\\/, ''), callee: t(fn).replace(/^\\/, ''), args: argsOf(field(n, 'arguments')), isNew: false };
    }
    case 'member_call_expression':
    case 'nullsafe_member_call_expression':
    case 'scoped_call_expression': {
      const name = field(n, 'name');
      const obj = field(n, 'object') ?? field(n, 'scope');
      if (!name || !obj) return undefined;
      return { node: n, name: t(name), callee: `${t(obj)}->${t(name)}`, receiver: obj, args: argsOf(field(n, 'arguments')), isNew: false };
    }
    case 'expression_statement': {
      // PHP `<?= expr ?>` is `<?php echo expr ?>`.
      const i = n.parent ? n.parent.children.indexOf(n) : -1;
      const prev = i > 0 ? n.parent!.children[i - 1] : undefined;
      if (prev?.type !== 'php_tag' || t(prev) !== '<?=') return undefined;
      return { node: n, name: 'echo', callee: 'echo', args: namedChildren(n), isNew: false };
    }
    case 'echo_statement':
    case 'print_intrinsic':
      return { node: n, name: 'echo', callee: 'echo', args: namedChildren(n).flatMap((c) => (c.type === 'sequence_expression' ? namedChildren(c) : [c])), isNew: false };
    case 'include_expression':
    case 'include_once_expression':
    case 'require_expression':
    case 'require_once_expression':
      return { node: n, name: 'include', callee: 'include', args: namedChildren(n), isNew: false };
    case 'message_expression': {
      const recv = field(n, 'receiver');
      const sel = n.children.filter((c) => c.field === 'method' || c.field === 'selector' || (c.type === 'identifier' && c !== recv));
      const name = sel.map((s) => t(s)).join(':');
      return { node: n, name: name || 'message', callee: `${recv ? t(recv) : ''} ${name}`, ...(recv ? { receiver: recv } : {}), args: namedChildren(n).filter((c) => c !== recv && !sel.includes(c)).map(unwrapArg), isNew: false };
    }
    default:
      return undefined;
  }
}

/** object.prop of a member access node. */
export function memberParts(n: Syn, src: string): { object: Syn; prop: string } | undefined {
  if (!MEMBER.has(n.type)) return undefined;
  const obj = field(n, 'object') ?? field(n, 'operand') ?? field(n, 'argument') ?? field(n, 'target') ?? field(n, 'scope') ?? namedChildren(n)[0];
  const prop = field(n, 'property') ?? field(n, 'field') ?? field(n, 'attribute') ?? field(n, 'name') ?? field(n, 'suffix') ?? namedChildren(n).at(-1);
  if (!obj || !prop || obj === prop) return undefined;
  return { object: obj, prop: src.slice(prop.start, prop.end).replace(/^[.?]+/, '').replace(/^\$/, '') };
}

export interface Assignment {
  target: Syn;
  value?: Syn;
  compound: boolean;
}

/** Declarations and assignments at `n` (several for `int a = 1, b = x;`). */
export function assignmentsAt(n: Syn): Assignment[] | undefined {
  switch (n.type) {
    case 'local_variable_declaration':
    case 'field_declaration':
    case 'lexical_declaration':
    case 'variable_declaration':
      if (n.children.some((c) => c.type === 'variable_declarator')) return n.children.filter((c) => c.type === 'variable_declarator').flatMap((d) => assignmentsAt(d) ?? []);
      return undefined;
    case 'variable_declarator': {
      const name = field(n, 'name') ?? namedChildren(n)[0];
      // C#: the initializer is wrapped in an equals_value_clause.
      const eq = n.children.find((c) => c.type === 'equals_value_clause');
      const value = field(n, 'value') ?? (eq ? namedChildren(eq)[0] : undefined);
      return name ? [{ target: name, ...(value ? { value } : {}), compound: false }] : [];
    }
    // Python `with open(p) as f:` / `with conn.cursor() as c:`: the target holds what the expression made.
    case 'as_pattern': {
      const [value, target] = namedChildren(n);
      const t = target?.type === 'as_pattern_target' ? namedChildren(target)[0] : target;
      return t && value && n.parent?.type === 'with_item' ? [{ target: t, value, compound: false }] : undefined;
    }
    case 'init_declarator': {
      const d = field(n, 'declarator');
      const value = field(n, 'value');
      return d ? [{ target: d, ...(value ? { value } : {}), compound: false }] : [];
    }
    case 'assignment_expression':
    case 'assignment':
    case 'augmented_assignment_expression':
    case 'augmented_assignment':
    case 'assignment_statement':
    case 'short_var_declaration':
    case 'reference_assignment_expression': {
      const left = field(n, 'left') ?? namedChildren(n)[0];
      const right = field(n, 'right') ?? namedChildren(n).at(-1);
      if (!left) return [];
      // C# spells the operator as a named assignment_operator node.
      const opNode = n.children.find((c) => (!c.named && /=$/.test(c.type)) || c.type === 'assignment_operator');
      const op = opNode?.type === 'assignment_operator' ? (opNode.children[0]?.type ?? '=') : opNode?.type;
      const compound = n.type.startsWith('augmented') || (op !== undefined && op !== '=' && op !== ':=');
      if (left.type === 'expression_list' && right?.type === 'expression_list') {
        const ls = namedChildren(left);
        const rs = namedChildren(right);
        return ls.map((l, i) => ({ target: l, ...(rs.length === ls.length ? { value: rs[i]! } : right ? { value: right } : {}), compound }));
      }
      return [{ target: left, ...(right && right !== left ? { value: right } : {}), compound }];
    }
    case 'var_spec':
    case 'const_spec': {
      const names = n.children.filter((c) => c.field === 'name');
      const value = field(n, 'value');
      const vals = value ? (value.type === 'expression_list' ? namedChildren(value) : [value]) : [];
      return names.map((nm, i) => ({ target: nm, ...(vals[i] ? { value: vals[i] } : {}), compound: false }));
    }
    case 'property_declaration': {
      // Kotlin: variable_declaration + expression; Swift: name: pattern, value
      const target = field(n, 'name') ?? n.children.find((c) => c.type === 'variable_declaration' || c.type === 'pattern');
      const value = field(n, 'value') ?? namedChildren(n).filter((c) => c !== target && c.type !== 'modifiers' && c.type !== 'binding_pattern_kind' && c.type !== 'type_annotation').at(-1);
      return target ? [{ target, ...(value && value !== target ? { value } : {}), compound: false }] : [];
    }
    default:
      return undefined;
  }
}

/** The function defined at `n`. */
export function functionAt(n: Syn, src: string): FunctionDef | undefined {
  if (!FUNCTIONS.has(n.type)) return undefined;
  let nameNode = field(n, 'name');
  let params = field(n, 'parameters') ?? field(n, 'parameter');
  const decl = field(n, 'declarator');
  if (decl) {
    // C/C++: function_declarator(declarator: name, parameters), possibly under pointer_declarator
    let d: Syn | undefined = decl;
    for (let i = 0; d && d.type !== 'function_declarator' && i < 4; i++) d = field(d, 'declarator');
    if (d) {
      nameNode = field(d, 'declarator');
      params = field(d, 'parameters');
    }
  }
  if (!nameNode) nameNode = n.children.find((c) => c.type === 'simple_identifier') ?? boundName(n);
  if (!params) params = n.children.find((c) => c.type === 'function_value_parameters' || c.type === 'lambda_parameters' || c.type === 'formal_parameters');
  let body = field(n, 'body') ?? n.children.find((c) => c.type === 'function_body' || c.type === 'block' || c.type === 'statements' || c.type === 'compound_statement');
  // C# expression-bodied members (`=> expr`): the expression is the body, its value the return value.
  if (body?.type === 'arrow_expression_clause') body = namedChildren(body)[0] ?? body;
  const names: string[] = [];
  if (params) {
    const list = params.type === 'identifier' ? [params] : namedChildren(params);
    for (const p of list) {
      const nm = p.type === 'identifier' || p.type === 'variable_name' ? p : (field(p, 'name') ?? field(p, 'pattern') ?? firstIdent(p));
      if (nm) names.push(src.slice(nm.start, nm.end));
    }
  }
  // Swift puts each parameter directly under the declaration.
  for (const p of n.children.filter((c) => c.type === 'parameter')) {
    const nm = field(p, 'name') ?? firstIdent(p);
    if (nm) names.push(src.slice(nm.start, nm.end));
  }
  return { node: n, name: nameNode ? src.slice(nameNode.start, nameNode.end).replace(/^.*::/, '') : '', params: names, ...(body ? { body } : {}) };
}

const JS_FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'function', 'generator_function']);

/**
 * The name a JavaScript function value is bound to, so calls by that name are
 * followed: `const f = () => …`, `this.f = function …`, `exports.f = …`,
 * `{ f: (x) => … }`. Undefined for other functions.
 */
function boundName(n: Syn): Syn | undefined {
  const p = n.parent;
  if (!p || !JS_FUNCTION_VALUES.has(n.type)) return undefined;
  let target: Syn | undefined;
  if (p.type === 'variable_declarator' && n.field === 'value') target = field(p, 'name');
  else if (p.type === 'assignment_expression' && n.field === 'right') target = field(p, 'left');
  else if (p.type === 'pair' && n.field === 'value') target = field(p, 'key');
  if (!target) return undefined;
  if (target.type === 'identifier' || target.type === 'property_identifier') return target;
  if (target.type === 'member_expression') {
    const prop = field(target, 'property');
    return prop?.type === 'property_identifier' ? prop : undefined;
  }
  return undefined;
}

export function firstIdent(n: Syn, depth = 0): Syn | undefined {
  if (IDENT.has(n.type)) return n;
  if (depth > 4) return undefined;
  for (const c of n.children) {
    const f = firstIdent(c, depth + 1);
    if (f) return f;
  }
  return undefined;
}

/** Identifiers bound by a declaration target (a name, a destructuring pattern, a Kotlin variable_declaration). */
export function boundNames(target: Syn, src: string, out: string[] = [], depth = 0): string[] {
  if (depth > 6) return out;
  if (IDENT.has(target.type) || MEMBER.has(target.type)) {
    out.push(src.slice(target.start, target.end));
    return out;
  }
  if (target.type === 'pointer_declarator' || target.type === 'array_declarator' || target.type === 'reference_declarator') {
    const d = field(target, 'declarator') ?? firstIdent(target);
    if (d) boundNames(d, src, out, depth + 1);
    return out;
  }
  for (const c of namedChildren(target)) {
    if (c.type.includes('type') && c.type !== 'type_identifier') continue;
    boundNames(c, src, out, depth + 1);
  }
  return out;
}
