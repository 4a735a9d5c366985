/**
 * The security score (0–100) of an assessment, from its findings.
 *
 * Formula (also in packages/engine-core/SCORING.md):
 *
 *   score = round(100 × Π over failed rules r of (1 − p(r)))
 *   p(r)  = weight(risk of r) × spread(n(r))
 *   weight: serious 0.20, high 0.10, medium 0.05, low 0.02, info 0
 *   spread(n) = min(2, 1 + log2(n) / 4), n = occurrences of the rule (evidence + omitted)
 *
 * - Only result "fail" counts; whitelisted rows, pass, safe, not_executed and
 *   find_problem do not (a positive "safe" finding never adds points, and
 *   "worth a look" is not a failure).
 * - Several rows with the same rule id are one rule (occurrences add up).
 * - spread() grows slowly and stops at 2, so one rule firing 10 000 times costs
 *   at most twice its weight: one noisy rule alone cannot sink the score
 *   (a serious rule at most −40, a high one at most −19).
 * - The product form keeps the score above 0 and makes each further problem
 *   cost a little less in absolute terms, so scores still separate apps with
 *   many problems. One serious failure already leaves the "high" band (80 is
 *   not above 80).
 * - The band comes from scoreBand() of contracts (SPEC §9).
 */
import { type Finding, RISK_LEVELS, type RiskLevel, type ScoreInfo, scoreBand } from '@citadel/contracts';

export const RISK_WEIGHTS: Readonly<Record<RiskLevel, number>> = { serious: 0.2, high: 0.1, medium: 0.05, low: 0.02, info: 0 };
export const MAX_SPREAD = 2;

/** Rows that count against the score and in the per-risk counts. */
export function countsAgainst(f: Finding): boolean {
  return f.result === 'fail' && !f.whitelisted;
}

/** How much more than one occurrence a rule costs: 1 for one, 2 at most. */
export function spread(occurrences: number): number {
  const n = Math.max(1, occurrences);
  return Math.min(MAX_SPREAD, 1 + Math.log2(n) / 4);
}

export function occurrencesOf(f: Finding): number {
  return Math.max(1, f.evidence.length + (f.omittedEvidence ?? 0));
}

/** Failed rules grouped by id: risk and total occurrences. */
function failedRules(findings: readonly Finding[]): Map<string, { risk: RiskLevel; occurrences: number }> {
  const rules = new Map<string, { risk: RiskLevel; occurrences: number }>();
  for (const f of findings) {
    if (!countsAgainst(f)) continue;
    const r = rules.get(f.ruleId);
    if (r) r.occurrences += occurrencesOf(f);
    else rules.set(f.ruleId, { risk: f.risk, occurrences: occurrencesOf(f) });
  }
  return rules;
}

/** Number of failed (not whitelisted) rules per risk level. */
export function countByRisk(findings: readonly Finding[]): Record<RiskLevel, number> {
  const counts = Object.fromEntries(RISK_LEVELS.map((r) => [r, 0])) as Record<RiskLevel, number>;
  for (const { risk } of failedRules(findings).values()) counts[risk]++;
  return counts;
}

/** Score and band as documented above. */
export function computeScore(findings: readonly Finding[]): ScoreInfo {
  let remaining = 1;
  for (const { risk, occurrences } of failedRules(findings).values()) remaining *= 1 - RISK_WEIGHTS[risk] * spread(occurrences);
  const score = Math.max(0, Math.min(100, Math.round(100 * remaining)));
  return { score, band: scoreBand(score) };
}

/** What each failed rule cost, largest first: for the "why this score" panel and for tests. */
export function scoreBreakdown(findings: readonly Finding[]): { ruleId: string; risk: RiskLevel; occurrences: number; penalty: number }[] {
  return [...failedRules(findings).entries()]
    .map(([ruleId, r]) => ({ ruleId, ...r, penalty: RISK_WEIGHTS[r.risk] * spread(r.occurrences) }))
    .sort((a, b) => b.penalty - a.penalty || a.ruleId.localeCompare(b.ruleId));
}
