/** What a code visitor is: it sees every walked method once and may conclude after the last one. */
import type { Evidence } from '@citadel/contracts';
import type { CheckContext } from '../context.ts';
import type { MethodSite } from './site.ts';

export interface CodeVisitor {
  /** Catalogue keys this visitor reports on (the scan runs only the visitors with a selected key). */
  readonly keys: readonly string[];
  method(m: MethodSite): void;
  /** After every method of every DEX. */
  finish?(): void;
}

/**
 * Reports each (rule, class, method) once, however many times the method
 * calls the API: a report row lists places, not instructions.
 */
export class Reporter {
  private readonly seen = new Set<string>();

  constructor(readonly ctx: CheckContext) {}

  /** `evidence` may be a function: it is then built only for the first report of the method (most calls repeat one). */
  report(key: string, result: 'fail' | 'safe' | 'problem', m: MethodSite, evidenceOf: Evidence | (() => Evidence)): void {
    const id = `${key}|${m.view.file}|${m.methodIndex}`;
    if (this.seen.has(id)) return;
    this.seen.add(id);
    const evidence = typeof evidenceOf === 'function' ? evidenceOf() : evidenceOf;
    const opts = { attribution: m.attribution };
    if (result === 'fail') this.ctx.fail(key, evidence, opts);
    else if (result === 'safe') this.ctx.safe(key, evidence, opts);
    else this.ctx.problem(key, evidence, opts);
  }
}
