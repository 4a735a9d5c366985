/**
 * Statements of the taint interpreter: blocks, assignments (into variables
 * and container slots), if/else and switch (a branch whose condition folds to
 * a constant is taken alone, others are joined), loops (two passes, joined
 * with the environments at break/continue) and returns.
 */
import { type Syn, field, namedChildren } from '../parse/syntax.ts';
import { type Env, elementOf } from './containers.ts';
import { foldBinary } from './fold.ts';
import { type Frame, isExprNode, joinEnv } from './frame.ts';
import { guardsAt } from './guards.ts';
import { type CallSite, assignmentsAt, boundNames, callAt, isFunction, isIdent, isMember, isSubscript } from './syntax-profile.ts';
import { checkSinks } from './calls.ts';
import { csharpPropertySet } from './csharp.ts';
import { subscriptIndex } from './expressions.ts';
import { type Value, UNKNOWN, deepTaint, derive, isTaintedFor, join, konst, withStep } from './value.ts';
import type { Walker } from './walker.ts';

/** Executes the children of a block; true when it ended abruptly (return, break, throw). */
export function execBlock(w: Walker, block: Syn, f: Frame): boolean {
  for (const c of block.children) {
    if (!c.named) continue;
    if (exec(w, c, f)) return true;
  }
  return false;
}

export function exec(w: Walker, n: Syn, f: Frame): boolean {
  w.tick();
  const t = n.type;
  if (isFunction(n)) {
    // A function expression used as a statement (IIFE bodies, class members) is analysed on its own.
    return false;
  }
  if (t.endsWith('comment') || t === 'import_declaration' || t === 'package_declaration' || t === 'import_statement' || t === 'import_from_statement') return false;
  if (t === 'return_statement' || t === 'throw_statement' || t === 'raise_statement') {
    const v = namedChildren(n)[0];
    if (t === 'return_statement') {
      const val = v ? w.ev(v, f) : UNKNOWN;
      f.ret = join(f.ret, val);
      if (f.htmlReturn && v && !responseObject(w, v, f)) {
        // return body / return body, 200: the body of the HTML response.
        const body = val.items ? val.items[0] : val;
        const taint = isTaintedFor(body, 'xss');
        if (taint) w.onHit({ kind: 'xss', call: { node: n, name: 'return', callee: 'return', args: [v], isNew: false }, arg: v, taint });
      }
      // Spring MVC view names: return "redirect:" + input.
      if (f.viewNameReturn && v && /^\s*"redirect:/.test(w.text(v))) {
        const taint = isTaintedFor(val, 'redirect');
        if (taint) w.onHit({ kind: 'redirect', call: { node: n, name: 'return', callee: 'return', args: [v], isNew: false }, arg: v, taint });
      }
    } else if (v) w.ev(v, f);
    return true;
  }
  // Calls that end the request or the program: PHP exit/die, Go os.Exit/panic/log.Fatal…, Flask abort, sys.exit,
  // process.exit — the code after them does not run on that path.
  if (t === 'exit_statement') return true;
  if (t === 'expression_statement') {
    const c = callAt(namedChildren(n)[0] ?? n, w.src);
    if (c && ENDS_RUN.test(c.callee)) {
      w.ev(namedChildren(n)[0]!, f);
      return true;
    }
  }
  if (t === 'break_statement' || t === 'continue_statement') {
    f.exits.at(-1)?.push(new Map(f.env));
    return true;
  }
  const asg = assignmentsAt(n);
  if (asg) {
    declareTypes(w, n, f);
    for (const a of asg) assign(w, a.target, a.value, a.compound, f, n);
    return false;
  }
  if (t === 'if_statement' || t === 'if_expression') return execIf(w, n, f);
  if (/switch_(statement|expression)$|^expression_switch_statement$|^type_switch_statement$|^match_statement$/.test(t)) return execSwitch(w, n, f);
  if (/^(for|enhanced_for|while|do|for_in|foreach|for_each|for_of)_statement$|^(for|while|do_while)_statement$|^repeat_while_statement$/.test(t)) {
    execLoop(w, n, f);
    return false;
  }
  if (t === 'expression_statement' && callAt(n, w.src)) {
    // PHP `<?= expr ?>`: an echo.
    w.ev(n, f);
    return false;
  }
  if (t === 'expression_statement' || t === 'parenthesized_expression') {
    for (const c of namedChildren(n)) w.ev(c, f);
    return false;
  }
  if (isExpression(w, n)) {
    w.ev(n, f);
    return false;
  }
  // Blocks, try/catch/finally, class bodies, synchronized … : their statements in order.
  let abrupt = false;
  for (const c of n.children) {
    if (!c.named) continue;
    if (c.type === 'catch_clause' || c.type === 'except_clause' || c.type === 'finally_clause') {
      exec(w, c, f);
      continue;
    }
    if (exec(w, c, f)) abrupt = true;
    if (abrupt) break;
  }
  return abrupt && n.type !== 'try_statement';
}

