/**
 * Calls in the taint interpreter: sinks are checked against the data that
 * reaches them, sanitizers clear kinds of taint, source calls start taint,
 * container methods (add, put, get …) move values in and out of list/map
 * slots, string methods fold on constants, and calls to functions of the same
 * file are followed with the argument values (depth-limited and memoised).
 */
import { type Syn, field, namedChildren } from '../parse/syntax.ts';
import { REQUEST_PROPS, type SinkCall } from '../rules/taint-specs.ts';
import { argView } from './arg-view.ts';
import { bindParams, containerCall, type Env } from './containers.ts';
import { foldStringMethod } from './fold.ts';
import { type Frame, isExprNode, newFrame, sig } from './frame.ts';
import { matchesCall } from './match.ts';
import { type CallSite, type FunctionDef, callAt, isIdent, isMember } from './syntax-profile.ts';
import { type ExternalRef, type SinkKind, type Value, UNKNOWN, deepTaint, derive, isTaintedFor, konst, sanitize, sourceValue, withStep } from './value.ts';
import { checkVmSandbox } from './vm-sandbox.ts';
import type { Walker } from './walker.ts';
import { lookup } from './expressions.ts';
import { constantBytes, csharpEntry, loadInto } from './csharp.ts';
import { cOutArguments, unaliasCall } from './c-family.ts';
import { withNumericFormatArgs } from './format-args.ts';
import { javaWebEntry } from './java-web.ts';

/** How deep calls to functions of the same file are followed. */
export const MAX_INLINE_DEPTH = 3;

