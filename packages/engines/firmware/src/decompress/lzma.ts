/**
 * LZMA (the .lzma "alone" format and raw LZMA streams) in TypeScript, after
 * the LZMA SDK's reference decoder (LzmaSpec.cpp, public domain). Our own
 * decoder rather than a native module because firmware uses LZMA in ways the
 * usual libraries refuse: squashfs blocks with vendor lc/lp/pb settings
 * (TP-Link), bogus dictionary sizes, streams whose size field is -1 and that
 * end without a marker (kernels padded to a flash boundary). The whole output
 * is the dictionary (no ring buffer), so a match may reach back to the start.
 *
 * Hostile input: every read past the end of the input is caught (`truncated`),
 * distances are checked against what was written, and the output is capped
 * (`maxOut`): a bomb stops with an error instead of eating the memory.
 */

export class LzmaError extends Error {
  constructor(
    readonly kind: 'corrupt' | 'truncated' | 'too_large',
    message: string,
    /** What was decoded before the error (for partial results). */
    readonly partial?: Uint8Array,
  ) {
    super(message);
    this.name = 'LzmaError';
  }
}

export interface LzmaProps {
  lc: number;
  lp: number;
  pb: number;
  dictSize: number;
}

/** lc/lp/pb from the properties byte, or undefined when it is out of range (≥ 225). */
export function decodeProps(b: number, dictSize: number): LzmaProps | undefined {
  if (b >= 9 * 5 * 5) return undefined;
  const lc = b % 9;
  const rest = (b / 9) | 0;
  return { lc, lp: rest % 5, pb: (rest / 5) | 0, dictSize };
}

export interface LzmaResult {
  data: Uint8Array;
  /** Input bytes consumed from the start offset (header included for the alone format). */
  consumed: number;
}

const STATES = 12;
const POS_STATES_MAX = 16;
const LEN_PROBS = 2 + 2 * POS_STATES_MAX * 8 + 256;

/**
 * Decodes a raw LZMA stream at input[offset…] with the given properties.
 * `outSize` undefined: until the end marker, or (for vendor streams without
 * one) until the input runs out after a clean range-coder finish.
 */
