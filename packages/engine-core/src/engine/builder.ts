/**
 * Collects an engine's results while it runs and turns them into an
 * Assessment with exactly one row per catalogue item in scope:
 *
 * - an item not selected → not_executed ("not selected"), and its check is not run;
 * - an item whose check ran and recorded nothing → pass;
 * - occurrences recorded with finding()/safe()/problem() → fail / safe / find_problem
 *   (fail wins over find_problem over safe when a check records several);
 * - a selected item whose check never ran or threw → not_executed with the reason.
 *
 * Occurrences carry their attribution (MAIN or an SDK); the row is MAIN when any
 * occurrence is in the app body. Every occurrence's evidence is kept: a SAST user with
 * 300 SQL injections must see 300 (SARIF, JSON, the stored assessment, the portal). Only
 * hostile input can pass EVIDENCE_SAFETY_LIMIT entries in one assessment; past it the
 * rest are counted (omittedEvidence) and the assessment says so in `unreadable`.
 */
import type { Assessment, Attribution, Evidence, Finding, ItemResult, LocalizedText, Platform, RuleItem, ThirdPartySdk, Unreadable } from '@citadel/contracts';
import type { Catalogue } from '../catalogue/define.ts';
import { computeScore, countByRisk } from '../scoring/score.ts';
import type { EngineContext, EngineOptions } from './types.ts';
import { type WhitelistMatcher, compileWhitelist, parseSensitiveWords } from './whitelist.ts';

/**
 * Evidence entries kept in one assessment, over all its rows: a guard against hostile input
 * (a generated project with millions of sinks), not a display limit. An entry of the source
 * engine is ~0.5 KB of JSON (snippet and data-flow path), so the limit bounds the stored
 * assessment near 100 MB; real projects stay far below it (OWASP Benchmark Java: ~1,500).
 */
export const EVIDENCE_SAFETY_LIMIT = 200_000;
const MAIN: Attribution = { kind: 'main' };

type RecordedResult = Extract<ItemResult, 'fail' | 'safe' | 'find_problem'>;
const STRENGTH: Record<RecordedResult, number> = { fail: 3, find_problem: 2, safe: 1 };

export interface OccurrenceOptions {
  /** Default MAIN. */
  attribution?: Attribution;
  /** The row's result description; the last one given wins. */
  summary?: LocalizedText;
}

interface Row {
  item: RuleItem;
  result?: RecordedResult;
  kept: Evidence[];
  whitelisted: Evidence[];
  omitted: number;
  omittedWhitelisted: number;
  /** Occurrences not whitelisted (with or without evidence). */
  counted: number;
  hasMain: boolean;
  firstSdk?: string;
  summary?: LocalizedText;
  checked: boolean;
  notExecutedReason?: string;
}

export interface BuilderArgs {
  engine: { name: string; version: string };
  platform: Platform;
  catalogue: Catalogue;
  options?: EngineOptions;
  ctx?: EngineContext;
  /** Items of the catalogue this assessment covers; default: items of `platform`. */
  scope?: (item: RuleItem) => boolean;
  /** Tests only: a smaller EVIDENCE_SAFETY_LIMIT. Not an engine option: every run keeps every finding. */
  evidenceLimit?: number;
}

export class AssessmentBuilder {
  /** Platform-specific target fields (SPEC §3): app name, package, version, size, hashes … */
  readonly target: Record<string, unknown> = {};
  readonly sensitiveWords: readonly string[];
  readonly params: Readonly<Record<string, string>>;
  private readonly rows = new Map<string, Row>();
  private readonly selected: Set<string>;
  private readonly sdks = new Map<string, ThirdPartySdk>();
  private readonly unreadableList: Unreadable[] = [];
  private readonly whitelist: WhitelistMatcher;
  private readonly evidenceLimit: number;
  /** Evidence entries kept so far, over all rows. */
  private keptTotal = 0;
  private omittedTotal = 0;
  private readonly startedAt: Date;
  private readonly now: () => Date;
  private phase?: string;

