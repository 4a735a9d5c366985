/** Assessment + rule texts + site + options → the ReportDocument every renderer draws. */
import { type Finding, type Locale, RISK_LEVELS, type RuleItem, reasonText } from '@citadel/contracts';
import { countByRisk, text } from '@citadel/engine-core';
import { clean } from './clean.ts';
import { evidenceLine } from './evidence.ts';
import { executiveSummary, summaryIn } from './executive.ts';
import { categoryLabel } from './field-labels.ts';
import { LABELS, SDK_CATEGORY_LABELS } from './labels.ts';
import { decodeLogo } from './logo.ts';
import { type ReportLayout, PROBLEM_RESULTS, REPORT_LAYOUTS, isReportTemplate } from './layouts.ts';
import { filterByRange, sdksFor } from './range.ts';
import { targetRows } from './target.ts';
import type { ChecklistRow, ReportDocument, ReportInput, ReportItem, ReportOptions } from './types.ts';

/** Occurrences printed per item; the rest are counted. */
export const MAX_EVIDENCE_LINES = 50;
const RISK_ORDER = Object.fromEntries(RISK_LEVELS.map((r, i) => [r, i]));
const RESULT_ORDER: Record<string, number> = { fail: 0, find_problem: 1, safe: 2, pass: 3, not_executed: 4 };

