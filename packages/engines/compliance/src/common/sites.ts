/**
 * What the iOS, HarmonyOS and mini-program analyses share: a personal-
 * information call site as platform-neutral data (type, evidence, who is
 * responsible), the pi.* and sdk.pi_collection items filled from a list of
 * them, and the SDK inventory built from the SDKs each platform's reader
 * found. The Android path has its own richer model (call graph) in android/.
 */
import type { Attribution, Evidence, SdkCategory } from '@citadel/contracts';
import type { KeyedCheckContext } from '@citadel/engine-core';
import { PI_TYPES, PI_TYPE_INFO, type PiType } from '../data/pi-apis.ts';
import { SDK_VENDORS } from '../data/sdk-vendors.ts';
import { type PolicyText, disclosedAs } from '../policy/policy.ts';
import type { SdkRow } from '../result/summary.ts';

export interface Site {
  type: PiType;
  evidence: Evidence;
  attribution: Attribution;
}

export interface FoundSdk {
  name: string;
  category: SdkCategory;
  matched: string;
}

/** One pi.<type> item per kind: every site, the app's own first (evidence is capped per item). */
export async function emitPiSites(c: KeyedCheckContext, sites: readonly Site[]): Promise<void> {
  for (const type of PI_TYPES) {
    await c.run([`pi.${type}`], () => {
      const mine = sites.filter((s) => s.type === type).sort((a, b) => Number(a.attribution.kind === 'sdk') - Number(b.attribution.kind === 'sdk'));
      for (const s of mine) c.problem(`pi.${type}`, { ...s.evidence, attribution: s.attribution }, { attribution: s.attribution });
    });
  }
}

/** sdk.pi_collection: one occurrence per SDK with the kinds its own code reads; returns SDK → kinds. */
export async function emitSdkCollection(c: KeyedCheckContext, sites: readonly Site[]): Promise<Map<string, Set<PiType>>> {
  const bySdk = new Map<string, { types: Set<PiType>; first: Site }>();
  for (const s of sites) {
    if (s.attribution.kind !== 'sdk') continue;
    const e = bySdk.get(s.attribution.name);
    if (e) e.types.add(s.type);
    else bySdk.set(s.attribution.name, { types: new Set([s.type]), first: s });
  }
  await c.run(['sdk.pi_collection'], () => {
    for (const [sdk, { types, first }] of bySdk) {
      const attribution: Attribution = { kind: 'sdk', name: sdk };
      c.problem('sdk.pi_collection', { ...first.evidence, detail: `${sdk}: ${[...types].map((t) => PI_TYPE_INFO[t].name[1]).join('; ')}`, attribution }, { attribution });
    }
  });
  return new Map([...bySdk].map(([k, v]) => [k, v.types]));
}

/** The inventory rows of the SDKs a platform reader found (plus SDKs seen only through their sites). */
export function inventoryOf(found: readonly FoundSdk[], collecting: Map<string, Set<PiType>>, policies: readonly PolicyText[]): SdkRow[] {
  const rows = new Map<string, SdkRow>();
  const all: FoundSdk[] = [...found, ...[...collecting.keys()].map((name) => ({ name, category: 'other' as SdkCategory, matched: name }))];
  for (const f of all) {
    if (rows.has(f.name)) continue;
    const types = [...(collecting.get(f.name) ?? [])];
    const vendor = SDK_VENDORS[f.name]?.vendor;
    const row: SdkRow = {
      name: f.name,
      category: f.category,
      matched: f.matched,
      collects: types.map((t) => PI_TYPE_INFO[t].name[1]),
      collectsTypes: types,
      disclosureRequired: types.length > 0 || f.category !== 'other',
      ...(vendor ? { vendor } : {}),
    };
    const as = policies.length > 0 ? disclosedAs(f.name, policies) : undefined;
    if (as) row.disclosedAs = as;
    rows.set(f.name, row);
  }
  return [...rows.values()].sort((a, b) => Number(b.disclosureRequired) - Number(a.disclosureRequired) || b.collects.length - a.collects.length || a.name.localeCompare(b.name));
}
