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
import type { ExternalRef, SinkKind, Step, Taint, Value } from './value.ts';

export interface TaintHit {
  kind: SinkKind;
  call: CallSite;
  /** The argument that carried the data. */
  arg: Syn | undefined;
  taint: Taint;
}

/** Called at every call with its evaluated receiver and arguments (crypto, cookie, TLS … rules). */
export type CallObserver = (call: CallSite, args: readonly Value[], receiver: Value | undefined, receiverType: string | undefined) => void;

/**
 * What a file's walk knows of the other modules of the project (JS/TS
 * imports and requires of relative modules): the values of imported names and
 * calls into exported functions, classes and constructor functions, followed
 * there with the argument values. Implemented by project/js-project.ts.
 */
export interface Linker {
  /** The value of a name this file imports (a module namespace, a function, a class), or undefined. */
  imported(name: string): Value | undefined;
  /**
   * Calls `member` of the symbol (or the symbol itself when member is undefined) with these
   * arguments (already carrying the call step); undefined when it cannot be resolved.
   */
  call(ref: ExternalRef, member: string | undefined, args: readonly Value[], depth: number, caller: Walker): Value | undefined;
  /** C#: the method `name` of the class a receiver's declared type (or `new T(…)`, a static `T`) names in another file. */
  method?(receiver: string, name: string, isNew: boolean): ExternalRef | undefined;
  /** The function node a symbol (or its member) names, with its module's source text. */
  resolve(ref: ExternalRef, member: string | undefined): { node: Syn; src: string } | undefined;
}

export interface Walker {
  readonly src: string;
  /** Path of the file in the project, when the walk is part of a project analysis (steps then name it). */
  readonly file?: string | undefined;
  readonly linker?: Linker | undefined;
  /** Values of the project's .properties files (Java getProperty with a constant key). */
  readonly properties?: { get(key: string): string | undefined } | undefined;
  /** Evaluation steps left (shared with the modules this walk calls into). */
  budget: { left: number };
  readonly group: LangGroup;
  readonly specs: Specs;
  readonly onHit: (hit: TaintHit) => void;
  readonly onCall?: CallObserver | undefined;
  /** Constant values of the module's top-level names, once the top level has run. */
  readonly globals?: ReadonlyMap<string, Value>;
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
