/**
 * The taint interpreter: an abstract, flow-sensitive walk of each function's
 * syntax tree. Every variable holds a Value (tainted or not, with the path the
 * data took, a constant when known, list/map slots); branches whose condition
 * folds to a constant are taken or skipped, other branches are joined; calls
 * to functions of the same file are followed with the argument values
 * (depth-limited, memoised), so flows across helper methods are found.
 * Sources, sinks and sanitizers come from rules/taint-specs.ts.
 */
import { type LanguageId, type Syn, field, namedChildren } from '../parse/syntax.ts';
import { type CallSite, type FunctionDef, type LangGroup, assignmentsAt, boundNames, callAt, functionAt, groupOf, isArrayLiteral, isFunction, isIdent, isMember, isNumber, isObjectLiteral, isString, isStringPart, isSubscript, memberParts } from './syntax-profile.ts';
import { foldBinary, foldStringMethod, foldUnary, literalString } from './fold.ts';
import { type SinkKind, type Step, type Taint, type Value, UNKNOWN, deepTaint, derive, isTaintedFor, join, konst, sanitize, sourceValue, withStep } from './value.ts';
import { type Env, bindParams, containerCall, elementOf } from './containers.ts';
import { type Specs, matchesCall } from './match.ts';

export interface TaintHit {
  kind: SinkKind;
  call: CallSite;
  /** The argument that carried the data. */
  arg: Syn | undefined;
  taint: Taint;
}

/** Called at every call with its evaluated receiver and arguments (crypto, cookie, TLS … rules). */
export type CallObserver = (call: CallSite, args: readonly Value[], receiver: Value | undefined, receiverType: string | undefined) => void;

interface Frame {
  env: Env;
  types: Map<string, string>;
  ret: Value | undefined;
  depth: number;
  /** Environments at break/continue statements, per enclosing loop or switch. */
  exits: Env[][];
}

const MAX_INLINE_DEPTH = 3;
const DEFAULT_BUDGET = 3_000_000;

export class TaintInterpreter {
  readonly group: LangGroup;
  private readonly functions = new Map<string, FunctionDef[]>();
  private readonly memo = new Map<string, Value>();
  private readonly analysed = new Set<Syn>();
  private budget: number;
  /** True when the evaluation budget ran out and the file was only partly analysed. */
  exhausted = false;

  constructor(
    private readonly src: string,
    private readonly root: Syn,
    lang: LanguageId,
    private readonly specs: Specs,
    private readonly onHit: (hit: TaintHit) => void,
    private readonly onCall?: CallObserver,
    budget = DEFAULT_BUDGET,
  ) {
    this.group = groupOf(lang);
    this.budget = budget;
  }

  run(): void {
    const defs: FunctionDef[] = [];
    const stack: Syn[] = [this.root];
    while (stack.length) {
      const n = stack.pop()!;
      const f = functionAt(n, this.src);
      if (f) {
        defs.push(f);
        if (f.name) {
          const list = this.functions.get(f.name) ?? [];
          list.push(f);
          this.functions.set(f.name, list);
        }
      }
      for (const c of n.children) stack.push(c);
    }
    try {
      this.execBlock(this.root, this.newFrame(new Map(), 0));
      for (const f of defs) {
        if (this.analysed.has(f.node) || !f.body) continue;
        // Named functions are roots (called from elsewhere); anonymous ones are analysed where they are passed.
        if (!f.name && f.node.parent && !isClassBody(f.node.parent)) continue;
        this.callFunction(f, [], this.newFrame(new Map(), 0), undefined);
      }
    } catch (e) {
      if (e !== BUDGET) throw e;
      this.exhausted = true;
    }
  }

  private newFrame(env: Env, depth: number): Frame {
    return { env, types: new Map(), ret: undefined, depth, exits: [] };
  }

  private text(n: Syn): string {
    return this.src.slice(n.start, n.end);
  }

  private step(n: Syn, what: Step['what']): Step {
    let s = this.src.lastIndexOf('\n', n.start - 1) + 1;
    let e = this.src.indexOf('\n', n.start);
    if (e < 0) e = this.src.length;
    if (e - s > 200) {
      s = n.start;
      e = Math.min(n.end, n.start + 200);
    }
    return { line: n.row + 1, code: this.src.slice(s, e).trim().slice(0, 200), what };
  }