const ENDS_RUN = /^(exit|die|os\.Exit|panic|log\.(Fatal|Fatalf|Fatalln|Panic|Panicf|Panicln)|abort|flask\.abort|sys\.exit|process\.exit|Environment\.Exit)$/;

export function isExpression(w: Walker, n: Syn): boolean {
  return callAt(n, w.src) !== undefined || /expression$|^call$|^assignment$/.test(n.type);
}

export function declareTypes(w: Walker, n: Syn, f: Frame): void {
  const type = field(n, 'type');
  if (!type) return;
  const tt = w.text(type).replace(/<.*$/s, '');
  for (const d of n.children) {
    if (d.type !== 'variable_declarator') continue;
    const name = field(d, 'name') ?? (w.group === 'csharp' ? namedChildren(d)[0] : undefined);
    if (name) f.types.set(w.text(name), tt);
  }
}

export function assign(w: Walker, target: Syn, valueNode: Syn | undefined, compound: boolean, f: Frame, stmt: Syn): Value {
  let v = valueNode ? w.ev(valueNode, f) : UNKNOWN;
  const names = boundNames(target, w.src);
  if (isSubscript(target)) {
    // a[i] = v / map[k] = v: store into the container when the slot is known, else taint the container.
    const obj = field(target, 'object') ?? field(target, 'array') ?? field(target, 'value') ?? field(target, 'operand') ?? namedChildren(target)[0];
    const setKeyNode = obj ? subscriptIndex(target) : undefined;
    const setKey = setKeyNode && setKeyNode !== obj ? w.ev(setKeyNode, f) : UNKNOWN;
    // A key from the attacker counts as much as the value (session[name] = 'x' lets the attacker pick the attribute).
    if (obj && (isIdent(obj) || isMember(obj)) && (deepTaint(v) || deepTaint(setKey))) {
      // obj[k] = v is obj.__setitem__(k, v): sinks on it (session['user'] = input is a trust-boundary violation).
      const keyNode = setKeyNode;
      const recvText = w.text(obj);
      const call: CallSite = { node: stmt, name: '__setitem__', callee: `${recvText}.__setitem__`, receiver: obj, args: [...(keyNode ? [keyNode] : []), ...(valueNode ? [valueNode] : [])], isNew: false };
      const keyValue = setKey;
      checkSinks(w, call, keyNode ? [keyValue, v] : [v], f.env.get(recvText), { call, recvText, recvType: f.types.get(recvText) });
    }
    if (obj && (isIdent(obj) || isMember(obj))) {
      const key = w.text(obj);
      const old = f.env.get(key) ?? UNKNOWN;
      const keyNode = subscriptIndex(target);
      // PHP $a[] = v appends.
      if (w.group === 'php' && (!keyNode || keyNode === obj) && old.items && !old.entries) {
        f.env.set(key, { ...old, items: [...old.items, v] });
        return v;
      }
      const slot = keyNode && keyNode !== obj ? w.ev(keyNode, f).konst : undefined;
      // A constant key into a container whose slots are known (m = {}; m['a'] = 'x'; lst[1] = p): that slot
      // holds v and the others keep their values, as for map.put / list.set.
      if ((typeof slot === 'string' || typeof slot === 'number') && (old.entries || old.items)) {
        if (old.items && !old.entries && typeof slot === 'number' && slot >= 0 && slot < 10_000) {
          const items = [...old.items];
          while (items.length < slot) items.push(UNKNOWN);
          items[slot] = v;
          f.env.set(key, { ...old, items });
        } else {
          const entries = new Map(old.entries ?? []);
          entries.set(String(slot), v);
          f.env.set(key, { ...old, entries });
        }
        return v;
      }
      f.env.set(key, join(old, derive([old, v])).taint ? { ...old, taint: derive([old, v]).taint! } : old);
    }
    return v;
  }
  if (w.group === 'csharp' && isMember(target)) csharpPropertySet(w, target, valueNode, v, f, stmt);
  else if (w.group === 'go' && isMember(target)) setField(w, target, v, f);
  else if (w.group === 'js' && isMember(target) && deepTaint(v)) jsPropertySet(w, target, valueNode, v, f, stmt);
  // Languages without declared types: a variable made by a call has the call's name as its type
  // (cur = con.cursor() → "con.cursor", db, err := sql.Open(…) → "sql.Open"), so receivers match by what made them.
  if (valueNode && names[0] && w.group !== 'java' && w.group !== 'c' && !(w.group === 'csharp' && f.types.has(names[0]) && f.types.get(names[0]) !== 'var')) {
    const made = callAt(valueNode, w.src);
    if (made) f.types.set(names[0], made.callee);
    else if (isIdent(valueNode) && f.types.has(w.text(valueNode))) f.types.set(names[0], f.types.get(w.text(valueNode))!);
  }
  for (const name of names) {
    const old = f.env.get(name);
    let nv = compound ? { ...derive([old, v]), ...(typeof old?.konst !== 'undefined' && typeof v.konst !== 'undefined' ? { konst: foldBinary('+', old.konst, v.konst)! } : {}) } : v;
    if (names.length > 1 && !compound) nv = derive([v]);
    if (deepTaint(nv)) nv = withStep(nv, w.step(stmt, 'assign'));
    f.env.set(name, nv);
  }
  return v;
}

