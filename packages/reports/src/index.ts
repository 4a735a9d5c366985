/**
 * @citadel/reports: renders a stored Assessment (with the rule texts of its
 * findings and the site's title and logo) as a report a security team hands to
 * a client — WORD (.docx), PDF or EXCEL (.xlsx), in zh-CN, zh-TW, en or ja,
 * over ALL findings, the app body only (MAIN) or third-party SDKs only (SDK),
 * in one of the report templates' layouts (standard, brief, compliance; model/layouts.ts).
 * A pure library: bytes in memory out, no HTTP, database or users.
 *
 * Every format renders the same format-neutral ReportDocument (model/), so the
 * three stay in step: cover, target, score and chart, summary per risk level,
 * every item with its texts and evidence, the SDK table, the appendix.
 */
import type { ReportFormat, ReportInput, ReportOptions } from './model/types.ts';
import { buildReport } from './model/build.ts';
import { renderDocx } from './docx/render.ts';
import { renderPdf } from './pdf/render.ts';
import { renderXlsx } from './xlsx/render.ts';

export * from './model/types.ts';
export { LABELS, type Labels } from './model/labels.ts';
export { REPORT_TEMPLATES, REPORT_LAYOUTS, ITEM_FIELDS, isReportTemplate, type ReportTemplate, type ReportLayout, type ItemField } from './model/layouts.ts';
export { buildReport } from './model/build.ts';
export { unlabelledTargetFields } from './model/target.ts';
export { filterByRange, rangesFor, formatsFor } from './model/range.ts';
export { findCjkFont, FontNotFoundError } from './pdf/fonts.ts';
export { renderLedgerXlsx, type LedgerRow, type LedgerOptions } from './ledger/ledger.ts';
export { renderDocx, renderPdf, renderXlsx };

export const FILE_EXTENSIONS: Record<ReportFormat, string> = { word: 'docx', pdf: 'pdf', excel: 'xlsx' };
export const MIME_TYPES: Record<ReportFormat, string> = {
  word: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The report as file bytes. */
export async function renderReport(input: ReportInput, options: ReportOptions): Promise<Uint8Array> {
  const doc = buildReport(input, options);
  if (options.format === 'pdf') return renderPdf(doc, { fontPath: options.fontPath, onProgress: options.onProgress });
  if (options.format === 'word') return renderDocx(doc);
  return renderXlsx(doc);
}
