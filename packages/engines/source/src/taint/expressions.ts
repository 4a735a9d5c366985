/**
 * Expressions of the taint interpreter: what value (taint, constant, list or
 * map slots) each kind of expression yields — literals, names and members
 * (with the specs' source variables and members), operators folded when
 * constant, conditionals, array and object literals, and calls (calls.ts).
 */
import { type Syn, field, namedChildren } from '../parse/syntax.ts';
import { evCall } from './calls.ts';
import { macroValue } from './c-family.ts';
import { typeConstant, withInitializer } from './csharp.ts';
import { foldBinary, foldUnary, literalString } from './fold.ts';
import { type Frame, newFrame } from './frame.ts';
import { assign } from './statements.ts';
import { elementOf } from './containers.ts';
import { assignmentsAt, callAt, functionAt, isArrayLiteral, isFunction, isIdent, isMember, isNumber, isObjectLiteral, isString, isStringPart, isSubscript, memberParts } from './syntax-profile.ts';
import { type Value, UNKNOWN, derive, join, konst, quotedSql, sanitize, sourceValue } from './value.ts';
import type { Walker } from './walker.ts';

export function evaluate(w: Walker, n: Syn, f: Frame): Value {
  w.tick();
  const t = n.type;
  if (isIdent(n)) return lookup(w, w.text(n), n, f);
  if (isString(n)) return evString(w, n, f);
  if (isNumber(n)) {
    const num = Number(w.text(n).replace(/[_lLfFdD]+$/g, '').replace(/_/g, ''));
    return Number.isFinite(num) ? konst(num) : UNKNOWN;
  }
  if (t === 'true' || t === 'false' || t === 'boolean_literal' || t === 'boolean') {
    const s = w.text(n).toLowerCase();
    return s === 'true' ? konst(true) : s === 'false' ? konst(false) : UNKNOWN;
  }
  if (t === 'null_literal' || t === 'null' || t === 'none' || t === 'nil' || t === 'undefined') return UNKNOWN;
  if (isFunction(n)) {
    const def = functionAt(n, w.src);
    if (def?.body && !w.analysed.has(n)) w.callFunction(def, [], newFrame(new Map(f.env), f.depth), undefined);
    return UNKNOWN;
  }
  const call = callAt(n, w.src);
  if (call) {
    const made = evCall(w, call, f);
    return w.group === 'csharp' && t === 'object_creation_expression' ? withInitializer(w, call, made, field(n, 'initializer'), f) : made;
  }
  const asg = assignmentsAt(n);
  if (asg && asg.length > 0) {
    let last: Value = UNKNOWN;
    for (const a of asg) last = assign(w, a.target, a.value, a.compound, f, n);
    return last;
  }
  if (isMember(n)) return w.group === 'csharp' ? typeConstant(w, n, evMember(w, n, f), f) : evMember(w, n, f);
  // Go l[a:b] / Python l[a:b] with constant bounds on a known list or string.
  const sliced = sliceOf(w, n, f);
  if (sliced) return sliced;
  if (isSubscript(n)) {
    // An element a guard narrowed (`if (is_numeric($octet[0]))`, `if (list.Contains(Request.Query["p"]))`).
    const narrowed = f.env.get(w.text(n));
    if (narrowed) return narrowed;
    const obj = field(n, 'object') ?? field(n, 'array') ?? field(n, 'value') ?? field(n, 'operand') ?? namedChildren(n)[0];
    const idx = subscriptIndex(n);
    const ov = obj ? w.ev(obj, f) : UNKNOWN;
    const iv = idx ? w.ev(idx, f) : UNKNOWN;
    if (ov.items && typeof iv.konst === 'number') return ov.items[iv.konst] ?? derive([ov]);
    // "ABC"[1] (PHP, Python, JS): one character of a constant string.
    if (typeof ov.konst === 'string' && typeof iv.konst === 'number' && iv.konst >= 0 && iv.konst < ov.konst.length) return konst(ov.konst[iv.konst]!);
    if (ov.entries && iv.konst !== undefined) return ov.entries.get(String(iv.konst)) ?? derive([ov]);
    // An entry the attacker picks (`map[key]` with a tainted key) is as tainted as `map.get(key)`; an unknown slot of a
    // container with known slots may be any of them.
    return ov.items || ov.entries ? derive([elementOf(ov), ov, iv]) : derive([ov, iv]);
  }
  if (/^(binary_expression|binary_operator|boolean_operator|comparison_operator|additive_expression|multiplicative_expression|comparison_expression|equality_expression|conjunction_expression|disjunction_expression|infix_expression)$/.test(t)) {
    const kids = namedChildren(n);
    const l = field(n, 'left') ?? kids[0];
    const r = field(n, 'right') ?? kids[1];
    const opNode = field(n, 'operator') ?? n.children.find((c) => !c.named && c !== l && c !== r);
    const lv = l ? w.ev(l, f) : UNKNOWN;
    let rv = r ? w.ev(r, f) : UNKNOWN;
    // "… = '" . escaped: the escaped value sits inside SQL quotes.
    if (typeof lv.konst === 'string' && /['"]$/.test(lv.konst)) rv = quotedSql(rv);
    const k = opNode ? foldBinary(w.text(opNode), lv.konst, rv.konst) : undefined;
    const d = derive([lv, rv]);
    // Comparisons yield booleans: no attacker data flows through them.
    if (opNode && /^(==|!=|===|!==|<|>|<=|>=|instanceof|in|not in|is|is not)$/.test(w.text(opNode))) return k !== undefined ? konst(k) : UNKNOWN;
    return k !== undefined ? { ...d, konst: k } : d;
  }
  if (t === 'unary_expression' || t === 'not_operator' || t === 'prefix_expression') {
    const arg = field(n, 'argument') ?? field(n, 'operand') ?? namedChildren(n)[0];
    const op = n.children.find((c) => !c.named);
    const v = arg ? w.ev(arg, f) : UNKNOWN;
    // Go: &T{…} and *p are the object itself (its fields stay known).
    if (w.group === 'go' && op && (w.text(op) === '&' || w.text(op) === '*')) return v;
    const k = foldUnary(op ? w.text(op) : t === 'not_operator' ? 'not' : '', v.konst);
    return k !== undefined ? konst(k) : derive([v]);
  }
  if (t === 'ternary_expression' || t === 'conditional_expression') {
    const kids = namedChildren(n);
    const cond = field(n, 'condition') ?? (w.group === 'python' ? kids[1] : kids[0]);
    const a = field(n, 'consequence') ?? field(n, 'body') ?? (w.group === 'python' ? kids[0] : kids[1]);
    const b = field(n, 'alternative') ?? kids[2];
    const c = cond ? w.ev(cond, f).konst : undefined;
    if (c === true && a) return w.ev(a, f);
    if (c === false && b) return w.ev(b, f);
    return join(a ? w.ev(a, f) : UNKNOWN, b ? w.ev(b, f) : UNKNOWN);
  }
  // Go: T{…} is its literal value.
  if (t === 'composite_literal') {
    const body = field(n, 'body');
    return body ? w.ev(body, f) : UNKNOWN;
  }
  if (isArrayLiteral(n)) {
    const init = n.type === 'array_creation_expression' ? (field(n, 'value') ?? (w.group === 'php' ? n : undefined)) : n;
    if (!init) return UNKNOWN;
    const elems = namedChildren(init).filter((c) => !c.type.endsWith('comment'));
    // PHP array('k' => v, …): keyed elements are entries (a list without keys stays items).
    if (w.group === 'php' && elems.some((e) => e.type === 'array_element_initializer' && namedChildren(e).length === 2)) {
      const entries = new Map<string, Value>();
      let i = 0;
      for (const e of elems) {
        const kids = namedChildren(e);
        const key = kids.length === 2 ? w.ev(kids[0]!, f).konst : i++;
        const v = w.ev(kids.at(-1)!, f);
        if (key !== undefined) entries.set(String(key), v);
      }
      const t = derive([...entries.values()]).taint;
      return { entries, ...(t ? { taint: t } : {}) };
    }
    // Go struct and map literals ({Name: "sid", Secure: true}): keyed elements are entries.
    if (t === 'literal_value' && elems.length > 0 && elems.every((e) => e.type === 'keyed_element')) {
      const entries = new Map<string, Value>();
      for (const e of elems) {
        const [k, v] = namedChildren(e);
        const key = k ? (namedChildren(k)[0] ?? k) : undefined;
        if (key && v) entries.set(isString(key) ? literalString(w.text(key)) : w.text(key), w.ev(namedChildren(v)[0] ?? v, f));
      }
      return { entries, ...(derive([...entries.values()]).taint ? { taint: derive([...entries.values()]).taint! } : {}) };
    }
    return { items: elems.map((e) => w.ev(e.type === 'array_element_initializer' || e.type === 'keyed_element' ? (namedChildren(e).at(-1) ?? e) : e, f)) };
  }
  if (isObjectLiteral(n)) {
    const entries = new Map<string, Value>();
    let other: Value[] = [];
    for (const p of namedChildren(n)) {
      if (p.type === 'pair') {
        const k = field(p, 'key');
        const v = field(p, 'value');
        const kv = k ? (isString(k) ? literalString(w.text(k)) : w.text(k)) : '';
        entries.set(kv, v ? w.ev(v, f) : UNKNOWN);
      } else if (p.type === 'shorthand_property_identifier') entries.set(w.text(p), w.ev(p, f));
      else if (p.type === 'spread_element') {
        // { ...base, k: v }: base's known keys come first; an unknown base may hold any key ('*').
        const sv = w.ev(namedChildren(p)[0] ?? p, f);
        if (sv.entries) for (const [k, v] of sv.entries) entries.set(k, v);
        if (!sv.entries) entries.set('*', UNKNOWN);
        if (sv.taint) other.push(sv);
      } else other.push(w.ev(p, f));
    }
    if (other.length) other = [derive(other)];
    return { entries, ...(other[0]?.taint ? { taint: other[0].taint } : {}) };
  }
  if (t === 'cast_expression' || t === 'type_conversion_expression' || t === 'parenthesized_expression' || t === 'await_expression' || t === 'as_expression' || t === 'non_null_expression' || t === 'type_assertion' || t === 'satisfies_expression') {
    // `x as T`, `x satisfies T` and `x!` have the expression first; `(T) x`, `<T>x`, `(x)` and `await x` last.
    const kids = namedChildren(n);
    const inner = field(n, 'value') ?? field(n, 'expression') ?? (t === 'as_expression' || t === 'satisfies_expression' || t === 'non_null_expression' ? kids[0] : kids.at(-1));
    const v = inner ? w.ev(inner, f) : UNKNOWN;
    // PHP (int)$x / (float)$x / (bool)$x: a number carries no attacker text.
    if (t === 'cast_expression' && w.group === 'php' && /^\(\s*(int|integer|float|double|real|bool|boolean)\s*\)/i.test(w.text(n))) return sanitize(v, 'all');
    return v;
  }
  // Anything else: what flows into it flows out of it.
  const vals: Value[] = [];
  for (const c of n.children) if (c.named && !c.type.endsWith('comment')) vals.push(w.ev(c, f));
  return vals.length === 1 ? vals[0]! : derive(vals);
}

export function lookup(w: Walker, name: string, n: Syn, f: Frame): Value {
  const v = f.env.get(name);
  if (v && v !== UNKNOWN) return v;
  const vars = w.specs.sourceVariables;
  if (!v && vars?.includes(name)) return sourceValue(w.step(n, 'source'));
  if (!v && w.group === 'c') {
    const m = macroValue(w, name, f);
    if (m) return m;
  }
  if (!v) {
    const g = w.globals?.get(name);
    if (g) return g;
  }
  // Imported names (a top-level `const x = require('./m')` evaluates to nothing known here).
  return w.linker?.imported(name) ?? v ?? UNKNOWN;
}

export function evString(w: Walker, n: Syn, f: Frame): Value {
  const parts = namedChildren(n).filter((c) => !isStringPart(c) && !c.type.endsWith('comment'));
  if (parts.length === 0) return konst(literalString(w.text(n)));
  const vals = parts.map((p) => {
    // Kotlin "$name" is an interpolated_identifier: the variable itself.
    const v = p.type === 'interpolated_identifier' ? lookup(w, w.text(p), p, f) : w.ev(p.type === 'template_substitution' || p.type === 'interpolation' || p.type === 'interpolated_expression' ? (namedChildren(p)[0] ?? p) : p, f);
    // "… WHERE n = '$escaped'": the hole follows a quote of the string's own text.
    return /['"]\s*\{?$/.test(w.src.slice(Math.max(n.start, p.start - 3), p.start)) ? quotedSql(v) : v;
  });
  return derive(vals);
}

export function evMember(w: Walker, n: Syn, f: Frame): Value {
  const key = w.text(n);
  const known = f.env.get(key);
  if (known) return known;
  const m = memberParts(n, w.src);
  if (!m) return UNKNOWN;
  const objText = w.text(m.object);
  for (const s of w.specs.memberSources) {
    if (s.object.test(objText) && s.props.includes(m.prop)) {
      const v = sourceValue(w.step(n, 'source'));
      // Express route parameters are always strings: they cannot carry NoSQL operator objects.
      return w.group === 'js' && m.prop === 'params' ? sanitize(v, ['nosqli']) : v;
    }
  }
  // ASP.NET Web Forms: the Text/Value of an input control the page declares (TextBox, HtmlInputText …) is what the user typed.
  if (w.group === 'csharp' && (m.prop === 'Text' || m.prop === 'Value') && webFormsInput(w, objText)) return sourceValue(w.step(n, 'source'));
  const ov = w.ev(m.object, f);
  if (ov.entries && ov.entries.has(m.prop)) return ov.entries.get(m.prop)!;
  if (ov.ext?.name === '*') return { ext: { module: ov.ext.module, name: m.prop } };
  if (m.prop === 'length' && typeof ov.konst === 'string') return konst(ov.konst.length);
  return derive([ov]);
}

const WEB_FORMS_INPUTS = 'TextBox|HtmlInputText|HtmlTextArea|HtmlInputHidden|HiddenField|HtmlInputPassword';
/** Whether the file declares `name` (a field or variable) as a Web Forms input control. */
function webFormsInput(w: Walker, name: string): boolean {
  const id = /^(?:this\.)?([A-Za-z_]\w*)$/.exec(name)?.[1];
  if (!id || !new RegExp(`\\b(${WEB_FORMS_INPUTS})\\b`).test(w.src)) return false;
  return new RegExp(`\\b(?:[\\w.]+\\.)?(?:${WEB_FORMS_INPUTS})\\s+${id}\\b`).test(w.src);
}

/** The index expression of a subscript (C#'s element access wraps it in a bracketed argument list). */
export function subscriptIndex(n: Syn): Syn | undefined {
  let idx = field(n, 'index') ?? field(n, 'subscript') ?? namedChildren(n)[1];
  if (idx?.type === 'bracketed_argument_list') idx = namedChildren(idx)[0];
  if (idx?.type === 'argument') idx = namedChildren(idx)[0];
  return idx;
}

/** `l[a:b]` (Go slice_expression, Python subscript with a slice): the known items or characters in that range. */
function sliceOf(w: Walker, n: Syn, f: Frame): Value | undefined {
  let operand: Syn | undefined;
  let parts: Syn[] | undefined;
  if (n.type === 'slice_expression') {
    operand = field(n, 'operand') ?? namedChildren(n)[0];
    parts = n.children.slice(n.children.indexOf(operand!) + 1);
  } else if (n.type === 'subscript' && namedChildren(n)[1]?.type === 'slice') {
    operand = namedChildren(n)[0];
    parts = namedChildren(n)[1]!.children;
  }
  if (!operand || !parts) return undefined;
  // Bounds in order around the first ':' (a missing bound is the start or the end).
  const colon = parts.findIndex((c) => !c.named && w.text(c) === ':');
  if (colon < 0 || parts.filter((c) => !c.named && w.text(c) === ':').length > 1) return undefined;
  const lo = parts.slice(0, colon).find((c) => c.named);
  const hi = parts.slice(colon + 1).find((c) => c.named);
  const ov = w.ev(operand, f);
  const a = lo ? w.ev(lo, f).konst : 0;
  const len = ov.items?.length ?? (typeof ov.konst === 'string' ? ov.konst.length : undefined);
  const b = hi ? w.ev(hi, f).konst : len;
  if (typeof a !== 'number' || typeof b !== 'number' || len === undefined) return undefined;
  if (ov.items) return { ...ov, items: ov.items.slice(a, b) };
  return konst((ov.konst as string).slice(a, b));
}
