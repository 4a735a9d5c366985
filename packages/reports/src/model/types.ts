/** What a report is made from, how it is asked for, and the format-neutral document every renderer draws. */
import type { ReportLayout, ReportTemplate } from './layouts.ts';
import type { Assessment, ItemResult, Locale, Platform, RiskLevel, RuleItem, ScoreInfo } from '@citadel/contracts';

export const REPORT_FORMATS = ['word', 'pdf', 'excel'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
/** SPEC §2 report dialog ranges: the full report, the app body only, third-party SDKs only. */
export const REPORT_RANGES = ['ALL', 'MAIN', 'SDK'] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];

export interface SiteInfo {
  /** The site's main title (site configuration main_title). */
  title: string;
  /** A data URL (PNG or JPEG) from site configuration (bar_logo or logo_bottom); others are ignored. */
  logo?: string;
}

export interface ReportInput {
  assessment: Assessment;
  /** Catalogue items of the findings' rules, by id (missing ones print the rule id). */
  rules: ReadonlyMap<string, RuleItem> | Record<string, RuleItem>;
  site: SiteInfo;
  /** Task fields the assessment may lack (creator, file name, times). */
  task?: { uid?: string; fileName?: string; createdBy?: string; finishedAt?: number; customer?: string };
  /** When the report was made; tests pass a fixed one. */
  generatedAt?: Date;
}

export interface ReportOptions {
  format: ReportFormat;
  locale: Locale;
  range: ReportRange;
  /** The layout (SPEC §3 template "report template"); standard when absent. */
  template?: ReportTemplate;
  /** A CJK-capable font (TTC/TTF/OTF) for PDF; otherwise CITADEL_REPORT_FONT or the Debian Noto CJK paths. */
  fontPath?: string;
  /** PDF progress: items written so far out of all items. */
  onProgress?: (done: number, total: number) => void;
}

export interface KeyValue {
  label: string;
  value: string;
}

/** One result item as every format prints it (SPEC §3 result items). */
export interface ReportItem {
  index: number;
  ruleId: string;
  title: string;
  category: string;
  risk: RiskLevel;
  riskLabel: string;
  result: ItemResult;
  resultLabel: string;
  owner: string;
  purpose: string;
  description: string;
  testingSteps: string;
  resultDescription: string;
  solution: string;
  cwe: string;
  owasp: string;
  /** One line per occurrence; the last says how many more were counted but not listed. */
  evidence: string[];
}

export interface SummaryRow {
  risk: RiskLevel;
  label: string;
  /** Failed items of this level (the assessment's counts for ALL, recounted for MAIN/SDK). */
  failed: number;
  /** Items of this level in the report, whatever their result. */
  total: number;
}

/** One requirement of the compliance checklist: the items mapped to it and whether any of them found a problem. */
export interface ChecklistRow {
  requirement: string;
  items: number;
  failed: number;
  conforms: boolean;
  verdict: string;
}

/** The page after the cover: what was assessed, how it scored, the main risks, what was not executed and why. */
export interface ExecutiveSummary {
  target: string;
  overview: string;
  /** The most serious items that found a problem, one line each. */
  top: { title: string; risk: RiskLevel; riskLabel: string; line: string }[];
  topMore: number;
  /** Items not executed, with the reason in the report's language. */
  notExecuted: { title: string; reason: string }[];
  notExecutedMore: number;
}

/** The report in the chosen language, range and layout, ready to draw. */
export interface ReportDocument {
  locale: Locale;
  range: ReportRange;
  template: ReportTemplate;
  /** What this layout prints; items and texts it leaves out are already gone from the document. */
  layout: ReportLayout;
  /** The conformity checklist (compliance layout), else empty. */
  checklist: ChecklistRow[];
  platform: Platform;
  labels: import('./labels.ts').Labels;
  siteTitle: string;
  logo?: import('./logo.ts').Logo;
  title: string;
  subtitle: string;
  generatedAt: string;
  /** The cover's facts: who the report is for, what was assessed, when. */
  cover: { customer: string; target: string; platform: string; date: string };
  executive: ExecutiveSummary;
  target: KeyValue[];
  score: ScoreInfo & { bandLabel: string };
  summary: SummaryRow[];
  items: ReportItem[];
  sdks: { name: string; category: string; matched: string; version: string }[];
  unreadable: KeyValue[];
  appendix: { ruleId: string; title: string; risk: string; category: string }[];
  engine: string;
}
