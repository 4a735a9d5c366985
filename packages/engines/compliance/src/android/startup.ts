/**
 * Collection before consent: the methods that run before the user can agree
 * to the privacy policy (the manifest's Application, every ContentProvider —
 * which SDKs use to start themselves —, the launcher Activity's first
 * callbacks, boot receivers, and their static initialisers) and everything
 * they reach in the call graph, breadth first so the reported path is a
 * shortest one. A call made after a consent read in the same method (a
 * preference flag, an isAgreed()-style method, a vendor's privacy switch) is
 * behind the gate and not followed.
 */
import type { ManifestInfo } from '@citadel/engine-android';
import { androidAttribute, childElements, valueAsString } from '@citadel/engine-android';
import { BOOT_ACTIONS, ENTRY_METHODS } from '../data/startup.ts';
import type { CodeModel, MethodEvent, PiSite } from './code-model.ts';

export type EntryKind = keyof typeof ENTRY_METHODS;

export interface EntryPoint {
  kind: EntryKind;
  /** Class descriptor of the component. */
  component: string;
  /** Key id of the method that runs. */
  id: number;
}

export interface ReachedSite {
  site: PiSite;
  /** The path takes a virtual or interface call to an override chosen by class hierarchy analysis: it may not run. */
  dispatch: boolean;
  /** Key ids from the entry method to the method holding the call. */
  path: number[];
  entry: EntryPoint;
}

export interface ReachedEvent {
  method: number;
  dispatch: boolean;
  event: MethodEvent;
  path: number[];
  entry: EntryPoint;
}

export interface StartupResult {
  entries: EntryPoint[];
  sites: ReachedSite[];
  events: ReachedEvent[];
  /** Consent reads met on the way (the calls after them were not followed). */
  gates: { method: number; detail: string }[];
  /** SDKs whose code runs before consent: the first method reached of each, with its path. */
  sdkStarts: Map<string, { path: number[]; entry: EntryPoint; init: boolean }>;
  visited: number;
  /** Whether the walk stopped at its node limit. */
  truncated: boolean;
}

const MAX_VISITED = 400_000;
/** Method names that start an SDK. */
const INIT_NAME = /^(?:init\w*|preInit|start\w*|register\w*|setup\w*|setUp\w*|attachBaseContext|onCreate|setDebugMode|enable\w*|activate\w*)$/;

const descriptor = (dotted: string): string => `L${dotted.replace(/\./g, '/')};`;

function actionsOf(filters: ManifestInfo['components'][number]['intentFilters']): string[] {
  const out: string[] = [];
  for (const f of filters) for (const a of childElements(f, 'action')) {
    const v = valueAsString(androidAttribute(a, 'name')?.value);
    if (v) out.push(v);
  }
  return out;
}

/** The pre-consent entry methods that exist in the code. */
export function findEntries(model: CodeModel, manifest: ManifestInfo | undefined): EntryPoint[] {
  if (!manifest) return [];
  const components: { kind: EntryKind; cls: string }[] = [];
  const appName = manifest.application ? valueAsString(androidAttribute(manifest.application, 'name')?.value) : undefined;
  if (appName) components.push({ kind: 'application', cls: qualify(appName, manifest.packageName) });
  for (const c of manifest.components) {
    if (!c.enabled || !c.name) continue;
    if (c.kind === 'provider') components.push({ kind: 'provider', cls: c.name });
    else if ((c.kind === 'activity' || c.kind === 'activity-alias') && c.isLauncher) {
      const target = c.kind === 'activity-alias' ? valueAsString(androidAttribute(c.element, 'targetActivity')?.value) : c.name;
      if (target) components.push({ kind: 'launcher', cls: qualify(target, manifest.packageName) });
    } else if (c.kind === 'receiver' && actionsOf(c.intentFilters).some((a) => BOOT_ACTIONS.includes(a))) components.push({ kind: 'bootReceiver', cls: c.name });
  }
  const out: EntryPoint[] = [];
  const seen = new Set<number>();
  for (const { kind, cls } of components) {
    const d = descriptor(cls);
    for (const name of ENTRY_METHODS[kind]) {
      const id = model.entryMethod(d, name);
      if (id === undefined || seen.has(id)) continue;
      seen.add(id);
      out.push({ kind, component: d, id });
    }
  }
  return out;
}

