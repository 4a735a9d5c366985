/**
 * What the compliance result page and reports show beyond the findings
 * (stored in target.compliance): each regulation clause with its verdict
 * (compliant / non_compliant / needs_dynamic) and the items behind it, the
 * SDK inventory (name, vendor, category, what it collects, disclosed or not),
 * the pre-consent entry points, the consent gates recognised, and what could
 * only be checked on a device.
 */
import type { Assessment, SdkCategory } from '@citadel/contracts';
import type { SdkMatcher } from '@citadel/engine-core';
import { displayKey } from '../android/checks.ts';
import type { CodeModel } from '../android/code-model.ts';
import type { StartupResult } from '../android/startup.ts';
import { CLAUSES } from '../catalogue/clauses.ts';
import { PI_TYPE_INFO, type PiType } from '../data/pi-apis.ts';
import { BUILD_LIBRARIES, SDK_VENDORS } from '../data/sdk-vendors.ts';
import { type PolicyText, disclosedAs } from '../policy/policy.ts';

export type Verdict = 'compliant' | 'non_compliant' | 'needs_dynamic';

export interface ClauseResult {
  id: string;
  title: { 'zh-CN': string; en: string };
  refs: string[];
  verdict: Verdict;
  /** Rule ids of the items behind the verdict, with their results. */
  items: { ruleId: string; result: string }[];
}

export interface SdkRow {
  name: string;
  vendor?: string;
  category: SdkCategory;
  matched: string;
  /** Information types its own code reads (English names; the page translates by `collectsTypes`). */
  collects: string[];
  collectsTypes: PiType[];
  /** Whether a policy must name it: it reads personal information, or is of a kind that does (ads, analytics, push, maps, social, payment). */
  disclosureRequired: boolean;
  /** The name under which the policy names it; undefined when not named or no policy. */
  disclosedAs?: string;
  /** Runs before consent. */
  startsBeforeConsent?: boolean;
}

export function sdkInventory(code: CodeModel, sdks: SdkMatcher, collecting: Map<string, Set<PiType>>, policies: readonly PolicyText[]): SdkRow[] {
  const rows = new Map<string, SdkRow>();
  for (const cls of code.classes.keys()) {
    const m = sdks.matchPackage(cls);
    if (!m || rows.has(m.sdk.name)) continue;
    const types = [...(collecting.get(m.sdk.name) ?? [])];
    const vendor = SDK_VENDORS[m.sdk.name]?.vendor;
    const row: SdkRow = {
      name: m.sdk.name,
      category: m.sdk.category,
      matched: m.matched,
      collects: types.map((t) => PI_TYPE_INFO[t].name[1]),
      collectsTypes: types,
      disclosureRequired: !BUILD_LIBRARIES.has(m.sdk.name) && (types.length > 0 || m.sdk.category !== 'other'),
      ...(vendor ? { vendor } : {}),
    };
    const as = policies.length > 0 ? disclosedAs(m.sdk.name, policies) : undefined;
    if (as) row.disclosedAs = as;
    rows.set(m.sdk.name, row);
  }
  return [...rows.values()].sort((a, b) => Number(b.disclosureRequired) - Number(a.disclosureRequired) || b.collects.length - a.collects.length || a.name.localeCompare(b.name));
}

function verdictOf(results: string[]): Verdict {
  if (results.includes('fail')) return 'non_compliant';
  // No item of the clause applies to this input: nothing was established either way.
  if (results.length === 0) return 'needs_dynamic';
  if (results.every((r) => r === 'pass' || r === 'safe')) return 'compliant';
  return 'needs_dynamic';
}

/** Each clause with the results of its items; items not executed because they belong to another platform are left out. */
export function clauseResults(a: Assessment): ClauseResult[] {
  const byId = new Map(a.findings.map((f) => [f.ruleId, f]));
  const applies = (id: string): boolean => {
    const f = byId.get(id);
    return f !== undefined && !(f.result === 'not_executed' && f.evidence.some((e) => e.detail?.startsWith(NOT_THIS_PLATFORM)));
  };
  return CLAUSES.map((cl) => {
    const items = cl.items.map((k) => `compliance.${k}`).filter(applies).map((id) => ({ ruleId: id, result: byId.get(id)!.result }));
    return { id: cl.id, title: { 'zh-CN': cl.title[0], en: cl.title[1] }, refs: [...cl.refs], verdict: verdictOf(items.map((i) => i.result)), items };
  });
}

/** How the reason of an item that does not apply to the input's platform starts (the clause verdicts leave it out). */
export const NOT_THIS_PLATFORM = 'applies to ';

/** target.compliance for an iOS, HarmonyOS or mini-program input (no call graph: no entries, gates or graph figures). */
export function otherSummary(a: Assessment, inventory: SdkRow[], policies: readonly PolicyText[], extra: Record<string, unknown>) {
  return {
    clauses: clauseResults(a),
    sdkInventory: inventory,
    policies: policies.map((p) => ({ source: p.source, chars: p.text.length })),
    ...extra,
    needsDevice: ['compliance.dynamic.consent_popup', 'compliance.dynamic.policy_reachability', 'compliance.dynamic.network_capture', 'compliance.dynamic.collection_frequency'],
  };
}

export function complianceSummary(a: Assessment, code: CodeModel, startup: StartupResult, inventory: SdkRow[], policies: readonly PolicyText[], policyUrls: string[]) {
  const clauses = clauseResults(a);
  for (const row of inventory) if (startup.sdkStarts.get(row.name)?.init && !BUILD_LIBRARIES.has(row.name)) row.startsBeforeConsent = true;
  return {
    clauses,
    sdkInventory: inventory,
    entries: startup.entries.map((e) => ({ kind: e.kind, method: displayKey(code, e.id) })),
    consentGates: [...new Map(startup.gates.map((g) => [g.method, g])).values()].slice(0, 50).map((g) => ({ method: displayKey(code, g.method), detail: g.detail })),
    policies: policies.map((p) => ({ source: p.source, chars: p.text.length })),
    policyUrls: policyUrls.slice(0, 20),
    callGraph: { methods: code.methods.size, walked: code.methodsWalked, reachedBeforeConsent: startup.visited, truncated: startup.truncated, complete: code.complete },
    needsDevice: ['compliance.dynamic.consent_popup', 'compliance.dynamic.policy_reachability', 'compliance.dynamic.network_capture', 'compliance.dynamic.collection_frequency'],
  };
}
