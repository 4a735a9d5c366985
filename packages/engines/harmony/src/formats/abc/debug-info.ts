/**
 * Debug information of a method, read only for the strings it names:
 * parameter names, and through the line-number program the file names
 * (SET_FILE), local variable names (START_LOCAL*) and, in debug builds, the
 * whole module source text (SET_SOURCE_CODE). Layout and opcodes from
 * runtime_core docs/file_format.md ("DebugInfo", "Line number program");
 * constants come from the per-method constant pool, in program order.
 */
import { boundedCount, type ByteReader } from '@citadel/engine-core';

import { spend, type WorkBudget } from './budget.ts';

export interface DebugStringRefs {
  /** Offsets of String items named by the debug info (0 entries dropped). */
  offsets: number[];
}

export function collectDebugStrings(
  r: ByteReader,
  debugInfoOffset: number,
  lnpIndex: readonly number[],
  budget: WorkBudget,
): DebugStringRefs {
  const offsets: number[] = [];
  let p = debugInfoOffset;
  const uleb = () => {
    const [v, n] = r.uleb128(p);
    p += n;
    return v;
  };
  uleb(); // line_start
  const numParams = boundedCount(r, uleb(), 'debug parameters', 65536, 1, p, r.length - p);
  for (let i = 0; i < numParams; i++) offsets.push(uleb());
  const poolSize = uleb();
  r.check(p, poolSize, 'debug constant pool');
  const pool = r.slice(p, poolSize);
  p += poolSize;
  const lnpIdx = uleb();
  const lnpOffset = lnpIndex[lnpIdx];
  if (lnpOffset === undefined) r.fail(`line number program index ${lnpIdx} out of ${lnpIndex.length}`, p);

  let cp = 0;
  const poolUleb = () => {
    const [v, n] = pool.uleb128(cp);
    cp += n;
    return v;
  };
  const poolSleb = () => {
    cp += pool.sleb128(cp)[1];
  };
  let q = lnpOffset;
  const instrSleb = () => {
    q += r.sleb128(q)[1];
  };
  while (true) {
    spend(budget, 1, r, q);
    const op = r.u8(q++);
    if (op === 0x00) break;
    switch (op) {
      case 0x01: // ADVANCE_PC
        poolUleb();
        break;
      case 0x02: // ADVANCE_LINE
        poolSleb();
        break;
      case 0x03: // START_LOCAL: register in the program, name and type in the pool
        instrSleb();
        offsets.push(poolUleb(), poolUleb());
        break;
      case 0x04: // START_LOCAL_EXTENDED: plus a signature
        instrSleb();
        offsets.push(poolUleb(), poolUleb(), poolUleb());
        break;
      case 0x05: // END_LOCAL
      case 0x06: // RESTART_LOCAL
        instrSleb();
        break;
      case 0x07: // SET_PROLOGUE_END
      case 0x08: // SET_EPILOGUE_BEGIN
        break;
      case 0x09: // SET_FILE
      case 0x0a: // SET_SOURCE_CODE
        offsets.push(poolUleb());
        break;
      case 0x0b: // SET_COLUMN
        poolUleb();
        break;
      default: // special opcodes 0x0c..0xff move address and line; no operands
        break;
    }
  }
  return { offsets: offsets.filter((o) => o !== 0) };
}
