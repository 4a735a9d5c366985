/**
 * The growing output of the block decoders written here (LZ4, LZO1X): doubled as
 * needed, never past the caller's cap (each decoder checks the cap first, to fail
 * with its own positions).
 */
export function initialOutput(srcLength: number, maxOut: number): Uint8Array {
  return new Uint8Array(Math.min(maxOut, Math.max(64, srcLength * 4)));
}

/** `out` with room for `needed` bytes, of which the first `used` are kept. */
export function withRoom(out: Uint8Array, used: number, needed: number, maxOut: number): Uint8Array {
  if (needed <= out.length) return out;
  const bigger = new Uint8Array(Math.min(maxOut, Math.max(needed, out.length * 2)));
  bigger.set(out.subarray(0, used));
  return bigger;
}