/** Go `obj.Field = v`: the struct value remembers the field (a cookie's Secure set after the literal). */
function setField(w: Walker, target: Syn, v: Value, f: Frame): void {
  const obj = field(target, 'operand');
  if (!obj || !isIdent(obj)) return;
  const key = w.text(obj);
  const old = f.env.get(key);
  if (!old?.entries) return;
  const entries = new Map(old.entries);
  entries.set(w.text(field(target, 'field') ?? target), v);
  f.env.set(key, { ...old, entries });
}

export function execIf(w: Walker, n: Syn, f: Frame): boolean {
  const cond = field(n, 'condition') ?? namedChildren(n)[0];
  const then = field(n, 'consequence') ?? field(n, 'body') ?? namedChildren(n)[1];
  const alts = n.children.filter((c) => c.field === 'alternative');
  const c = cond ? w.ev(cond, f).konst : undefined;
  if (c === true) return then ? execIn(w, then, f) : false;
  if (c === false) {
    for (const a of alts) if (execIn(w, a, f)) return true;
    return false;
  }
  const guards = cond ? guardsAt(w, cond, f) : [];
  const before = new Map(f.env);
  for (const g of guards) if (g.inThen) f.env.set(g.key, g.narrowed);
  const thenAbrupt = then ? execIn(w, then, f) : false;
  const afterThen = f.env;
  f.env = new Map(before);
  for (const g of guards) if (!g.inThen) f.env.set(g.key, g.narrowed);
  let elseAbrupt = false;
  for (const a of alts) {
    if (execIn(w, a, f)) {
      elseAbrupt = true;
      break;
    }
  }
  const afterElse = f.env;
  if (thenAbrupt && elseAbrupt && alts.length > 0) return true;
  if (thenAbrupt) f.env = afterElse;
  else if (elseAbrupt) f.env = afterThen;
  else f.env = joinEnv(afterThen, afterElse);
  return false;
}

export function execIn(w: Walker, n: Syn, f: Frame): boolean {
  if (n.type === 'else_clause' || n.type === 'elif_clause' || n.type === 'else') {
    if (n.type === 'elif_clause') return execIf(w, n, f);
    return execBlock(w, n, f);
  }
  if (isExprNode(n)) {
    w.ev(n, f);
    return false;
  }
  return exec(w, n, f);
}

export function execSwitch(w: Walker, n: Syn, f: Frame): boolean {
  const disc = field(n, 'condition') ?? field(n, 'value') ?? field(n, 'subject') ?? namedChildren(n)[0];
  const body = field(n, 'body') ?? n.children.find((c) => /block|body|compound_statement/.test(c.type));
  const d = disc ? w.ev(disc, f).konst : undefined;
  const cases = (body ? body.children : n.children).filter((c) => /case|switch_block_statement_group|switch_rule|default/.test(c.type));
  const parsed = cases.map((c) => {
    const labels: Syn[] = [];
    const stmts: Syn[] = [];
    let isDefault = /default/.test(c.type);
    for (const x of c.children) {
      if (!x.named) {
        if (x.type === 'default') isDefault = true;
        continue;
      }
      if (x.type === 'switch_label') {
        const e = namedChildren(x);
        if (e.length === 0 || w.text(x).startsWith('default')) isDefault = true;
        labels.push(...e);
      } else if (x.field === 'value' || (x.type === 'expression_list' && stmts.length === 0)) labels.push(...(x.type === 'expression_list' ? namedChildren(x) : [x]));
      else stmts.push(x);
    }
    return { labels, stmts, isDefault };
  });
  f.exits.push([]);
  try {
    return switchCases(w, parsed, d, f);
  } finally {
    const exits = f.exits.pop()!;
    for (const e of exits) f.env = joinEnv(f.env, e);
  }
}

