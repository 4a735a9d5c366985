/**
 * What every check gets: the parsed package, the builder to report through,
 * the platform (android or android_sdk: checks use short keys such as
 * "code.runtime_exec" and the context turns them into the platform's ids,
 * ignoring keys the platform's catalogue does not have), and MAIN/SDK
 * attribution of classes through the SDK library.
 */
import type { Attribution, Evidence, LocalizedText } from '@citadel/contracts';
import { type AssessmentBuilder, type Catalogue, type SdkMatch, type SdkMatcher, attributionOf } from '@citadel/engine-core';
import type { PackageModel } from '../apk/model.ts';

export type AndroidPlatform = 'android' | 'android_sdk';

export interface OccurrenceOpts {
  attribution?: Attribution;
  summary?: LocalizedText;
}

export class CheckContext {
  private readonly attributionCache = new Map<string, Attribution>();
  /** Keys that recorded a safe occurrence (positive protections seen). */
  readonly found = new Set<string>();

  constructor(
    readonly model: PackageModel,
    readonly builder: AssessmentBuilder,
    readonly platform: AndroidPlatform,
    readonly catalogue: Catalogue,
    readonly sdks: SdkMatcher,
    readonly now: Date,
  ) {}

  /** The full rule id of a short key, or undefined when this platform has no such item. */
  id(key: string): string | undefined {
    const id = `${this.platform}.${key}`;
    return this.catalogue.has(id) ? id : undefined;
  }

  /** Whether any of the keys is in scope and selected (checks skip their work otherwise). */
  wants(...keys: string[]): boolean {
    return keys.some((k) => {
      const id = this.id(k);
      return id !== undefined && this.builder.isSelected(id);
    });
  }

  /** Runs a check covering `keys` through the builder (abort, progress, not_executed on error). */
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

  /** Marks items not executable (their input is unreadable), with the reason. */
  notExecuted(keys: readonly string[], reason: string): void {
    for (const k of keys) {
      const id = this.id(k);
      if (id) this.builder.notExecuted(id, reason);
    }
  }

  /** The SDK owning a class (dotted, slashed or descriptor form), if any. */
  sdkOf(className: string): SdkMatch | undefined {
    return this.sdks.matchPackage(className);
  }

  /** MAIN, or the SDK whose package prefix owns the class (cached per class). */
  attributionOf(className: string): Attribution {
    let a = this.attributionCache.get(className);
    if (!a) {
      a = attributionOf(this.sdks.matchPackage(className));
      if (this.attributionCache.size < 200_000) this.attributionCache.set(className, a);
    }
    return a;
  }
}

/** "Lcom/x/Y$Z;" → "com.x.Y$Z". */
export function javaName(descriptor: string): string {
  return descriptor.startsWith('L') && descriptor.endsWith(';') ? descriptor.slice(1, -1).replace(/\//g, '.') : descriptor.replace(/\//g, '.');
}

export const zh = (zhCN: string, en: string): LocalizedText => ({ 'zh-CN': zhCN, en });
