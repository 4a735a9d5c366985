/**
 * Report templates (SPEC §3 template field "report template"): what one layout
 * of the same report document prints. Kept as data so a new layout is a new
 * entry here, not new renderer code; every renderer reads the document the
 * layout shaped (items left out, texts blanked, sections off) and skips what is empty.
 *
 * - standard: the full report — every item with all its texts and up to 50 occurrences, SDKs, rule list.
 * - brief: a summary for management — only items with a problem, their result and solution, three occurrences.
 * - compliance: an audit view — every item's result against the standards it maps to (OWASP MASVS, CWE),
 *   a conformity checklist per requirement, no testing steps or evidence.
 */
import type { ItemResult } from '@citadel/contracts';

export const REPORT_TEMPLATES = ['standard', 'brief', 'compliance'] as const;
export type ReportTemplate = (typeof REPORT_TEMPLATES)[number];

/** Texts an item may print, in print order. */
export const ITEM_FIELDS = ['purpose', 'description', 'testingSteps', 'resultDescription', 'evidence', 'solution'] as const;
export type ItemField = (typeof ITEM_FIELDS)[number];

export interface ReportLayout {
  /** Which items are printed: all, or only those whose result reports a problem. */
  items: 'all' | 'problems';
  /** Texts printed under each item (others are left out). */
  fields: readonly ItemField[];
  /** Occurrences printed per item; the rest are counted. */
  maxEvidence: number;
  /** The third-party SDK table. */
  sdkTable: boolean;
  /** The appendix's list of rules applied. */
  ruleList: boolean;
  /** The conformity checklist per requirement (OWASP ids, else CWE). */
  checklist: boolean;
}

export const REPORT_LAYOUTS: Record<ReportTemplate, ReportLayout> = {
  standard: { items: 'all', fields: ITEM_FIELDS, maxEvidence: 50, sdkTable: true, ruleList: true, checklist: false },
  brief: { items: 'problems', fields: ['resultDescription', 'evidence', 'solution'], maxEvidence: 3, sdkTable: true, ruleList: false, checklist: false },
  compliance: { items: 'all', fields: ['purpose', 'resultDescription', 'solution'], maxEvidence: 0, sdkTable: false, ruleList: true, checklist: true },
};

/** Results that mean the item found something. */
export const PROBLEM_RESULTS: ReadonlySet<ItemResult> = new Set<ItemResult>(['fail', 'find_problem']);

export function isReportTemplate(v: unknown): v is ReportTemplate {
  return typeof v === 'string' && (REPORT_TEMPLATES as readonly string[]).includes(v);
}
