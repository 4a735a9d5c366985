/**
 * C# specifics of the taint interpreter, reusing the C-family walk Java uses:
 * - entry points: ASP.NET Core controller actions, Razor Pages handlers (and their
 *   [BindProperty] properties) and minimal-API lambdas (`app.MapGet("/x", (string q) => …)`) get
 *   their model-bound parameters as sources (ASP.NET Core model binding: simple and complex types
 *   are filled from the route, query, form, headers or body; services, the HttpContext and
 *   cancellation tokens are not);
 * - class constants (`const`, `static readonly` with a literal) are known in every method, so a
 *   key or an algorithm name kept in a field is still a constant where it is used;
 * - property assignments: `cmd.CommandText = sql`, `searcher.Filter = f`, `aes.Mode = CipherMode.ECB`
 *   are the property setters .NET compiles them to (`set_CommandText(sql)`), so sinks and call rules
 *   see them as calls, and the object's entries remember the value (CookieOptions.Secure …);
 * - object initializers (`new CookieOptions { Secure = true }`) give the new object its entries;
 * - enum members and static constants of types (`CipherMode.ECB`, `DtdProcessing.Parse`,
 *   `TypeNameHandling.All`) are constants named by their text, so value rules can compare them.
 */
import { type Syn, field, namedChildren } from '../parse/syntax.ts';
import type { Env } from './containers.ts';
import { type Frame, newFrame } from './frame.ts';
import { type CallSite, type FunctionDef, isIdent, isMember, isString, isNumber, memberParts } from './syntax-profile.ts';
import { type Value, NAMED_CONSTANT, UNKNOWN, deepTaint, derive, konst, sourceValue, withStep, isTaintedFor } from './value.ts';
import type { Walker } from './walker.ts';
import { checkSinks } from './calls.ts';

