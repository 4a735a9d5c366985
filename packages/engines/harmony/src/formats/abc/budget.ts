/**
 * One work budget per file. Every structure of an ABC file is reached through
 * offsets, and a hostile file can point thousands of index entries at the same
 * or overlapping large items; each read is bounded, but their sum would not
 * be. Readers spend from this budget (bytes decoded, members, literals, index
 * entries, line-program steps) and the file is refused when it runs out.
 */
import type { ByteReader } from '@citadel/engine-core';

export interface WorkBudget {
  remaining: number;
}

export function spend(budget: WorkBudget | undefined, units: number, r: ByteReader, at?: number): void {
  if (!budget) return;
  budget.remaining -= units;
  if (budget.remaining < 0) r.fail('work budget exhausted (the file points many times at the same or overlapping data)', at);
}