  constructor(private readonly args: BuilderArgs) {
    const scope = args.scope ?? ((i: RuleItem) => i.platform === args.platform);
    for (const item of args.catalogue.items) {
      if (scope(item)) this.rows.set(item.id, { item, kept: [], whitelisted: [], omitted: 0, omittedWhitelisted: 0, counted: 0, hasMain: false, checked: false });
    }
    const opts = args.options ?? {};
    const wanted = opts.selected ? new Set(opts.selected) : undefined;
    this.selected = new Set([...this.rows.keys()].filter((id) => !wanted || wanted.has(id)));
    this.whitelist = compileWhitelist(opts.whitelist);
    this.evidenceLimit = Math.max(1, Math.floor(args.evidenceLimit ?? EVIDENCE_SAFETY_LIMIT));
    this.sensitiveWords = parseSensitiveWords(opts.sensitiveWords ?? []);
    this.params = opts.params ?? {};
    this.now = args.ctx?.now ?? (() => new Date());
    this.startedAt = this.now();
  }

  /** Whether the item is in scope and selected: engines skip work for unselected items. */
  isSelected(ruleId: string): boolean {
    return this.selected.has(ruleId);
  }

  /** True when at least one of the ids is selected. */
  anySelected(ruleIds: readonly string[]): boolean {
    return ruleIds.some((id) => this.selected.has(id));
  }

  selectedIds(): string[] {
    return [...this.selected];
  }

  /** Records an occurrence of a problem (result fail). Ignored when the item is not selected. */
  finding(ruleId: string, evidence: Evidence | readonly Evidence[] = [], opts: OccurrenceOptions = {}): void {
    this.record('fail', ruleId, evidence, opts);
  }

  /** Records a positive protection (result safe), e.g. root detection present. */
  safe(ruleId: string, evidence: Evidence | readonly Evidence[] = [], opts: OccurrenceOptions = {}): void {
    this.record('safe', ruleId, evidence, opts);
  }

  /** Records something worth a look that is not a clear failure (result find_problem). */
  problem(ruleId: string, evidence: Evidence | readonly Evidence[] = [], opts: OccurrenceOptions = {}): void {
    this.record('find_problem', ruleId, evidence, opts);
  }

  /** Marks items as checked: those without occurrences pass. check() does this for you. */
  checked(...ruleIds: string[]): void {
    for (const id of ruleIds) {
      const row = this.row(id);
      if (!this.selected.has(id) || row.checked) continue;
      row.checked = true;
    }
    this.report();
  }

  /** The item could not be assessed (e.g. its input is unreadable); the reason is shown on its row. */
  notExecuted(ruleId: string, reason: string): void {
    const row = this.row(ruleId);
    if (!this.selected.has(ruleId)) return;
    row.notExecutedReason = reason;
    row.checked = true;
    this.report();
  }

  /**
   * Runs one check covering `ruleIds` if any of them is selected: honours the
   * abort signal first, marks the items checked afterwards and reports
   * progress. A check that throws (other than by abort) leaves its items
   * not_executed with the error message instead of failing the assessment.
   */
  async check(ruleIds: string | readonly string[], fn: () => void | Promise<void>): Promise<void> {
    const ids = typeof ruleIds === 'string' ? [ruleIds] : ruleIds;
    for (const id of ids) this.row(id);
    if (!this.anySelected(ids)) return;
    this.throwIfAborted();
    try {
      await fn();
    } catch (e) {
      this.throwIfAborted();
      const reason = `check failed: ${e instanceof Error ? e.message : String(e)}`.slice(0, 500);
      for (const id of ids) if (this.selected.has(id) && !this.rows.get(id)!.result) this.notExecuted(id, reason);
      return;
    }
    this.checked(...ids.filter((id) => this.selected.has(id)));
  }

  /** Rejects with the signal's reason once the task is cancelled; call it in long loops too. */
  throwIfAborted(): void {
    this.args.ctx?.signal?.throwIfAborted();
  }

  /** Names what the engine is doing now in progress reports. */
  setPhase(phase: string): void {
    this.phase = phase;
    this.report();
  }

  unreadable(file: string, reason: string): void {
    if (this.unreadableList.length < 1000) this.unreadableList.push({ file, reason: reason.slice(0, 500) });
  }

  /** Adds a detected SDK (deduplicated by name; the first match is kept). */
  addSdk(sdk: ThirdPartySdk): void {
    if (!this.sdks.has(sdk.name)) this.sdks.set(sdk.name, sdk);
  }

  progress(): { done: number; total: number } {
    let done = 0;
    for (const id of this.selected) {
      const r = this.rows.get(id)!;
      if (r.checked || r.result) done++;
    }
    return { done, total: this.selected.size };
  }

