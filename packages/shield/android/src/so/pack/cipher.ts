/**
 * The key stream of the SO packer: xorshift32 (Marsaglia 2003) seeded per
 * range, top byte XORed into each byte. It must match the C stub (stub-source.ts) byte for byte
 * (the load tests run the C side against what this side wrote). This hides
 * strings and code from static reading; it is not cryptography — the key
 * travels inside the library, as with every commercial SO packer.
 */
export function xorRange(bytes: Uint8Array, start: number, length: number, key: number, rangeIndex: number): void {
  let x = (key ^ Math.imul(rangeIndex + 1, 0x9e3779b9)) >>> 0;
  if (x === 0) x = 0x6d2b79f5;
  for (let k = 0; k < length; k++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    bytes[start + k]! ^= x >>> 24;
  }
}

/** FNV-1a 32 over byte ranges in order: the stub's integrity value (computed over the encrypted bytes). */
export function fnv1a(bytes: Uint8Array, ranges: { start: number; length: number }[]): number {
  let h = 0x811c9dc5;
  for (const r of ranges) for (let k = 0; k < r.length; k++) h = Math.imul(h ^ bytes[r.start + k]!, 0x01000193) >>> 0;
  return h >>> 0;
}