export function switchCases(w: Walker, parsed: { labels: Syn[]; stmts: Syn[]; isDefault: boolean }[], d: string | number | boolean | undefined, f: Frame): boolean {
  const runFrom = (i: number): boolean => {
    for (let k = i; k < parsed.length; k++) {
      for (const s of parsed[k]!.stmts) if (exec(w, s, f)) return s.type !== 'break_statement';
      if (w.group === 'go' || w.group === 'swift' || w.group === 'python') return false;
    }
    return false;
  };
  if (d !== undefined) {
    let idx = parsed.findIndex((p) => p.labels.some((l) => w.ev(l, f).konst === d));
    if (idx < 0) idx = parsed.findIndex((p) => p.isDefault);
    return idx >= 0 ? runFrom(idx) : false;
  }
  const before = new Map(f.env);
  let out: Env | undefined = parsed.some((p) => p.isDefault) ? undefined : before;
  for (let i = 0; i < parsed.length; i++) {
    f.env = new Map(before);
    runFrom(i);
    out = out ? joinEnv(out, f.env) : f.env;
  }
  f.env = out ?? before;
  return false;
}

export function execLoop(w: Walker, n: Syn, f: Frame): void {
  const body = field(n, 'body') ?? namedChildren(n).at(-1);
  // The loop variable of for-each / for-in / range loops is an element of the iterated value.
  const range = n.children.find((c) => c.type === 'range_clause');
  const iter = field(n, 'value') ?? field(n, 'right') ?? (range ? field(range, 'right') : undefined);
  const varNode = n.type === 'enhanced_for_statement' ? field(n, 'name') : (field(n, 'left') ?? (range ? field(range, 'left') : undefined));
  if (n.type === 'foreach_statement') {
    const kids = namedChildren(n);
    const coll = kids[0];
    const target = kids[1];
    if (coll && target) {
      const el = elementOf(w.ev(coll, f));
      for (const nm of boundNames(target, w.src)) f.env.set(nm, el);
    }
  } else if (iter && varNode) {
    const el = elementOf(w.ev(iter, f));
    const names = boundNames(varNode, w.src);
    for (const nm of names) f.env.set(nm, deepTaint(el) ? withStep(el, w.step(n, 'assign')) : el);
  }
  for (const c of n.children) if (c.field === 'condition' || c.field === 'init' || c.field === 'initializer' || c.field === 'update') w.ev(c, f);
  if (!body) return;
  f.exits.push([]);
  for (let i = 0; i < 2; i++) {
    const before = new Map(f.env);
    exec(w, body, f);
    f.env = joinEnv(before, f.env);
  }
  for (const e of f.exits.pop()!) f.env = joinEnv(f.env, e);
}

/** Calls whose result is text (string methods, request getters): anything else a view returns is a response object built elsewhere. */
const TEXT_CALL = /(^|\.)(format|join|replace|str|strip|lstrip|rstrip|lower|upper|title|decode|encode|get|getlist|get_data|get_json|read|substitute|safe_substitute|__add__|concat)$/;

/** The returned expression is (a variable made by) a call that does not produce text: a response object whose body was judged where it was made. */
function responseObject(w: Walker, v: Syn, f: Frame): boolean {
  const expr = v.type === 'expression_list' || v.type === 'tuple' ? namedChildren(v)[0] : v;
  if (!expr) return false;
  const call = callAt(expr, w.src);
  const callee = call ? call.callee : isIdent(expr) ? f.types.get(w.text(expr)) : undefined;
  return callee !== undefined && !TEXT_CALL.test(callee);
}

/**
 * JavaScript `obj.prop = v` with attacker data: sinks see it as `obj.__setitem__('prop', v)` (req.session.user = …,
 * a trust-boundary violation) and as the setter `obj.set_prop(v)` (Koa's ctx.body = …, the response body).
 */
function jsPropertySet(w: Walker, target: Syn, valueNode: Syn | undefined, v: Value, f: Frame, stmt: Syn): void {
  const obj = field(target, 'object');
  const prop = field(target, 'property');
  if (!obj || !prop || !(isIdent(obj) || isMember(obj))) return;
  const recvText = w.text(obj);
  const recv = f.env.get(recvText);
  const ctx = (call: CallSite) => ({ call, recvText, recvType: f.types.get(recvText) });
  const item: CallSite = { node: stmt, name: '__setitem__', callee: `${recvText}.__setitem__`, receiver: obj, args: [prop, ...(valueNode ? [valueNode] : [])], isNew: false };
  checkSinks(w, item, [konst(w.text(prop)), v], recv, ctx(item));
  const setter: CallSite = { node: stmt, name: `set_${w.text(prop)}`, callee: `${recvText}.set_${w.text(prop)}`, receiver: obj, args: valueNode ? [valueNode] : [], isNew: false };
  checkSinks(w, setter, [v], recv, ctx(setter));
}