function timeText(ms: number): string {
  const d = new Date(ms);
  if (!Number.isFinite(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  // One unambiguous numeric form in every language (UTC, so a report reads the same wherever it is opened).
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} UTC`;
}

function ruleMap(rules: ReportInput['rules']): ReadonlyMap<string, RuleItem> {
  return rules instanceof Map ? rules : new Map(Object.entries(rules));
}

export function buildReport(input: ReportInput, options: ReportOptions): ReportDocument {
  const { assessment: a, site } = input;
  const { locale, range } = options;
  const template = isReportTemplate(options.template) ? options.template : 'standard';
  const layout = REPORT_LAYOUTS[template];
  const labels = LABELS[locale];
  const rules = ruleMap(input.rules);
  const findings = filterByRange(a.findings, range).sort(
    (x, y) => (RESULT_ORDER[x.result] ?? 9) - (RESULT_ORDER[y.result] ?? 9) || RISK_ORDER[x.risk]! - RISK_ORDER[y.risk]! || x.ruleId.localeCompare(y.ruleId),
  );
  const failed = range === 'ALL' ? a.counts : countByRisk(findings);
  // The summary counts the whole range; the layout decides which of its items are printed.
  const printed = layout.items === 'problems' ? findings.filter((f) => PROBLEM_RESULTS.has(f.result)) : findings;
  const items = printed.map((f, i) => toItem(f, i + 1, rules.get(f.ruleId), locale, labels, layout, a.platform));
  const summary = RISK_LEVELS.map((risk) => ({ risk, label: labels.risks[risk], failed: failed[risk] ?? 0, total: findings.filter((f) => f.risk === risk).length }));
  const appendix = [...new Set(a.findings.map((f) => f.ruleId))].sort().map((id) => {
    const rule = rules.get(id);
    const finding = a.findings.find((f) => f.ruleId === id)!;
    return { ruleId: clean(id, 300), title: clean(rule ? text(rule, 'title', locale) : id, 1000), risk: labels.risks[rule?.risk ?? finding.risk], category: clean(categoryLabel(rule?.category ?? '', locale), 100) };
  });
  const appName = a.target?.appName ?? a.target?.app_name ?? a.target?.name ?? input.task?.fileName ?? '';
  const generated = (input.generatedAt ?? new Date()).getTime();
  const targetName = clean(typeof appName === 'string' ? appName : String(appName), 500);
  const pkg = a.target?.packageName ?? a.target?.bundleId ?? a.target?.url ?? '';
  const targetLine = clean([targetName, typeof pkg === 'string' && pkg !== targetName ? pkg : ''].filter(Boolean).join(' · '), 1000);
  return {
    locale,
    range,
    template,
    layout,
    checklist: layout.checklist ? checklistOf(printed, rules, labels) : [],
    platform: a.platform,
    labels,
    siteTitle: clean(site.title, 500),
    logo: decodeLogo(site.logo),
    title: labels.layoutTitles[template],
    subtitle: clean(`${typeof appName === 'string' ? appName : String(appName)} · ${labels.rangeNames[range]}`, 2000),
    generatedAt: timeText(generated),
    cover: { customer: clean(input.task?.customer ?? '', 300), target: targetLine, platform: labels.platforms[a.platform] ?? a.platform, date: timeText(generated).slice(0, 10) },
    executive: executiveSummary(findings, rules, locale, labels, targetLine, failed),
    target: targetRows(a, input.task, labels, locale, timeText),
    score: { ...a.score, bandLabel: labels.bands[a.score.band] },
    summary,
    items,
    sdks: sdksFor(a.sdks, range).map((s) => ({ name: clean(s.name, 500), category: SDK_CATEGORY_LABELS[locale][s.category] ?? clean(s.category, 100), matched: clean(s.matched, 1000), version: clean(s.version ?? '', 200) })),
    unreadable: a.unreadable.map((u) => ({ label: clean(u.file, 1000), value: clean(reasonText(u.reason, u.fact, locale, labels.unreadableUnknown), 2000) })),
    appendix,
    engine: clean(`${a.engine.name} ${a.engine.version}`, 200),
  };
}

/**
 * The compliance checklist: each requirement an item maps to (its OWASP ids,
 * else its CWE ids) with the number of items and of items that found a problem.
 */
function checklistOf(findings: readonly Finding[], rules: ReadonlyMap<string, RuleItem>, labels: ReportDocument['labels']): ChecklistRow[] {
  const rows = new Map<string, { items: number; failed: number }>();
  for (const f of findings) {
    const rule = rules.get(f.ruleId);
    const refs = rule?.owasp?.length ? rule.owasp : rule?.cwe?.length ? rule.cwe : ['—'];
    for (const ref of new Set(refs)) {
      const row = rows.get(ref) ?? { items: 0, failed: 0 };
      row.items++;
      if (PROBLEM_RESULTS.has(f.result)) row.failed++;
      rows.set(ref, row);
    }
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([ref, r]) => ({ requirement: clean(ref, 200), items: r.items, failed: r.failed, conforms: r.failed === 0, verdict: r.failed === 0 ? labels.conforms : labels.notConforms }));
}

/** The owner column: an app's body or SDK; a firmware image itself or one of its components. */
function ownerOf(f: Finding, labels: ReportDocument['labels'], platform: string): string {
  const firmware = platform === 'firmware';
  if (f.attribution.kind === 'sdk') return clean(firmware ? `${labels.firmwareOwner.component} ${f.attribution.name}` : f.attribution.name, 500);
  return firmware ? labels.firmwareOwner.image : labels.main;
}

function toItem(f: Finding, index: number, rule: RuleItem | undefined, locale: Locale, labels: ReportDocument['labels'], layout: ReportLayout, platform: string): ReportItem {
  const wanted = new Set<string>(layout.fields);
  const field = (k: 'title' | 'purpose' | 'description' | 'testingSteps' | 'solution') => (k === 'title' || wanted.has(k) ? clean(rule ? text(rule, k, locale) : k === 'title' ? f.ruleId : '') : '');
  const limit = wanted.has('evidence') ? Math.min(layout.maxEvidence, MAX_EVIDENCE_LINES) : 0;
  const shown = f.evidence.slice(0, limit);
  const omitted = f.evidence.length - shown.length + (f.omittedEvidence ?? 0);
  const evidence = shown.map((e) => evidenceLine(e, locale));
  if (omitted > 0 && limit > 0) evidence.push(labels.omitted(omitted));
  return {
    index,
    ruleId: clean(f.ruleId, 300),
    title: field('title'),
    category: clean(categoryLabel(rule?.category ?? '', locale), 100),
    risk: f.risk,
    riskLabel: labels.risks[f.risk] ?? f.risk,
    result: f.result,
    resultLabel: labels.results[f.result] ?? f.result,
    owner: ownerOf(f, labels, platform),
    purpose: field('purpose'),
    description: field('description'),
    testingSteps: field('testingSteps'),
    resultDescription: wanted.has('resultDescription') ? clean(summaryIn(f, locale)) || labels.results[f.result] : '',
    solution: field('solution'),
    cwe: clean((rule?.cwe ?? []).join(', '), 500),
    owasp: clean((rule?.owasp ?? []).join(', '), 500),
    evidence,
  };
}
