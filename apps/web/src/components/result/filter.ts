/**
 * The filter and view state of evaluation results (SPEC §3): risk level list,
 * result_filter (default 'A' = all) and sdk_filter (default ALL; MAIN / SDK
 * for Android), applied to an assessment's findings.
 */
import { RISK_LEVELS, type Finding, type ItemResult, type RiskLevel } from '@citadel/contracts';

export type ResultFilterValue = 'A' | ItemResult;
export type SdkFilterValue = 'ALL' | 'MAIN' | 'SDK';

export interface ResultFilter {
  risk: RiskLevel[];
  result: ResultFilterValue;
  sdk: SdkFilterValue;
}

export const DEFAULT_FILTER: ResultFilter = { risk: [...RISK_LEVELS], result: 'A', sdk: 'ALL' };

export function applyFilter(findings: readonly Finding[], filter: ResultFilter): Finding[] {
  return findings.filter(
    (f) =>
      filter.risk.includes(f.risk) &&
      (filter.result === 'A' || f.result === filter.result) &&
      (filter.sdk === 'ALL' || (filter.sdk === 'MAIN' ? f.attribution.kind === 'main' : f.attribution.kind === 'sdk')),
  );
}

/** Findings grouped by category, in first-seen order; a finding without a known rule goes under its rule id's first segment. */
export function groupByCategory(findings: readonly Finding[], categoryOf: (ruleId: string) => string | undefined): [string, Finding[]][] {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const category = categoryOf(f.ruleId) ?? f.ruleId.split('.')[1] ?? 'other';
    const list = groups.get(category);
    if (list) list.push(f);
    else groups.set(category, [f]);
  }
  return [...groups.entries()];
}

/** Order inside a category: most severe first, failures before passes. */
const RESULT_ORDER: Record<ItemResult, number> = { fail: 0, find_problem: 1, safe: 2, pass: 3, not_executed: 4 };
export function sortFindings(findings: Finding[]): Finding[] {
  return [...findings].sort((a, b) => RESULT_ORDER[a.result] - RESULT_ORDER[b.result] || RISK_LEVELS.indexOf(a.risk) - RISK_LEVELS.indexOf(b.risk));
}
