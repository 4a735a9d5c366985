/**
 * Per-DEX lookups for the code model's walk: each method, field, type and
 * string id is classified once (its graph key, whether it is a
 * personal-information API, a consent switch, a wake-up …) and every later
 * occurrence is an array read — a large app calls the same few thousand
 * methods millions of times. Malformed ids classify as nothing.
 */
import type { DexFile } from '@citadel/engine-android';
import { FormatError } from '@citadel/engine-core';
import { type PiApi, indexPiApis } from '../data/pi-apis.ts';
import { COMPONENT_NAMING_APIS, NETWORK_APIS, PERMISSION_REQUEST_APIS, REFLECTION, SDK_CONSENT_APIS, START_COMPONENT_APIS, WAKEUP_APIS } from '../data/startup.ts';

export type EventKind = 'wakeup' | 'permission_request' | 'network';

export interface InvokeClass {
  /** Graph key id, -1 when unreadable. */
  key: number;
  /** The class's <clinit> key when it is an app class (a static call initialises it), else -1. */
  clinit: number;
  pi?: readonly PiApi[];
  consentApi?: true;
  /** A preference / key-value read whose key decides (getBoolean("privacy_agreed")). */
  prefRead?: true;
  /** An app method named like a consent check (isAgreePrivacy). */
  consentName?: true;
  event?: EventKind;
  naming?: true;
  start?: true;
  getMethod?: true;
  forName?: true;
}

export interface FieldClass {
  clinit: number;
  pi?: PiApi;
  /** A boolean field named like a consent flag. */
  consent?: string;
}

export interface TypeClass {
  name: string;
  clinit: number;
  /** Keys of the callbacks the platform runs on an instance (run, handleMessage …), app classes only. */
  async?: number[];
}

export interface StringClass {
  /** 0 nothing, 1 a content:// URI of personal data, 2 an http:// address, 3 an https:// privacy-policy address, 4 another https:// address. */
  kind: 0 | 1 | 2 | 3 | 4;
  value?: string;
  pi?: PiApi[];
}

/** What the index needs from the model. */
export interface KeySpace {
  key(k: string): number;
  exactKey(cls: string, name: string): number;
  isAppClass(descriptor: string): boolean;
}

const PI = indexPiApis();
const CONSENT_APIS = new Set(SDK_CONSENT_APIS);
const EVENTS = new Map<string, EventKind>([...WAKEUP_APIS.map((k) => [k, 'wakeup'] as const), ...PERMISSION_REQUEST_APIS.map((k) => [k, 'permission_request'] as const), ...NETWORK_APIS.map((k) => [k, 'network'] as const)]);
const STARTS = new Set(START_COMPONENT_APIS);
const NAMING = new Set(COMPONENT_NAMING_APIS);
const GET_METHOD = new Set<string>(REFLECTION.getMethod);
const PREF_READ = /->(?:getBoolean|decodeBool|getInt|decodeInt|getString|decodeString)$/;
const CONSENT_METHOD = /^(?:is|has|get|check|need|should)\w*(?:agree|consent|privacy|protocol|accept)/i;
const CONSENT_FIELD = /(?:agree|consent|privacy|protocol|accepted)/i;
/** Runnable-like entry points the platform calls on an instance the code created. */
const ASYNC_METHODS = ['run', 'call', 'handleMessage', 'doInBackground', 'onPostExecute', 'onPreExecute'];
const NOTHING: StringClass = { kind: 0 };

function safe<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    return undefined;
  }
}

export class DexIndex {
  private readonly invokes: (InvokeClass | undefined)[];
  private readonly fields: (FieldClass | undefined)[];
  private readonly types = new Map<number, TypeClass | null>();
  private readonly strings = new Map<number, StringClass>();

  constructor(
    readonly dex: DexFile,
    private readonly space: KeySpace,
  ) {
    this.invokes = new Array(dex.methodCount);
    this.fields = new Array(dex.fieldCount);
  }

  private clinitOf(cls: string): number {
    return this.space.isAppClass(cls) ? this.space.key(`${cls}-><clinit>`) : -1;
  }

  invoke(i: number): InvokeClass {
    const known = this.invokes[i];
    if (known) return known;
    const m = safe(() => this.dex.methodClassAndName(i));
    const out: InvokeClass = { key: -1, clinit: -1 };
    if (m) {
      const k = `${m.className}->${m.name}`;
      out.key = this.space.key(k);
      out.clinit = this.clinitOf(m.className);
      const pi = PI.byMethod.get(k);
      if (pi) out.pi = pi;
      if (CONSENT_APIS.has(k)) out.consentApi = true;
      else if (PREF_READ.test(k)) out.prefRead = true;
      else if ((this.space.isAppClass(m.className) || !m.className.startsWith('Landroid/')) && CONSENT_METHOD.test(m.name)) out.consentName = true;
      const ev = EVENTS.get(k);
      if (ev) out.event = ev;
      if (NAMING.has(k)) out.naming = true;
      if (STARTS.has(k)) out.start = true;
      if (GET_METHOD.has(k)) out.getMethod = true;
      if (k === REFLECTION.forName) out.forName = true;
    }
    if (i >= 0 && i < this.invokes.length) this.invokes[i] = out;
    return out;
  }

  field(i: number): FieldClass {
    const known = this.fields[i];
    if (known) return known;
    const f = safe(() => this.dex.field(i));
    const out: FieldClass = { clinit: -1 };
    if (f) {
      out.clinit = this.clinitOf(f.className);
      const pi = PI.byField.get(`${f.className}->${f.name}`);
      if (pi) out.pi = pi;
      if (f.type === 'Z' && CONSENT_FIELD.test(f.name)) out.consent = `${f.className}->${f.name}`;
    }
    if (i >= 0 && i < this.fields.length) this.fields[i] = out;
    return out;
  }

  type(i: number): TypeClass | undefined {
    let t = this.types.get(i);
    if (t === undefined) {
      const name = safe(() => this.dex.typeName(i));
      t = name ? { name, clinit: this.clinitOf(name), ...(this.space.isAppClass(name) ? { async: ASYNC_METHODS.map((m) => this.space.exactKey(name, m)) } : {}) } : null;
      this.types.set(i, t);
    }
    return t ?? undefined;
  }

  string(i: number): StringClass {
    let s = this.strings.get(i);
    if (s) return s;
    const value = safe(() => this.dex.string(i));
    s = NOTHING;
    if (value && value.length >= 8) {
      if (value.startsWith('content://')) {
        const pi = [...PI.byString].filter(([prefix]) => value.startsWith(prefix)).map(([, api]) => api);
        if (pi.length > 0) s = { kind: 1, value, pi };
      } else if (value.startsWith('http://')) s = { kind: 2, value };
      else if (value.startsWith('https://')) s = { kind: /privacy|yinsi|隐私/i.test(value) ? 3 : 4, value };
    }
    this.strings.set(i, s);
    return s;
  }

  /** The value of a constant string argument (no classification). */
  text(i: number): string | undefined {
    return safe(() => this.dex.string(i));
  }

  typeName(i: number): string | undefined {
    return this.type(i)?.name;
  }
}


