/**
 * The one model of results (GUIDE.md "One model of results"): what every engine
 * produces, what the server stores, what the result page and reports render.
 */

/** Risk levels of SPEC §4, plus info for purely informational items (app info, positive findings). */
export const RISK_LEVELS = ['serious', 'high', 'medium', 'low', 'info'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/**
 * Item results of SPEC §4.
 * - pass: the check ran and the problem is absent.
 * - fail: the check ran and the problem is present.
 * - not_executed: the item was not selected, or its input could not be read.
 * - safe: a positive protection was found (e.g. root detection present).
 * - find_problem: something worth a look that is not a clear failure (informational evidence).
 */
export const ITEM_RESULTS = ['pass', 'fail', 'not_executed', 'safe', 'find_problem'] as const;
export type ItemResult = (typeof ITEM_RESULTS)[number];

export const PLATFORMS = [
  'android',
  'android_sdk',
  'ios',
  'ios_sdk',
  'harmony',
  'harmony_next',
  'source',
  'web',
  'miniprogram',
  'alipay_miniprogram',
  'firmware',
  'network',
  'ics',
  'compliance',
  'sca',
] as const;
export type Platform = (typeof PLATFORMS)[number];

export const LOCALES = ['zh-CN', 'zh-TW', 'en', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];
/** Text in the four report languages; zh-CN and en are required, the others fall back to them. */
export type LocalizedText = { 'zh-CN': string; en: string; 'zh-TW'?: string; ja?: string };

/** SDK categories of SPEC §3. */
export const SDK_CATEGORIES = ['advertising', 'payment', 'statistics', 'social', 'push', 'map', 'other'] as const;
export type SdkCategory = (typeof SDK_CATEGORIES)[number];

/** A rule catalogue item: data, not code. Templates select items, engines implement them, reports print them. */
export interface RuleItem {
  /** Stable id, e.g. "android.manifest.debuggable". Never renamed once shipped. */
  id: string;
  platform: Platform;
  /** Grouping for templates and reports, e.g. "manifest", "network", "code", "native". */
  category: string;
  risk: RiskLevel;
  cwe?: string[];
  /** OWASP MASVS ids (mobile) or OWASP Top 10 ids (web/source). */
  owasp?: string[];
  title: LocalizedText;
  purpose: LocalizedText;
  description: LocalizedText;
  testingSteps: LocalizedText;
  solution: LocalizedText;
  references?: string[];
}

/** Where a finding was seen. Every field is optional: a manifest finding has a file, a DEX finding a class and method. */
export interface Evidence {
  file?: string;
  /** Class or module (DEX class, Mach-O symbol owner, source module). */
  className?: string;
  method?: string;
  line?: number;
  /** Source findings: 1-based column of the flagged code on `line`, and where it ends (SARIF region). */
  column?: number;
  endLine?: number;
  endColumn?: number;
  offset?: number;
  snippet?: string;
  /** Taint findings: the data-flow path, source first and sink last (SARIF codeFlows). */
  flow?: FlowStep[];
  /** Web findings: the request that proves it and the relevant part of the response. */
  request?: string;
  response?: string;
  /** Free-form detail, e.g. the matched value or the attribute that failed (English; see `fact`). */
  detail?: string;
  /** The detail as a structured fact, printed in the reader's language (evidence-facts.ts). */
  fact?: import('./evidence-facts.ts').EvidenceFact;
  /** Who this occurrence belongs to, so reports can filter the evidence of one row by MAIN / SDK. */
  attribution?: Attribution;
}

/** One place on a data-flow path; `file` when it is another file than the evidence's. */
export interface FlowStep {
  file?: string;
  line: number;
  kind: 'source' | 'assign' | 'call' | 'param' | 'return' | 'sink';
  /** The code of the step (trimmed, bounded). */
  code: string;
}

/** Who a finding belongs to: the app body or a named third-party SDK (reports filter ALL / MAIN / SDK). */
export type Attribution = { kind: 'main' } | { kind: 'sdk'; name: string };

export interface Finding {
  ruleId: string;
  result: ItemResult;
  /** Copied from the rule so a stored assessment stays readable if the catalogue changes. */
  risk: RiskLevel;
  /** Result description: what was found, in the engine's words. */
  summary?: LocalizedText;
  evidence: Evidence[];
  /** Occurrences beyond the evidence cap, counted but not listed. */
  omittedEvidence?: number;
  /** The row's owner: MAIN when any occurrence is in the app body, else the SDK of the first occurrence. */
  attribution: Attribution;
  whitelisted?: boolean;
}

export interface ThirdPartySdk {
  name: string;
  category: SdkCategory;
  /** The package prefix, framework or module that matched. */
  matched: string;
  version?: string;
}

/** Something the engine could not read: shown to the user instead of silently skipping. */
export interface Unreadable {
  file: string;
  reason: string;
  /** The reason as a structured fact, printed in the reader's language (evidence-facts.ts). */
  fact?: import('./evidence-facts.ts').EvidenceFact;
}

export interface ScoreInfo {
  score: number;
  band: 'high' | 'medium' | 'low';
}

export interface Assessment {
  platform: Platform;
  engine: { name: string; version: string };
  /** Platform-specific target fields of SPEC §3 (app name, package, version, size, md5 …). */
  target: Record<string, unknown>;
  findings: Finding[];
  sdks: ThirdPartySdk[];
  counts: Record<RiskLevel, number>;
  score: ScoreInfo;
  timings: { startedAt: string; finishedAt: string; ms: number };
  unreadable: Unreadable[];
}

/** Score bands of SPEC §4/§9: above 80 high, 60 to 80 medium, below 60 low. */
export function scoreBand(score: number): ScoreInfo['band'] {
  if (score > 80) return 'high';
  if (score >= 60) return 'medium';
  return 'low';
}
