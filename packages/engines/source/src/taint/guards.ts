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
import { callAt, functionAt, isIdent, isMember, isNumber, isString, isSubscript } from './syntax-profile.ts';
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
    // Java keeps its own model (the Java benchmark's figures were measured without these guards).
    if (w.group === 'java') return [];
    const path = pathGuard(w, cond, f);
    if (path) return [path];
    if (w.group === 'python') {
      const m = membershipGuard(w, cond, f);
      return m ? [m] : [];
    }
    const c = unwrap(cond);
    if (/binary_expression|binary_operator/.test(c.type) && depth < 8) {
      const op = field(c, 'operator') ?? c.children.find((x) => !x.named);
      const opText = op ? w.text(op) : '';
      // `a && b` (PHP also `and`): both hold in the then-branch.
      if (opText === '&&' || opText === 'and') {
        const [l, r] = [field(c, 'left') ?? namedChildren(c)[0], field(c, 'right') ?? namedChildren(c)[1]];
        return [...(l ? guardsAt(w, l, f, depth + 1) : []), ...(r ? guardsAt(w, r, f, depth + 1) : [])].filter((g) => g.inThen);
      }
      const allow = allowListGuard(w, c, f);
      if (allow) return [allow];
    }
    const g = checkCallGuard(w, cond, f);
    return g ? [g] : [];
  }
  const c = unwrap(cond);
  const path = pathGuard(w, cond, f);
  if (path) return [path];
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
  // check(x) !== false / === true / == false …: the call's truth, possibly negated.
  if (/binary_expression|binary_operator/.test(c.type)) {
    const op = field(c, 'operator') ?? c.children.find((x) => !x.named);
    const opText = op ? w.text(op) : '';
    const [l, r] = [field(c, 'left') ?? namedChildren(c)[0], field(c, 'right') ?? namedChildren(c)[1]];
    const lit = [l, r].find((x) => x && /^(true|false)$/i.test(w.text(x)));
    const other = lit === l ? r : l;
    if (!lit || !other || !/^(===|!==|==|!=)$/.test(opText)) return undefined;
    c = unwrap(other);
    if (/^false$/i.test(w.text(lit)) !== opText.startsWith('!')) negated = !negated;
  }
  const call = callAt(c, w.src);
  if (!call) return undefined;
  const recvText = call.receiver ? w.text(call.receiver) : '';
  const spec = w.specs.guardCalls.find((g) => g.names.includes(call.name) && (!g.recv || g.recv.test(recvText) || g.recv.test(call.callee)));
  const target = spec ? call.args[spec.arg] : undefined;
  if (!spec || !target || !(isIdent(target) || isMember(target) || isSubscript(target))) return undefined;
  if (spec.when && !spec.when(call.args.map((a) => w.text(a)))) return undefined;
  if (spec.collection && !declaredCollection(w, recvText)) return undefined;
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
  const g = c.type === 'binary_expression' ? comparisonGuard(w, c, f) : (separatorGuard(w, c, f) ?? constantListGuard(w, c, f) ?? validatorGuard(w, c, f));
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

/** Calls that only change letter case: `strtolower($ext) == 'jpg'` compares $ext itself. */
const CASE_ONLY = /^(strtolower|strtoupper|mb_strtolower|mb_strtoupper|ToLower|ToUpper|ToLowerInvariant|ToUpperInvariant|lower|upper)$/;

/** The variable (or member, or constant-index element) a comparison side names, through case-only calls. */
function comparedTarget(w: Walker, n: Syn): Syn | undefined {
  const c = unwrap(n);
  if (isIdent(c) || isMember(c) || isSubscript(c)) return c;
  const call = callAt(c, w.src);
  if (!call || !CASE_ONLY.test(call.name)) return undefined;
  const t = call.receiver && call.args.length === 0 ? call.receiver : call.args.length === 1 ? call.args[0] : undefined;
  return t && (isIdent(t) || isMember(t) || isSubscript(t)) ? t : undefined;
}