const CLASS = /^(class|record|struct)_declaration$/;
/** Types model binding never fills from the request: DI services, the context, tokens (by naming convention of .NET APIs). */
const SERVICE_TYPE = /^I[A-Z]\w*(<.*>)?$|(Context|Service|Services|Repository|Logger|Options|Factory|Client|Manager|Provider|Accessor|Environment|Configuration)(<.*>)?$|^(HttpContext|HttpRequest|HttpResponse|CancellationToken|ClaimsPrincipal|LinkGenerator)$/;
/** Types whose values cannot carry text: binding a number, a bool or a Guid fails on anything else. */
const NON_TEXT_TYPE = /^(int|long|short|byte|uint|ulong|ushort|sbyte|bool|decimal|double|float|char|Guid|DateTime|DateTimeOffset|DateOnly|TimeOnly|TimeSpan|Int16|Int32|Int64|UInt32|UInt64|Boolean|Decimal|Double|Single)\??$/;
const BIND_ATTR = /\[\s*(FromQuery|FromBody|FromRoute|FromForm|FromHeader)\b/;
const MINIMAL_API = /^Map(Get|Post|Put|Delete|Patch|Methods|Fallback)?$/;
const CONTROLLER_BASE = /\b(Controller|ControllerBase|ODataController|ApiController)\b/;

/** The class (record, struct) a node lies in. */
function enclosingClass(n: Syn): Syn | undefined {
  for (let p = n.parent; p; p = p.parent) if (CLASS.test(p.type)) return p;
  return undefined;
}

function attributesText(w: Walker, n: Syn): string {
  return n.children.filter((c) => c.type === 'attribute_list').map((c) => w.text(c)).join(' ');
}

function modifiers(w: Walker, n: Syn): string[] {
  return n.children.filter((c) => c.type === 'modifier').map((c) => w.text(c));
}

/** Called when a C# function's walk starts: constants of its class, and sources for request-bound parameters. */
export function csharpEntry(w: Walker, def: FunctionDef, env: Env): void {
  const cls = enclosingClass(def.node);
  if (cls) classConstants(w, cls, env);
  const params = def.node.type === 'lambda_expression' || def.node.type === 'method_declaration' || def.node.type === 'local_function_statement' ? parameters(def.node) : [];
  if (def.node.type === 'lambda_expression') {
    // app.MapGet("/route", (string q, AppDb db) => …): the handler of a minimal API.
    const call = def.node.parent?.type === 'argument' ? def.node.parent.parent?.parent : undefined;
    const fn = call?.type === 'invocation_expression' ? field(call, 'function') : undefined;
    const name = fn ? (memberParts(fn, w.src)?.prop ?? w.text(fn)) : '';
    if (MINIMAL_API.test(name)) bindParams(w, params, env, false);
    return;
  }
  if (def.node.type !== 'method_declaration' || !cls) {
    bindParams(w, params, env, true);
    return;
  }
  const mods = modifiers(w, def.node);
  const action = mods.includes('public') && !mods.includes('static') && !/\bNonAction\b/.test(attributesText(w, def.node));
  const bases = field(cls, 'bases');
  const clsName = w.text(field(cls, 'name') ?? cls);
  const basesText = bases ? w.text(bases) : '';
  const controller = CONTROLLER_BASE.test(basesText) || /\[\s*(ApiController|Controller)\b/.test(attributesText(w, cls)) || /Controller$/.test(clsName);
  const page = /\bPageModel\b/.test(basesText);
  if (action && (controller || (page && /^On(Get|Post|Put|Delete|Patch)\w*$/.test(def.name)))) {
    bindParams(w, params, env, false);
    if (page) bindPageProperties(w, cls, env);
  } else bindParams(w, params, env, true);
}

function parameters(n: Syn): Syn[] {
  const list = field(n, 'parameters');
  return list ? namedChildren(list).filter((p) => p.type === 'parameter') : [];
}

/** Request-bound parameters become sources; `explicitOnly`: only those with a [From…] binding attribute (any method). */
function bindParams(w: Walker, params: readonly Syn[], env: Env, explicitOnly: boolean): void {
  for (const p of params) {
    const name = field(p, 'name');
    if (!name) continue;
    const type = field(p, 'type');
    const typeText = type ? w.text(type).replace(/\s+/g, '') : '';
    const attrs = attributesText(w, p);
    if (/\bFromServices\b/.test(attrs) || NON_TEXT_TYPE.test(typeText)) continue;
    // Uploaded files are request data even though their types are interfaces (IFormFile: FileName, content).
    const upload = /^(IFormFile|IFormFileCollection|IFormCollection|IEnumerable<IFormFile>|List<IFormFile>)\??$/.test(typeText);
    if (explicitOnly ? !BIND_ATTR.test(attrs) : !BIND_ATTR.test(attrs) && !upload && (typeText === '' || SERVICE_TYPE.test(typeText))) continue;
    const key = w.text(name);
    const old = env.get(key);
    if (!old || old === UNKNOWN) env.set(key, sourceValue(w.step(p, 'source')));
  }
}

/** Razor Pages: properties marked [BindProperty] (or all public ones under [BindProperties]) are filled from the request. */
function bindPageProperties(w: Walker, cls: Syn, env: Env): void {
  const body = field(cls, 'body');
  if (!body) return;
  const all = /\bBindProperties\b/.test(attributesText(w, cls));
  for (const prop of body.children) {
    if (prop.type !== 'property_declaration') continue;
    const type = field(prop, 'type');
    if (!(all ? modifiers(w, prop).includes('public') : /\bBindProperty\b/.test(attributesText(w, prop))) || (type && NON_TEXT_TYPE.test(w.text(type)))) continue;
    const name = field(prop, 'name');
    if (!name) continue;
    const v = sourceValue(w.step(prop, 'source'));
    for (const key of [w.text(name), `this.${w.text(name)}`]) if (!env.get(key) || env.get(key) === UNKNOWN) env.set(key, v);
  }
}

/** `const` and `static readonly` fields initialised with a literal: the same constant in every method of the class. */
function classConstants(w: Walker, cls: Syn, env: Env): void {
  const body = field(cls, 'body');
  if (!body) return;
  for (const fd of body.children) {
    if (fd.type !== 'field_declaration') continue;
    const mods = modifiers(w, fd);
    if (!mods.includes('const') && !(mods.includes('static') && mods.includes('readonly'))) continue;
    const decl = fd.children.find((c) => c.type === 'variable_declaration');
    for (const d of decl ? decl.children.filter((c) => c.type === 'variable_declarator') : []) {
      const name = namedChildren(d)[0];
      const eq = d.children.find((c) => c.type === 'equals_value_clause');
      const init = eq ? namedChildren(eq)[0] : undefined;
      if (!name || !init || (!isString(init) && !isNumber(init) && init.type !== 'boolean_literal')) continue;
      if (init.type === 'interpolated_string_expression') continue;
      const key = w.text(name);
      if (!env.has(key)) env.set(key, w.ev(init, newFrame(new Map(), 0)));
    }
  }
}

/**
 * `obj.Prop = value`: the setter call .NET compiles it to, seen by the sinks (CommandText, Filter,
 * FileName …) and the call rules (Mode, DtdProcessing, XmlResolver …); the object's entries keep the value.
 */
export function csharpPropertySet(w: Walker, target: Syn, valueNode: Syn | undefined, v: Value, f: Frame, stmt: Syn): void {
  const m = memberParts(target, w.src);
  if (!m || !(isIdent(m.object) || isMember(m.object))) return;
  const recvText = w.text(m.object);
  const recv = f.env.get(recvText);
  const call: CallSite = { node: stmt, name: `set_${m.prop}`, callee: `${recvText}.set_${m.prop}`, receiver: m.object, args: valueNode ? [valueNode] : [], isNew: false };
  const recvType = f.types.get(recvText);
  w.onCall?.(call, [v], recv, recvType);
  checkSinks(w, call, [v], recv, { call, recvText, recvType });
  // ViewBag.X = input: recorded for the views (analyse-file.ts keeps the key; views/razor.ts reports Html.Raw(ViewBag.X)).
  if (/^(this\.)?ViewBag$/.test(recvText)) {
    const taint = isTaintedFor(v, 'xss');
    if (taint) w.onHit({ kind: 'viewdata', call, arg: valueNode, taint });
  }
  const old = recv ?? UNKNOWN;
  const entries = new Map(old.entries ?? []);
  entries.set(m.prop, v);
  f.env.set(recvText, { ...old, entries });
}

/**
 * `new T(…) { A = x, B = y }`: the object made, with the initializer's values as its entries (empty when
 * there is none, so rules can tell a new object with defaults from one they know nothing of); each
 * assignment is the setter call, seen by sinks and call rules like `obj.A = x`.
 */
export function withInitializer(w: Walker, call: CallSite, made: Value, init: Syn | undefined, f: Frame): Value {
  let obj: Value = { ...made, entries: new Map(made.entries ?? []) };
  const typeName = call.callee.replace(/^new\s+/, '');
  for (const a of init ? namedChildren(init) : []) {
    if (a.type !== 'assignment_expression') continue;
    const left = field(a, 'left');
    const right = field(a, 'right');
    if (!left || !right) continue;
    const prop = w.text(left).replace(/^\[|\]$/g, '').replace(/^"|"$/g, '');
    const v = w.ev(right, f);
    const set: CallSite = { node: a, name: `set_${prop}`, callee: `${typeName}.set_${prop}`, args: [right], isNew: false };
    w.onCall?.(set, [v], obj, typeName);
    checkSinks(w, set, [v], obj, { call: set, recvText: typeName, recvType: typeName });
    const entries = new Map(obj.entries);
    entries.set(prop, v);
    obj = { ...obj, entries };
  }
  return obj;
}

/** A member of a type named by its text (`CipherMode.ECB`): a constant when nothing else is known of it. */
export function typeConstant(w: Walker, n: Syn, value: Value, f: Frame): Value {
  if (deepTaint(value) || value.entries || value.konst !== undefined) return value;
  const text = w.text(n);
  if (!/^[A-Z]\w*(\.[A-Z]\w*)+$/.test(text)) return value;
  const head = text.split('.')[0]!;
  // Flagged, so rules that want a literal (hard-coded secrets) can tell `Settings.JwtKey` from "s3cr3t".
  return f.env.has(head) ? value : { konst: text, flags: new Set([NAMED_CONSTANT]) };
}

/** Encoding.UTF8.GetBytes("literal") is as constant as the literal (keys, IVs). */
export function constantBytes(call: CallSite, args: readonly Value[]): Value | undefined {
  const a = args[0];
  return call.name === 'GetBytes' && typeof a?.konst === 'string' ? { ...konst(a.konst), ...(a.flags ? { flags: a.flags } : {}) } : undefined;
}

/** Methods that read their argument into the object they are called on (XmlDocument.Load/LoadXml, XDocument/XElement loads). */
const LOADS = new Set(['Load', 'LoadXml', 'ReadFrom', 'ReadXml']);

/** `doc.Load(request.Body)`: the document now holds attacker data, and what is read from it does too. */
export function loadInto(w: Walker, call: CallSite, args: readonly Value[], f: Frame): void {
  if (!LOADS.has(call.name) || !call.receiver || !isIdent(call.receiver)) return;
  const t = derive(args);
  if (!t.taint) return;
  const key = w.text(call.receiver);
  const old = f.env.get(key) ?? UNKNOWN;
  f.env.set(key, withStep({ ...old, taint: t.taint }, w.step(call.node, 'assign')));
}
