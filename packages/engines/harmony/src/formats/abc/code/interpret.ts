/**
 * What a method does, as far as a linear walk of its instructions can tell:
 * which APIs it calls with which constant arguments, and which property paths
 * it reads. The accumulator and registers hold symbolic values — constant
 * strings, booleans and numbers, names and property paths
 * ("cryptoFramework.createCipher", rooted at an import, a global or `this`),
 * call results and local functions. Ark code passes the callee in the
 * accumulator and the receiver and arguments in registers, so a call
 * instruction names its callee and arguments directly.
 *
 * Branches are not followed: values flow in instruction order, which is how
 * es2abc lays out the argument set-up of a call. An instruction not modelled
 * here leaves the accumulator unknown unless it is known not to touch it.
 */
import { FormatError } from '@citadel/engine-core';
import type { Instruction } from './instructions.ts';

export type AbcValue =
  /** `partial`: only the constant parts of a concatenation with unknown values. */
  | { kind: 'string'; value: string; partial?: true }
  | { kind: 'bool'; value: boolean }
  | { kind: 'number'; value: number }
  /** A name or property path; `module` is the request its root was imported from ("@ohos:hilog"). */
  | { kind: 'ref'; path: string; module?: string }
  /** What calling `path` returned. */
  | { kind: 'result'; path: string; module?: string }
  | { kind: 'function'; name: string };

export interface AbcCall {
  /** Dotted path of the callee as written: "hilog.info", "cryptoFramework.createCipher", "Web.fileAccess"; "?" parts are unknown bases. */
  callee: string;
  /** Module request the callee's root was imported from, when known. */
  module?: string;
  /** Argument values (undefined: not a constant or a known name). */
  args: (AbcValue | undefined)[];
  /** newobjrange: a constructor call. */
  construct: boolean;
  /** File offset of the call instruction. */
  offset: number;
}

/** How ids and module variables of the method resolve (code.ts builds it per method). */
export interface CodeEnv {
  /** String of an id operand (16-bit region index or 32-bit offset). */
  string(id: number, bits: number): string | undefined;
  /** Name of the method an id operand names. */
  methodName(id: number): string | undefined;
  /** ldexternalmodulevar index → the regular import (local name and module request). */
  externalVar(index: number): { name: string; module: string } | undefined;
  /** getmodulenamespace index → the requested module. */
  namespace(index: number): { name: string; module: string } | undefined;
}

export interface InterpretLimits {
  maxCallsPerMethod: number;
  maxLoadsPerMethod: number;
}

const MAX_PATH = 200;
/** Stands for an unknown value spliced into a string (template literal or +). */
export const UNKNOWN_PART = '${…}';

/** Jumps and stores keep the accumulator; stricteq/strictnoteq and starrayspread write it. */
const KEEPS_ACC = /^(?:j|st(?!rict|arrayspread)|nop$|debugger$|definefieldbyname$|definepropertybyname$|throw\.)/;
const EXTERNAL_VAR = new Set(['ldexternalmodulevar', 'wide.ldexternalmodulevar', 'callruntime.ldlazymodulevar', 'callruntime.wideldlazymodulevar', 'callruntime.ldsendableexternalmodulevar', 'callruntime.wideldsendableexternalmodulevar', 'callruntime.ldlazysendablemodulevar', 'callruntime.wideldlazysendablemodulevar']);
const NAMESPACE = new Set(['getmodulenamespace', 'wide.getmodulenamespace']);
const GLOBAL_NAME = new Set(['tryldglobalbyname', 'ldglobalvar']);
const MEMBER_NAME = new Set(['ldobjbyname', 'ldsuperbyname']);

function pathOf(v: AbcValue | undefined): { path: string; module?: string } {
  if (!v) return { path: '?' };
  switch (v.kind) {
    case 'ref':
      return v.module ? { path: v.path, module: v.module } : { path: v.path };
    case 'result':
      return { path: `${v.path}()`, ...(v.module ? { module: v.module } : {}) };
    case 'function':
      return { path: v.name };
    default:
      return { path: '?' };
  }
}

function member(base: AbcValue | undefined, name: string): AbcValue {
  const b = pathOf(base);
  let path = `${b.path}.${name}`;
  if (path.length > MAX_PATH) path = `…${path.slice(path.length - MAX_PATH)}`;
  return b.module ? { kind: 'ref', path, module: b.module } : { kind: 'ref', path };
}

