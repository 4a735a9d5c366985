/**
 * The executive summary (the page after the cover): what was assessed, the
 * counts, the most serious problems with one line each, and what was not
 * executed and why — in the report's language, so a client reads the outcome
 * without the 40 pages behind it.
 */
import { type Finding, type Locale, RISK_LEVELS, type RiskLevel, type RuleItem } from '@citadel/contracts';
import { localize, text } from '@citadel/engine-core';
import { detailIn } from './evidence.ts';
import { clean } from './clean.ts';
import type { Labels } from './labels.ts';
import { PROBLEM_RESULTS } from './layouts.ts';
import type { ExecutiveSummary } from './types.ts';

/** Problems listed by name; the rest are counted. */
const TOP = 6;
const NOT_EXECUTED = 10;
const LINE = 160;

const RISK_RANK = Object.fromEntries(RISK_LEVELS.map((r, i) => [r, i])) as Record<RiskLevel, number>;

function oneLine(s: string): string {
  const line = s.replace(/\s+/g, ' ').trim();
  return line.length > LINE ? `${line.slice(0, LINE - 1)}…` : line;
}

/**
 * What an occurrence says in `locale`: its fact, else its English detail only
 * in an English report (another language never gets an English sentence).
 */
function evidenceSays(f: Finding, locale: Locale): string {
  for (const e of f.evidence) {
    const said = detailIn(e, locale);
    if (said) return said;
  }
  const e = f.evidence[0];
  // Where it was seen is language-neutral (a file, a class and method).
  return e ? [e.file, e.className && (e.method ? `${e.className}.${e.method}` : e.className)].filter(Boolean).join(' ') : '';
}

/** A summary in `locale`, refusing the English fallback for a non-English report. */
export function summaryIn(f: Finding, locale: Locale): string {
  if (!f.summary) return '';
  if (locale === 'ja' && !f.summary.ja) return '';
  return localize(f.summary, locale);
}

export function executiveSummary(findings: readonly Finding[], rules: ReadonlyMap<string, RuleItem>, locale: Locale, labels: Labels, target: string, failed: Record<RiskLevel, number>): ExecutiveSummary {
  const title = (f: Finding) => clean(rules.get(f.ruleId) ? text(rules.get(f.ruleId)!, 'title', locale) : f.ruleId, 300);
  const problems = findings.filter((f) => PROBLEM_RESULTS.has(f.result)).sort((a, b) => RISK_RANK[a.risk] - RISK_RANK[b.risk] || (a.result === 'fail' ? 0 : 1) - (b.result === 'fail' ? 0 : 1));
  const notExecuted = findings.filter((f) => f.result === 'not_executed');
  const failedTotal = RISK_LEVELS.reduce((n, r) => n + (failed[r] ?? 0), 0);
  return {
    target,
    overview: labels.overview(findings.length, failedTotal, notExecuted.length),
    top: problems.slice(0, TOP).map((f) => ({
      title: title(f),
      risk: f.risk,
      riskLabel: labels.risks[f.risk],
      line: clean(oneLine(summaryIn(f, locale) || evidenceSays(f, locale) || labels.results[f.result]), 400),
    })),
    topMore: Math.max(0, problems.length - TOP),
    notExecuted: notExecuted.slice(0, NOT_EXECUTED).map((f) => ({ title: title(f), reason: clean(oneLine(summaryIn(f, locale) || evidenceSays(f, locale) || labels.notExecutedUnknown), 400) })),
    notExecutedMore: Math.max(0, notExecuted.length - NOT_EXECUTED),
  };
}
