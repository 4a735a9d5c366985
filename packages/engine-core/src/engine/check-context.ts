/**
 * The base of every engine's check context. Checks name catalogue items by a
 * short key ("manifest.debuggable") that is the same on every platform an
 * engine serves; the context turns it into the platform's rule id
 * (`<idPrefix>.<key>`, e.g. android_sdk.manifest.debuggable) and silently
 * ignores keys the catalogue has no item for on this platform (an item that
 * exists for apps but not for SDKs, or for one model but not the other). All
 * reporting goes through the AssessmentBuilder, so selection, evidence caps,
 * attribution, abort and "not executed on error" stay in one place.
 *
 * An engine extends this class with what its checks share (the parsed input,
 * the SDK matcher, caches).
 */
import type { Evidence } from '@citadel/contracts';
import type { Catalogue } from '../catalogue/define.ts';
import type { AssessmentBuilder, OccurrenceOptions } from './builder.ts';

export class KeyedCheckContext {
  /** Keys that recorded a safe occurrence (protections seen), for checks that conclude from them. */
  readonly found = new Set<string>();

  constructor(
    readonly builder: AssessmentBuilder,
    readonly catalogue: Catalogue,
    /** What goes before the short key in this platform's rule ids ("android_sdk", "alipay"). */
    readonly idPrefix: string,
  ) {}

  /** The full rule id of a short key, or undefined when this platform has no such item. */
  id(key: string): string | undefined {
    const id = `${this.idPrefix}.${key}`;
    return this.catalogue.has(id) ? id : undefined;
  }

  /** Whether any of the keys is on this platform and selected (checks skip their work otherwise). */
  wants(...keys: string[]): boolean {
    return keys.some((k) => {
      const id = this.id(k);
      return id !== undefined && this.builder.isSelected(id);
    });
  }

  /** Runs a check covering `keys` (those the platform has) through the builder: abort, progress, not_executed when it throws. */
  async run(keys: readonly string[], fn: () => void | Promise<void>): Promise<void> {
    const ids = keys.map((k) => this.id(k)).filter((x): x is string => x !== undefined);
    if (ids.length > 0) await this.builder.check(ids, fn);
  }

  fail(key: string, evidence: Evidence | readonly Evidence[] = [], opts: OccurrenceOptions = {}): void {
    const id = this.id(key);
    if (id) this.builder.finding(id, evidence, opts);
  }

  safe(key: string, evidence: Evidence | readonly Evidence[] = [], opts: OccurrenceOptions = {}): void {
    const id = this.id(key);
    if (!id) return;
    this.found.add(key);
    this.builder.safe(id, evidence, opts);
  }

  problem(key: string, evidence: Evidence | readonly Evidence[] = [], opts: OccurrenceOptions = {}): void {
    const id = this.id(key);
    if (id) this.builder.problem(id, evidence, opts);
  }

  /** Marks items not executable (their input is unreadable, or nothing was configured for them), with the reason. */
  notExecuted(keys: readonly string[], reason: string): void {
    for (const k of keys) {
      const id = this.id(k);
      if (id) this.builder.notExecuted(id, reason);
    }
  }
}
