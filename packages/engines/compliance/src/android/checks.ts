/**
 * The compliance checks of an Android package over the code model and the
 * manifest: personal-information call sites (who calls them), collection and
 * SDK start before consent with the path, permissions requested vs used,
 * self-start and associated start, cleartext endpoints and transfer hints.
 * Each check records occurrences through the keyed context (compliance.*).
 */
import type { Attribution, Evidence } from '@citadel/contracts';
import { type ManifestInfo, androidAttribute, childElements, valueAsBoolean, valueAsString } from '@citadel/engine-android';
import type { KeyedCheckContext } from '@citadel/engine-core';
import { PI_TYPE_INFO, type PiType } from '../data/pi-apis.ts';
import { BUILD_LIBRARIES } from '../data/sdk-vendors.ts';
import { SELF_START_ACTIONS } from '../data/startup.ts';
import type { CodeModel, PiSite } from './code-model.ts';
import type { StartupResult } from './startup.ts';
import { abroadCheck } from '../common/abroad.ts';

const MAX_PATH_SHOWN = 12;
/** Said of a path that takes a virtual or interface call to an override the analysis chose: whether that override runs depends on the object. */
export const DISPATCH_NOTE = 'path through a virtual/interface call resolved by class hierarchy: confirm on a device';

/** "Lcom/x/A;->m" → "com.x.A.m" */
export function displayKey(model: CodeModel, id: number): string {
  const cls = model.classOfKey(id);
  const dotted = cls.startsWith('L') && cls.endsWith(';') ? cls.slice(1, -1).replace(/\//g, '.') : cls;
  return `${dotted}.${model.nameOfKey(id)}`;
}

export function displayPath(model: CodeModel, path: readonly number[], last?: string): string {
  const steps = path.map((id) => displayKey(model, id));
  const shown = steps.length > MAX_PATH_SHOWN ? [...steps.slice(0, 4), `… ${steps.length - 8} …`, ...steps.slice(-4)] : steps;
  return [...shown, ...(last ? [last] : [])].join(' → ');
}

function apiName(site: PiSite): string {
  const a = site.api;
  if (a.className && a.method) return `${a.className.slice(1, -1).replace(/\//g, '.')}.${a.method}${a.stringArg ? `("${a.stringArg}")` : ''}`;
  if (a.field) return a.field.replace(/^L(.*);->/, (_, c: string) => `${c.replace(/\//g, '.')}.`);
  return a.string ?? '?';
}

export function siteEvidence(model: CodeModel, site: PiSite): Evidence & { attribution: Attribution } {
  const info = model.methods.get(site.method)!;
  const cls = model.classOfKey(site.method);
  return {
    file: info.file,
    className: displayKey(model, site.method).slice(0, -(model.nameOfKey(site.method).length + 1)),
    method: model.nameOfKey(site.method),
    offset: site.offset,
    detail: `${site.api.what}: ${apiName(site)}${site.reflective ? ' (reflection)' : ''}`,
    attribution: model.attributionOf(cls),
  };
}

/** Every call site per information type, deduplicated by method and API. */
export function piSitesByType(model: CodeModel): Map<PiType, PiSite[]> {
  const out = new Map<PiType, PiSite[]>();
  for (const info of model.methods.values()) {
    const seen = new Set<string>();
    for (const s of info.pi) {
      const k = `${s.api.type}|${apiName(s)}`;
      if (seen.has(k)) continue;
      seen.add(k);
      const list = out.get(s.api.type);
      if (list) list.push(s);
      else out.set(s.api.type, [s]);
    }
  }
  return out;
}

export async function piChecks(c: KeyedCheckContext, model: CodeModel, byType: Map<PiType, PiSite[]>): Promise<void> {
  for (const type of Object.keys(PI_TYPE_INFO) as PiType[]) {
    await c.run([`pi.${type}`], () => {
      // The app's own sites first: evidence is capped per item.
      const sites = [...(byType.get(type) ?? [])].map((s) => siteEvidence(model, s)).sort((a, b) => Number(a.attribution.kind === 'sdk') - Number(b.attribution.kind === 'sdk'));
      for (const e of sites) c.problem(`pi.${type}`, e, { attribution: e.attribution });
    });
  }
}

/** "Landroid/os/PowerManager$WakeLock;->acquire" → "android.os.PowerManager$WakeLock.acquire" */
export const dottedApi = (key: string): string => key.replace(/^L(.*);->/, (_, x: string) => `${x.replace(/\//g, '.')}.`);

export async function startupChecks(c: KeyedCheckContext, model: CodeModel, startup: StartupResult, relevant: (sdk: string) => boolean): Promise<void> {
  await c.run(['startup.pre_consent_collection'], () => {
    const seen = new Set<string>();
    for (const r of startup.sites) {
      const e = siteEvidence(model, r.site);
      // A build library (AndroidX, support) reached only through a call the class hierarchy resolved (AppCompat's
      // night-mode location read behind AppCompatDelegate), or calling an API that also serves other ends, is not counted.
      if (e.attribution.kind === 'sdk' && BUILD_LIBRARIES.has(e.attribution.name) && (r.site.api.weak || r.dispatch)) continue;
      const k = `${r.site.method}|${e.detail}`;
      if (seen.has(k)) continue;
      seen.add(k);
      c.fail('startup.pre_consent_collection', { ...e, ...(r.dispatch ? { detail: `${e.detail}; ${DISPATCH_NOTE}` } : {}), snippet: displayPath(model, r.path, apiName(r.site)) }, { attribution: e.attribution });
    }
  });
  await c.run(['startup.sdk_before_consent'], () => {
    const collectingEarly = new Set(startup.sites.map((r) => model.attributionOf(model.classOfKey(r.site.method))).flatMap((a) => (a.kind === 'sdk' ? [a.name] : [])));
    for (const [sdk, { path, init }] of startup.sdkStarts) {
      if (!relevant(sdk) || BUILD_LIBRARIES.has(sdk) || (!init && !collectingEarly.has(sdk))) continue;
      const first = path[path.length - 1]!;
      const attribution: Attribution = { kind: 'sdk', name: sdk };
      c.fail('startup.sdk_before_consent', { file: model.methods.get(first)?.file, className: displayKey(model, first), detail: sdk, snippet: displayPath(model, path), attribution }, { attribution });
    }
  });
  for (const [key, kind] of [
    ['startup.permission_request', 'permission_request'],
    ['startup.wakeups', 'wakeup'],
  ] as const) {
    await c.run([key], () => {
      const seen = new Set<string>();
      for (const r of startup.events) {
        if (r.event.kind !== kind) continue;
        const api = r.event.api;
        const k = `${r.method}|${api}`;
        if (seen.has(k)) continue;
        seen.add(k);
        const attribution = model.attributionOf(model.classOfKey(r.method));
        c.fail(key, { file: model.methods.get(r.method)?.file, className: displayKey(model, r.method), detail: dottedApi(api), snippet: displayPath(model, r.path, dottedApi(api)), attribution }, { attribution });
      }
    });
  }
}

/** SDKs calling personal-information APIs, one occurrence per SDK with what it reads. */
export async function sdkCollectionCheck(c: KeyedCheckContext, model: CodeModel, byType: Map<PiType, PiSite[]>): Promise<Map<string, Set<PiType>>> {
  const bySdk = new Map<string, Set<PiType>>();
  const firstSite = new Map<string, PiSite>();
  for (const [type, sites] of byType) {
    for (const s of sites) {
      const a = model.attributionOf(model.classOfKey(s.method));
      // Build libraries send nothing to a third party: their calls stay listed under pi.* with their name.
      if (a.kind !== 'sdk' || BUILD_LIBRARIES.has(a.name)) continue;
      let set = bySdk.get(a.name);
      if (!set) bySdk.set(a.name, (set = new Set()));
      set.add(type);
      if (!firstSite.has(a.name)) firstSite.set(a.name, s);
    }
  }
  await c.run(['sdk.pi_collection'], () => {
    for (const [sdk, types] of bySdk) {
      const attribution: Attribution = { kind: 'sdk', name: sdk };
      const e = siteEvidence(model, firstSite.get(sdk)!);
      c.problem('sdk.pi_collection', { ...e, detail: `${sdk}: ${[...types].map((t) => PI_TYPE_INFO[t].name[1]).join('; ')}` }, { attribution });
    }
  });
  return bySdk;
}

export async function permissionChecks(c: KeyedCheckContext, manifest: ManifestInfo | undefined, byType: Map<PiType, PiSite[]>): Promise<void> {
  await c.run(['permission.unused'], () => {
    if (!manifest) return;
    // Permission → the information types whose APIs need it (only permissions the table knows can be judged).
    const typesOf = new Map<string, PiType[]>();
    for (const [type, info] of Object.entries(PI_TYPE_INFO) as [PiType, (typeof PI_TYPE_INFO)[PiType]][]) {
      for (const p of info.permissions) typesOf.set(p, [...(typesOf.get(p) ?? []), type]);
    }
    for (const p of manifest.permissions) {
      const types = typesOf.get(p.name);
      if (!types || !p.dangerous) continue;
      if (types.some((t) => (byType.get(t)?.length ?? 0) > 0)) continue;
      c.fail('permission.unused', { file: 'AndroidManifest.xml', detail: `${p.name}: no call of ${types.map((t) => PI_TYPE_INFO[t].name[1]).join(' / ')} APIs in the code` });
    }
  });
}

function actionsOf(filters: readonly import('@citadel/engine-android').XmlElement[]): string[] {
  const out: string[] = [];
  for (const f of filters) for (const a of childElements(f, 'action')) {
    const v = valueAsString(androidAttribute(a, 'name')?.value);
    if (v) out.push(v);
  }
  return out;
}

export async function autostartChecks(c: KeyedCheckContext, model: CodeModel, manifest: ManifestInfo | undefined): Promise<void> {
  const attributionOfDotted = (name: string): Attribution => model.attributionOf(`L${name.replace(/\./g, '/')};`);
  await c.run(['autostart.self_start'], () => {
    for (const comp of manifest?.components ?? []) {
      if (comp.kind !== 'receiver' || !comp.enabled) continue;
      const actions = actionsOf(comp.intentFilters).filter((a) => SELF_START_ACTIONS.includes(a));
      if (actions.length === 0) continue;
      const attribution = attributionOfDotted(comp.name);
      c.fail('autostart.self_start', { file: 'AndroidManifest.xml', className: comp.name, detail: actions.join(', '), attribution }, { attribution });
    }
  });
  await c.run(['autostart.associated_start'], () => {
    const own = manifest?.packageName ?? '';
    for (const info of model.methods.values()) {
      for (const ev of info.events) {
        if (ev.kind !== 'start_other') continue;
        const t = ev.target;
        // Another app: not this package, not a class of this APK, not the platform.
        if ((own && (t === own || t.startsWith(`${own}.`))) || model.classes.has(`L${t.replace(/\./g, '/')};`) || /^(?:android|java|javax|androidx|dalvik)\./.test(t)) continue;
        const attribution = model.attributionOf(model.classOfKey(info.id));
        c.fail('autostart.associated_start', { file: info.file, className: displayKey(model, info.id), detail: `${t} (${dottedApi(ev.api)})`, attribution }, { attribution });
      }
    }
    // SDK services exported with an intent filter: other apps carrying the same SDK start them (chain wake-up).
    for (const comp of manifest?.components ?? []) {
      if (comp.kind !== 'service' || !comp.exported || comp.permission || comp.intentFilters.length === 0) continue;
      const attribution = attributionOfDotted(comp.name);
      if (attribution.kind !== 'sdk') continue;
      c.fail('autostart.associated_start', { file: 'AndroidManifest.xml', className: comp.name, detail: `exported service, actions: ${actionsOf(comp.intentFilters).join(', ')}`, attribution }, { attribution });
    }
  });
}

/** Strings that start with http:// but are not endpoints (XML namespaces, licence and schema URLs). */
const NOT_ENDPOINT = /^http:\/\/(?:schemas\.android\.com|www\.w3\.org|xml\.org|xmlpull\.org|ns\.adobe\.com|www\.apache\.org|apache\.org|purl\.org|schemas\.xmlsoap\.org|schemas\.microsoft\.com|java\.sun\.com|xml\.apache\.org|www\.slf4j\.org|localhost|127\.0\.0\.1|example\.com|www\.example\.com|0\.0\.0\.0)(?:[:/]|$)/i;

export function cleartextEndpoints(model: CodeModel): { url: string; method: number; file: string }[] {
  const out: { url: string; method: number; file: string }[] = [];
  for (const [url, where] of model.cleartext) {
    if (NOT_ENDPOINT.test(url) || !/^http:\/\/[\w.-]+\.[a-z]{2,}|^http:\/\/\d{1,3}(?:\.\d{1,3}){3}/i.test(url)) continue;
    out.push({ url, ...where });
  }
  return out;
}

export async function transferChecks(c: KeyedCheckContext, model: CodeModel, manifest: ManifestInfo | undefined): Promise<void> {
  await c.run(['transfer.cleartext'], () => {
    const app = manifest?.application;
    if (app && valueAsBoolean(androidAttribute(app, 'usesCleartextTraffic')?.value) === true) c.fail('transfer.cleartext', { file: 'AndroidManifest.xml', detail: 'android:usesCleartextTraffic="true"' });
    const endpoints = cleartextEndpoints(model).sort((a, b) => Number(model.attributionOf(model.classOfKey(a.method)).kind === 'sdk') - Number(model.attributionOf(model.classOfKey(b.method)).kind === 'sdk'));
    for (const e of endpoints) {
      const attribution = model.attributionOf(model.classOfKey(e.method));
      c.fail('transfer.cleartext', { file: e.file, className: displayKey(model, e.method), snippet: e.url, attribution }, { attribution });
    }
  });
  await abroadCheck(
    c,
    [...model.endpoints].map(([host, e]) => {
      const attribution = model.attributionOf(model.classOfKey(e.method));
      return { host, url: e.url, evidence: { file: e.file, className: displayKey(model, e.method) }, attribution };
    }),
  );
  await c.run(['transfer.pi_to_network'], () => {
    for (const info of model.methods.values()) {
      if (info.pi.length === 0) continue;
      const net = info.events.find((e) => e.kind === 'network');
      if (!net || net.kind !== 'network') continue;
      const e = siteEvidence(model, info.pi[0]!);
      c.problem('transfer.pi_to_network', { ...e, detail: `${[...new Set(info.pi.map((s) => s.api.what))].join(', ')} → ${dottedApi(net.api)}` }, { attribution: e.attribution });
    }
  });
}