export function evCall(w: Walker, written: CallSite, f: Frame): Value {
  const call = w.group === 'c' ? unaliasCall(w, written) : written;
  const recv = call.receiver ? w.ev(call.receiver, f) : undefined;
  const evaluated = call.args.map((a) => w.ev(a, f));
  const args = withNumericFormatArgs(w.group, call, evaluated) as Value[];
  if (w.group === 'c') cOutArguments(w, call, args, f);
  const recvText = call.receiver ? w.text(call.receiver) : undefined;
  const recvType = recvText ? f.types.get(recvText) : undefined;
  const ctx = { call, recvText, recvType };
  w.onCall?.(call, args, recv, recvType);

  // Sinks first: the data reaching the call is what matters.
  let view = checkSinks(w, call, args, recv, ctx);
  if (w.group === 'js') checkVmSandbox(w, call, args);
  // Go new(T): a zero value whose fields are set afterwards (ck := new(http.Cookie); ck.Secure = true).
  if (w.group === 'go' && call.name === 'new' && !call.receiver && call.args.length === 1) return { entries: new Map() };
  // Every sanitizer spec that matches adds its kinds (mysql.escape is both a generic `escape` and a SQL escaper).
  let cleared: SinkKind[] | 'all' | undefined;
  for (const s of w.specs.sanitizers) {
    if (!matchesCall(s, ctx)) continue;
    cleared = s.kinds === 'all' || cleared === 'all' ? 'all' : [...(cleared ?? []), ...s.kinds];
    if (cleared === 'all') break;
  }
  if (cleared) return sanitize(derive([...args, recv]), cleared);
  // PHP file_get_contents of a fixed local file reads the application's own file; php://input and a URL or path
  // chosen by the attacker are attacker data.
  if (w.group === 'php' && call.name === 'file_get_contents' && !call.receiver && args[0] && !deepTaint(args[0]) && !/php:\/\/(input|stdin)/i.test(typeof args[0].konst === 'string' ? args[0].konst : w.text(call.args[0]!))) return UNKNOWN;
  for (const s of w.specs.sourceCalls) {
    if (matchesCall(s, ctx)) return sourceValue(w.step(call.node, 'source'));
  }
  let flagged: Value | undefined;
  for (const s of w.specs.valueFlags) {
    if (!matchesCall(s, ctx)) continue;
    const on = s.when((view ??= { ...argView(call, args, w.src), args, recv, recvText: recvText ?? '', fileText: w.src }));
    if (on === undefined) continue;
    if (s.on === 'result') flagged = on ? { flags: new Set([s.flag]) } : UNKNOWN;
    else if (call.receiver && (isIdent(call.receiver) || isMember(call.receiver))) {
      const key = w.text(call.receiver);
      const old = f.env.get(key) ?? UNKNOWN;
      const flags = new Set(old.flags ?? []);
      if (on) flags.add(s.flag);
      else flags.delete(s.flag);
      f.env.set(key, { ...old, flags });
    }
  }
  if (flagged) return flagged;
  if (call.name === 'setSecure' && call.receiver && isIdent(call.receiver)) {
    const key = w.text(call.receiver);
    const old = f.env.get(key) ?? UNKNOWN;
    const flags = new Set(old.flags ?? []);
    if (args[0]?.konst === true) flags.add('secure');
    else flags.delete('secure');
    f.env.set(key, { ...old, flags });
    return UNKNOWN;
  }
  // A configuration value the project's .properties files define (Java Properties.getProperty with a constant key).
  if (call.name === 'getProperty' && typeof args[0]?.konst === 'string' && w.properties) {
    const configured = w.properties.get(args[0].konst);
    if (configured !== undefined) return konst(configured);
  }
  // PHP array_shift($a) / array_pop($a) / array_push($a, v): the list methods on the array passed by reference.
  const phpList = w.group === 'php' ? PHP_ARRAY_FUNCTIONS[call.name] : undefined;
  if (phpList && call.args[0] && isIdent(call.args[0]) && args[0]?.items) {
    const effect = containerCall({ ...call, name: phpList, receiver: call.args[0], args: call.args.slice(1) }, args[0], args.slice(1), w.group);
    if (effect) {
      if (effect.receiver) f.env.set(w.text(call.args[0]), effect.receiver);
      return effect.result;
    }
  }
  const container = containerCall(call, recv, args, w.group);
  if (container) {
    if (container.receiver && call.receiver && (isIdent(call.receiver) || isMember(call.receiver))) f.env.set(w.text(call.receiver), container.receiver);
    return container.result;
  }
  const folded = recv ? foldStringMethod(recv.konst, call.name, args) : undefined;
  if (folded !== undefined) return konst(folded);
  const bytes = w.group === 'csharp' ? constantBytes(call, args) : undefined;
  if (bytes) return bytes;
  if (w.group === 'csharp') loadInto(w, call, args, f);
  // Getter on a properties object with a default: the default is the value we can know.
  if (call.name === 'getProperty' && args.length === 2 && args[1]!.konst !== undefined) return args[1]!;
  // Functions of this file: follow the call with the argument values.
  const local = !call.isNew && !recv?.ext && (!call.receiver || /^(this|self|\$this|new .*)$/.test(recvText ?? '') || call.receiver.type === 'object_creation_expression' || madeByLocalClass(w, call, recvType)) ? w.functions.get(call.name) : goLocalMethods(w, call, recv);
  const def = local?.find((d) => d.params.length === args.length) ?? (local?.length === 1 ? local[0] : undefined);
  if (def && f.depth < MAX_INLINE_DEPTH) return w.callFunction(def, args, f, call);
  const external = w.linker ? externalCall(w, call, recv, args, f) : undefined;
  if (external) return external;
  // Callbacks passed as arguments run with what the caller knows.
  return derive([...args, recv]);
}

/**
 * A call to a symbol of another module: `new Imported(…)` makes an instance
 * (whose method calls are followed later), `imported(…)`, `ns.fn(…)` and
 * `instance.method(…)` are followed in that module with the argument values
 * (carrying this call as a step); the result comes back with a return step.
 */
function externalCall(w: Walker, call: CallSite, recv: Value | undefined, args: readonly Value[], f: Frame): Value | undefined {
  let ref: ExternalRef | undefined;
  if (call.receiver) {
    ref = recv?.ext ?? (w.group === 'go' ? w.linker?.imported(`.${call.name}`)?.ext : undefined);
    if (!ref && w.group === 'csharp' && w.linker?.method) {
      const r = w.text(call.receiver);
      ref = w.linker.method(r, call.name, call.receiver.type === 'object_creation_expression');
    }
  }
  else {
    // f(…), new C(…), new ns.C(…)
    const m = /^(?:new\s+)?([A-Za-z_$][\w$]*)(?:\.([A-Za-z_$][\w$]*))?$/.exec(call.callee);
    const base = m ? lookup(w, m[1]!, call.node, f).ext : undefined;
    if (base && m![2] === undefined) ref = base;
    else if (base?.name === '*') ref = { module: base.module, name: m![2]! };
  }
  if (!ref) return undefined;
  if (call.isNew) return { ext: { ...ref, instance: true } };
  if (f.depth >= MAX_INLINE_DEPTH) return undefined;
  const callStep = w.step(call.node, 'call');
  const stepped = args.map((a) => (deepTaint(a) ? withStep(a, { ...callStep, what: 'param' }) : a));
  const out = w.linker!.call(ref, call.receiver ? call.name : undefined, stepped, f.depth, w);
  if (!out) return undefined;
  return deepTaint(out) ? withStep(out, w.step(call.node, 'return')) : out;
}

