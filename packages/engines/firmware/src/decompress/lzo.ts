/**
 * LZO1X decompression (the bit stream of lzo1x_decompress_safe, as the Linux
 * kernel documents it in Documentation/staging/lzo.rst: first-byte literal
 * runs, then instructions whose top bits choose the match kind — M1 0000xxxx
 * (meaning depends on how many literals came before), M4 0001HLLL, M3 001LLLLL,
 * M2 01LDDDSS / 1LLDDDSS — each carrying in its low "S" bits 0–3 literals to
 * copy after it; end of stream is an M4 with distance 16384). Squashfs
 * (-comp lzo) and UBIFS (the default compressor) store blocks in this form.
 *
 * Written here from that description: the npm packages are native bindings
 * (lzo, lzo-decompress: node-gyp builds, little used, no releases in years)
 * and none caps its output, which hostile blocks need. Every read and copy is
 * bounds-checked; output is capped at `maxOut`.
 */

import { initialOutput, withRoom } from './output-buffer.ts';

export function lzo1xDecompress(src: Uint8Array, maxOut: number): Uint8Array {
  let out = initialOutput(src.length, maxOut);
  let o = 0;
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`lzo: ${why} (input byte ${i}, output byte ${o})`);
  };
  const room = (n: number): void => {
    if (o + n > maxOut) fail(`output over the limit of ${maxOut} bytes`);
    out = withRoom(out, o, o + n, maxOut);
  };
  const byte = (): number => {
    if (i >= src.length) fail('input ends inside an instruction');
    return src[i++]!;
  };
  const literals = (n: number): void => {
    if (i + n > src.length) fail('literals run past the input');
    room(n);
    out.set(src.subarray(i, i + n), o);
    o += n;
    i += n;
  };
  const copy = (dist: number, len: number): void => {
    if (dist < 1 || dist > o) fail(`match distance ${dist} points before the start`);
    room(len);
    for (let k = 0; k < len; k++, o++) out[o] = out[o - dist]!;
  };
  /** Length with the zero-byte extension: each 0 adds 255, the first non-zero byte adds itself. */
  const longLength = (base: number): number => {
    let n = base;
    let b: number;
    while ((b = byte()) === 0) n += 255;
    return n + b;
  };

  // state: how many literals the previous instruction copied (4 = four or more).
  let state = 0;
  if (src.length === 0) fail('empty input');
  if (src[0]! > 17) {
    const n = src[0]! - 17;
    i = 1;
    literals(n);
    state = n < 4 ? n : 4;
  }
  for (;;) {
    const t = byte();
    let s: number;
    if (t < 16) {
      if (state === 0) {
        // M0: a run of 4 or more literals.
        literals((t === 0 ? longLength(15) : t) + 3);
        state = 4;
        continue;
      }
      const h = byte();
      s = t & 3;
      if (state === 4) copy((h << 2) + ((t >> 2) & 3) + 2049, 3);
      else copy((h << 2) + ((t >> 2) & 3) + 1, 2);
    } else if (t < 32) {
      const len = (t & 7) === 0 ? longLength(7) : t & 7;
      const lo = byte();
      const hi = byte();
      s = lo & 3;
      const dist = 16384 + ((t & 8) << 11) + ((lo | (hi << 8)) >> 2);
      if (dist === 16384) {
        if (i !== src.length) fail(`end marker with ${src.length - i} bytes left over`);
        return out.slice(0, o);
      }
      copy(dist, len + 2);
    } else if (t < 64) {
      const len = (t & 31) === 0 ? longLength(31) : t & 31;
      const lo = byte();
      const hi = byte();
      s = lo & 3;
      copy(((lo | (hi << 8)) >> 2) + 1, len + 2);
    } else {
      const h = byte();
      s = t & 3;
      const dist = (h << 3) + ((t >> 2) & 7) + 1;
      copy(dist, t < 128 ? 3 + ((t >> 5) & 1) : 5 + ((t >> 5) & 3));
    }
    literals(s);
    state = s;
  }
}
