/**
 * One tokenizer pass over a script that collects the facts the checks need:
 * platform API calls (wx.x(…), my.x(…), wx["x"](…), also through uni/Taro and
 * through a variable holding the namespace: `var w = wx; w.getLocation()`)
 * with the literal properties of their first object argument, console
 * calls with the words in their arguments, eval / Function / string timers,
 * TLS verification switched off, and the bodies of App({ onLaunch, onShow }).
 *
 * Streaming: a ring of the last few tokens for the patterns, and a bounded
 * set of "watchers" that follow an open call's arguments until its ")".
 * Everything is capped, so a hostile 100 MB line costs one linear pass.
 */
import { tokenize, stringValue, type TokenKind } from './tokenizer.ts';

export interface PropValue {
  kind: 'string' | 'template' | 'bool' | 'other';
  value: string;
  index: number;
}

export interface CallSite {
  /** wx, my, uni, Taro, console … */
  ns: string;
  api: string;
  index: number;
  /** Literal properties of the first object argument ({ url: "…", key: "…" }). */
  props: Record<string, PropValue>;
  /** The first argument when it is a string literal. */
  firstString?: { value: string; index: number };
  /** Identifiers and string values in the arguments (capped), for console calls. */
  words: string[];
  /** The call sits in App({ onLaunch / onShow }). */
  atLaunch: boolean;
}

export interface DynamicCode {
  what: 'eval' | 'new Function' | 'Function' | 'string timer';
  index: number;
}

export interface JsFacts {
  calls: CallSite[];
  consoleCalls: CallSite[];
  dynamicCode: DynamicCode[];
  /** sslVerify: false, rejectUnauthorized: false … */
  tlsOff: { what: string; index: number }[];
  /** `new X(…)` for the constructor names asked for (e.g. VConsole). */
  constructed: { name: string; index: number }[];
  /** A cap was reached: the facts are a prefix of the file's. */
  capped: boolean;
}

export interface ScanJsOptions {
  /** Objects whose member calls are platform API calls. */
  namespaces: ReadonlySet<string>;
  /** Constructor names whose `new X(…)` to report. */
  constructors?: ReadonlySet<string>;
}

const LOG_METHODS = new Set(['log', 'info', 'debug', 'warn', 'error', 'trace', 'dir', 'table']);
const TLS_OFF_NAMES = new Set(['sslVerify', 'rejectUnauthorized', 'verifySSL', 'strictSSL', 'checkServerIdentity']);
const GLOBALS = new Set(['window', 'globalThis', 'self', 'global']);
const LAUNCH_HOOKS = new Set(['onLaunch', 'onShow']);
const MAX_CALLS = 20_000;
const MAX_WATCHERS = 64;
const MAX_WORDS = 48;
const CALL_TOKEN_BUDGET = 4000;
const MAX_ALIASES = 256;

interface Tok {
  kind: TokenKind;
  start: number;
  end: number;
}

type WatchKind = 'ns' | 'console' | 'function' | 'timer' | 'app';

interface Watcher {
  kind: WatchKind;
  site: CallSite;
  depth: number;
  seen: number;
  objectArg: boolean;
  pendingKey?: string;
  negate: boolean;
  lastAtDepth2?: Tok;
  /** App watcher: waiting for the body "{" of a hook, and the open body's depth and start. */
  expectBody: boolean;
  bodyDepth: number;
  bodyStart: number;
  onlyStringArg?: string;
  argTokens: number;
}

