/**
 * What every iOS check gets: the parsed package, the builder, the platform
 * (checks use short keys such as "binary.pie"; the context turns them into
 * ios.* or ios_sdk.* ids and ignores keys the platform does not have), the
 * SDK matcher for class-prefix attribution, and the analysis time.
 */
import type { Attribution, Evidence, LocalizedText } from '@citadel/contracts';
import { type AssessmentBuilder, type Catalogue, type SdkMatcher, attributionOf } from '@citadel/engine-core';
import type { IosPlatform } from '../catalogue/index.ts';
import type { IosPackage } from '../package/model.ts';

export interface OccurrenceOpts {
  attribution?: Attribution;
  summary?: LocalizedText;
}

export class IosCheckContext {
  /** Keys that recorded a safe occurrence (protections seen). */
  readonly found = new Set<string>();

  constructor(
    readonly pkg: IosPackage,
    readonly builder: AssessmentBuilder,
    readonly platform: IosPlatform,
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

  /** Runs a check covering `keys` (those the platform has) through the builder. */
  async run(keys: readonly string[], fn: () => void | Promise<void>): Promise<void> {
    const ids = keys.map((k) => this.id(k)).filter((x): x is string => x !== undefined);
    if (ids.length > 0) await this.builder.check(ids, fn);
  }

  fail(key: string, evidence: Evidence | readonly Evidence[] = [], opts: OccurrenceOpts = {}): void {
    const id = this.id(key);
    if (id) this.builder.finding(id, evidence, opts);
  }

  safe(key: string, evidence: Evidence | readonly Evidence[] = [], opts: OccurrenceOpts = {}): void {
    const id = this.id(key);
    if (!id) return;
    this.found.add(key);
    this.builder.safe(id, evidence, opts);
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

  /** The owner of an Objective-C/Swift class inside a binary owned by `binaryOwner`: an SDK's classes stay the SDK's. */
  classOwner(className: string, binaryOwner: Attribution): Attribution {
    if (binaryOwner.kind === 'sdk') return binaryOwner;
    return attributionOf(this.sdks.matchIosClass(className));
  }
}

export const text = (zhCN: string, en: string): LocalizedText => ({ 'zh-CN': zhCN, en });
