/**
 * LZ4 block format (lz4_Block_format.md in the LZ4 project): sequences of a
 * token (literal length in the high nibble, match length − 4 in the low one,
 * 15 meaning "more bytes follow, each 255 adds and the first below 255 ends"),
 * the literals, a 2-byte little-endian offset and the extra match length; the
 * last sequence has literals only. Squashfs (LZ4_compress_HC blocks) and UBIFS
 * store bare blocks like this.
 *
 * Written here rather than taken from npm: lz4js (last release 0.2.0, years
 * unmaintained) and the native lz4-napi would both be a dependency for ~40
 * lines, and neither bounds the output to a caller-given cap, which is what a
 * hostile block needs.
 */

import { initialOutput, withRoom } from './output-buffer.ts';

export function lz4BlockDecompress(src: Uint8Array, maxOut: number): Uint8Array {
  let out = initialOutput(src.length, maxOut);
  let o = 0;
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`lz4: ${why} (input byte ${i}, output byte ${o})`);
  };
  const room = (n: number): void => {
    if (o + n > maxOut) fail(`output over the limit of ${maxOut} bytes`);
    out = withRoom(out, o, o + n, maxOut);
  };
  const extra = (base: number): number => {
    let n = base;
    for (;;) {
      if (i >= src.length) fail('length runs past the input');
      const b = src[i++]!;
      n += b;
      if (b !== 255) return n;
    }
  };
  while (i < src.length) {
    const token = src[i++]!;
    let lit = token >> 4;
    if (lit === 15) lit = extra(15);
    if (i + lit > src.length) fail('literals run past the input');
    room(lit);
    out.set(src.subarray(i, i + lit), o);
    o += lit;
    i += lit;
    if (i === src.length) break; // the last sequence: literals only
    if (i + 2 > src.length) fail('offset runs past the input');
    const dist = src[i]! | (src[i + 1]! << 8);
    i += 2;
    if (dist === 0 || dist > o) fail(`match offset ${dist} points before the start`);
    let len = token & 15;
    if (len === 15) len = extra(15);
    len += 4;
    room(len);
    // Byte by byte: matches may overlap their own output (runs).
    for (let k = 0; k < len; k++, o++) out[o] = out[o - dist]!;
  }
  return out.slice(0, o);
}
