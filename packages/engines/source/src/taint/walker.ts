/**
 * What the statement, expression and call modules of the taint interpreter
 * need from it: the source text, the language group and the taint specs, the
 * budget tick and evidence steps, and the mutually recursive entry points
 * (statements evaluate expressions, expressions call functions, functions
 * execute statements). TaintInterpreter implements it.
 */
import type { Syn } from '../parse/syntax.ts';
import type { Frame } from './frame.ts';
import type { Specs } from './match.ts';
import type { CallSite, FunctionDef, LangGroup } from './syntax-profile.ts';
import type { SinkKind, Step, Taint, Value } from './value.ts';

export interface TaintHit {
  kind: SinkKind;
  call: CallSite;
  /** The argument that carried the data. */
  arg: Syn | undefined;
  taint: Taint;
}

/** Called at every call with its evaluated receiver and arguments (crypto, cookie, TLS … rules). */
export type CallObserver = (call: CallSite, args: readonly Value[], receiver: Value | undefined, receiverType: string | undefined) => void;

export interface Walker {
  readonly src: string;
  readonly group: LangGroup;
  readonly specs: Specs;
  readonly onHit: (hit: TaintHit) => void;
  readonly onCall?: CallObserver | undefined;
  /** Functions of the file by name (calls to them are followed). */
  readonly functions: ReadonlyMap<string, FunctionDef[]>;
  /** Results of followed calls by function and argument signature. */
  readonly memo: Map<string, Value>;
  /** Function nodes already interpreted (from a call or as a root). */
  readonly analysed: Set<Syn>;
  text(n: Syn): string;
  step(n: Syn, what: Step['what']): Step;
  /** Spends one unit of the evaluation budget; throws BUDGET when it is gone. */
  tick(): void;
  exec(n: Syn, f: Frame): boolean;
  execBlock(block: Syn, f: Frame): boolean;
  ev(n: Syn, f: Frame): Value;
  callFunction(def: FunctionDef, args: readonly Value[], caller: Frame, call: CallSite | undefined): Value;
}