export function lzmaDecodeRaw(input: Uint8Array, offset: number, props: LzmaProps, outSize: number | undefined, maxOut: number): LzmaResult {
  const { lc, lp, pb } = props;
  if (lc > 8 || lp > 4 || pb > 4) throw new LzmaError('corrupt', 'bad LZMA properties');
  if (outSize !== undefined && outSize > maxOut) throw new LzmaError('too_large', `LZMA output of ${outSize} bytes is over the limit of ${maxOut}`);

  let out = new Uint8Array(outSize ?? Math.min(maxOut, Math.max(1 << 16, (input.length - offset) * 4)));
  let outPos = 0;
  let inPos = offset;
  const inEnd = input.length;
  let overrun = 0;

  const next = (): number => {
    if (inPos < inEnd) return input[inPos++]!;
    overrun++;
    inPos++;
    return 0;
  };

  if (next() !== 0) throw new LzmaError('corrupt', 'LZMA stream does not start with a zero byte');
  let code = 0;
  let range = 0xffffffff;
  for (let i = 0; i < 4; i++) code = ((code << 8) | next()) >>> 0;
  if (code === range) throw new LzmaError('corrupt', 'bad LZMA range coder start');

  const literal = new Uint16Array(0x300 << (lc + lp)).fill(1024);
  const isMatch = new Uint16Array(STATES << 4).fill(1024);
  const isRep = new Uint16Array(STATES).fill(1024);
  const isRepG0 = new Uint16Array(STATES).fill(1024);
  const isRepG1 = new Uint16Array(STATES).fill(1024);
  const isRepG2 = new Uint16Array(STATES).fill(1024);
  const isRep0Long = new Uint16Array(STATES << 4).fill(1024);
  const posSlot = new Uint16Array(4 << 6).fill(1024);
  const posDecoders = new Uint16Array(1 + 114).fill(1024);
  const align = new Uint16Array(16).fill(1024);
  const lenProbs = new Uint16Array(LEN_PROBS).fill(1024);
  const repLenProbs = new Uint16Array(LEN_PROBS).fill(1024);

  const bit = (probs: Uint16Array, i: number): number => {
    const v = probs[i]!;
    const bound = (range >>> 11) * v;
    let b: number;
    if (code < bound) {
      probs[i] = v + ((2048 - v) >>> 5);
      range = bound;
      b = 0;
    } else {
      probs[i] = v - (v >>> 5);
      code -= bound;
      range -= bound;
      b = 1;
    }
    if (range < 0x1000000) {
      range = (range * 256) >>> 0;
      code = ((code * 256) | next()) >>> 0;
    }
    return b;
  };
  const tree = (probs: Uint16Array, base: number, bits: number): number => {
    let m = 1;
    for (let i = 0; i < bits; i++) m = (m << 1) + bit(probs, base + m);
    return m - (1 << bits);
  };
  const reverse = (probs: Uint16Array, base: number, bits: number): number => {
    let m = 1;
    let sym = 0;
    for (let i = 0; i < bits; i++) {
      const b = bit(probs, base + m);
      m = (m << 1) + b;
      sym |= b << i;
    }
    return sym;
  };
  const direct = (bits: number): number => {
    let res = 0;
    for (let i = 0; i < bits; i++) {
      range >>>= 1;
      let b = 0;
      if (code >= range) {
        code -= range;
        b = 1;
      }
      res = ((res << 1) | b) >>> 0;
      if (range < 0x1000000) {
        range = (range * 256) >>> 0;
        code = ((code * 256) | next()) >>> 0;
      }
    }
    return res;
  };
  const length = (probs: Uint16Array, posState: number): number => {
    if (bit(probs, 0) === 0) return tree(probs, 2 + posState * 8, 3);
    if (bit(probs, 1) === 0) return 8 + tree(probs, 2 + POS_STATES_MAX * 8 + posState * 8, 3);
    return 16 + tree(probs, 2 + 2 * POS_STATES_MAX * 8, 8);
  };

  const ensure = (n: number): void => {
    if (outPos + n <= out.length) return;
    if (outSize !== undefined || outPos + n > maxOut) throw new LzmaError('too_large', `LZMA output over the limit of ${maxOut} bytes`, out.subarray(0, outPos));
    const grown = new Uint8Array(Math.min(maxOut, Math.max(out.length * 2, outPos + n)));
    grown.set(out.subarray(0, outPos));
    out = grown;
  };

  const pbMask = (1 << pb) - 1;
  const lpMask = (1 << lp) - 1;
  let state = 0;
  let rep0 = 0;
  let rep1 = 0;
  let rep2 = 0;
  let rep3 = 0;
  const fail = (kind: 'corrupt' | 'truncated', msg: string): never => {
    throw new LzmaError(kind, msg, out.slice(0, outPos));
  };

  for (;;) {
    if (overrun > 4) fail('truncated', `LZMA stream truncated after ${outPos} output bytes`);
    if (outSize !== undefined && outPos === outSize) break;
    // A stream without size and marker ends where its input ends.
    if (outSize === undefined && inPos >= inEnd && code === 0) break;
    const posState = outPos & pbMask;
    if (bit(isMatch, (state << 4) + posState) === 0) {
      ensure(1);
      const prev = outPos > 0 ? out[outPos - 1]! : 0;
      const base = 0x300 * (((outPos & lpMask) << lc) + (prev >>> (8 - lc)));
      let sym = 1;
      if (state >= 7) {
        let matchByte = out[outPos - rep0 - 1]!;
        do {
          const matchBit = (matchByte >>> 7) & 1;
          matchByte <<= 1;
          const b = bit(literal, base + ((1 + matchBit) << 8) + sym);
          sym = (sym << 1) | b;
          if (matchBit !== b) break;
        } while (sym < 0x100);
      }
      while (sym < 0x100) sym = (sym << 1) | bit(literal, base + sym);
      out[outPos++] = sym - 0x100;
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    let len: number;
    if (bit(isRep, state) !== 0) {
      if (outPos === 0) fail('corrupt', 'LZMA repeat match before any output');
      if (bit(isRepG0, state) === 0) {
        if (bit(isRep0Long, (state << 4) + posState) === 0) {
          ensure(1);
          state = state < 7 ? 9 : 11;
          out[outPos] = out[outPos - rep0 - 1]!;
          outPos++;
          continue;
        }
      } else {
        let dist: number;
        if (bit(isRepG1, state) === 0) dist = rep1;
        else {
          if (bit(isRepG2, state) === 0) dist = rep2;
          else {
            dist = rep3;
            rep3 = rep2;
          }
          rep2 = rep1;
        }
        rep1 = rep0;
        rep0 = dist;
      }
      len = length(repLenProbs, posState);
      state = state < 7 ? 8 : 11;
    } else {
      rep3 = rep2;
      rep2 = rep1;
      rep1 = rep0;
      len = length(lenProbs, posState);
      state = state < 7 ? 7 : 10;
      const slot = tree(posSlot, (len < 3 ? len : 3) << 6, 6);
      if (slot < 4) rep0 = slot;
      else {
        const bits = (slot >>> 1) - 1;
        let dist = ((2 | (slot & 1)) << bits) >>> 0;
        if (slot < 14) dist += reverse(posDecoders, dist - slot, bits);
        else dist = (dist + ((direct(bits - 4) << 4) >>> 0) + reverse(align, 0, 4)) >>> 0;
        rep0 = dist;
      }
      if (rep0 === 0xffffffff) {
        if (code !== 0) fail('corrupt', 'LZMA end marker with a dirty range coder');
        break;
      }
      if (rep0 >= outPos) fail('corrupt', `LZMA match distance ${rep0 + 1} reaches before the start of the output`);
    }
    len += 2;
    if (outSize !== undefined && outPos + len > outSize) fail('corrupt', 'LZMA match runs past the declared size');
    ensure(len);
    let src = outPos - rep0 - 1;
    for (let i = 0; i < len; i++) out[outPos++] = out[src++]!;
  }
  if (overrun > 4) fail('truncated', `LZMA stream truncated after ${outPos} output bytes`);
  return { data: outSize !== undefined && out.length === outPos ? out : out.slice(0, outPos), consumed: Math.min(inPos, inEnd) - offset };
}

/** Header of the .lzma "alone" format: properties byte, dictionary size (LE32), size (LE64, all ones = unknown). */
export interface LzmaAloneHeader {
  props: LzmaProps;
  /** Undefined when the header says "unknown" (-1). */
  size: number | undefined;
}

export function readAloneHeader(buf: Uint8Array, offset: number): LzmaAloneHeader | undefined {
  if (offset + 13 > buf.length) return undefined;
  const dv = new DataView(buf.buffer, buf.byteOffset + offset, 13);
  const props = decodeProps(buf[offset]!, dv.getUint32(1, true));
  if (!props) return undefined;
  const lo = dv.getUint32(5, true);
  const hi = dv.getUint32(9, true);
  if (lo === 0xffffffff && hi === 0xffffffff) return { props, size: undefined };
  if (hi !== 0) return undefined;
  return { props, size: lo };
}

/**
 * Whether an alone header is plausible for carving: lc+lp ≤ 4 as encoders write
 * (vendor streams included), a dictionary size from 4 KiB to 256 MiB, a known size
 * below `maxSize` or unknown.
 */
export function plausibleAloneHeader(h: LzmaAloneHeader, maxSize: number): boolean {
  const { lc, lp, pb, dictSize } = h.props;
  if (lc + lp > 4 || pb > 4) return false;
  if (dictSize < 1 << 12 || dictSize > 1 << 28) return false;
  return h.size === undefined || (h.size > 0 && h.size <= maxSize);
}

/** Decodes a .lzma (alone) stream at buf[offset…]. */
export function lzmaAloneDecompress(buf: Uint8Array, offset: number, maxOut: number): LzmaResult {
  const h = readAloneHeader(buf, offset);
  if (!h) throw new LzmaError('corrupt', 'no LZMA header');
  const r = lzmaDecodeRaw(buf, offset + 13, h.props, h.size, maxOut);
  return { data: r.data, consumed: r.consumed + 13 };
}
