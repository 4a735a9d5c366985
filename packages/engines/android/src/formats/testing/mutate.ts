/**
 * Deterministic mutations of real samples for fuzz tests and the bench:
 * byte flips, extreme 32-bit values written over (likely) offsets and
 * counts, truncations and duplicated slices — what hostile files do.
 */

import { seededRandom as prng } from '@citadel/engine-core/testing';

/** mulberry32, shared from engine-core's test support. */
export { prng };

const EXTREMES = [0, 1, 0x7f, 0x80, 0xff, 0xffff, 0x7fffffff, 0x80000000, 0xffffffff, 0x10000, 0x100000];

export function mutate(input: Uint8Array, seed: number, headerBias = 0x400): Uint8Array {
  const rnd = prng(seed);
  const int = (n: number): number => Math.floor(rnd() * n);
  // Most structure (headers, tables, offsets) sits near the start: bias half the edits there.
  const pos = (): number => (rnd() < 0.5 ? int(Math.min(headerBias, input.length)) : int(input.length));
  const kind = seed % 4;
  if (kind === 3) {
    const cut = int(input.length);
    return rnd() < 0.5 ? input.slice(0, cut) : Uint8Array.from([...input.subarray(0, cut), ...input.subarray(int(input.length))]);
  }
  const out = Uint8Array.from(input);
  const dv = new DataView(out.buffer);
  const edits = 1 + int(8);
  for (let i = 0; i < edits; i++) {
    const p = pos();
    if (kind === 0) out[p] = int(256);
    else if (kind === 1 && p + 4 <= out.length) dv.setUint32(p & ~3, EXTREMES[int(EXTREMES.length)]!, true);
    else if (p + 2 <= out.length) dv.setUint16(p & ~1, EXTREMES[int(EXTREMES.length)]! & 0xffff, true);
  }
  return out;
}
