/**
 * iOS apps (IPA), read with the iOS engine's package reader: the
 * personal-information APIs each Mach-O references (imported Objective-C
 * classes and C functions, class names as C strings for reflection;
 * ios-apis.ts), attributed to the binary's owner (the app's executable, or the
 * embedded framework's SDK through engine-core's SDK library); the Info.plist
 * usage descriptions declared vs the APIs linked; IDFA read without App
 * Tracking Transparency; the SDK inventory from embedded frameworks, @rpath
 * links and class-name prefixes linked statically into the app.
 */
import type { Attribution, Evidence } from '@citadel/contracts';
import type { KeyedCheckContext, SdkMatcher } from '@citadel/engine-core';
import { type IosPackage, plistGet, plistString } from '@citadel/engine-ios';
import { IOS_PI_APIS, type IosApi, PLACEHOLDER_DESCRIPTION, USAGE_KEY_TYPES } from '../data/ios-apis.ts';
import type { PiType } from '../data/pi-apis.ts';
import type { FoundSdk, Site } from '../common/sites.ts';
import type { BinaryReading } from './selectors.ts';

export const IOS_KEYS = ['ios.usage_description', 'ios.idfa_without_att', 'permission.declared_unused'] as const;

interface IosSite extends Site {
  api: IosApi;
}

const CLASS_SYMBOL = '_OBJC_CLASS_$_';
const SYSTEM_LIBRARY = /^(?:\/System\/|\/usr\/lib\/)/;

export interface IosAnalysis {
  sites: IosSite[];
  sdks: FoundSdk[];
  declaredTypes: Map<PiType, Evidence>;
  /** Usage-description key → its text. */
  usage: Map<string, string>;
}

/** The selectors of the table, for readBinaries(). */
export const WANTED_SELECTORS: ReadonlySet<string> = new Set(IOS_PI_APIS.flatMap((a) => (a.selector ? [a.selector] : [])));

export function analyseIos(pkg: IosPackage, sdks: SdkMatcher, selectors: ReadonlyMap<string, ReadonlySet<string>> = new Map()): IosAnalysis {
  const bySelector = new Map(IOS_PI_APIS.filter((a) => a.selector).map((a) => [a.selector!, a]));
  const byClass = new Map(IOS_PI_APIS.filter((a) => a.cls).map((a) => [a.cls!, a]));
  const bySymbol = new Map(IOS_PI_APIS.filter((a) => a.symbol).map((a) => [a.symbol!, a]));
  const sites: IosSite[] = [];
  // Statically linked SDKs share the main executable: name them beside the app's own attribution.
  const staticSdks = new Set<string>();
  for (const b of pkg.binaries) if (b.role === 'main') for (const n of b.classNames) { const m = sdks.matchIosClass(n); if (m) staticSdks.add(m.sdk.name); }
  for (const b of pkg.binaries) {
    const attribution: Attribution = b.owner;
    const seen = new Set<IosApi>();
    const add = (api: IosApi, how: string) => {
      if (seen.has(api)) return;
      seen.add(api);
      const shared = b.role === 'main' && staticSdks.size > 0 ? `; the executable also links ${[...staticSdks].slice(0, 6).join(', ')} statically: the caller may be one of them` : '';
      sites.push({ type: api.type, api, attribution, evidence: { file: b.path, snippet: how, detail: `${api.what}${shared}` } });
    };
    for (const imp of new Set(b.slices.flatMap((s) => s.imports))) {
      const api = imp.startsWith(CLASS_SYMBOL) ? byClass.get(imp.slice(CLASS_SYMBOL.length)) : bySymbol.get(imp);
      if (api) add(api, imp);
    }
    for (const s of b.strings) {
      const api = byClass.get(s.value);
      if (api) add(api, `"${s.value}" (${s.section}, class looked up by name)`);
    }
    for (const name of selectors.get(b.path) ?? []) {
      const api = bySelector.get(name);
      // The IDFA selector adds nothing where the class already showed it.
      if (api && !(name === 'advertisingIdentifier' && [...seen].some((x) => x.cls === 'ASIdentifierManager'))) add(api, `${name} (__objc_methname)`);
    }
  }
  const found = new Map<string, FoundSdk>();
  for (const b of pkg.binaries) {
    if (b.owner.kind === 'sdk' && !found.has(b.owner.name)) {
      const m = sdks.matchIosFramework(b.path);
      found.set(b.owner.name, { name: b.owner.name, category: m?.sdk.category ?? 'other', matched: m?.matched ?? b.path.split('/').slice(-2).join('/') });
    }
    if (b.role !== 'main') continue;
    for (const d of b.slices[0]?.dylibs ?? []) {
      if (SYSTEM_LIBRARY.test(d.name)) continue;
      const m = sdks.matchIosFramework(d.name);
      if (m && !found.has(m.sdk.name)) found.set(m.sdk.name, { name: m.sdk.name, category: m.sdk.category, matched: d.name });
    }
    for (const n of b.classNames) {
      const m = sdks.matchIosClass(n);
      if (m && !found.has(m.sdk.name)) found.set(m.sdk.name, { name: m.sdk.name, category: m.sdk.category, matched: n });
    }
  }
  const usage = new Map<string, string>();
  const declaredTypes = new Map<PiType, Evidence>();
  const info = pkg.infoPlist;
  if (info?.value.kind === 'dict') {
    for (const key of info.value.entries.keys()) {
      if (!/UsageDescription$/.test(key)) continue;
      usage.set(key, plistString(plistGet(info.value, key)) ?? '');
      const t = USAGE_KEY_TYPES[key];
      if (t && !declaredTypes.has(t)) declaredTypes.set(t, { file: info.path, snippet: key });
    }
  }
  return { sites, sdks: [...found.values()], declaredTypes, usage };
}

