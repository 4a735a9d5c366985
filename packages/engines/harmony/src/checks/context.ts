/**
 * What every check gets: the parsed package, the builder to report through
 * and the platform. Checks use short keys ("manifest.debug"); the context
 * turns them into the platform's ids and ignores keys the platform has no
 * item for (an FA-only or Stage-only item on the other platform).
 */
import type { Evidence, LocalizedText } from '@citadel/contracts';
import type { AssessmentBuilder, Catalogue, SdkMatcher } from '@citadel/engine-core';
import type { HarmonyPlatform } from '../catalogue/index.ts';
import type { HarmonyModule, HarmonyPackage } from '../hap/model.ts';

export interface OccurrenceOpts {
  attribution?: { kind: 'main' } | { kind: 'sdk'; name: string };
  summary?: LocalizedText;
}

export class CheckContext {
  constructor(
    readonly pkg: HarmonyPackage,
    readonly builder: AssessmentBuilder,
    readonly platform: HarmonyPlatform,
    readonly catalogue: Catalogue,
    readonly sdks: SdkMatcher,
    readonly now: Date,
  ) {}

  id(key: string): string | undefined {
    const id = `${this.platform}.${key}`;
    return this.catalogue.has(id) ? id : undefined;
  }

  wants(...keys: string[]): boolean {
    return keys.some((k) => {
      const id = this.id(k);
      return id !== undefined && this.builder.isSelected(id);
    });
  }

  /** Runs a check covering `keys` through the builder (abort, progress, not_executed when it throws). */
  async run(keys: readonly string[], fn: () => void | Promise<void>): Promise<void> {
    const ids = keys.map((k) => this.id(k)).filter((x): x is string => x !== undefined);
    if (ids.length > 0) await this.builder.check(ids, fn);
  }

  fail(key: string, evidence: Evidence | readonly Evidence[] = [], opts: OccurrenceOpts = {}): void {
    const id = this.id(key);
    if (id) this.builder.finding(id, evidence, opts);
  }

  problem(key: string, evidence: Evidence | readonly Evidence[] = [], opts: OccurrenceOpts = {}): void {
    const id = this.id(key);
    if (id) this.builder.problem(id, evidence, opts);
  }

  notExecuted(keys: readonly string[], reason: string): void {
    for (const k of keys) {
      const id = this.id(k);
      if (id) this.builder.notExecuted(id, reason);
    }
  }

  get modules(): readonly HarmonyModule[] {
    return this.pkg.modules;
  }
}

export const zh = (zhCN: string, en: string): LocalizedText => ({ 'zh-CN': zhCN, en });