/**
 * `x == 'a' || x == 'b' || strtolower(x) == 'c'` (PHP, Go, C#, C): in the then-branch x is one of the listed
 * constants, so it carries no attacker text. Every disjunct must compare the same x with a string literal.
 */
function allowListGuard(w: Walker, c: Syn, f: Frame): Guard | undefined {
  const leaves: Syn[] = [];
  const collect = (n: Syn, depth: number): boolean => {
    const u = unwrap(n);
    const op = /binary_expression|binary_operator/.test(u.type) ? (field(u, 'operator') ?? u.children.find((x) => !x.named)) : undefined;
    const opText = op ? w.text(op) : '';
    if ((opText === '||' || opText === 'or') && depth < 16) {
      const [l, r] = [field(u, 'left') ?? namedChildren(u)[0], field(u, 'right') ?? namedChildren(u)[1]];
      return !!l && !!r && collect(l, depth + 1) && collect(r, depth + 1);
    }
    if (!/^(==|===)$/.test(opText)) return false;
    leaves.push(u);
    return true;
  };
  if (!collect(c, 0) || leaves.length === 0) return undefined;
  let key: string | undefined;
  let target: Syn | undefined;
  for (const leaf of leaves) {
    const [l, r] = [field(leaf, 'left') ?? namedChildren(leaf)[0], field(leaf, 'right') ?? namedChildren(leaf)[1]];
    if (!l || !r) return undefined;
    const lit = [l, r].find((x) => isString(x) || isNumber(x));
    const other = lit === l ? r : l;
    const t = lit ? comparedTarget(w, other) : undefined;
    if (!t) return undefined;
    const k = w.text(t);
    if (key !== undefined && k !== key) return undefined;
    key = k;
    target = t;
  }
  return target && key ? { key, narrowed: sanitize(w.ev(target, f), 'all'), inThen: true } : undefined;
}

/** Whether `name` is declared in the file as a collection (List<…>, HashSet<…>, T[], a collection initializer …). */
function declaredCollection(w: Walker, name: string): boolean {
  const id = /(?:^|\.)([A-Za-z_]\w*)$/.exec(name)?.[1];
  if (!id) return false;
  const esc = id.replace(/[$]/g, '\\$');
  return new RegExp(`(?:(?:List|HashSet|ISet|IList|ICollection|IEnumerable|IReadOnlyList|IReadOnlyCollection|IReadOnlySet|SortedSet|ImmutableHashSet|ImmutableList|ImmutableArray|FrozenSet|ReadOnlyCollection|Dictionary|IDictionary|IReadOnlyDictionary|ImmutableDictionary|FrozenDictionary|SortedDictionary)<[^;=()]*>|\\[\\])\\s+${esc}\\b`).test(w.src);
}