export async function iosChecks(c: KeyedCheckContext, pkg: IosPackage, a: IosAnalysis): Promise<void> {
  const plistPath = pkg.infoPlist?.path ?? `${pkg.bundleDir}Info.plist`;
  if (!pkg.infoPlist) {
    c.notExecuted(IOS_KEYS, 'Info.plist is missing or unreadable: the usage descriptions are unknown');
    return;
  }
  await c.run(['ios.usage_description'], () => {
    const once = new Set<string>();
    for (const s of a.sites) {
      const need = s.api.usage;
      if (need.length === 0) continue;
      const have = need.filter((k) => a.usage.has(k));
      if (have.length === 0) {
        if (once.has(need[0]!)) continue;
        once.add(need[0]!);
        c.fail('ios.usage_description', { ...s.evidence, detail: `${s.api.what} is linked but Info.plist has no ${need.join(' / ')}`, attribution: s.attribution }, { attribution: s.attribution });
      }
    }
    for (const [key, text] of a.usage) {
      if (PLACEHOLDER_DESCRIPTION.test(text) || text.trim().length < 4) c.fail('ios.usage_description', { file: plistPath, snippet: `${key}: "${text}"`, detail: `${key} does not say what the information is used for` });
    }
  });
  await c.run(['ios.idfa_without_att'], () => {
    const idfa = a.sites.filter((s) => s.api.cls === 'ASIdentifierManager' || s.api.selector === 'advertisingIdentifier');
    if (idfa.length === 0) return;
    const att = a.sites.some((s) => s.api.cls === 'ATTrackingManager');
    if (att && a.usage.has('NSUserTrackingUsageDescription')) return void c.safe('ios.idfa_without_att', { file: plistPath, snippet: 'NSUserTrackingUsageDescription', detail: 'ATTrackingManager is linked and the tracking description is declared' });
    for (const s of idfa) {
      c.fail('ios.idfa_without_att', { ...s.evidence, detail: `IDFA read${att ? '' : ', ATTrackingManager never linked'}${a.usage.has('NSUserTrackingUsageDescription') ? '' : ', no NSUserTrackingUsageDescription'}: since iOS 14.5 the IDFA is zeros unless the user allowed tracking`, attribution: s.attribution }, { attribution: s.attribution });
    }
  });
  await c.run(['permission.declared_unused'], () => {
    const linked = new Set(a.sites.flatMap((s) => s.api.usage));
    for (const key of a.usage.keys()) {
      if (!(key in USAGE_KEY_TYPES) || linked.has(key)) continue;
      c.fail('permission.declared_unused', { file: plistPath, snippet: key, detail: `${key} is declared but no binary links an API that needs it (a WebView or a system picker may: confirm)` });
    }
  });
}

/**
 * startup.pre_consent_collection for iOS: each personal-information API the start-up call graph reaches, with
 * its path. Consent checks in iOS code are not recognised, so a reached API is a problem to confirm on a device,
 * not a failure; an executable whose code cannot be read leaves the item not executed, saying why.
 */
export async function iosStartupCheck(c: KeyedCheckContext, pkg: IosPackage, binaries: BinaryReading): Promise<void> {
  const main = pkg.binaries.find((b) => b.role === 'main');
  const startup = binaries.startup;
  if (!startup || startup.entries.length === 0) {
    c.notExecuted(['startup.pre_consent_collection'], `no start-up call graph: ${startup ? 'no launch code found in the executable (no main, app or scene delegate launch method, +load or initialiser)' : (binaries.startupMissing ?? 'the executable could not be read')}`);
    return;
  }
  await c.run(['startup.pre_consent_collection'], () => {
    for (const p of startup.paths) {
      const notes = ['reached from launch code; consent checks in iOS code are not recognised: confirm on a device', ...(p.bySelector ? ['a message on the path was resolved by selector to several methods'] : [])];
      c.problem('startup.pre_consent_collection', { file: main?.path, className: p.path.at(-2), detail: `${p.api.what}; ${notes.join('; ')}`, snippet: p.path.join(' → '), attribution: main?.owner ?? { kind: 'main' } }, { attribution: main?.owner ?? { kind: 'main' } });
    }
    const unresolved = startup.unresolved > 0 ? `; ${startup.unresolved} messages to receivers of unknown class with more than 8 implementations not followed` : '';
    if (startup.paths.length === 0) c.safe('startup.pre_consent_collection', [{ file: main?.path, detail: `${startup.reached} functions reached from ${startup.entries.length} launch entry points${startup.truncated ? ' (limit reached: not all walked)' : ''}${unresolved}; none uses a personal-information API` }]);
  });
}