export function followCall(w: Walker, def: FunctionDef, args: readonly Value[], caller: Frame, call: CallSite | undefined): Value {
  w.analysed.add(def.node);
  if (!def.body) return derive(args);
  const key = `${def.node.start}:${args.map(sig).join(',')}`;
  const memo = w.memo.get(key);
  if (memo) return memo;
  w.memo.set(key, derive(args));
  const env: Env = call ? new Map() : caller.env;
  bindParams(env, def.params, call ? withReceiver(w, def, args) : args, call ? w.step(call.node, 'call') : undefined);
  // A function analysed where it is defined (a root, a closure) is not a call: only calls count towards the depth.
  const out = runBody(w, def, env, call ? caller.depth + 1 : caller.depth);
  const result = deepTaint(out) && call ? withStep(out, w.step(call.node, 'return')) : out;
  w.memo.set(key, result);
  return result;
}

/**
 * A call from another module into `def` of this walk's file: the arguments
 * already carry the caller's step. Memoised with this file's own calls by the
 * argument signature, so the result per signature is the function's summary
 * (which parameters reach which sink, and the return value).
 */
export function followFromModule(w: Walker, def: FunctionDef, args: readonly Value[], depth: number): Value {
  if (!def.body) return derive(args);
  const key = `${def.node.start}:${args.map(sig).join(',')}`;
  const memo = w.memo.get(key);
  if (memo) return memo;
  w.memo.set(key, derive(args));
  const env: Env = new Map();
  bindParams(env, def.params, withReceiver(w, def, args), undefined);
  const out = runBody(w, def, env, depth + 1);
  w.memo.set(key, out);
  return out;
}

function runBody(w: Walker, def: FunctionDef, env: Env, depth: number): Value {
  if (w.group === 'js') requestPattern(w, def, env);
  if (w.group === 'csharp') csharpEntry(w, def, env);
  const frame = newFrame(env, depth);
  if (w.group === 'python') pythonRoute(w, def, env, frame);
  if (w.group === 'java') javaWebEntry(w, def, env, frame);
  // Kotlin `fun f(…) = expr`: the body is the expression after '='.
  const exprBody = def.body!.type === 'function_body' && def.body!.children[0] && w.text(def.body!.children[0]) === '=' ? namedChildren(def.body!)[0] : undefined;
  if (exprBody || isExprNode(def.body!)) {
    const e = exprBody ?? def.body!;
    frame.ret = w.ev(e, frame);
    // An expression-bodied web handler's value is the response body.
    const taint = frame.htmlReturn ? isTaintedFor(frame.ret, 'xss') : undefined;
    if (taint) w.onHit({ kind: 'xss', call: { node: e, name: 'return', callee: 'return', args: [e], isNew: false }, arg: e, taint });
  } else w.exec(def.body!, frame);
  return frame.ret ?? UNKNOWN;
}

/**
 * A handler that destructures its request parameter — `({ body, query }: Request, res) => …`
 * or `({ file }, res, next)` — gets the request members it names as sources.
 */
