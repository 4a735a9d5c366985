/**
 * The compliance part of a stored assessment (target.compliance, written by
 * the compliance engine), read defensively: a stored result is data from
 * elsewhere, so every field is checked before the screens use it.
 */
import type { Assessment } from '@citadel/contracts';

export type Verdict = 'compliant' | 'non_compliant' | 'needs_dynamic';

export interface ClauseRow {
  id: string;
  title: { 'zh-CN': string; en: string };
  refs: string[];
  verdict: Verdict;
  items: { ruleId: string; result: string }[];
}

export interface SdkRow {
  name: string;
  vendor?: string;
  category: string;
  collectsTypes: string[];
  disclosureRequired: boolean;
  disclosedAs?: string;
  startsBeforeConsent?: boolean;
}

export interface ComplianceView {
  clauses: ClauseRow[];
  sdkInventory: SdkRow[];
  consentGates: { method: string; detail: string }[];
  policies: { source: string }[];
  policyUrls: string[];
  callGraph?: { methods: number; reachedBeforeConsent: number; truncated: boolean };
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const str = (x: unknown): string => (typeof x === 'string' ? x : '');
const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const VERDICTS: readonly Verdict[] = ['compliant', 'non_compliant', 'needs_dynamic'];

export function complianceView(a: Assessment | null): ComplianceView | undefined {
  const c = a?.target?.compliance;
  if (!isObj(c)) return undefined;
  const clauses = list(c.clauses).filter(isObj).map((x): ClauseRow => {
    const title = isObj(x.title) ? x.title : {};
    return {
      id: str(x.id),
      title: { 'zh-CN': str(title['zh-CN']), en: str(title.en) },
      refs: list(x.refs).map(str),
      verdict: VERDICTS.includes(x.verdict as Verdict) ? (x.verdict as Verdict) : 'needs_dynamic',
      items: list(x.items).filter(isObj).map((i) => ({ ruleId: str(i.ruleId), result: str(i.result) })),
    };
  });
  const sdkInventory = list(c.sdkInventory).filter(isObj).map((x): SdkRow => ({
    name: str(x.name),
    category: str(x.category),
    collectsTypes: list(x.collectsTypes).map(str),
    disclosureRequired: x.disclosureRequired === true,
    ...(typeof x.vendor === 'string' ? { vendor: x.vendor } : {}),
    ...(typeof x.disclosedAs === 'string' ? { disclosedAs: x.disclosedAs } : {}),
    ...(x.startsBeforeConsent === true ? { startsBeforeConsent: true } : {}),
  }));
  const g = isObj(c.callGraph) ? c.callGraph : undefined;
  return {
    clauses,
    sdkInventory,
    consentGates: list(c.consentGates).filter(isObj).map((x) => ({ method: str(x.method), detail: str(x.detail) })),
    policies: list(c.policies).filter(isObj).map((x) => ({ source: str(x.source) })),
    policyUrls: list(c.policyUrls).map(str),
    ...(g ? { callGraph: { methods: Number(g.methods) || 0, reachedBeforeConsent: Number(g.reachedBeforeConsent) || 0, truncated: g.truncated === true } } : {}),
  };
}

/** The assessment without target.compliance, for the generic header (which would print it as a blob). */
export function withoutCompliance(a: Assessment | null): Assessment | null {
  if (!a) return a;
  const { compliance: _c, ...target } = a.target;
  return { ...a, target };
}