/**
 * Lexical slots of a record's module scope: func_main_0 creates the module's
 * environment and stores top-level bindings captured by functions into it
 * (`const ALG = 'AES128|ECB|PKCS7'` used in a method); the other methods of
 * the record read them with ldlexvar. Values stored more than once are
 * dropped (not constants).
 */
export type ModuleScope = Map<number, AbcValue | null>;

export interface MethodFactsOut {
  calls: AbcCall[];
  loads: string[];
  /** Distinct constant strings the method loads (lda.str), for evidence of where a string is used. */
  strings: string[];
  /** Why the walk stopped before the end (an instruction that could not be decoded); what came before is kept. */
  problem?: string;
}

/**
 * Walks the decoded instructions of one method. `thisRegister` is the
 * register holding `this` (ArkTS functions get FunctionObject, NewTarget and
 * this before their arguments), when known.
 */
export function interpret(
  /** Calls `visit` with each decoded instruction in order (the object may be reused between calls). */
  walk: (visit: (ins: Instruction) => void) => void,
  env: CodeEnv,
  limits: InterpretLimits,
  thisRegister?: number,
  /** The record's module scope: filled when walking func_main_0 (`fill`), read otherwise. */
  scope?: { slots: ModuleScope; fill: boolean },
): MethodFactsOut {
  const regs = new Map<number, AbcValue>();
  if (thisRegister !== undefined) regs.set(thisRegister, { kind: 'ref', path: 'this' });
  let acc: AbcValue | undefined;
  const calls: AbcCall[] = [];
  const loads = new Set<string>();
  const strings = new Set<string>();
  const set = (reg: number, v: AbcValue | undefined) => (v ? regs.set(reg, v) : regs.delete(reg));
  const range = (first: number, count: number) => Array.from({ length: Math.min(count, 255) }, (_, i) => regs.get(first + i));
  const call = (ins: Instruction, callee: AbcValue | undefined, args: (AbcValue | undefined)[], construct = false) => {
    const c = pathOf(callee);
    if (calls.length < limits.maxCallsPerMethod) calls.push({ callee: c.path, ...(c.module ? { module: c.module } : {}), args, construct, offset: ins.offset });
    acc = { kind: 'result', path: c.path, ...(c.module ? { module: c.module } : {}) };
  };
  const name = (ins: Instruction): string | undefined => (ins.id.length > 0 ? env.string(ins.id[0]!, ins.spec.idBits) : undefined);

  // Environments this method created: the module scope is at this level from here (func_main_0 creates it first).
  let depth = 0;
  let problem: string | undefined;
  try {
    walk(step);
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    problem = e.message;
  }
  return { calls, loads: [...loads], strings: [...strings], ...(problem ? { problem } : {}) };

  function step(ins: Instruction): void {
    const m = ins.spec.mnemonic;
    const [v0 = 0, v1 = 0] = ins.v;
    switch (m) {
      case 'lda':
        acc = regs.get(v0);
        break;
      case 'sta':
        set(v0, acc);
        break;
      case 'mov':
      case 'mov.wide':
        set(v0, regs.get(v1));
        break;
      case 'lda.str': {
        const s = name(ins);
        acc = s === undefined ? undefined : { kind: 'string', value: s };
        if (s !== undefined && strings.size < limits.maxLoadsPerMethod) strings.add(s);
        break;
      }
      case 'ldtrue':
      case 'ldfalse':
        acc = { kind: 'bool', value: m === 'ldtrue' };
        break;
      case 'add2': {
        // v + acc. A string concatenation keeps its constant parts and marks the unknown ones
        // ('password: ' + pwd → 'password: ${…}'), which is what the log and spec rules read.
        const left = regs.get(v0);
        const l = left?.kind === 'string' ? left.value : undefined;
        const r = acc?.kind === 'string' ? acc.value : undefined;
        const partial = l === undefined || r === undefined || (left?.kind === 'string' && left.partial) || (acc?.kind === 'string' && acc.partial);
        acc = l === undefined && r === undefined ? undefined : { kind: 'string', value: `${l ?? UNKNOWN_PART}${r ?? UNKNOWN_PART}`, ...(partial ? { partial: true as const } : {}) };
        break;
      }
      case 'ldai':
        acc = { kind: 'number', value: ins.imm[0]! | 0 };
        break;
      case 'fldai':
        acc = { kind: 'number', value: ins.imm[0]! };
        break;
      case 'ldthisbyname': {
        const n = name(ins);
        acc = n === undefined ? undefined : member({ kind: 'ref', path: 'this' }, n);
        break;
      }
      case 'ldobjbyvalue': {
        // obj[key] with a constant string key is a member read like obj.key.
        const key = acc?.kind === 'string' && !acc.partial ? acc.value : undefined;
        acc = key === undefined ? undefined : member(regs.get(v0), key);
        if (acc && loads.size < limits.maxLoadsPerMethod) loads.add((acc as { path: string }).path);
        break;
      }
      case 'definefunc':
      case 'definemethod': {
        const n = env.methodName(ins.id[0]!);
        acc = n === undefined ? undefined : { kind: 'function', name: n };
        break;
      }
      case 'callarg0':
        call(ins, acc, []);
        break;
      case 'callarg1':
      case 'callargs2':
      case 'callargs3':
        call(ins, acc, ins.v.map((r) => regs.get(r)));
        break;
      case 'callthis0':
      case 'callthis1':
      case 'callthis2':
      case 'callthis3':
        call(ins, acc, ins.v.slice(1).map((r) => regs.get(r)));
        break;
      case 'callthisrange':
        call(ins, acc, range(v0 + 1, ins.imm[1] ?? 0));
        break;
      case 'wide.callthisrange':
        call(ins, acc, range(v0 + 1, ins.imm[0] ?? 0));
        break;
      case 'callrange':
        call(ins, acc, range(v0, ins.imm[1] ?? 0));
        break;
      case 'wide.callrange':
        call(ins, acc, range(v0, ins.imm[0] ?? 0));
        break;
      case 'newobjrange':
      case 'wide.newobjrange': {
        const count = (m === 'newobjrange' ? ins.imm[1] : ins.imm[0]) ?? 0;
        call(ins, regs.get(v0), range(v0 + 1, Math.max(0, count - 1)), true);
        break;
      }
      case 'newlexenv':
      case 'wide.newlexenv':
      case 'newlexenvwithname':
      case 'wide.newlexenvwithname':
        depth++;
        acc = undefined;
        break;
      case 'poplexenv':
        depth = Math.max(0, depth - 1);
        break;
      case 'stlexvar':
      case 'wide.stlexvar': {
        const [level = -1, slot = -1] = ins.imm;
        // In func_main_0 the module scope is the first environment it creates (level 0 while depth is 1).
        if (scope?.fill && depth === 1 && level === 0) scope.slots.set(slot, scope.slots.has(slot) ? null : (acc ?? null));
        break;
      }
      case 'ldlexvar':
      case 'wide.ldlexvar': {
        const [level = -1, slot = -1] = ins.imm;
        acc = scope && !scope.fill && level === depth ? (scope.slots.get(slot) ?? undefined) : undefined;
        break;
      }
      case 'deprecated.getmodulenamespace': {
        const request = name(ins);
        acc = request === undefined ? undefined : { kind: 'ref', path: request.replace(/^.*[/:]/, ''), module: request };
        break;
      }
      case 'deprecated.ldmodulevar': {
        const n = name(ins);
        acc = n === undefined ? undefined : { kind: 'ref', path: n };
        break;
      }
      default:
        if (EXTERNAL_VAR.has(m)) {
          const e = env.externalVar(ins.imm[0]!);
          acc = e ? { kind: 'ref', path: e.name, module: e.module } : undefined;
        } else if (NAMESPACE.has(m)) {
          const e = env.namespace(ins.imm[0]!);
          acc = e ? { kind: 'ref', path: e.name, module: e.module } : undefined;
        } else if (GLOBAL_NAME.has(m)) {
          const n = name(ins);
          acc = n === undefined ? undefined : { kind: 'ref', path: n };
        } else if (MEMBER_NAME.has(m)) {
          const n = name(ins);
          acc = n === undefined ? undefined : member(acc, n);
          if (acc && loads.size < limits.maxLoadsPerMethod) loads.add((acc as { path: string }).path);
        } else if (!KEEPS_ACC.test(m)) {
          acc = undefined;
        }
    }
  }
}
