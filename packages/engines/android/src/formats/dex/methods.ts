/**
 * Iterates every method with code in a DEX and walks its bytecode: the
 * stream code checks consume ("which methods call which APIs"), one method
 * at a time so memory stays flat on a 100k-method app. A method whose code
 * is malformed is reported and skipped; it does not stop the others.
 */
import { FormatError } from '@citadel/engine-core';
import type { DexClassDef, DexFile, EncodedMember } from './dex-file.ts';
import { walkCode, type CodeFacts, type WalkLimits } from './code-walker.ts';

export interface MethodCode {
  /** The defining class. */
  classDef: DexClassDef;
  /** method_ids index of this method. */
  methodIndex: number;
  accessFlags: number;
  facts: CodeFacts;
}

export interface MethodWalkProblem {
  className: string;
  methodIndex: number;
  message: string;
}

export interface MethodWalkOptions extends Partial<WalkLimits> {
  /** Stop after this many methods (default 2,000,000). */
  maxMethods?: number;
  /** Skip methods longer than this many code units (default 1 << 20). */
  maxCodeUnits?: number;
  /** Only classes for which this returns true (e.g. skip known SDK packages). */
  classFilter?: (def: DexClassDef) => boolean;
  /** Receives problems (malformed class data or code); the walk continues. */
  onProblem?: (p: MethodWalkProblem) => void;
}

export function* walkMethods(dex: DexFile, options: MethodWalkOptions = {}): Generator<MethodCode> {
  const maxMethods = options.maxMethods ?? 2_000_000;
  const maxUnits = options.maxCodeUnits ?? 1 << 20;
  const report = (className: string, methodIndex: number, e: unknown): void => {
    if (!(e instanceof FormatError)) throw e;
    options.onProblem?.({ className, methodIndex, message: e.message });
  };
  let walked = 0;
  // Code items of a real DEX never overlap, so all code together is smaller than the file.
  // Forged class data can point thousands of methods at one huge run of bytes: stop there.
  let unitBudget = dex.r.length;
  const seenCode = new Set<number>();
  for (const def of dex.classes()) {
    if (options.classFilter && !options.classFilter(def)) continue;
    let members: EncodedMember[];
    try {
      const data = dex.classData(def);
      if (!data) continue;
      members = [...data.directMethods, ...data.virtualMethods];
    } catch (e) {
      report(def.name, -1, e);
      continue;
    }
    for (const m of members) {
      if (m.codeOffset === 0) continue;
      if (++walked > maxMethods) {
        options.onProblem?.({ className: def.name, methodIndex: m.index, message: `method limit ${maxMethods} reached; the rest is not walked` });
        return;
      }
      let facts: CodeFacts;
      try {
        if (seenCode.has(m.codeOffset)) {
          options.onProblem?.({ className: def.name, methodIndex: m.index, message: `code item at 0x${m.codeOffset.toString(16)} shared with another method; skipped` });
          continue;
        }
        seenCode.add(m.codeOffset);
        const code = dex.codeItem(m.codeOffset);
        if (code.insnsSize > maxUnits) {
          options.onProblem?.({ className: def.name, methodIndex: m.index, message: `method of ${code.insnsSize} code units skipped` });
          continue;
        }
        unitBudget -= code.insnsSize;
        if (unitBudget < 0) {
          options.onProblem?.({ className: def.name, methodIndex: m.index, message: 'code items add up to more than the file holds; the rest is not walked' });
          return;
        }
        facts = walkCode(dex.r, code, options);
      } catch (e) {
        report(def.name, m.index, e);
        continue;
      }
      yield { classDef: def, methodIndex: m.index, accessFlags: m.accessFlags, facts };
    }
  }
}
