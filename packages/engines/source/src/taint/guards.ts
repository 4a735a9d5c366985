/**
 * Conditions that make a value safe in one branch of an `if` (JavaScript):
 * - `typeof x === 'number'` / `typeof x !== 'string'`: a number or boolean carries
 *   no attacker text; a string cannot smuggle NoSQL operator objects ({$ne: …});
 * - `x === 'literal'`: x is that constant;
 * - `!x.includes('/')` (or '..', '\\'): x is a plain file name, no path traversal;
 * - `isAllowed(x)` / `!isAllowed(x)` where isAllowed (in this file or an imported
 *   module) compares its parameter only exactly — `p === v`, `set.has(p)`,
 *   `list.includes(p)` — an allow-list check: x is one of the listed values.
 *   A check by substring (`p.includes(v)`, `p.startsWith(v)`, a regex) is not one;
 * - validator.js format checks (`validator.isIP(x)`, `isInt`, `isWhitelisted` …), called
 *   directly or inside such a one-parameter function (`vh.vIP(x)`).
 */
import { type Syn, field, namedChildren, walk } from '../parse/syntax.ts';
import type { Frame } from './frame.ts';
import { callAt, functionAt, isIdent, isMember } from './syntax-profile.ts';
import { type Value, konst, sanitize } from './value.ts';
import type { Walker } from './walker.ts';

export interface Guard {
  /** The variable or member (as written) the condition narrows. */
  key: string;
  narrowed: Value;
  /** Narrowed in the then-branch (else in the else-branch). */
  inThen: boolean;
}

const unwrap = (n: Syn): Syn => {
  let c = n;
  while (c.type === 'parenthesized_expression' && namedChildren(c).length === 1) c = namedChildren(c)[0]!;
  return c;
};

/** The guards of a condition; `a && b` narrows by both in the then-branch. */
export function guardsAt(w: Walker, cond: Syn, f: Frame, depth = 0): Guard[] {
  if (w.group !== 'js') {
    const g = w.group === 'java' || w.group === 'python' ? undefined : checkCallGuard(w, cond, f);
    return g ? [g] : [];
  }
  const c = unwrap(cond);
  if (c.type === 'binary_expression' && depth < 8) {
    const op = field(c, 'operator') ?? c.children.find((x) => !x.named);
    if (op && w.text(op) === '&&') {
      const [l, r] = [field(c, 'left'), field(c, 'right')];
      return [...(l ? guardsAt(w, l, f, depth + 1) : []), ...(r ? guardsAt(w, r, f, depth + 1) : [])].filter((g) => g.inThen);
    }
  }
  const g = guardAt(w, c, f);
  return g ? [g] : [];
}

/**
 * Other languages: a documented check whose true result means its argument is safe for some kinds
 * (rules/taint-specs.ts GUARD_CALLS: Go filepath.IsLocal, ASP.NET Url.IsLocalUrl, PHP in_array
 * strict, ctype_digit …), possibly negated: `if (!check(x)) return;` narrows x after the if.
 */
function checkCallGuard(w: Walker, cond: Syn, f: Frame): Guard | undefined {
  let c = unwrap(cond);
  let negated = false;
  for (let i = 0; i < 3 && /unary/.test(c.type) && w.text(c).trimStart().startsWith('!'); i++) {
    const arg = namedChildren(c).at(-1);
    if (!arg) break;
    c = unwrap(arg);
    negated = !negated;
  }
  const call = callAt(c, w.src);
  if (!call) return undefined;
  const recvText = call.receiver ? w.text(call.receiver) : '';
  const spec = w.specs.guardCalls.find((g) => g.names.includes(call.name) && (!g.recv || g.recv.test(recvText) || g.recv.test(call.callee)));
  const target = spec ? call.args[spec.arg] : undefined;
  if (!spec || !target || !(isIdent(target) || isMember(target))) return undefined;
  if (spec.when && !spec.when(call.args.map((a) => w.text(a)))) return undefined;
  return { key: w.text(target), narrowed: sanitize(w.ev(target, f), spec.kinds), inThen: !negated };
}

function guardAt(w: Walker, cond: Syn, f: Frame): Guard | undefined {
  let c = unwrap(cond);
  let negated = false;
  if (c.type === 'unary_expression' && w.text(c).startsWith('!')) {
    const arg = namedChildren(c)[0];
    if (arg) {
      c = unwrap(arg);
      negated = true;
    }
  }
  const g = c.type === 'binary_expression' ? comparisonGuard(w, c, f) : (separatorGuard(w, c, f) ?? validatorGuard(w, c, f));
  return g && negated ? { ...g, inThen: !g.inThen } : g;
}

