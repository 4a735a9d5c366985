/**
 * The difference between two stored assessments of one package: findings by
 * rule id (new / fixed / unchanged, with evidence counts), permission changes
 * from the target fields and SDK changes by name. Pure: no database, no I/O.
 */
import { type Assessment, type FindingChange, type ItemResult, RISK_LEVELS, type RiskLevel, type SdkRef, type VersionDiffAnswer } from '@citadel/contracts';

type Diff = Omit<VersionDiffAnswer, 'base' | 'compare'>;

interface RuleState {
  risk: RiskLevel;
  result: ItemResult;
  evidence: number;
}

/** Results in order of strength: when one rule appears twice, the stronger result speaks for it. */
const RESULT_WEIGHT: Record<ItemResult, number> = { fail: 4, find_problem: 3, safe: 2, pass: 1, not_executed: 0 };

function byRule(a: Assessment): Map<string, RuleState> {
  const out = new Map<string, RuleState>();
  for (const f of Array.isArray(a.findings) ? a.findings : []) {
    if (!f || typeof f.ruleId !== 'string') continue;
    const evidence = (Array.isArray(f.evidence) ? f.evidence.length : 0) + (typeof f.omittedEvidence === 'number' ? f.omittedEvidence : 0);
    const seen = out.get(f.ruleId);
    if (!seen) out.set(f.ruleId, { risk: f.risk, result: f.result, evidence });
    else {
      seen.evidence += evidence;
      if ((RESULT_WEIGHT[f.result] ?? 0) > (RESULT_WEIGHT[seen.result] ?? 0)) seen.result = f.result;
    }
  }
  return out;
}

const riskOrder = (r: RiskLevel): number => {
  const i = RISK_LEVELS.indexOf(r);
  return i < 0 ? RISK_LEVELS.length : i;
};
const bySeverity = (x: FindingChange, y: FindingChange): number => riskOrder(x.risk) - riskOrder(y.risk) || x.ruleId.localeCompare(y.ruleId);

/** Permission names from `target.permissions`: plain strings or objects carrying a `name`. */
export function permissionNames(target: Record<string, unknown> | undefined): Set<string> {
  const raw = target?.permissions;
  const names = new Set<string>();
  if (!Array.isArray(raw)) return names;
  for (const p of raw) {
    if (typeof p === 'string' && p) names.add(p);
    else if (p && typeof p === 'object' && typeof (p as { name?: unknown }).name === 'string' && (p as { name: string }).name) names.add((p as { name: string }).name);
  }
  return names;
}

function sdksByName(a: Assessment): Map<string, SdkRef> {
  const out = new Map<string, SdkRef>();
  for (const s of Array.isArray(a.sdks) ? a.sdks : []) {
    if (!s || typeof s.name !== 'string' || out.has(s.name)) continue;
    out.set(s.name, { name: s.name, category: s.category, ...(s.version ? { version: s.version } : {}) });
  }
  return out;
}

const sorted = (xs: Iterable<string>): string[] => [...xs].sort();

export function diffAssessments(base: Assessment, compare: Assessment, titleOf: (ruleId: string) => string = (id) => id): Diff {
  const before = byRule(base);
  const after = byRule(compare);
  const findings: Diff['findings'] = { new: [], fixed: [], unchanged: [], unchecked: [] };
  for (const ruleId of new Set([...before.keys(), ...after.keys()])) {
    const b = before.get(ruleId);
    const c = after.get(ruleId);
    const failedBefore = b?.result === 'fail';
    const failedAfter = c?.result === 'fail';
    if (!failedBefore && !failedAfter) continue;
    const row: FindingChange = {
      ruleId,
      risk: (c ?? b)!.risk,
      title: titleOf(ruleId),
      baseResult: b?.result ?? null,
      compareResult: c?.result ?? null,
      baseEvidence: b?.evidence ?? 0,
      compareEvidence: c?.evidence ?? 0,
    };
    if (failedBefore && failedAfter) findings.unchanged.push(row);
    else if (failedAfter) findings.new.push(row);
    else if (c?.result === 'not_executed') findings.unchecked.push(row);
    else findings.fixed.push(row);
  }
  for (const group of Object.values(findings)) group.sort(bySeverity);

  const permsBefore = permissionNames(base.target);
  const permsAfter = permissionNames(compare.target);

  const sdkBefore = sdksByName(base);
  const sdkAfter = sdksByName(compare);
  const changed: Diff['sdks']['changed'] = [];
  for (const [name, s] of sdkAfter) {
    const old = sdkBefore.get(name);
    if (old && (old.version ?? '') !== (s.version ?? '')) changed.push({ name, category: s.category, from: old.version ?? '', to: s.version ?? '' });
  }
  const byName = (x: SdkRef, y: SdkRef) => x.name.localeCompare(y.name);

  const scoreOf = (a: Assessment) => (typeof a.score?.score === 'number' ? a.score.score : 0);
  return {
    score: { base: scoreOf(base), compare: scoreOf(compare), delta: scoreOf(compare) - scoreOf(base) },
    findings,
    permissions: { added: sorted([...permsAfter].filter((p) => !permsBefore.has(p))), removed: sorted([...permsBefore].filter((p) => !permsAfter.has(p))) },
    sdks: {
      added: [...sdkAfter.values()].filter((s) => !sdkBefore.has(s.name)).sort(byName),
      removed: [...sdkBefore.values()].filter((s) => !sdkAfter.has(s.name)).sort(byName),
      changed: changed.sort((x, y) => x.name.localeCompare(y.name)),
    },
  };
}