  private tick(): void {
    if (--this.budget < 0) throw BUDGET;
  }

  // ---- statements ------------------------------------------------------

  /** Executes the children of a block; true when it ended abruptly (return, break, throw). */
  private execBlock(block: Syn, f: Frame): boolean {
    for (const c of block.children) {
      if (!c.named) continue;
      if (this.exec(c, f)) return true;
    }
    return false;
  }

  private exec(n: Syn, f: Frame): boolean {
    this.tick();
    const t = n.type;
    if (isFunction(n)) {
      // A function expression used as a statement (IIFE bodies, class members) is analysed on its own.
      return false;
    }
    if (t.endsWith('comment') || t === 'import_declaration' || t === 'package_declaration' || t === 'import_statement' || t === 'import_from_statement') return false;
    if (t === 'return_statement' || t === 'throw_statement' || t === 'raise_statement') {
      const v = namedChildren(n)[0];
      if (t === 'return_statement') {
        const val = v ? this.ev(v, f) : UNKNOWN;
        f.ret = join(f.ret, val);
      } else if (v) this.ev(v, f);
      return true;
    }
    if (t === 'break_statement' || t === 'continue_statement') {
      f.exits.at(-1)?.push(new Map(f.env));
      return true;
    }
    const asg = assignmentsAt(n);
    if (asg) {
      this.declareTypes(n, f);
      for (const a of asg) this.assign(a.target, a.value, a.compound, f, n);
      return false;
    }
    if (t === 'if_statement' || t === 'if_expression') return this.execIf(n, f);
    if (/switch_(statement|expression)$|^expression_switch_statement$|^type_switch_statement$|^match_statement$/.test(t)) return this.execSwitch(n, f);
    if (/^(for|enhanced_for|while|do|for_in|foreach|for_of)_statement$|^(for|while|do_while)_statement$|^repeat_while_statement$/.test(t)) {
      this.execLoop(n, f);
      return false;
    }
    if (t === 'expression_statement' || t === 'parenthesized_expression') {
      for (const c of namedChildren(n)) this.ev(c, f);
      return false;
    }
    if (this.isExpression(n)) {
      this.ev(n, f);
      return false;
    }
    // Blocks, try/catch/finally, class bodies, synchronized … : their statements in order.
    let abrupt = false;
    for (const c of n.children) {
      if (!c.named) continue;
      if (c.type === 'catch_clause' || c.type === 'except_clause' || c.type === 'finally_clause') {
        this.exec(c, f);
        continue;
      }
      if (this.exec(c, f)) abrupt = true;
      if (abrupt) break;
    }
    return abrupt && n.type !== 'try_statement';
  }

  private isExpression(n: Syn): boolean {
    return callAt(n, this.src) !== undefined || /expression$|^call$|^assignment$/.test(n.type);
  }

  private declareTypes(n: Syn, f: Frame): void {
    const type = field(n, 'type');
    if (!type) return;
    const tt = this.text(type).replace(/<.*$/s, '');
    for (const d of n.children) {
      if (d.type !== 'variable_declarator') continue;
      const name = field(d, 'name');
      if (name) f.types.set(this.text(name), tt);
    }
  }

  private assign(target: Syn, valueNode: Syn | undefined, compound: boolean, f: Frame, stmt: Syn): Value {
    let v = valueNode ? this.ev(valueNode, f) : UNKNOWN;
    const names = boundNames(target, this.src);
    if (isSubscript(target)) {
      // a[i] = v / map[k] = v: store into the container when the slot is known, else taint the container.
      const obj = field(target, 'object') ?? field(target, 'array') ?? field(target, 'value') ?? field(target, 'operand') ?? namedChildren(target)[0];
      if (obj && (isIdent(obj) || isMember(obj))) {
        const key = this.text(obj);
        const old = f.env.get(key) ?? UNKNOWN;
        f.env.set(key, join(old, derive([old, v])).taint ? { ...old, taint: derive([old, v]).taint! } : old);
      }
      return v;
    }
    for (const name of names) {
      const old = f.env.get(name);
      let nv = compound ? { ...derive([old, v]), ...(typeof old?.konst !== 'undefined' && typeof v.konst !== 'undefined' ? { konst: foldBinary('+', old.konst, v.konst)! } : {}) } : v;
      if (names.length > 1 && !compound) nv = derive([v]);
      if (deepTaint(nv)) nv = withStep(nv, this.step(stmt, 'assign'));
      f.env.set(name, nv);
    }
    return v;
  }