function requestPattern(w: Walker, def: FunctionDef, env: Env): void {
  const params = namedChildren(field(def.node, 'parameters') ?? def.node).filter((p) => !p.type.endsWith('comment'));
  // NestJS controllers: parameters decorated @Body(), @Query('x'), @Param(), @Headers(), @Req() hold client data.
  for (const p of params) {
    const deco = field(p, 'decorator');
    const name = field(p, 'pattern');
    if (!deco || name?.type !== 'identifier' || !/^@\s*(Body|Query|Param|Params|Headers|Req|Request|UploadedFile|UploadedFiles)\s*\(/.test(w.text(deco))) continue;
    const old = env.get(w.text(name));
    if (!old || old === UNKNOWN) env.set(w.text(name), sourceValue(w.step(p, 'source')));
  }
  const first = params[0];
  if (!first) return;
  const pattern = first.type === 'object_pattern' ? first : field(first, 'pattern');
  if (pattern?.type !== 'object_pattern') return;
  const typed = /Request\b/.test(w.text(field(first, 'type') ?? first));
  const second = params[1] ? w.text(field(params[1], 'pattern') ?? params[1]) : '';
  if (!typed && !/^(res|resp|response|reply)$/.test(second)) return;
  for (const p of namedChildren(pattern)) {
    const key = p.type === 'shorthand_property_identifier_pattern' ? p : p.type === 'pair_pattern' ? field(p, 'key') : undefined;
    const bound = p.type === 'pair_pattern' ? field(p, 'value') : p;
    if (!key || !bound || !REQUEST_PROPS.includes(w.text(key))) continue;
    const name = w.text(bound);
    const old = env.get(name);
    if (!old || old === UNKNOWN) env.set(name, sourceValue(w.step(p, 'source')));
  }
}

/** Reports the sinks `call` matches that tainted data reaches; returns the argument view if one was made. */
export function checkSinks(w: Walker, call: CallSite, args: readonly Value[], recv: Value | undefined, ctx: { call: CallSite; recvText: string | undefined; recvType: string | undefined }): SinkCall | undefined {
  const recvText = ctx.recvText;
  let view: SinkCall | undefined;
  for (const s of w.specs.sinks) {
    if (!matchesCall(s, ctx)) continue;
    if (s.safeWhen && s.safeWhen((view ??= { ...argView(call, args, w.src), args, recv, recvText: recvText ?? '', fileText: w.src }))) continue;
    const check = (v: Value | undefined, node: Syn | undefined): boolean => {
      // { where: … } is an ORM filter (Sequelize, TypeORM): values are bound, not NoSQL operators.
      if (s.kind === 'nosqli' && v?.entries?.has('where')) return false;
      // A $where clause is JavaScript run by the database: attacker text in it is injection even when it is a plain string.
      const tt = isTaintedFor(v, s.kind) ?? (s.kind === 'nosqli' ? isTaintedFor(v?.entries?.get('$where'), 'code') : undefined);
      if (tt) w.onHit({ kind: s.kind, call, arg: node, taint: tt });
      return tt !== undefined;
    };
    if (s.args === 'receiver') check(recv, call.receiver);
    else if (s.args === 'any') args.some((v, i) => check(v, call.args[i]));
    else for (const i of s.args) if (check(args[i], call.args[i])) break;
  }
  return view;
}

/**
 * A Python web handler (Flask/Quart `@app.route`, `@bp.get`, FastAPI `@router.post` …): its
 * parameters are the URL's path and query values, so each is a source (except self, the
 * request object and FastAPI dependencies); a Flask view's return value is the HTML body,
 * as is a FastAPI one declared with response_class=HTMLResponse (FastAPI returns JSON otherwise).
 */
function pythonRoute(w: Walker, def: FunctionDef, env: Env, frame: Frame): void {
  const decorated = def.node.parent?.type === 'decorated_definition' ? def.node.parent : undefined;
  if (!decorated || !decorated.children.some((c) => c.type === 'decorator' && PY_ROUTE.test(w.text(c)))) {
    djangoView(w, def, env);
    return;
  }
  const decorators = decorated.children.filter((c) => c.type === 'decorator').map((d) => w.text(d));
  const route = decorators.find((d) => PY_ROUTE.test(d));
  if (!route) return;
  const flask = /\.route\s*\(/.test(route) || /^\s*(from\s+(flask|quart)\b|import\s+(flask|quart)\b)/m.test(w.src);
  frame.htmlReturn = flask || /response_class\s*=\s*HTMLResponse/.test(route);
  const params = namedChildren(field(def.node, 'parameters') ?? def.node);
  for (const p of params) {
    const nameNode = p.type === 'identifier' ? p : (field(p, 'name') ?? namedChildren(p).find((c) => c.type === 'identifier'));
    if (!nameNode) continue;
    const name = w.text(nameNode);
    const text = w.text(p);
    if (/^(self|cls|request|req|db|session|background_tasks|response)$/.test(name) || /Depends\s*\(|:\s*(Request|Session|Response|WebSocket|BackgroundTasks)\b/.test(text)) continue;
    const old = env.get(name);
    if (!old || old === UNKNOWN) env.set(name, sourceValue(w.step(p, 'source')));
  }
}

const PY_ROUTE = /^@\s*[\w.]+\.(route|get|post|put|patch|delete|api_route|view_functions)\s*\(/;

/**
 * Python: `Helper().run(x)` or `h = Helper(); h.run(x)` where Helper is a class of this file (a capitalised
 * name that the file defines as a class): the method of this file runs.
 */
function madeByLocalClass(w: Walker, call: CallSite, recvType: string | undefined): boolean {
  if (!call.receiver) return false;
  if (w.group === 'php') {
    // $h = new Helper(); $h->run(x) / Helper::run(x) / (new Helper())->run(x), Helper a class of this file.
    const r = w.text(call.receiver).replace(/^\(?\s*new\s+|\(.*$/gs, '');
    const made = (recvType ?? '').replace(/^new\s+/, '') || r;
    return /^[A-Za-z_]\w*$/.test(made) && new RegExp(`\\bclass\\s+${made}\\b`).test(w.src);
  }
  if (w.group === 'js') {
    // const repo = new Repo(…) (at any level) with class Repo in this file; repo.find(x) runs Repo's method.
    const id = /^([A-Za-z_$][\w$]*)$/.exec(w.text(call.receiver))?.[1];
    const made = id ? (new RegExp(`\\b(?:const|let|var)\\s+${id.replace(/\$/g, '\\$')}\\s*=\\s*new\\s+([A-Z][\\w$]*)`).exec(w.src)?.[1] ?? recvType?.replace(/^new\s+/, '')) : undefined;
    return !!made && new RegExp(`\\bclass\\s+${made}\\b`).test(w.src);
  }
  if (w.group === 'csharp' || w.group === 'java') {
    // A field or variable declared with a class of this file (private readonly Repo _repo; _repo.Find(x)).
    const id = /^(?:this\.)?([A-Za-z_]\w*)$/.exec(w.text(call.receiver))?.[1];
    if (!id) return false;
    const decl = new RegExp(`\\b([A-Z]\\w*)\\s+${id}\\s*[;=,)]`).exec(w.src)?.[1] ?? recvType?.replace(/^new\s+/, '');
    return !!decl && new RegExp(`\\bclass\\s+${decl}\\b`).test(w.src);
  }
  if (w.group !== 'python') return false;
  const made = call.receiver.type === 'call' ? callAt(call.receiver, w.src)?.callee : recvType;
  return !!made && /^[A-Z]\w*$/.test(made) && new RegExp(`^class\\s+${made}\\b`, 'm').test(w.src);
}

/** Python methods name their instance first (`def run(self, q)`): a call's arguments start at the second parameter. */
function withReceiver(w: Walker, def: FunctionDef, args: readonly Value[]): readonly Value[] {
  if (w.group !== 'python' || !/^(self|cls)$/.test(def.params[0] ?? '')) return args;
  let p = def.node.parent;
  if (p?.type === 'decorated_definition') p = p.parent;
  return p?.type === 'block' && p.parent?.type === 'class_definition' ? [UNKNOWN, ...args] : args;
}

/** Go: `p.M(x)` where M is a method declared in this file (receivers are values of the package's own types). */
function goLocalMethods(w: Walker, call: CallSite, recv: Value | undefined): FunctionDef[] | undefined {
  if (w.group !== 'go' || !call.receiver || recv?.ext || call.isNew) return undefined;
  const methods = w.functions.get(call.name)?.filter((d) => d.node.type === 'method_declaration');
  return methods?.length ? methods : undefined;
}

const PHP_ARRAY_FUNCTIONS: Readonly<Record<string, string>> = { array_shift: 'shift', array_pop: 'pop', array_push: 'push' };

/**
 * Django: a view is a function whose first parameter is `request` (or a get/post/… method of a class-based view,
 * after self and request); the parameters after it are the URL's captures (`path('u/<str:name>/', view)`), text
 * from the request. Only in files that import Django.
 */
function djangoView(w: Walker, def: FunctionDef, env: Env): void {
  if (!/^\s*(from\s+django\b|import\s+django\b|from\s+rest_framework\b)/m.test(w.src)) return;
  const params = def.params;
  const at = params[0] === 'request' ? 1 : (params[0] === 'self' && params[1] === 'request' && /^(get|post|put|patch|delete|head|options|list|retrieve|create|update|partial_update|destroy)$/.test(def.name)) ? 2 : -1;
  if (at < 0) return;
  for (const name of params.slice(at)) {
    if (/^(args|kwargs|format)$/.test(name)) continue;
    const old = env.get(name);
    if (!old || old === UNKNOWN) env.set(name, sourceValue(w.step(def.node, 'source')));
  }
}
