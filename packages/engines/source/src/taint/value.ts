/**
 * Abstract values of the taint interpreter: whether data may come from an
 * attacker (with the path it took), what constant it holds when known
 * (so dead branches and safe list/map slots are told apart), and the slots of
 * lists, arrays and maps built in the function.
 */

/** The kinds of sink a sanitizer can make a value safe for. */
/** 'viewdata': request data stored in ASP.NET ViewBag/ViewData for a view (recorded, reported where a view prints it raw). */
/** 'sqli-quoted' (only ever cleared, never a sink): escaped for SQL inside quotes (mysqli_real_escape_string); it becomes
 * 'sqli' where the value is placed right after a quote (expressions.ts), and stays injectable elsewhere (`WHERE id = $id`). */
export type SinkKind = 'sqli' | 'cmdi' | 'code' | 'path' | 'xss' | 'ldap' | 'xpath' | 'ssrf' | 'deser' | 'xxe' | 'redirect' | 'ssti' | 'nosqli' | 'trustbound' | 'log' | 'viewdata' | 'sqli-quoted';

/** A value escaped for quoted SQL, placed after an opening quote: clear for SQL there. */
export function quotedSql(v: Value): Value {
  const t = deepTaint(v);
  if (!t || !t.cleared.has('sqli-quoted') || t.cleared.has('sqli')) return v;
  return { ...v, taint: { steps: t.steps, cleared: new Set([...t.cleared, 'sqli']) } };
}

export interface Step {
  /** File of the step when it is not the file being analysed (a flow through an imported module). */
  file?: string;
  line: number;
  /** The code of this step (trimmed, at most 200 characters). */
  code: string;
  what: 'source' | 'assign' | 'call' | 'return' | 'param';
}

export interface Taint {
  steps: readonly Step[];
  /** Sink kinds the value was sanitized for on every path. */
  cleared: ReadonlySet<SinkKind>;
}

export interface Value {
  taint?: Taint;
  konst?: string | number | boolean;
  /** Slots of a list / array / string builder, in order, when known. */
  items?: readonly Value[];
  /** Entries of a map with constant keys. */
  entries?: ReadonlyMap<string, Value>;
  /** Facts about an object, e.g. "secure" for a cookie after setSecure(true). */
  flags?: ReadonlySet<string>;
  /** A symbol of another module of the project (an imported function, class, namespace, or an instance of an imported class). */
  ext?: ExternalRef;
}

/** A symbol exported by a module of the project: `name` is an export name, '*' the module itself (namespace / CommonJS module.exports). */
export interface ExternalRef {
  module: string;
  name: string;
  /** The value was made by `new` from the symbol (calls on it are its methods). */
  instance?: boolean;
}

export const MAX_STEPS = 12;
const NO_CLEAR: ReadonlySet<SinkKind> = new Set();
export const UNKNOWN: Value = Object.freeze({});

/** Flag of a C# constant that is a name (`CipherMode.ECB`, `Settings.Key`), not a literal (taint/csharp.ts). */
export const NAMED_CONSTANT = 'named-constant';

export function konst(k: string | number | boolean): Value {
  return { konst: k };
}

export function sourceValue(step: Step): Value {
  return { taint: { steps: [step], cleared: NO_CLEAR } };
}

export function withStep(v: Value, step: Step): Value {
  const t = deepTaint(v);
  if (!t) return v;
  if (t.steps.length >= MAX_STEPS) return { ...v, taint: t };
  const last = t.steps[t.steps.length - 1];
  if (last && last.line === step.line && last.code === step.code) return { ...v, taint: t };
  return { ...v, taint: { steps: [...t.steps, step], cleared: t.cleared } };
}

export function joinTaint(a: Taint | undefined, b: Taint | undefined): Taint | undefined {
  if (!a) return b;
  if (!b) return a;
  if (a.cleared.size === 0) return a;
  if (b.cleared.size === 0) return b;
  return { steps: a.steps, cleared: new Set([...a.cleared].filter((k) => b.cleared.has(k))) };
}

/** The taint of a value including everything in its slots. */
export function deepTaint(v: Value | undefined, depth = 0): Taint | undefined {
  if (!v) return undefined;
  let t = v.taint;
  if (depth > 4) return t;
  if (v.items) for (const i of v.items) t = joinTaint(t, deepTaint(i, depth + 1));
  if (v.entries) for (const e of v.entries.values()) t = joinTaint(t, deepTaint(e, depth + 1));
  return t;
}

/** Joins the values of two paths (if/else branches, loop iterations). */
export function join(a: Value | undefined, b: Value | undefined, depth = 0): Value {
  if (!a) return b ?? UNKNOWN;
  if (!b || a === b) return a;
  const out: { -readonly [K in keyof Value]: Value[K] } = {};
  const t = depth > 4 ? joinTaint(deepTaint(a), deepTaint(b)) : joinTaint(a.taint, b.taint);
  if (t) out.taint = t;
  if (a.konst !== undefined && a.konst === b.konst) out.konst = a.konst;
  if (depth <= 4 && a.items && b.items && a.items.length === b.items.length) out.items = a.items.map((x, i) => join(x, b.items![i], depth + 1));
  else if (a.items || b.items) out.taint = joinTaint(out.taint, joinTaint(deepTaint(a), deepTaint(b)));
  if (depth <= 4 && a.entries && b.entries) {
    const m = new Map<string, Value>();
    for (const k of new Set([...a.entries.keys(), ...b.entries.keys()])) m.set(k, join(a.entries.get(k), b.entries.get(k), depth + 1));
    out.entries = m;
  } else if (a.entries || b.entries) out.taint = joinTaint(out.taint, joinTaint(deepTaint(a), deepTaint(b)));
  if (a.flags && b.flags) out.flags = new Set([...a.flags].filter((f) => b.flags!.has(f)));
  return out;
}

/** A value derived from several inputs (concatenation, unknown call): tainted when any is. */
export function derive(values: readonly (Value | undefined)[]): Value {
  let t: Taint | undefined;
  for (const v of values) t = joinTaint(t, deepTaint(v));
  return t ? { taint: t } : UNKNOWN;
}

export function sanitize(v: Value, kinds: readonly SinkKind[] | 'all'): Value {
  const t = deepTaint(v);
  if (!t) return v;
  if (kinds === 'all') return UNKNOWN;
  return { taint: { steps: t.steps, cleared: new Set([...t.cleared, ...kinds]) } };
}

export function isTaintedFor(v: Value | undefined, kind: SinkKind): Taint | undefined {
  const t = deepTaint(v);
  return t && !t.cleared.has(kind) ? t : undefined;
}