  private execIf(n: Syn, f: Frame): boolean {
    const cond = field(n, 'condition') ?? namedChildren(n)[0];
    const then = field(n, 'consequence') ?? field(n, 'body') ?? namedChildren(n)[1];
    const alts = n.children.filter((c) => c.field === 'alternative');
    const c = cond ? this.ev(cond, f).konst : undefined;
    if (c === true) return then ? this.execIn(then, f) : false;
    if (c === false) {
      for (const a of alts) if (this.execIn(a, f)) return true;
      return false;
    }
    const before = new Map(f.env);
    const thenAbrupt = then ? this.execIn(then, f) : false;
    const afterThen = f.env;
    f.env = new Map(before);
    let elseAbrupt = false;
    for (const a of alts) {
      if (this.execIn(a, f)) {
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

  private execIn(n: Syn, f: Frame): boolean {
    if (n.type === 'else_clause' || n.type === 'elif_clause' || n.type === 'else') {
      if (n.type === 'elif_clause') return this.execIf(n, f);
      return this.execBlock(n, f);
    }
    if (isExprNode(n)) {
      this.ev(n, f);
      return false;
    }
    return this.exec(n, f);
  }

  private execSwitch(n: Syn, f: Frame): boolean {
    const disc = field(n, 'condition') ?? field(n, 'value') ?? field(n, 'subject') ?? namedChildren(n)[0];
    const body = field(n, 'body') ?? n.children.find((c) => /block|body|compound_statement/.test(c.type));
    const d = disc ? this.ev(disc, f).konst : undefined;
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
          if (e.length === 0 || this.text(x).startsWith('default')) isDefault = true;
          labels.push(...e);
        } else if (x.field === 'value' || (x.type === 'expression_list' && stmts.length === 0)) labels.push(...(x.type === 'expression_list' ? namedChildren(x) : [x]));
        else stmts.push(x);
      }
      return { labels, stmts, isDefault };
    });
    f.exits.push([]);
    try {
      return this.switchCases(parsed, d, f);
    } finally {
      const exits = f.exits.pop()!;
      for (const e of exits) f.env = joinEnv(f.env, e);
    }
  }

  private switchCases(parsed: { labels: Syn[]; stmts: Syn[]; isDefault: boolean }[], d: string | number | boolean | undefined, f: Frame): boolean {
    const runFrom = (i: number): boolean => {
      for (let k = i; k < parsed.length; k++) {
        for (const s of parsed[k]!.stmts) if (this.exec(s, f)) return s.type !== 'break_statement';
        if (this.group === 'go' || this.group === 'swift' || this.group === 'python') return false;
      }
      return false;
    };
    if (d !== undefined) {
      let idx = parsed.findIndex((p) => p.labels.some((l) => this.ev(l, f).konst === d));
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

  private execLoop(n: Syn, f: Frame): void {
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
        const el = elementOf(this.ev(coll, f));
        for (const nm of boundNames(target, this.src)) f.env.set(nm, el);
      }
    } else if (iter && varNode) {
      const el = elementOf(this.ev(iter, f));
      const names = boundNames(varNode, this.src);
      for (const nm of names) f.env.set(nm, deepTaint(el) ? withStep(el, this.step(n, 'assign')) : el);
    }
    for (const c of n.children) if (c.field === 'condition' || c.field === 'init' || c.field === 'initializer' || c.field === 'update') this.ev(c, f);
    if (!body) return;
    f.exits.push([]);
    for (let i = 0; i < 2; i++) {
      const before = new Map(f.env);
      this.exec(body, f);
      f.env = joinEnv(before, f.env);
    }
    for (const e of f.exits.pop()!) f.env = joinEnv(f.env, e);
  }

  // ---- expressions -----------------------------------------------------

  ev(n: Syn, f: Frame): Value {
    this.tick();
    const t = n.type;
    if (isIdent(n)) return this.lookup(this.text(n), n, f);
    if (isString(n)) return this.evString(n, f);
    if (isNumber(n)) {
      const num = Number(this.text(n).replace(/[_lLfFdD]+$/g, '').replace(/_/g, ''));
      return Number.isFinite(num) ? konst(num) : UNKNOWN;
    }
    if (t === 'true' || t === 'false' || t === 'boolean_literal' || t === 'boolean') {
      const s = this.text(n).toLowerCase();
      return s === 'true' ? konst(true) : s === 'false' ? konst(false) : UNKNOWN;
    }
    if (t === 'null_literal' || t === 'null' || t === 'none' || t === 'nil' || t === 'undefined') return UNKNOWN;
    if (isFunction(n)) {
      const def = functionAt(n, this.src);
      if (def?.body && !this.analysed.has(n)) this.callFunction(def, [], this.newFrame(new Map(f.env), f.depth), undefined);
      return UNKNOWN;
    }
    const call = callAt(n, this.src);
    if (call) return this.evCall(call, f);
    const asg = assignmentsAt(n);
    if (asg && asg.length > 0) {
      let last: Value = UNKNOWN;
      for (const a of asg) last = this.assign(a.target, a.value, a.compound, f, n);
      return last;
    }
    if (isMember(n)) return this.evMember(n, f);
    if (isSubscript(n)) {
      const obj = field(n, 'object') ?? field(n, 'array') ?? field(n, 'value') ?? field(n, 'operand') ?? namedChildren(n)[0];
      const idx = field(n, 'index') ?? field(n, 'subscript') ?? namedChildren(n)[1];
      const ov = obj ? this.ev(obj, f) : UNKNOWN;
      const iv = idx ? this.ev(idx, f) : UNKNOWN;
      if (ov.items && typeof iv.konst === 'number') return ov.items[iv.konst] ?? derive([ov]);
      if (ov.entries && iv.konst !== undefined) return ov.entries.get(String(iv.konst)) ?? derive([ov]);
      return derive([ov]);
    }
    if (/^(binary_expression|binary_operator|boolean_operator|comparison_operator|additive_expression|multiplicative_expression|comparison_expression|equality_expression|conjunction_expression|disjunction_expression|infix_expression)$/.test(t)) {
      const kids = namedChildren(n);
      const l = field(n, 'left') ?? kids[0];
      const r = field(n, 'right') ?? kids[1];
      const opNode = field(n, 'operator') ?? n.children.find((c) => !c.named && c !== l && c !== r);
      const lv = l ? this.ev(l, f) : UNKNOWN;
      const rv = r ? this.ev(r, f) : UNKNOWN;
      const k = opNode ? foldBinary(this.text(opNode), lv.konst, rv.konst) : undefined;
      const d = derive([lv, rv]);
      // Comparisons yield booleans: no attacker data flows through them.
      if (opNode && /^(==|!=|===|!==|<|>|<=|>=|instanceof|in|not in|is|is not)$/.test(this.text(opNode))) return k !== undefined ? konst(k) : UNKNOWN;
      return k !== undefined ? { ...d, konst: k } : d;
    }
    if (t === 'unary_expression' || t === 'not_operator' || t === 'prefix_expression') {
      const arg = field(n, 'argument') ?? field(n, 'operand') ?? namedChildren(n)[0];
      const op = n.children.find((c) => !c.named);
      const v = arg ? this.ev(arg, f) : UNKNOWN;
      const k = foldUnary(op ? this.text(op) : t === 'not_operator' ? 'not' : '', v.konst);
      return k !== undefined ? konst(k) : derive([v]);
    }
    if (t === 'ternary_expression' || t === 'conditional_expression') {
      const kids = namedChildren(n);
      const cond = field(n, 'condition') ?? (this.group === 'python' ? kids[1] : kids[0]);
      const a = field(n, 'consequence') ?? field(n, 'body') ?? (this.group === 'python' ? kids[0] : kids[1]);
      const b = field(n, 'alternative') ?? kids[2];
      const c = cond ? this.ev(cond, f).konst : undefined;
      if (c === true && a) return this.ev(a, f);
      if (c === false && b) return this.ev(b, f);
      return join(a ? this.ev(a, f) : UNKNOWN, b ? this.ev(b, f) : UNKNOWN);
    }
    if (isArrayLiteral(n)) {
      const init = n.type === 'array_creation_expression' ? field(n, 'value') : n;
      if (!init) return UNKNOWN;
      const elems = namedChildren(init).filter((c) => !c.type.endsWith('comment'));
      return { items: elems.map((e) => this.ev(e.type === 'array_element_initializer' || e.type === 'keyed_element' ? (namedChildren(e).at(-1) ?? e) : e, f)) };
    }
    if (isObjectLiteral(n)) {
      const entries = new Map<string, Value>();
      let other: Value[] = [];
      for (const p of namedChildren(n)) {
        if (p.type === 'pair') {
          const k = field(p, 'key');
          const v = field(p, 'value');
          const kv = k ? (isString(k) ? literalString(this.text(k)) : this.text(k)) : '';
          entries.set(kv, v ? this.ev(v, f) : UNKNOWN);
        } else other.push(this.ev(p, f));
      }
      if (other.length) other = [derive(other)];
      return { entries, ...(other[0]?.taint ? { taint: other[0].taint } : {}) };
    }
    if (t === 'cast_expression' || t === 'parenthesized_expression' || t === 'await_expression' || t === 'as_expression' || t === 'non_null_expression' || t === 'type_assertion' || t === 'satisfies_expression') {
      const inner = field(n, 'value') ?? field(n, 'expression') ?? namedChildren(n).at(-1);
      return inner ? this.ev(inner, f) : UNKNOWN;
    }
    // Anything else: what flows into it flows out of it.
    const vals: Value[] = [];
    for (const c of n.children) if (c.named && !c.type.endsWith('comment')) vals.push(this.ev(c, f));
    return vals.length === 1 ? vals[0]! : derive(vals);
  }

  private lookup(name: string, n: Syn, f: Frame): Value {
    const v = f.env.get(name);
    if (v) return v;
    const vars = this.specs.sourceVariables;
    if (vars?.includes(name)) return sourceValue(this.step(n, 'source'));
    return UNKNOWN;
  }

  private evString(n: Syn, f: Frame): Value {
    const parts = namedChildren(n).filter((c) => !isStringPart(c) && !c.type.endsWith('comment'));
    if (parts.length === 0) return konst(literalString(this.text(n)));
    const vals = parts.map((p) => this.ev(p.type === 'template_substitution' || p.type === 'interpolation' || p.type === 'interpolated_expression' ? (namedChildren(p)[0] ?? p) : p, f));
    return derive(vals);
  }

  private evMember(n: Syn, f: Frame): Value {
    const key = this.text(n);
    const known = f.env.get(key);
    if (known) return known;
    const m = memberParts(n, this.src);
    if (!m) return UNKNOWN;
    const objText = this.text(m.object);
    for (const s of this.specs.memberSources) {
      if (s.object.test(objText) && s.props.includes(m.prop)) return sourceValue(this.step(n, 'source'));
    }
    const ov = this.ev(m.object, f);
    if (ov.entries && ov.entries.has(m.prop)) return ov.entries.get(m.prop)!;
    if (m.prop === 'length' && typeof ov.konst === 'string') return konst(ov.konst.length);
    return derive([ov]);
  }

  private evCall(call: CallSite, f: Frame): Value {
    const recv = call.receiver ? this.ev(call.receiver, f) : undefined;
    const args = call.args.map((a) => this.ev(a, f));
    const recvText = call.receiver ? this.text(call.receiver) : undefined;
    const recvType = recvText ? f.types.get(recvText) : undefined;
    const ctx = { call, recvText, recvType };
    this.onCall?.(call, args, recv, recvType);

    // Sinks first: the data reaching the call is what matters.
    for (const s of this.specs.sinks) {
      if (!matchesCall(s, ctx)) continue;
      const check = (v: Value | undefined, node: Syn | undefined): boolean => {
        const tt = isTaintedFor(v, s.kind);
        if (tt) this.onHit({ kind: s.kind, call, arg: node, taint: tt });
        return tt !== undefined;
      };
      if (s.args === 'receiver') check(recv, call.receiver);
      else if (s.args === 'any') args.some((v, i) => check(v, call.args[i]));
      else for (const i of s.args) if (check(args[i], call.args[i])) break;
    }
    for (const s of this.specs.sanitizers) {
      if (matchesCall(s, ctx)) return sanitize(derive([...args, recv]), s.kinds);
    }
    for (const s of this.specs.sourceCalls) {
      if (matchesCall(s, ctx)) return sourceValue(this.step(call.node, 'source'));
    }
    if (call.name === 'setSecure' && call.receiver && isIdent(call.receiver)) {
      const key = this.text(call.receiver);
      const old = f.env.get(key) ?? UNKNOWN;
      const flags = new Set(old.flags ?? []);
      if (args[0]?.konst === true) flags.add('secure');
      else flags.delete('secure');
      f.env.set(key, { ...old, flags });
      return UNKNOWN;
    }
    const container = containerCall(call, recv, args, this.group);
    if (container) {
      if (container.receiver && call.receiver && (isIdent(call.receiver) || isMember(call.receiver))) f.env.set(this.text(call.receiver), container.receiver);
      return container.result;
    }
    const folded = recv ? foldStringMethod(recv.konst, call.name, args) : undefined;
    if (folded !== undefined) return konst(folded);
    // Getter on a properties object with a default: the default is the value we can know.
    if (call.name === 'getProperty' && args.length === 2 && args[1]!.konst !== undefined) return args[1]!;
    // Functions of this file: follow the call with the argument values.
    const local = !call.isNew && (!call.receiver || /^(this|self|\$this|new .*)$/.test(recvText ?? '') || call.receiver.type === 'object_creation_expression') ? this.functions.get(call.name) : undefined;
    const def = local?.find((d) => d.params.length === args.length) ?? (local?.length === 1 ? local[0] : undefined);
    if (def && f.depth < MAX_INLINE_DEPTH) return this.callFunction(def, args, f, call);
    // Callbacks passed as arguments run with what the caller knows.
    return derive([...args, recv]);
  }

  private callFunction(def: FunctionDef, args: readonly Value[], caller: Frame, call: CallSite | undefined): Value {
    this.analysed.add(def.node);
    if (!def.body) return derive(args);
    const key = `${def.node.start}:${args.map(sig).join(',')}`;
    const memo = this.memo.get(key);
    if (memo) return memo;
    this.memo.set(key, derive(args));
    const env: Env = call ? new Map() : caller.env;
    bindParams(env, def.params, args, call ? this.step(call.node, 'call') : undefined);
    const frame = this.newFrame(env, caller.depth + 1);
    if (isExprNode(def.body)) frame.ret = this.ev(def.body, frame);
    else this.exec(def.body, frame);
    const out = frame.ret ?? UNKNOWN;
    const result = deepTaint(out) && call ? withStep(out, this.step(call.node, 'return')) : out;
    this.memo.set(key, result);
    return result;
  }
}

const BUDGET = Symbol('budget');

function sig(v: Value): string {
  const t = deepTaint(v);
  return `${t ? `T${[...t.cleared].sort().join('')}` : ''}${v.konst !== undefined ? `K${String(v.konst).slice(0, 40)}` : ''}`;
}

function joinEnv(a: Env, b: Env): Env {
  const out: Env = new Map();
  for (const k of new Set([...a.keys(), ...b.keys()])) out.set(k, join(a.get(k), b.get(k)));
  return out;
}

function isExprNode(n: Syn): boolean {
  return !/block|statement|body|clause|compound|suite|statements/.test(n.type);
}

function isClassBody(n: Syn): boolean {
  return /class_body|declaration_list|class_declaration|object|program|source_file|module|translation_unit/.test(n.type);
}
