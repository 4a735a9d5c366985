/**
 * The taint interpreter: an abstract, flow-sensitive walk of each function's
 * syntax tree. Every variable holds a Value (tainted or not, with the path the
 * data took, a constant when known, list/map slots); branches whose condition
 * folds to a constant are taken or skipped, other branches are joined; calls
 * to functions of the same file are followed with the argument values
 * (depth-limited, memoised), so flows across helper methods are found.
 * Sources, sinks and sanitizers come from rules/taint-specs.ts.
 *
 * This class holds the state of one file's walk and its roots; the walk
 * itself is in statements.ts, expressions.ts and calls.ts.
 */
import type { LanguageId, Syn } from '../parse/syntax.ts';
import { followCall } from './calls.ts';
import { evaluate } from './expressions.ts';
import { BUDGET, type Frame, isClassBody, newFrame, stepAt } from './frame.ts';
import type { Specs } from './match.ts';
import { exec, execBlock } from './statements.ts';
import { type CallSite, type FunctionDef, type LangGroup, functionAt, groupOf } from './syntax-profile.ts';
import type { Step, Value } from './value.ts';
import type { CallObserver, TaintHit, Walker } from './walker.ts';

export type { CallObserver, TaintHit } from './walker.ts';

const DEFAULT_BUDGET = 3_000_000;

export class TaintInterpreter implements Walker {
  readonly group: LangGroup;
  readonly functions = new Map<string, FunctionDef[]>();
  readonly memo = new Map<string, Value>();
  readonly analysed = new Set<Syn>();
  private budget: number;
  /** True when the evaluation budget ran out and the file was only partly analysed. */
  exhausted = false;

  constructor(
    readonly src: string,
    private readonly root: Syn,
    lang: LanguageId,
    readonly specs: Specs,
    readonly onHit: (hit: TaintHit) => void,
    readonly onCall?: CallObserver,
    budget = DEFAULT_BUDGET,
  ) {
    this.group = groupOf(lang);
    this.budget = budget;
  }

  run(): void {
    const defs: FunctionDef[] = [];
    const stack: Syn[] = [this.root];
    while (stack.length) {
      const n = stack.pop()!;
      const f = functionAt(n, this.src);
      if (f) {
        defs.push(f);
        if (f.name) {
          const list = this.functions.get(f.name) ?? [];
          list.push(f);
          this.functions.set(f.name, list);
        }
      }
      for (const c of n.children) stack.push(c);
    }
    try {
      this.execBlock(this.root, newFrame(new Map(), 0));
      for (const f of defs) {
        if (this.analysed.has(f.node) || !f.body) continue;
        // Named functions are roots (called from elsewhere); anonymous ones are analysed where they are passed.
        if (!f.name && f.node.parent && !isClassBody(f.node.parent)) continue;
        this.callFunction(f, [], newFrame(new Map(), 0), undefined);
      }
    } catch (e) {
      if (e !== BUDGET) throw e;
      this.exhausted = true;
    }
  }

  text(n: Syn): string {
    return this.src.slice(n.start, n.end);
  }

  step(n: Syn, what: Step['what']): Step {
    return stepAt(this.src, n, what);
  }

  tick(): void {
    if (--this.budget < 0) throw BUDGET;
  }

  /** Executes the children of a block; true when it ended abruptly (return, break, throw). */
  execBlock(block: Syn, f: Frame): boolean {
    return execBlock(this, block, f);
  }

  exec(n: Syn, f: Frame): boolean {
    return exec(this, n, f);
  }

  ev(n: Syn, f: Frame): Value {
    return evaluate(this, n, f);
  }

  callFunction(def: FunctionDef, args: readonly Value[], caller: Frame, call: CallSite | undefined): Value {
    return followCall(this, def, args, caller, call);
  }
}
