/**
 * EXCEL (.xlsx) reports with write-excel-file: an overview sheet (cover, target,
 * score, summary), one row per item, the SDKs and the rule list. Cells stay under
 * Excel's 32,767-character limit.
 */
import writeXlsxFile, { type Cell, type Row, type Sheet } from 'write-excel-file/node';
import { clean } from '../model/clean.ts';
import { RISK_COLOURS } from '../model/colours.ts';
import type { ItemField } from '../model/layouts.ts';
import type { ReportDocument } from '../model/types.ts';

const CELL_MAX = 30_000;
const head = (value: string): Cell => ({ value: clean(value, CELL_MAX), fontWeight: 'bold', backgroundColor: '#ECEFF1', wrap: true });
const txt = (value: string): Cell => ({ value: clean(value, CELL_MAX), type: String, wrap: true });
const num = (value: number): Cell => ({ value, type: Number });

/** Sheet names: at most 31 characters, none of []:*?/\ (Excel refuses the file otherwise). */
function sheetName(name: string, used: Set<string>): string {
  let base = name.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 28) || 'Sheet';
  let n = 2;
  let out = base;
  while (used.has(out.toLowerCase())) out = `${base.slice(0, 26)} ${n++}`;
  used.add(out.toLowerCase());
  return out;
}

export async function renderXlsx(doc: ReportDocument): Promise<Uint8Array> {
  const l = doc.labels;
  const used = new Set<string>();
  const overview: Row[] = [
    [{ value: clean(doc.siteTitle), fontWeight: 'bold', fontSize: 14 }],
    [{ value: `${doc.title} - ${doc.subtitle}`.slice(0, CELL_MAX), fontWeight: 'bold', fontSize: 16 }],
    ...(doc.cover.customer ? [[txt(l.customer), txt(doc.cover.customer)]] : []),
    [txt(l.target), txt(doc.cover.target)],
    [txt(l.generatedAt), txt(doc.generatedAt)],
    [txt(l.engine), txt(doc.engine)],
    [],
    [head(l.executive), head('')],
    [txt(doc.executive.overview)],
    [head(l.topFindings), head('')],
    ...(doc.executive.top.length ? doc.executive.top.map((t) => [{ value: t.riskLabel, type: String, color: RISK_COLOURS[t.risk] ?? '#000000' } as Cell, txt(t.title), txt(t.line)]) : [[txt(l.noProblems)]]),
    ...(doc.executive.topMore > 0 ? [[txt(''), txt(l.more(doc.executive.topMore))]] : []),
    [head(l.notExecutedSection), head(l.reason)],
    ...(doc.executive.notExecuted.length ? doc.executive.notExecuted.map((n) => [txt(n.title), txt(n.reason)]) : [[txt(l.allExecuted)]]),
    ...(doc.executive.notExecutedMore > 0 ? [[txt(l.more(doc.executive.notExecutedMore))]] : []),
    [],
    [head(l.targetInfo), head('')],
    ...doc.target.map((r) => [txt(r.label), txt(r.value)]),
    [],
    [head(l.scoreSection), head('')],
    [txt(l.score), num(doc.score.score)],
    [txt(l.band), txt(doc.score.bandLabel)],
    [],
    [head(l.riskLevel), head(l.failedItems), head(l.totalItems)],
    ...doc.summary.map((r) => [{ value: r.label, type: String, color: RISK_COLOURS[r.risk] ?? '#000000' } as Cell, num(r.failed), num(r.total)]),
  ];
  // The item sheet's text columns follow the layout (a left-out text has no column).
  const fieldLabels: Record<ItemField, string> = { purpose: l.purpose, description: l.description, testingSteps: l.testingSteps, resultDescription: l.resultDescription, evidence: l.evidence, solution: l.solution };
  const fieldValue = (it: ReportDocument['items'][number], f: ItemField) => (f === 'evidence' ? it.evidence.join('\n') : it[f]);
  const fields = doc.layout.fields.filter((f) => f !== 'evidence' || doc.layout.maxEvidence > 0);
  const itemHeader = ['#', l.ruleId, l.item, l.riskLevel, l.result, l.owner, l.category, 'CWE', 'OWASP', ...fields.map((f) => fieldLabels[f])];
  const items: Row[] = [
    itemHeader.map(head),
    ...doc.items.map((it) => [
      num(it.index),
      txt(it.ruleId),
      txt(it.title),
      { value: it.riskLabel, type: String, color: RISK_COLOURS[it.risk] ?? '#000000' } as Cell,
      txt(it.resultLabel),
      txt(it.owner),
      txt(it.category),
      txt(it.cwe),
      txt(it.owasp),
      ...fields.map((f) => txt(fieldValue(it, f))),
    ]),
  ];
  const sheets: Sheet<never>[] = [
    { sheet: sheetName(l.summary, used), data: overview, columns: [{ width: 28 }, { width: 60 }, { width: 60 }] },
    { sheet: sheetName(l.details, used), data: items, columns: [{ width: 6 }, { width: 36 }, { width: 36 }, { width: 10 }, { width: 12 }, { width: 16 }, { width: 12 }, { width: 12 }, { width: 12 }, ...Array(fields.length).fill({ width: 50 })], stickyRowsCount: 1 },
  ];
  if (doc.checklist.length) {
    const rows: Row[] = [[l.requirement, l.totalItems, l.failedItems, l.verdict].map(head), ...doc.checklist.map((r) => [txt(r.requirement), num(r.items), num(r.failed), txt(r.verdict)])];
    sheets.splice(1, 0, { sheet: sheetName(l.checklist, used), data: rows, columns: [{ width: 30 }, { width: 12 }, { width: 12 }, { width: 16 }] });
  }
  if (doc.range !== 'MAIN' && doc.layout.sdkTable) {
    const sdkRows: Row[] = doc.sdks.length ? [[l.sdkName, l.sdkCategory, l.sdkMatched, l.sdkVersion].map(head), ...doc.sdks.map((s) => [txt(s.name), txt(s.category), txt(s.matched), txt(s.version)])] : [[txt(l.noSdk)]];
    sheets.push({ sheet: sheetName(l.sdkSection, used), data: sdkRows, columns: [{ width: 30 }, { width: 14 }, { width: 40 }, { width: 12 }] });
  }
  const rules: Row[] = doc.layout.ruleList ? [[l.ruleId, l.item, l.riskLevel, l.category].map(head), ...doc.appendix.map((r) => [txt(r.ruleId), txt(r.title), txt(r.risk), txt(r.category)])] : [[txt(l.engine), txt(doc.engine)]];
  if (doc.unreadable.length) rules.push([], [head(l.unreadable), head('')], ...doc.unreadable.map((u) => [txt(u.label), txt(u.value)]));
  sheets.push({ sheet: sheetName(doc.layout.ruleList ? `${l.appendix} ${l.ruleList}` : l.appendix, used), data: rules, columns: [{ width: 40 }, { width: 50 }, { width: 10 }, { width: 14 }] });
  const buffer = await writeXlsxFile(sheets).toBuffer();
  return new Uint8Array(buffer);
}
