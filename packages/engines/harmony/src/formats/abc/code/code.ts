/**
 * Method code of a whole ABC file: every local method with a Code item is
 * decoded (instructions.ts) and walked (interpret.ts) once, with its ids
 * resolved through the index region that covers the method, its module
 * variables through the module record of its class (record), top-level
 * constants through the record's module scope (func_main_0 is walked first),
 * and strings read once per offset. Work is charged to the file's budget (one unit per
 * instruction); a method that cannot be decoded to its end keeps the facts
 * found before the problem and the problem is reported.
 *
 * Only files of ISA version 9.0.0.0 or later are decoded (the table's
 * numbering); 11.0.0.0 and 11.0.1.0 are listed by the ISA as incompatible.
 */
import type { ByteReader } from '@citadel/engine-core';
import type { AbcIndexRegion } from '../abc-file.ts';
import { spend, type WorkBudget } from '../budget.ts';
import type { AbcClass, AbcMethod } from '../classes.ts';
import type { AbcModuleRecord } from '../module-record.ts';
import { tryReadAbcString } from '../mutf8.ts';
import { type Instruction, decodeInstruction, newInstruction } from './instructions.ts';
import { type AbcCall, type CodeEnv, type ModuleScope, interpret } from './interpret.ts';

export interface AbcMethodFacts {
  /** Record (class) name, e.g. "com.example.app/entry/ets/pages/Index". */
  record: string;
  method: string;
  calls: AbcCall[];
  /** Property paths read ("CryptoJS.mode.ECB"). */
  loads: string[];
  /** Constant strings loaded (lda.str). */
  strings: string[];
  instructions: number;
  /** Why decoding stopped before the end of the method. */
  problem?: string;
}

export interface AbcCodeLimits {
  maxCallsPerMethod: number;
  maxLoadsPerMethod: number;
  /** Calls kept over the whole file. */
  maxCalls: number;
  /** Property paths and strings kept over the whole file (each). */
  maxLoads: number;
}

export const DEFAULT_CODE_LIMITS: AbcCodeLimits = { maxCallsPerMethod: 2_000, maxLoadsPerMethod: 2_000, maxCalls: 500_000, maxLoads: 1_000_000 };

export type CodeDecoding = 'decoded' | 'unsupported-version';

const INCOMPATIBLE = new Set(['11.0.0.0', '11.0.1.0']);

export function codeDecodable(version: readonly [number, number, number, number]): boolean {
  return version[0] >= 9 && !INCOMPATIBLE.has(version.join('.'));
}

export function decodeFileCode(
  r: ByteReader,
  classes: readonly AbcClass[],
  regions: readonly AbcIndexRegion[],
  moduleRecords: readonly AbcModuleRecord[],
  budget: WorkBudget,
  limits: AbcCodeLimits = DEFAULT_CODE_LIMITS,
): AbcMethodFacts[] {
  const strings = new Map<number, string | null>();
  const stringAt = (off: number): string | undefined => {
    let s = strings.get(off);
    if (s === undefined) {
      s = off < r.length ? (tryReadAbcString(r, off, budget)?.value ?? null) : null;
      strings.set(off, s);
    }
    return s ?? undefined;
  };
  const methodsByOffset = new Map<number, AbcMethod>();
  for (const c of classes) for (const m of c.methods) methodsByOffset.set(m.offset, m);
  const records = new Map(moduleRecords.map((m) => [m.recordName, m]));

  const out: AbcMethodFacts[] = [];
  const reused = newInstruction();
  let totalCalls = 0;
  let totalLoads = 0;
  // Compilers give every method its own Code item; a file whose methods share one is decoded once per item (hostile input).
  const byCode = new Map<number, AbcMethodFacts>();
  for (const cls of classes) {
    if (cls.foreign) continue;
    const rec = records.get(cls.name);
    const scope = { slots: new Map() as ModuleScope, fill: true };
    // func_main_0 first: it fills the module scope the other methods read.
    const ordered = [...cls.methods.filter((m) => m.name === 'func_main_0'), ...cls.methods.filter((m) => m.name !== 'func_main_0')];
    for (const m of ordered) {
      scope.fill = m.name === 'func_main_0';
      if (!m.code || m.code.codeSize === 0) continue;
      const shared = byCode.get(m.code.offset);
      if (shared) {
        out.push({ ...shared, record: cls.name, method: m.name });
        continue;
      }
      const region = regions.find((g) => m.offset >= g.startOff && m.offset < g.endOff);
      const entry = (id: number): number | undefined => (region && id < region.methodIdxSize ? r.u32(region.methodIdxOff + id * 4) : undefined);
      const env: CodeEnv = {
        string: (id, bits) => {
          const off = bits === 32 ? id : entry(id);
          return off === undefined ? undefined : stringAt(off);
        },
        methodName: (id) => {
          const off = entry(id);
          if (off === undefined) return undefined;
          const local = methodsByOffset.get(off);
          return local ? local.name : r.has(off + 4, 4) ? stringAt(r.u32(off + 4)) : undefined;
        },
        externalVar: (i) => {
          const imp = rec?.regularImports[i];
          return imp && { name: imp.localName, module: imp.request };
        },
        namespace: (i) => {
          const request = rec?.requests[i] ?? rec?.namespaceImports[i]?.request;
          const local = rec?.namespaceImports.find((n) => n.request === request)?.localName;
          return request === undefined ? undefined : { name: local ?? request.replace(/^.*[/:]/, ''), module: request };
        },
      };
      const facts: AbcMethodFacts = { record: cls.name, method: m.name, calls: [], loads: [], strings: [], instructions: 0 };
      const code = m.code;
      const end = code.instructionsOffset + code.codeSize;
      const walk = (visit: (ins: Instruction) => void): void => {
        for (let p = code.instructionsOffset; p < end; ) {
          decodeInstruction(r, p, end, reused);
          facts.instructions++;
          p += reused.spec.size;
          visit(reused);
        }
      };
      spend(budget, code.codeSize, r, code.instructionsOffset);
      const thisRegister = code.numArgs >= 3 ? code.numVregs + 2 : undefined;
      const perMethod = { maxCallsPerMethod: Math.min(limits.maxCallsPerMethod, limits.maxCalls - totalCalls), maxLoadsPerMethod: Math.min(limits.maxLoadsPerMethod, limits.maxLoads - totalLoads) };
      const f = interpret(walk, env, perMethod, thisRegister, scope);
      if (budget.remaining < 0) r.fail('work budget exhausted while decoding method code', code.instructionsOffset);
      facts.calls = f.calls;
      facts.loads = f.loads;
      facts.strings = f.strings;
      if (f.problem) facts.problem = f.problem;
      totalCalls += facts.calls.length;
      totalLoads += Math.max(facts.loads.length, facts.strings.length);
      byCode.set(code.offset, facts);
      out.push(facts);
    }
  }
  return out;
}
