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
import { type Step, type Value, deepTaint } from './value.ts';
import type { CallObserver, Linker, TaintHit, Walker } from './walker.ts';

export type { CallObserver, Linker, TaintHit } from './walker.ts';

const DEFAULT_BUDGET = 3_000_000;

/** Evaluation steps left; shared by the walks of one file's analysis, including calls into other modules. */
export interface Budget {
  left: number;
}

export interface InterpreterOptions {
  onCall?: CallObserver | undefined;
  budget?: number;
  /** Path in the project (steps name it) and the cross-module linker, in a project analysis. */
  file?: string;
  linker?: Linker;
  properties?: { get(key: string): string | undefined };
}

export class TaintInterpreter implements Walker {
  readonly group: LangGroup;
  readonly functions = new Map<string, FunctionDef[]>();
  /** Constant values of the module's top-level names (seen by every function of the file). */
  readonly globals = new Map<string, Value>();
  readonly memo = new Map<string, Value>();
  readonly analysed = new Set<Syn>();
  /** The budget in use: this file's own, or the caller's while a call from another module is followed here. */
  budget: Budget;
  /** True when the evaluation budget ran out and the file was only partly analysed. */
  exhausted = false;
  readonly onCall: CallObserver | undefined;
  readonly file: string | undefined;
  readonly linker: Linker | undefined;
  readonly properties: { get(key: string): string | undefined } | undefined;
  private readonly defs: FunctionDef[] = [];

  constructor(
    readonly src: string,
    private readonly root: Syn,
    lang: LanguageId,
    readonly specs: Specs,
    readonly onHit: (hit: TaintHit) => void,
    options: InterpreterOptions = {},
  ) {
    this.group = groupOf(lang);
    this.budget = { left: options.budget ?? DEFAULT_BUDGET };
    this.onCall = options.onCall;
    this.file = options.file;
    this.linker = options.linker;
    this.properties = options.properties;
    const stack: Syn[] = [this.root];
    while (stack.length) {
      const n = stack.pop()!;
      const f = functionAt(n, this.src);
      if (f) {
        this.defs.push(f);
        if (f.name) {
          const list = this.functions.get(f.name) ?? [];
          list.push(f);
          this.functions.set(f.name, list);
        }
      }
      for (const c of n.children) stack.push(c);
    }
    // Outer functions first: a function value defined inside another is analysed where it is defined, with the closure's variables.
    this.defs.sort((a, b) => a.node.start - b.node.start);
  }

  /** The file's syntax tree. */
  get tree(): Syn {
    return this.root;
  }

  run(): void {
    const defs = this.group === 'c' ? callersFirst(this.defs, this.root, this.src) : this.defs;
    try {
      const top = newFrame(new Map(), 0);
      this.execBlock(this.root, top);
      // Python, JS/TS and Go: module-level constants (ALG = 'md5', const ALLOWED = ['/a', '/b']) are what functions see.
      if (this.group === 'python' || this.group === 'js' || this.group === 'go') {
        for (const [k, v] of top.env) if (!deepTaint(v) && (v.konst !== undefined || v.items || v.entries)) this.globals.set(k, v);
      }
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
    return stepAt(this.src, n, what, this.file);
  }

  tick(): void {
    if (--this.budget.left < 0) throw BUDGET;
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

/**
 * C: functions no other function of the file calls are walked first, so a helper (`badSink(char *data)`)
 * is analysed where it is called, with the caller's values (a constant or attacker data), and walked on
 * its own with unknown parameters only when no caller reached it.
 */
function callersFirst(defs: readonly FunctionDef[], root: Syn, src: string): FunctionDef[] {
  const called = new Set<string>();
  const stack: Syn[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'call_expression') {
      const fn = n.children.find((c) => c.field === 'function');
      if (fn?.type === 'identifier') called.add(src.slice(fn.start, fn.end));
    }
    for (const c of n.children) stack.push(c);
  }
  return [...defs.filter((d) => !called.has(d.name)), ...defs.filter((d) => called.has(d.name))];
}
