/**
 * One walk over every method of every DEX (the Android engine's bytecode
 * walker) that keeps what the compliance checks need and nothing else:
 *
 * - a call graph at the granularity of "class->method name" (overloads merged:
 *   cheaper, and a path through either overload is still a path), with the
 *   code offset of each call so a consent check earlier in the same method can
 *   gate the calls after it;
 * - implicit edges the platform adds: a class's static initialiser runs on its
 *   first static use or instantiation, and a Runnable/Thread/Handler/AsyncTask
 *   instantiated in a method is assumed to run (run, call, handleMessage …);
 * - reflection with constant strings: Class.forName("a.B").getMethod("m")
 *   becomes an edge to a.B->m (and a personal-information call when a.B->m is one);
 * - per method: personal-information call sites, consent reads, wake-ups,
 *   permission requests, network calls and components of other apps started;
 * - the class hierarchy, for virtual and interface calls (class hierarchy
 *   analysis, bounded) and for entry methods inherited from a superclass.
 */
import type { Attribution } from '@citadel/contracts';
import { type CodeFacts, type DexFile, type InvokeSite, walkMethods } from '@citadel/engine-android';
import { type SdkMatcher, attributionOf } from '@citadel/engine-core';
import { type PiApi, indexPiApis } from '../data/pi-apis.ts';
import { CONSENT_NAME } from '../data/startup.ts';
import { DexIndex } from './dex-index.ts';

const PI_BY_METHOD = indexPiApis().byMethod;

export interface PiSite {
  api: PiApi;
  /** Key id of the method containing the call. */
  method: number;
  offset: number;
  /** Reached through reflection with constant names. */
  reflective: boolean;
}

export type MethodEvent =
  | { kind: 'consent'; offset: number; detail: string }
  | { kind: 'wakeup' | 'permission_request' | 'network'; offset: number; api: string }
  | { kind: 'start_other'; offset: number; target: string; api: string };

export interface MethodInfo {
  /** Key id ("Lcls;->name"). */
  id: number;
  file: string;
  /** Callee key ids and the offset of each call, interleaved: [key, offset, key, offset …]. */
  calls: number[];
  pi: PiSite[];
  events: MethodEvent[];
  /** Offset of the first consent read, or -1. */
  consentAt: number;
}

export interface ClassInfo {
  superclass?: string;
  interfaces: string[];
  /** Method names with code. */
  methods: Set<string>;
}

const MAX_OVERRIDES = 32;
const MAX_PROBLEMS = 200;

export class CodeModel {
  readonly keys: string[] = [];
  private readonly keyIds = new Map<string, number>();
  readonly methods = new Map<number, MethodInfo>();
  readonly classes = new Map<string, ClassInfo>();
  private readonly children = new Map<string, string[]>();
  private readonly attribution = new Map<string, Attribution>();
  private readonly resolved = new Map<number, number[]>();
  /** Per resolved key: the index in its resolution where overrides below the named class start. */
  private readonly overridesFrom = new Map<number, number>();
  /** Keys resolved without overrides (see entryMethodLater). */
  private readonly exact = new Set<number>();
  /** Distinct http:// strings with where they were first loaded. */
  readonly cleartext = new Map<string, { method: number; file: string }>();
  /** Constant strings that look like privacy-policy URLs. */
  readonly policyUrls = new Map<string, number>();
  /** Hosts of constant http(s):// addresses, each with its first address and where it was loaded (for the data-export hint). */
  readonly endpoints = new Map<string, { url: string; method: number; file: string }>();
  readonly problems: { file: string; reason: string }[] = [];
  methodsWalked = 0;
  complete = true;

  constructor(private readonly sdks: SdkMatcher) {}

  key(k: string): number {
    let id = this.keyIds.get(k);
    if (id === undefined) {
      id = this.keys.length;
      this.keys.push(k);
      this.keyIds.set(k, id);
    }
    return id;
  }

  idOf(k: string): number | undefined {
    return this.keyIds.get(k);
  }

  classOfKey(id: number): string {
    const k = this.keys[id]!;
    return k.slice(0, k.indexOf('->'));
  }

  nameOfKey(id: number): string {
    const k = this.keys[id]!;
    return k.slice(k.indexOf('->') + 2);
  }

  /** MAIN or the SDK owning a class descriptor. */
  attributionOf(descriptor: string): Attribution {
    let a = this.attribution.get(descriptor);
    if (!a) {
      a = attributionOf(this.sdks.matchPackage(descriptor));
      if (this.attribution.size < 200_000) this.attribution.set(descriptor, a);
    }
    return a;
  }