export function scanJs(text: string, o: ScanJsOptions): JsFacts {
  const facts: JsFacts = { calls: [], consoleCalls: [], dynamicCode: [], tlsOff: [], constructed: [], capped: false };
  const launchRanges: [number, number][] = [];
  const ring: Tok[] = [];
  const watchers: Watcher[] = [];
  const val = (t: Tok | undefined) => (t ? text.slice(t.start, t.end) : '');
  const isP = (t: Tok | undefined, ch: string) => t !== undefined && t.kind === 'punct' && text.charCodeAt(t.start) === ch.charCodeAt(0);
  const back = (k: number): Tok | undefined => ring[ring.length - k];
  /** Variables assigned a namespace (`var w = wx`, `t = my`) → the namespace; forgotten when assigned anything else. */
  const aliases = new Map<string, string>();
  const namespaceOf = (name: string): string | undefined => (o.namespaces.has(name) ? name : aliases.get(name));

  const startWatcher = (kind: WatchKind, ns: string, api: string, index: number) => {
    const site: CallSite = { ns, api, index, props: {}, words: [], atLaunch: false };
    if (kind === 'ns') {
      if (facts.calls.length >= MAX_CALLS) return void (facts.capped = true);
      facts.calls.push(site);
    } else if (kind === 'console') {
      if (facts.consoleCalls.length >= MAX_CALLS) return void (facts.capped = true);
      facts.consoleCalls.push(site);
    }
    if (watchers.length >= MAX_WATCHERS) return void (facts.capped = true);
    watchers.push({ kind, site, depth: 1, seen: 0, objectArg: false, negate: false, expectBody: false, bodyDepth: -1, bodyStart: -1, argTokens: 0 });
  };

  const feed = (w: Watcher, t: Tok): boolean => {
    const first = w.seen === 0;
    w.seen++;
    const open = t.kind === 'punct' && '([{'.includes(text[t.start]!);
    const close = t.kind === 'punct' && ')]}'.includes(text[t.start]!);
    if (w.kind === 'app') return feedApp(w, t, open, close);
    if (w.depth === 1 && !(close && w.depth === 1)) w.argTokens++;
    if (first && t.kind === 'string') w.site.firstString = { value: stringValue(text, t.start, t.end), index: t.start };
    if (first && isP(t, '{')) w.objectArg = true;
    if ((w.kind === 'function' || w.kind === 'timer') && first && t.kind === 'string') w.onlyStringArg = stringValue(text, t.start, t.end, 64);
    if ((t.kind === 'ident' || t.kind === 'string') && w.site.words.length < MAX_WORDS) w.site.words.push(t.kind === 'string' ? stringValue(text, t.start, t.end, 200) : val(t));
    if (w.objectArg && w.depth === 2) {
      if (w.pendingKey !== undefined) {
        if (isP(t, '!')) w.negate = true;
        else {
          w.site.props[w.pendingKey] = propValue(text, t, w.negate);
          w.pendingKey = undefined;
          w.negate = false;
        }
      } else if (isP(t, ':') && w.lastAtDepth2 && (w.lastAtDepth2.kind === 'ident' || w.lastAtDepth2.kind === 'string')) {
        const key = w.lastAtDepth2.kind === 'string' ? stringValue(text, w.lastAtDepth2.start, w.lastAtDepth2.end, 64) : val(w.lastAtDepth2);
        if (Object.keys(w.site.props).length < 32) w.pendingKey = key;
      }
      w.lastAtDepth2 = t;
    }
    if (open) w.depth++;
    else if (close) w.depth--;
    if (w.depth === 0) {
      if ((w.kind === 'function' || w.kind === 'timer') && !(w.onlyStringArg === 'return this' && w.argTokens === 1)) {
        if (w.kind === 'function' || w.onlyStringArg !== undefined) facts.dynamicCode.push({ what: w.site.api as DynamicCode['what'], index: w.site.index });
      }
      return true;
    }
    return w.seen > CALL_TOKEN_BUDGET;
  };

  const feedApp = (w: Watcher, t: Tok, open: boolean, close: boolean): boolean => {
    if (w.depth === 2 && w.bodyDepth < 0 && t.kind === 'ident' && LAUNCH_HOOKS.has(val(t))) w.expectBody = true;
    if (open) {
      w.depth++;
      if (w.expectBody && isP(t, '{')) {
        w.expectBody = false;
        w.bodyDepth = w.depth;
        w.bodyStart = t.start;
      }
    } else if (close) {
      if (w.bodyDepth >= 0 && w.depth === w.bodyDepth && isP(t, '}')) {
        launchRanges.push([w.bodyStart, t.end]);
        w.bodyDepth = -1;
      }
      w.depth--;
    } else if (w.expectBody && w.depth === 2 && isP(t, ',')) w.expectBody = false; // onLaunch: handlerDefinedElsewhere
    return w.depth === 0;
  };

  tokenize(text, (kind, start, end) => {
    const t: Tok = { kind, start, end };
    noteAlias(t);
    for (let k = watchers.length - 1; k >= 0; k--) if (feed(watchers[k]!, t)) watchers.splice(k, 1);
    if (kind === 'punct' && text.charCodeAt(start) === 40 /* ( */) onOpenParen();
    else if (kind === 'ident' || kind === 'number') onValue(t);
    ring.push(t);
    if (ring.length > 8) ring.shift();
  });

  function onOpenParen(): void {
    const p1 = back(1);
    const p2 = back(2);
    const p3 = back(3);
    if (!p1) return;
    if (p1.kind === 'ident') {
      const name = val(p1);
      if (isP(p2, '.') && p3?.kind === 'ident') {
        const obj = val(p3);
        const ns = namespaceOf(obj);
        if (ns !== undefined && !isP(back(4), '.')) return startWatcher('ns', ns, name, p3.start);
        if (obj === 'console' && LOG_METHODS.has(name)) return startWatcher('console', 'console', name, p3.start);
        if (name === 'eval' && GLOBALS.has(obj)) facts.dynamicCode.push({ what: 'eval', index: p3.start });
        return;
      }
      if (isP(p2, '.') || val(p2) === 'function') return;
      if (val(p2) === 'new' && o.constructors?.has(name) && facts.constructed.length < 1000) facts.constructed.push({ name, index: p2!.start });
      if (name === 'eval') facts.dynamicCode.push({ what: 'eval', index: p1.start });
      else if (name === 'Function') startWatcher('function', '', val(p2) === 'new' ? 'new Function' : 'Function', (val(p2) === 'new' ? p2! : p1).start);
      else if (name === 'setTimeout' || name === 'setInterval') startWatcher('timer', '', 'string timer', p1.start);
      else if (name === 'App' && val(p2) !== 'new') startWatcher('app', '', 'App', p1.start);
      return;
    }
    // wx["getLocation"](…)
    if (isP(p1, ']') && p2?.kind === 'string' && isP(p3, '[')) {
      const p4 = back(4);
      const ns = p4?.kind === 'ident' ? namespaceOf(val(p4)) : undefined;
      if (ns !== undefined) startWatcher('ns', ns, stringValue(text, p2.start, p2.end, 64), p4!.start);
    }
  }

  /**
   * `X = ns` with ns a namespace (or an alias of one) standing alone — not `X = wx.y`, `X = wx(…)` or `a.X = wx` —
   * makes X an alias; `X = anything else` ends it. Seen when the token after the value arrives.
   */
  function noteAlias(next: Tok): void {
    const value = back(1);
    const eq = back(2);
    const target = back(3);
    // Exactly '=' (the tokenizer gives '==', '=>' … as one token each).
    if (eq?.kind !== 'punct' || val(eq) !== '=' || target?.kind !== 'ident' || isP(back(4), '.') || value === undefined) return;
    const name = val(target);
    const ns = value.kind === 'ident' ? namespaceOf(val(value)) : undefined;
    const standsAlone = !(isP(next, '.') || isP(next, '(') || isP(next, '[') || isP(next, '='));
    if (ns !== undefined && standsAlone && !o.namespaces.has(name)) {
      if (aliases.size < MAX_ALIASES || aliases.has(name)) aliases.set(name, ns);
    } else if (aliases.has(name) && !(value.kind === 'ident' && val(value) === name)) aliases.delete(name);
  }

  /** `sslVerify: false`, `rejectUnauthorized: !1`, `NODE_TLS_REJECT_UNAUTHORIZED = "0"` (as a string key too). */
  function onValue(t: Tok): void {
    const v = val(t);
    let k = 1;
    if (v === 'false') k = 1;
    else if (t.kind === 'number' && v === '1' && isP(back(1), '!')) k = 2;
    else return;
    const sep = back(k);
    const key = back(k + 1);
    if (!(isP(sep, ':') || isP(sep, '=')) || !key) return;
    const name = key.kind === 'string' ? stringValue(text, key.start, key.end, 64) : key.kind === 'ident' ? val(key) : '';
    if (TLS_OFF_NAMES.has(name)) facts.tlsOff.push({ what: `${name}: false`, index: key.start });
  }

  if (watchers.some((w) => w.kind === 'app' && w.bodyDepth >= 0)) {
    const w = watchers.find((x) => x.kind === 'app' && x.bodyDepth >= 0)!;
    launchRanges.push([w.bodyStart, text.length]);
  }
  if (launchRanges.length > 0) {
    for (const c of facts.calls) c.atLaunch = launchRanges.some(([s, e]) => c.index > s && c.index < e);
  }
  return facts;
}

function propValue(text: string, t: Tok, negate: boolean): PropValue {
  const raw = text.slice(t.start, Math.min(t.end, t.start + 4096));
  if (t.kind === 'string') return { kind: 'string', value: stringValue(text, t.start, t.end), index: t.start };
  if (t.kind === 'template') return { kind: 'template', value: stringValue(text, t.start, t.end), index: t.start };
  if (negate && t.kind === 'number') return { kind: 'bool', value: raw === '0' ? 'true' : 'false', index: t.start };
  if (raw === 'true' || raw === 'false') return { kind: 'bool', value: raw, index: t.start };
  return { kind: 'other', value: raw.slice(0, 200), index: t.start };
}