function comparisonGuard(w: Walker, c: Syn, f: Frame): Guard | undefined {
  const op = field(c, 'operator') ?? c.children.find((x) => !x.named);
  const opText = op ? w.text(op) : '';
  if (!/^[!=]==?$/.test(opText)) return undefined;
  const inThen = opText.startsWith('=');
  const [l, r] = [field(c, 'left'), field(c, 'right')];
  const lit = [l, r].find((x) => x?.type === 'string');
  if (!lit) return undefined;
  const typeofSide = [l, r].find((x) => x?.type === 'unary_expression' && w.text(x).startsWith('typeof'));
  const target = typeofSide ? namedChildren(typeofSide)[0] : [l, r].find((x) => x && x !== lit);
  if (!target || !(isIdent(target) || isMember(target))) return undefined;
  const v = w.ev(target, f);
  const text = w.text(lit).slice(1, -1);
  if (!typeofSide) return { key: w.text(target), narrowed: konst(text), inThen };
  const narrowed = text === 'number' || text === 'boolean' ? sanitize(v, 'all') : text === 'string' ? sanitize(v, ['nosqli']) : undefined;
  return narrowed ? { key: w.text(target), narrowed, inThen } : undefined;
}

/** `x.includes('/')` (or '..', '\\'): where it does not hold, x cannot leave the folder it is joined to. */
function separatorGuard(w: Walker, c: Syn, f: Frame): Guard | undefined {
  const call = callAt(c, w.src);
  if (!call?.receiver || call.name !== 'includes' || call.args.length !== 1 || !(isIdent(call.receiver) || isMember(call.receiver))) return undefined;
  const sep = w.ev(call.args[0]!, f).konst;
  if (sep !== '/' && sep !== '..' && sep !== '\\') return undefined;
  return { key: w.text(call.receiver), narrowed: sanitize(w.ev(call.receiver, f), ['path']), inThen: false };
}

/** validator.js checks of a whole value's format (not `matches`, `contains`, `isURL`: those leave the value free). */
const STRICT_VALIDATORS = /^(isIP|isInt|isFloat|isNumeric|isDecimal|isAlpha|isAlphanumeric|isEmail|isUUID|isMongoId|isHexadecimal|isBoolean|isPort|isWhitelisted|isISO8601|isDate)$/;
const isStrictValidator = (name: string, receiver: string | undefined) => STRICT_VALIDATORS.test(name) && (receiver === undefined || /^validator$/.test(receiver));

function validatorGuard(w: Walker, c: Syn, f: Frame): Guard | undefined {
  const call = callAt(c, w.src);
  const arg = call?.args[0];
  if (!call || !arg || !(isIdent(arg) || isMember(arg))) return undefined;
  if (call.receiver && isStrictValidator(call.name, w.text(call.receiver))) return { key: w.text(arg), narrowed: sanitize(w.ev(arg, f), 'all'), inThen: true };
  if (call.args.length !== 1) return undefined;
  let fn: { node: Syn; src: string } | undefined;
  if (!call.receiver) {
    const local = w.functions.get(call.name);
    if (local?.length === 1) fn = { node: local[0]!.node, src: w.src };
  }
  if (!fn && w.linker) {
    const recv = call.receiver ? w.ev(call.receiver, f) : w.ev(field(c, 'function') ?? c, f);
    if (recv.ext) fn = w.linker.resolve(recv.ext, call.receiver ? call.name : undefined);
  }
  if (!fn || !exactCheck(fn.node, fn.src)) return undefined;
  return { key: w.text(arg), narrowed: sanitize(w.ev(arg, f), 'all'), inThen: true };
}

/** Whether a one-parameter function uses its parameter only in exact comparisons and membership tests. */
function exactCheck(node: Syn, src: string): boolean {
  const def = functionAt(node, src);
  if (!def?.body || def.params.length !== 1) return false;
  const p = def.params[0]!;
  let uses = 0;
  let seen = 0;
  for (const n of walk(def.body)) {
    if (++seen > 5_000) return false;
    if (n.type !== 'identifier' || src.slice(n.start, n.end) !== p) continue;
    let parent = n.parent;
    if (!parent) return false;
    // `if (p)` / `p && …`: a truthiness test lets nothing through by itself.
    if (parent.type === 'parenthesized_expression' && parent.parent?.type === 'if_statement') continue;
    // `p + ''` handed to a validator is p.
    if (parent.type === 'binary_expression' && parent.parent?.type === 'arguments' && /^['"]{2}$/.test(src.slice(parent.end - 2, parent.end))) parent = parent.parent;
    if (parent.type === 'arguments' && parent.parent) {
      const call = callAt(parent.parent, src);
      if (call && isStrictValidator(call.name, call.receiver ? src.slice(call.receiver.start, call.receiver.end) : undefined) && namedChildren(parent)[0]?.start === n.start) {
        uses++;
        continue;
      }
    }
    if (parent.type === 'binary_expression') {
      const op = field(parent, 'operator') ?? parent.children.find((x) => !x.named);
      if (!op || !/^[!=]==?$/.test(src.slice(op.start, op.end))) return false;
    } else if (parent.type === 'arguments' && namedChildren(parent).length === 1) {
      const call = parent.parent ? callAt(parent.parent, src) : undefined;
      if (!call || !/^(has|includes)$/.test(call.name) || (call.receiver && src.slice(call.receiver.start, call.receiver.end) === p)) return false;
    } else return false;
    uses++;
  }
  return uses > 0;
}