function qualify(name: string, pkg: string): string {
  if (name.startsWith('.')) return pkg + name;
  return name.includes('.') ? name : `${pkg}.${name}`;
}

/** Most calls a consent getter makes: a getter reads a flag; a method doing more is not taken as one. */
const MAX_GETTER_CALLS = 4;

/** A small method whose own code reads consent: calling it is consulting consent ("Lcls;->name(key)"). */
function consentGetter(model: CodeModel, key: number): string | undefined {
  const info = model.methods.get(key);
  if (!info || info.consentAt < 0 || info.calls.length / 2 > MAX_GETTER_CALLS) return undefined;
  const ev = info.events.find((e) => e.kind === 'consent');
  return ev?.kind === 'consent' ? `${model.keys[key]} → ${ev.detail}` : undefined;
}

/** Breadth-first from every entry at once over the calls not behind a consent read. */
export function reachBeforeConsent(model: CodeModel, entries: readonly EntryPoint[], abort: () => void): StartupResult {
  const parent = new Map<number, number>();
  const dispatched = new Set<number>();
  const entryOf = new Map<number, EntryPoint>();
  const queue: number[] = [];
  for (const e of entries) {
    if (entryOf.has(e.id)) continue;
    entryOf.set(e.id, e);
    parent.set(e.id, -1);
    queue.push(e.id);
  }
  const result: StartupResult = { entries: [...entries], sites: [], events: [], gates: [], sdkStarts: new Map(), visited: 0, truncated: false };
  const pathTo = (id: number): number[] => {
    const p: number[] = [];
    for (let c = id; c !== -1 && p.length < 64; c = parent.get(c) ?? -1) p.push(c);
    return p.reverse();
  };
  for (let head = 0; head < queue.length; head++) {
    if (head % 4096 === 0) abort();
    if (head >= MAX_VISITED) {
      result.truncated = true;
      break;
    }
    const id = queue[head]!;
    const info = model.methods.get(id);
    if (!info) continue;
    const entry = entryOf.get(id)!;
    // The method's own consent read, or a call to a small consent getter (an obfuscated a() returning getBoolean("agree_privacy")).
    let gate = info.consentAt;
    let gateDetail = '';
    if (gate >= 0) {
      const detail = info.events.find((e) => e.kind === 'consent' && e.offset === gate);
      gateDetail = detail?.kind === 'consent' ? detail.detail : '';
    }
    for (let i = 0; i < info.calls.length; i += 2) {
      const offset = info.calls[i + 1]!;
      if (gate >= 0 && offset >= gate) continue;
      const getter = consentGetter(model, info.calls[i]!);
      if (getter) {
        gate = offset;
        gateDetail = getter;
      }
    }
    if (gate >= 0) result.gates.push({ method: id, detail: gateDetail });
    const open = (offset: number): boolean => gate < 0 || offset < gate;
    const attribution = model.attributionOf(model.classOfKey(id));
    if (attribution.kind === 'sdk') {
      // The SDK's first method reached, replaced by the first that starts it (init, register, a provider's onCreate …) when there is one:
      // reaching a version getter is not starting an SDK.
      const known = result.sdkStarts.get(attribution.name);
      const init = entry.kind === 'provider' && entry.component === model.classOfKey(id) ? true : INIT_NAME.test(model.nameOfKey(id));
      if (!known || (init && !known.init)) result.sdkStarts.set(attribution.name, { path: pathTo(id), entry, init });
    }
    const dispatch = dispatched.has(id);
    for (const site of info.pi) if (open(site.offset)) result.sites.push({ site, path: pathTo(id), entry, dispatch });
    for (const ev of info.events) if (ev.kind !== 'consent' && open(ev.offset)) result.events.push({ method: id, event: ev, path: pathTo(id), entry, dispatch });
    const calls = info.calls;
    for (let i = 0; i < calls.length; i += 2) {
      if (!open(calls[i + 1]!)) continue;
      const targets = model.resolve(calls[i]!);
      for (let t = 0; t < targets.length; t++) {
        const target = targets[t]!;
        if (parent.has(target)) continue;
        parent.set(target, id);
        if (dispatch || model.isOverride(calls[i]!, t)) dispatched.add(target);
        entryOf.set(target, entry);
        queue.push(target);
      }
    }
  }
  result.visited = parent.size;
  return result;
}