/** Separators whose absence keeps a name inside the folder it is joined to. */
const SEPARATORS = new Set(['/', '..', '\\']);
/** Calls that make a path absolute and free of `..` (so a prefix test on the result means what it says). */
const CANONICAL = /(Path\.GetFullPath|realpath|filepath\.(Abs|Clean)|getCanonicalPath|os\.path\.(realpath|abspath|normpath)|path\.resolve|toRealPath|normalize)\s*\(/;

/**
 * Path checks in any language but Java:
 * - `x.Contains("..") || x.Contains("/")`, `strpos($x, '..') !== false`, `strings.Contains(x, "/")`, `'..' in x`:
 *   where none holds (the else branch, or after an if whose branch leaves) x is a plain name;
 * - `!p.StartsWith(base)` / `!strings.HasPrefix(p, base)` / `strpos($p, $base) !== 0` / `not p.startswith(base)` where p
 *   was made by a canonicalising call (GetFullPath, realpath, filepath.Clean …): where the test holds, p stays under base.
 */
function pathGuard(w: Walker, cond: Syn, f: Frame): Guard | undefined {
  const leaves: { node: Syn; negated: boolean }[] = [];
  const collect = (n: Syn, negated: boolean, depth: number): boolean => {
    let u = unwrap(n);
    if (depth > 16) return false;
    if (/unary|not_operator/.test(u.type) && /^(!|not\b)/.test(w.text(u).trimStart())) {
      const arg = namedChildren(u).at(-1);
      return !!arg && collect(arg, !negated, depth + 1);
    }
    const op = /binary_expression|binary_operator|boolean_operator/.test(u.type) ? (field(u, 'operator') ?? u.children.find((x) => !x.named)) : undefined;
    const opText = op ? w.text(op) : '';
    if (opText === '||' || opText === 'or') {
      const [l, r] = [field(u, 'left') ?? namedChildren(u)[0], field(u, 'right') ?? namedChildren(u)[1]];
      return !negated && !!l && !!r && collect(l, false, depth + 1) && collect(r, false, depth + 1);
    }
    leaves.push({ node: u, negated });
    u = u;
    return true;
  };
  if (!collect(cond, false, 0) || leaves.length === 0) return undefined;
  // Separator tests: every leaf tests the same x for a separator; x is safe where none holds.
  let key: string | undefined;
  let target: Syn | undefined;
  let separators = 0;
  for (const { node, negated } of leaves) {
    const t = separatorTest(w, node, f);
    if (!t || negated) {
      separators = -1;
      break;
    }
    if (key !== undefined && key !== w.text(t)) return undefined;
    key = w.text(t);
    target = t;
    separators++;
  }
  if (separators > 0 && target && key) return { key, narrowed: sanitize(w.ev(target, f), ['path']), inThen: false };
  // Prefix test on a canonical path (one leaf, possibly negated).
  if (leaves.length !== 1) return undefined;
  const { node, negated } = leaves[0]!;
  const p = prefixTest(w, node);
  if (!p) return undefined;
  const name = w.text(p.subject);
  const esc = name.replace(/[.*+?^${}()|[\]\\$]/g, '\\$&');
  if (!new RegExp(`${esc}\\s*(:=|=)\\s*[^;\\n]*${CANONICAL.source}`).test(w.src)) return undefined;
  const holds = p.whenTrue !== negated;
  return { key: name, narrowed: sanitize(w.ev(p.subject, f), ['path']), inThen: holds };
}

/** `x.Contains("/")`, `x.includes('..')`, `strings.Contains(x, "..")`, `strpos($x, '..') !== false`, `str_contains($x, '/')`, `'..' in x`: the x tested. */
function separatorTest(w: Walker, n: Syn, f: Frame): Syn | undefined {
  const isSep = (a: Syn | undefined) => !!a && SEPARATORS.has(String(w.ev(a, f).konst));
  const ok = (t: Syn | undefined) => (t && (isIdent(t) || isMember(t)) ? t : undefined);
  const op = /binary_expression|comparison_operator/.test(n.type) ? (field(n, 'operator') ?? n.children.find((x) => !x.named)) : undefined;
  if (op) {
    const opText = w.text(op);
    const [l, r] = [field(n, 'left') ?? namedChildren(n)[0], field(n, 'right') ?? namedChildren(n)[1]];
    // Python `'..' in x`
    if (opText === 'in' && isSep(l)) return ok(r);
    // PHP strpos($x, '..') !== false / > -1
    if (/^!==?$/.test(opText) && r && /^false$/i.test(w.text(r)) && l) {
      const call = callAt(unwrap(l), w.src);
      if (call && /^(strpos|stripos|mb_strpos)$/.test(call.name) && isSep(call.args[1])) return ok(call.args[0]);
    }
    return undefined;
  }
  const call = callAt(n, w.src);
  if (!call) return undefined;
  if (/^(Contains|contains|includes|str_contains|Contains)$/.test(call.name)) {
    if (call.receiver && call.args.length === 1 && isSep(call.args[0])) return ok(call.receiver);
    if (!call.receiver || /^strings$/.test(w.text(call.receiver))) {
      if (call.args.length === 2 && isSep(call.args[1])) return ok(call.args[0]);
    }
  }
  return undefined;
}

/** `p.StartsWith(base)`, `strings.HasPrefix(p, base)`, `p.startswith(base)`, `strpos($p, $base) === 0` (whenTrue: the test as written says p starts with base). */
function prefixTest(w: Walker, n: Syn): { subject: Syn; whenTrue: boolean } | undefined {
  const ok = (t: Syn | undefined) => (t && (isIdent(t) || isMember(t)) ? t : undefined);
  const op = /binary_expression|comparison_operator/.test(n.type) ? (field(n, 'operator') ?? n.children.find((x) => !x.named)) : undefined;
  if (op) {
    const opText = w.text(op);
    const [l, r] = [field(n, 'left') ?? namedChildren(n)[0], field(n, 'right') ?? namedChildren(n)[1]];
    if (!l || !r || w.text(r) !== '0' || !/^(===|!==)$/.test(opText)) return undefined;
    const call = callAt(unwrap(l), w.src);
    const s = call && /^(strpos|mb_strpos)$/.test(call.name) ? ok(call.args[0]) : undefined;
    return s ? { subject: s, whenTrue: opText === '===' } : undefined;
  }
  const call = callAt(n, w.src);
  if (!call) return undefined;
  if (/^(StartsWith|startswith|startsWith|str_starts_with)$/.test(call.name)) {
    const s = call.receiver && call.name !== 'str_starts_with' ? ok(call.receiver) : ok(call.args[0]);
    return s ? { subject: s, whenTrue: true } : undefined;
  }
  if (call.name === 'HasPrefix' && call.receiver && /^strings$/.test(w.text(call.receiver))) {
    const s = ok(call.args[0]);
    return s ? { subject: s, whenTrue: true } : undefined;
  }
  return undefined;
}

/** Python `x in ALLOWED` / `x not in ('a', 'b')` where the collection's members are all known constants: an allow-list. */
function membershipGuard(w: Walker, cond: Syn, f: Frame): Guard | undefined {
  const c = unwrap(cond);
  if (c.type !== 'comparison_operator') return undefined;
  const ops = c.children.filter((x) => !x.named).map((x) => w.text(x)).join(' ');
  if (ops !== 'in' && ops !== 'not in') return undefined;
  const [l, r] = namedChildren(c);
  if (!l || !r || !(isIdent(l) || isMember(l) || isSubscript(l))) return undefined;
  const coll = w.ev(r, f);
  const members = coll.items ?? (coll.entries ? [...coll.entries.keys()].map((k) => konst(k)) : undefined);
  if (!members || members.length === 0 || coll.taint || !members.every((m) => m.konst !== undefined && !m.taint)) return undefined;
  return { key: w.text(l), narrowed: sanitize(w.ev(l, f), 'all'), inThen: ops === 'in' };
}

/** `ALLOWED.includes(x)` / `ALLOWED.has(x)` where ALLOWED's members are all known constants (JS): x is one of them. */
function constantListGuard(w: Walker, c: Syn, f: Frame): Guard | undefined {
  const call = callAt(c, w.src);
  const arg = call?.args[0];
  if (!call?.receiver || !arg || call.args.length !== 1 || !/^(includes|has)$/.test(call.name) || !(isIdent(arg) || isMember(arg))) return undefined;
  const coll = w.ev(call.receiver, f);
  const members = coll.items ?? (coll.entries ? [...coll.entries.keys()].map((k) => konst(k)) : undefined);
  if (!members?.length || coll.taint || !members.every((m) => m.konst !== undefined && !m.taint)) return undefined;
  return { key: w.text(arg), narrowed: sanitize(w.ev(arg, f), 'all'), inThen: true };
}