  /** The assessment: one row per item in scope, in catalogue order, with counts, score and timings. */
  build(): Assessment {
    const findings: Finding[] = [];
    for (const [id, row] of this.rows) findings.push(this.toFinding(id, row));
    const finishedAt = this.now();
    const total = this.selected.size;
    this.args.ctx?.onProgress?.({ done: total, total, ...(this.phase ? { phase: this.phase } : {}) });
    return {
      platform: this.args.platform,
      engine: { ...this.args.engine },
      target: this.target,
      findings,
      sdks: [...this.sdks.values()],
      counts: countByRisk(findings),
      score: computeScore(findings),
      timings: { startedAt: this.startedAt.toISOString(), finishedAt: finishedAt.toISOString(), ms: Math.max(0, finishedAt.getTime() - this.startedAt.getTime()) },
      unreadable: [
        ...this.unreadableList,
        ...(this.omittedTotal > 0 ? [{ file: '(assessment)', reason: `more than ${this.evidenceLimit} occurrences: ${this.omittedTotal} further occurrences are counted but their locations not kept` }] : []),
      ],
    };
  }

  private toFinding(id: string, row: Row): Finding {
    const base = { ruleId: id, risk: row.item.risk, ...(row.summary ? { summary: row.summary } : {}) };
    if (!this.selected.has(id)) {
      return { ...base, result: 'not_executed', evidence: [], attribution: MAIN, summary: { 'zh-CN': '未选择该检测项', en: 'Item not selected' } };
    }
    if (row.result) {
      const allWhitelisted = row.counted === 0;
      const evidence = allWhitelisted ? row.whitelisted : row.kept;
      const omitted = allWhitelisted ? row.omittedWhitelisted : row.omitted;
      const attribution: Attribution = row.hasMain || !row.firstSdk ? MAIN : { kind: 'sdk', name: row.firstSdk };
      return {
        ...base,
        result: row.result,
        evidence,
        ...(omitted > 0 ? { omittedEvidence: omitted } : {}),
        attribution,
        ...(allWhitelisted ? { whitelisted: true } : {}),
      };
    }
    if (row.notExecutedReason !== undefined || !row.checked) {
      const reason = row.notExecutedReason ?? 'the engine did not run this check';
      return { ...base, result: 'not_executed', evidence: [{ detail: reason }], attribution: MAIN };
    }
    return { ...base, result: 'pass', evidence: [], attribution: MAIN };
  }

  private row(ruleId: string): Row {
    const row = this.rows.get(ruleId);
    // An id outside the catalogue is a programming error in the engine: fail loudly in its tests.
    if (!row) throw new Error(`rule "${ruleId}" is not in the ${this.args.platform} catalogue scope`);
    return row;
  }

  private record(result: RecordedResult, ruleId: string, evidence: Evidence | readonly Evidence[], opts: OccurrenceOptions): void {
    const row = this.row(ruleId);
    if (!this.selected.has(ruleId)) return;
    const wasDecided = row.checked || row.result !== undefined;
    if (!row.result || STRENGTH[result] > STRENGTH[row.result]) row.result = result;
    if (opts.summary) row.summary = opts.summary;
    const attribution = opts.attribution ?? MAIN;
    const list: readonly Evidence[] = Array.isArray(evidence) ? evidence : [evidence as Evidence];
    for (const ev of list) {
      const e: Evidence = { ...ev, attribution };
      const isWhitelisted = this.whitelist(ruleId, e);
      if (!isWhitelisted) {
        row.counted++;
        if (attribution.kind === 'main') row.hasMain = true;
        else row.firstSdk ??= attribution.name;
      }
      if (this.keptTotal >= this.evidenceLimit) {
        this.omittedTotal++;
        if (isWhitelisted) row.omittedWhitelisted++;
        else row.omitted++;
        continue;
      }
      this.keptTotal++;
      (isWhitelisted ? row.whitelisted : row.kept).push(e);
    }
    if (list.length === 0) {
      // An occurrence without evidence still counts and decides the row's owner.
      row.counted++;
      if (attribution.kind === 'main') row.hasMain = true;
      else row.firstSdk ??= attribution.name;
    }
    if (!wasDecided) this.report();
  }

  private report(): void {
    this.args.ctx?.onProgress?.({ ...this.progress(), ...(this.phase ? { phase: this.phase } : {}) });
  }
}
