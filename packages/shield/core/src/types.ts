/**
 * The interface of one hardening type (app, so, sdk, h5, source). A type is a
 * plain module: its id, the schema of its strategy (which protections and
 * options exist — data the portal renders as the "add strategy" form and
 * validates against), its default strategies, and one `harden` function that
 * turns an input file into a protected output and proves the output still works.
 *
 * Everything here is stable API shared by packages/shield/* and the server:
 * add optional fields, never change or remove existing ones.
 */
import type { LocalizedText } from '@citadel/contracts';

export const SHIELD_TYPES = ['app', 'so', 'sdk', 'h5', 'source'] as const;
export type ShieldType = (typeof SHIELD_TYPES)[number];

export type { LocalizedText };

/** One option of a strategy. `group` puts it under a heading in the form and the report. */
export type StrategyOption =
  | { key: string; kind: 'boolean'; title: LocalizedText; help?: LocalizedText; group?: string; default: boolean }
  | { key: string; kind: 'enum'; title: LocalizedText; help?: LocalizedText; group?: string; default: string; choices: { value: string; title: LocalizedText }[] }
  | { key: string; kind: 'number'; title: LocalizedText; help?: LocalizedText; group?: string; default: number; min: number; max: number }
  | { key: string; kind: 'string'; title: LocalizedText; help?: LocalizedText; group?: string; default: string; maxLength: number; pattern?: string }
  /** a list of short strings (domains, class patterns, file globs); one per line in the form */
  | { key: string; kind: 'list'; title: LocalizedText; help?: LocalizedText; group?: string; default: string[]; maxItems: number; maxLength: number; pattern?: string };

export interface StrategySchema {
  /** headings of the option groups, in display order */
  groups: { key: string; title: LocalizedText }[];
  options: StrategyOption[];
}

export type StrategyValue = boolean | number | string | string[];
/** A strategy's stored form: option key → value; validated against the type's schema before use. */
export type StrategyValues = Record<string, StrategyValue>;

/** A built-in strategy of a type (a preset). Customers' strategies are stored rows with the same values shape. */
export interface DefaultStrategy {
  /** stable id, e.g. "h5.balanced" */
  id: string;
  name: LocalizedText;
  description: LocalizedText;
  /** only the keys that differ from the schema defaults */
  values: StrategyValues;
}

/** One check of the verification of a protected output. A job is returned as success only when every check is ok. */
export interface VerificationCheck {
  id: string;
  title: LocalizedText;
  ok: boolean;
  /** what was compared or measured; for a failure, the difference (plain text, no secrets) */
  detail?: string;
}

export interface Verification {
  ok: boolean;
  checks: VerificationCheck[];
  /** what could not be verified here (e.g. "a launch test needs a device"), shown as such in the detail view */
  unverified?: LocalizedText[];
}

/** One protection that was applied, for the detail view and the report. */
export interface AppliedProtection {
  id: string;
  title: LocalizedText;
  /** e.g. the number of files or classes it touched */
  detail?: string;
}

export interface HardenInput {
  /** the uploaded file on local disk (read-only for the type) */
  path: string;
  /** the user's file name (for the output name and the kind of input: .zip, .html, .apk …) */
  name: string;
}

export interface HardenContext {
  /** a scratch folder owned by this job, deleted by the caller afterwards; write the output here */
  workDir: string;
  /** progress 0–100 with a short step id */
  onStep?(step: string, progress: number): void;
  /** set when the job is cancelled or timed out; long loops should check it */
  signal?: AbortSignal;
  /** extra inputs a type may need (e.g. a keystore); opaque to the core */
  extras?: Record<string, unknown>;
}

export interface HardenResult {
  /** the protected file, inside ctx.workDir */
  outputPath: string;
  /** file name offered for download */
  outputName: string;
  applied: AppliedProtection[];
  verification: Verification;
  /** measured figures: sizes in bytes, times in ms (e.g. inputBytes, outputBytes, protectMs, loadMsBefore, loadMsAfter) */
  metrics: Record<string, number>;
}

export interface ShieldTypeModule {
  type: ShieldType;
  title: LocalizedText;
  /** accepted input file name endings, lower case with the dot: ['.zip', '.html'] */
  accept: string[];
  schema: StrategySchema;
  defaults: DefaultStrategy[];
  /**
   * Protects the input and verifies the result. Throws ShieldError for a bad input
   * or a failed step (the job ends EXCEPTION with its localized message); a result
   * whose verification.ok is false also ends EXCEPTION (never shipped as success).
   */
  harden(input: HardenInput, strategy: StrategyValues, ctx: HardenContext): Promise<HardenResult>;
}

/** A failure with a message in the user's languages (becomes the task's fail_msg). */
export class ShieldError extends Error {
  constructor(
    readonly code: string,
    readonly text: LocalizedText,
    readonly detail?: string,
  ) {
    super(`${code}: ${text.en}${detail ? ` (${detail})` : ''}`);
    this.name = 'ShieldError';
  }
}
