/**
 * HarmonyOS packages (HAP, HSP, APP), read with the HarmonyOS engine's
 * package reader: the calls its ABC decoder resolved to an imported module
 * (geoLocationManager.getCurrentLocation, bundleManager.getAllBundleInfo …;
 * harmony-apis.ts), each with its record, method and who is responsible (the
 * app or the ohpm package the record belongs to); for ABC files whose code
 * is not decoded, the module records' imports. Permissions requested in
 * module.json5 (user_grant ones the table knows) with no use in the code are
 * reported as declared but unused.
 */
import type { Attribution, Evidence } from '@citadel/contracts';
import type { KeyedCheckContext, SdkMatcher } from '@citadel/engine-core';
import { type HarmonyPackage, ohpmPackageOf, permissionInfo } from '@citadel/engine-harmony';
import { HARMONY_PERMISSION_TYPES, HARMONY_PI_APIS, type HarmonyApi } from '../data/harmony-apis.ts';
import type { PiType } from '../data/pi-apis.ts';
import type { FoundSdk, Site } from '../common/sites.ts';
import { harmonyEarlySites } from './startup.ts';

interface HarmonySite extends Site {
  api: HarmonyApi;
}

export interface HarmonyAnalysis {
  sites: HarmonySite[];
  sdks: FoundSdk[];
  declaredTypes: Map<PiType, Evidence>;
  /** Requested permissions with the module file that asks for them. */
  requested: { name: string; file: string }[];
  /** Some ABC code could not be decoded: uses were taken from imports only. */
  undecoded: string[];
}

const bare = (request: string): string => request.replace(/^@ohos[:.]/, '').replace(/^@system\./, 'system.');

export function analyseHarmony(pkg: HarmonyPackage, sdks: SdkMatcher): HarmonyAnalysis {
  const byModule = new Map(HARMONY_PI_APIS.map((a) => [a.module, a]));
  const byRoot = new Map<string, HarmonyApi[]>();
  for (const a of HARMONY_PI_APIS) for (const r of a.roots ?? [a.module.split('.').pop()!]) byRoot.set(r, [...(byRoot.get(r) ?? []), a]);
  const sites: HarmonySite[] = [];
  const found = new Map<string, FoundSdk>();
  const undecoded: string[] = [];
  const ownerOf = (record: string): Attribution => {
    const p = ohpmPackageOf(record);
    if (!p) return { kind: 'main' };
    const m = sdks.matchOhpm(p.name);
    const name = m?.sdk.name ?? p.name;
    if (!found.has(name)) found.set(name, { name, category: m?.sdk.category ?? 'other', matched: p.name });
    return { kind: 'sdk', name };
  };
  for (const m of pkg.modules) {
    for (const { path, file } of m.abc) {
      const where = `${m.prefix}${path}`;
      const seen = new Set<string>();
      const push = (api: HarmonyApi, record: string, method: string | undefined, detail: string, offset?: number) => {
        const k = `${record}|${method}|${api.module}|${detail}`;
        if (seen.has(k)) return;
        seen.add(k);
        sites.push({ type: api.type, api, attribution: ownerOf(record), evidence: { file: where, className: record, ...(method ? { method } : {}), ...(offset !== undefined ? { offset } : {}), detail: `${api.what}: ${detail}` } });
      };
      const decodedRecords = new Set<string>();
      if (file.code === 'decoded') {
        for (const mf of file.methods) {
          if (!mf.problem) decodedRecords.add(mf.record);
          for (const call of mf.calls) {
            const parts = call.callee.split('.');
            const mod = call.module ? bare(call.module) : undefined;
            // Imported directly (@ohos:x): the module decides; through a kit or an unknown base: the local name does.
            const candidates = mod && byModule.has(mod) ? [byModule.get(mod)!] : !mod || mod.startsWith('@kit.') ? (byRoot.get(parts[0]!) ?? []) : [];
            for (const api of candidates) {
              const member = parts[parts.length - 1]!;
              if (api.methods && !api.methods.includes(member)) continue;
              push(api, mf.record, mf.method, `${call.callee}(…)`, call.offset);
            }
          }
        }
      }
      for (const rec of file.moduleRecords) {
        if (file.code === 'decoded' && decodedRecords.has(rec.recordName)) continue;
        for (const req of rec.requests) {
          const api = byModule.get(bare(req));
          if (!api) continue;
          // Only a module whose every member collects counts from its import alone.
          if (api.methods && !file.strings.some((s) => api.methods!.includes(s.value))) continue;
          if (!undecoded.includes(where)) undecoded.push(where);
          push(api, rec.recordName, undefined, `imports ${req}${file.code === 'decoded' ? '' : ' (code not decoded)'}`);
        }
      }
      for (const rec of file.moduleRecords) for (const req of rec.requests) ownerOf(req);
    }
  }
  const requested: { name: string; file: string }[] = [];
  const declaredTypes = new Map<PiType, Evidence>();
  for (const m of pkg.modules) {
    const file = `${m.prefix}${m.stage ? 'module.json' : 'config.json'}`;
    for (const r of m.stage?.module.requestPermissions ?? m.fa?.module.reqPermissions ?? []) {
      requested.push({ name: r.name, file });
      const t = HARMONY_PERMISSION_TYPES.get(r.name);
      if (t && !declaredTypes.has(t)) declaredTypes.set(t, { file, snippet: r.name });
    }
  }
  return { sites, sdks: [...found.values()], declaredTypes, requested, undecoded };
}

export async function harmonyChecks(c: KeyedCheckContext, pkg: HarmonyPackage, a: HarmonyAnalysis, hasCode: boolean): Promise<void> {
  if (!hasCode) return void c.notExecuted(['permission.declared_unused', 'harmony.pre_consent_collection'], 'no ABC code could be read: uses are unknown');
  await c.run(['harmony.pre_consent_collection'], () => {
    for (const e of harmonyEarlySites(pkg, a.sites)) {
      const ev = { ...e.site.evidence, snippet: e.path, attribution: e.site.attribution };
      if (e.gated) c.problem('harmony.pre_consent_collection', { ...ev, detail: `${ev.detail}; a consent-like constant is read on the way: confirm on a device` }, { attribution: e.site.attribution });
      else c.fail('harmony.pre_consent_collection', ev, { attribution: e.site.attribution });
    }
  });
  await c.run(['permission.declared_unused'], () => {
    const used = new Set(a.sites.flatMap((s) => s.api.permissions));
    for (const r of a.requested) {
      const type = HARMONY_PERMISSION_TYPES.get(r.name);
      if (!type || used.has(r.name) || permissionInfo(r.name)?.grant !== 'user_grant') continue;
      c.fail('permission.declared_unused', { file: r.file, snippet: r.name, detail: `${r.name} is requested but no code calls the ${type} APIs that need it (native code and WebViews are not read)` });
    }
  });
}