  /** Walks every DEX once; the class hierarchy of all of them is read first (calls cross DEX files). */
  build(dexes: readonly { file: string; dex: DexFile }[], abort: () => void): void {
    const readable: { file: string; dex: DexFile }[] = [];
    for (const { file, dex } of dexes) {
      let defs;
      try {
        defs = dex.classes();
      } catch (e) {
        this.problem(file, `class definitions: ${(e as Error).message}`);
        this.complete = false;
        continue;
      }
      readable.push({ file, dex });
      for (const d of defs) {
        if (this.classes.has(d.name)) continue; // the first definition wins, as the runtime's class loader does
        const info: ClassInfo = { interfaces: d.interfaces, methods: new Set() };
        if (d.superclass) info.superclass = d.superclass;
        this.classes.set(d.name, info);
        for (const parent of [d.superclass, ...d.interfaces]) {
          if (!parent) continue;
          const list = this.children.get(parent);
          if (list) list.push(d.name);
          else this.children.set(parent, [d.name]);
        }
      }
    }
    const space = { key: (k: string) => this.key(k), exactKey: (c: string, n: string) => this.entryMethodLater(c, n), isAppClass: (d: string) => this.classes.has(d) };
    for (const { file, dex } of readable) {
      const index = new DexIndex(dex, space);
      let problems = 0;
      for (const mc of walkMethods(dex, {
        onProblem: (p) => {
          this.complete = false;
          if (problems++ < MAX_PROBLEMS) this.problem(file, `${p.className}: ${p.message}`);
        },
      })) {
        if (++this.methodsWalked % 4096 === 0) abort();
        const self = index.invoke(mc.methodIndex).key;
        if (self < 0) continue;
        this.classes.get(mc.classDef.name)?.methods.add(this.nameOfKey(self));
        // Overloads share one node: each body adds its calls to it.
        let info = this.methods.get(self);
        if (!info) {
          info = { id: self, file, calls: [], pi: [], events: [], consentAt: -1 };
          this.methods.set(self, info);
        }
        this.addFacts(info, mc.facts, index);
      }
    }
  }

  private problem(file: string, reason: string): void {
    if (this.problems.length < MAX_PROBLEMS) this.problems.push({ file, reason });
  }

  private addFacts(info: MethodInfo, facts: CodeFacts, index: DexIndex): void {
    const consent = (offset: number, detail: string): void => {
      info.events.push({ kind: 'consent', offset, detail });
      if (info.consentAt < 0 || offset < info.consentAt) info.consentAt = offset;
    };
    const stringArg = (inv: InvokeSite, n: number): string | undefined => {
      const a = inv.args[n];
      return a?.kind === 'string' ? index.text(a.stringIndex) : undefined;
    };
    const calls = info.calls;
    let otherPackages: string[] | undefined;
    let startAt = -1;
    let startApi = '';
    for (const inv of facts.invokes) {
      if (inv.kind === 'custom' || inv.kind === 'polymorphic') continue;
      const c = index.invoke(inv.methodIndex);
      if (c.key < 0) continue;
      calls.push(c.key, inv.offset);
      if (inv.kind === 'static' && c.clinit >= 0 && c.clinit !== info.id) calls.push(c.clinit, inv.offset);
      if (c.pi) {
        for (const api of c.pi) {
          if (api.stringArg && !inv.args.some((_, n) => stringArg(inv, n) === api.stringArg)) continue;
          info.pi.push({ api, method: info.id, offset: inv.offset, reflective: false });
        }
      }
      if (c.consentApi || c.consentName) consent(inv.offset, this.keys[c.key]!);
      else if (c.prefRead) {
        const name = stringArg(inv, 1) ?? stringArg(inv, 0);
        if (name && CONSENT_NAME.test(name)) consent(inv.offset, `${this.keys[c.key]!}("${name}")`);
      }
      if (c.event) info.events.push({ kind: c.event, offset: inv.offset, api: this.keys[c.key]! });
      if (c.naming) {
        for (let n = 1; n < inv.args.length; n++) {
          const s = stringArg(inv, n);
          if (s && /^[a-z]\w*(?:\.\w+)+$/i.test(s)) (otherPackages ??= []).push(s);
        }
      }
      if (c.start && startAt < 0) {
        startAt = inv.offset;
        startApi = this.keys[c.key]!;
      }
      // Reflection: Class.forName("a.B") (or a.B.class) then getMethod("m").
      if (c.getMethod) this.reflectiveCall(info, inv, index, stringArg);
    }
    if (startAt >= 0 && otherPackages) for (const target of otherPackages) info.events.push({ kind: 'start_other', offset: startAt, target, api: startApi });
    for (const f of facts.fields) {
      const c = index.field(f.fieldIndex);
      if (f.isStatic && c.clinit >= 0) calls.push(c.clinit, f.offset);
      if (f.access !== 'read') continue;
      if (f.isStatic && c.pi) info.pi.push({ api: c.pi, method: info.id, offset: f.offset, reflective: false });
      if (c.consent) consent(f.offset, c.consent);
    }
    for (const t of facts.types) {
      if (t.op !== 'new-instance') continue;
      const c = index.type(t.typeIndex);
      if (!c) continue;
      if (c.clinit >= 0) calls.push(c.clinit, t.offset);
      // The instance's own (or inherited) callbacks only: the class is known exactly, so no overrides below it.
      if (c.async) for (const k of c.async) calls.push(k, t.offset);
    }
    for (const s of facts.strings) {
      const c = index.string(s.stringIndex);
      if (c.kind === 0) continue;
      if (c.kind === 1) for (const api of c.pi!) info.pi.push({ api, method: info.id, offset: s.offset, reflective: false });
      else if (c.kind === 2 && this.cleartext.size < 5000 && !this.cleartext.has(c.value!)) this.cleartext.set(c.value!, { method: info.id, file: info.file });
      if (c.kind >= 2 && this.endpoints.size < 5000) {
        const host = hostOf(c.value!);
        if (host && !this.endpoints.has(host)) this.endpoints.set(host, { url: c.value!, method: info.id, file: info.file });
      }
      // The app's own privacy-policy page (an SDK's config or terms URL is not the app's policy).
      if ((c.kind === 2 || c.kind === 3) && /privacy|yinsi|隐私/i.test(c.value!) && this.policyUrls.size < 100 && !this.policyUrls.has(c.value!) && this.attributionOf(this.classOfKey(info.id)).kind === 'main') this.policyUrls.set(c.value!, info.id);
    }
  }

  private reflectiveCall(info: MethodInfo, inv: InvokeSite, index: DexIndex, stringArg: (inv: InvokeSite, n: number) => string | undefined): void {
    const recv = inv.args[0];
    let target: string | undefined;
    if (recv?.kind === 'result' && recv.from && index.invoke(recv.methodIndex).forName) {
      const name = index.text(recv.from.stringIndex);
      if (name && /^[\w$.]+$/.test(name)) target = `L${name.replace(/\./g, '/')};`;
    } else if (recv?.kind === 'type') target = index.typeName(recv.typeIndex);
    const methodName = stringArg(inv, 1);
    if (!target || !methodName) return;
    const k = `${target}->${methodName}`;
    info.calls.push(this.key(k), inv.offset);
    for (const api of PI_BY_METHOD.get(k) ?? []) if (!api.stringArg) info.pi.push({ api, method: info.id, offset: inv.offset, reflective: true });
  }

  /**
   * A key standing for "`name` as found from `cls` up its chain" (an exact
   * receiver type, as after new-instance): resolved without overrides.
   */
  entryMethodLater(cls: string, name: string): number {
    const id = this.key(`${cls}->${name}`);
    this.exact.add(id);
    return id;
  }

  /**
   * The methods with code a call of `key` may run: the definition up the
   * class chain, and overrides in app classes below it (class hierarchy
   * analysis, bounded). A framework type (Runnable, Handler) is not expanded
   * downwards: every app class implementing it would become a callee.
   */
  resolve(keyId: number): number[] {
    const cached = this.resolved.get(keyId);
    if (cached) return cached;
    const out: number[] = [];
    if (this.methods.has(keyId)) out.push(keyId);
    const cls = this.classOfKey(keyId);
    const name = this.nameOfKey(keyId);
    if (out.length === 0) {
      // Inherited: the nearest superclass defining it.
      let c = this.classes.get(cls)?.superclass;
      for (let depth = 0; c && depth < 32; depth++) {
        const id = this.idOf(`${c}->${name}`);
        if (id !== undefined && this.methods.has(id)) {
          out.push(id);
          break;
        }
        c = this.classes.get(c)?.superclass;
      }
    }
    this.overridesFrom.set(keyId, out.length);
    if (name !== '<init>' && name !== '<clinit>' && this.classes.has(cls) && !this.exact.has(keyId)) {
      // Overrides and interface implementations below the named class.
      const queue = [...(this.children.get(cls) ?? [])];
      const seen = new Set<string>();
      while (queue.length > 0 && out.length < MAX_OVERRIDES) {
        const c = queue.shift()!;
        if (seen.has(c)) continue;
        seen.add(c);
        const id = this.idOf(`${c}->${name}`);
        if (id !== undefined && this.methods.has(id)) out.push(id);
        for (const d of this.children.get(c) ?? []) queue.push(d);
      }
    }
    this.resolved.set(keyId, out);
    return out;
  }

  /** Whether the i-th method resolve(keyId) gave is an override chosen by class hierarchy analysis (the call may never reach it). */
  isOverride(keyId: number, i: number): boolean {
    return i >= (this.overridesFrom.get(keyId) ?? Infinity);
  }

  /** The method `name` of a class as the runtime finds it: its own, else inherited from an app superclass. */
  entryMethod(cls: string, name: string): number | undefined {
    let c: string | undefined = cls;
    for (let depth = 0; c && depth < 32; depth++) {
      const id = this.idOf(`${c}->${name}`);
      if (id !== undefined && this.methods.has(id)) return id;
      c = this.classes.get(c)?.superclass;
    }
    return undefined;
  }
}

/** The host of an http(s):// address, lower-cased; undefined for anything that is not one. */
function hostOf(url: string): string | undefined {
  const m = /^https?:\/\/([a-z0-9.-]+)(?::\d+)?(?:[/?#]|$)/i.exec(url);
  return m?.[1]?.toLowerCase();
}
