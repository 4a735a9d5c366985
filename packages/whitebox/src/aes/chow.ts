/**
 * Chow-style white-box AES tables (Chow, Eisen, Johnson, van Oorschot, "White-Box
 * Cryptography and an AES Implementation", SAC 2002; the layout follows ph4r05's
 * Whitebox-crypto-AES). Each of the first Nr−1 rounds is
 *
 *   Type II  (16 × 256 → 32 bit): decode the input byte (nibble encodings, then the
 *            inverse of the 8-bit mixing bijection L), add the round key, S-box,
 *            multiply by its MixColumns column (Ty_i), apply the 32-bit mixing
 *            bijection MB of the column, encode each of the 8 nibbles;
 *   Type IV  XOR tables (4-bit ⊕ 4-bit, encoded in and out) folding the four
 *            Type II words of a column;
 *   Type III (16 × 256 → 32 bit): undo MB byte by byte and apply the next round's
 *            L, nibble-encoded, folded again by XOR tables.
 *
 * The last round is one 256-byte table per position: S-box plus both round keys.
 * "performance" preference drops MB and Type III (L is then folded into Type II,
 * bytewise, since L is linear per byte), halving tables and lookups. With
 * encodings 'none' every encoding is the identity: a plain T-box implementation,
 * kept only as the unprotected baseline of the DCA self-assessment.
 */
import { type Mat, apply, identity, randomInvertible } from '../gf2.ts';
import { Rng, invertPerm } from '../rng.ts';
import { INV_MIX, INV_SBOX, INV_SHIFT_ROWS, MIX, SBOX, SHIFT_ROWS, decryptionRoundKeys, expandKey, gmul } from './reference.ts';

export interface AesTables {
  /** Nr */
  rounds: number;
  mixing: boolean;
  shift: number[];
  /** (Nr−1)·16·256 words */
  t2: Uint32Array;
  /** (Nr−1)·4 columns·8 nibbles·3 tables·256 */
  x1: Uint8Array;
  t3: Uint32Array | null;
  x2: Uint8Array | null;
  /** 16·256: last round */
  tf: Uint8Array;
  /** run-time masking of the outer rounds in the generated C (aes/masked.ts); the tables are the same */
  masked: boolean;
}

export interface AesGenOptions {
  encodings: 'chow' | 'none';
  /** security: Type II + MB + Type III; performance: Type II with L folded in */
  mixing: boolean;
  rng: Rng;
}

const ID16 = Uint8Array.from({ length: 16 }, (_, i) => i);

function nibblePerm(o: AesGenOptions): Uint8Array {
  return o.encodings === 'none' ? ID16 : o.rng.perm(16);
}

function byteBijection(o: AesGenOptions): { m: Mat; inv: Mat } {
  if (o.encodings === 'none') return { m: identity(8), inv: identity(8) };
  return randomInvertible(8, o.rng);
}

function encodeNibbles(enc: Uint8Array[], w: number): number {
  let out = 0;
  for (let n = 0; n < 8; n++) out |= enc[n]![(w >>> (4 * n)) & 15]! << (4 * n);
  return out >>> 0;
}

/** XOR tables of one nibble lane: (a,b)→f1, (c,d)→f2, (f1,f2)→out. */
function xorLane(x: Uint8Array, base: number, ins: Uint8Array[], out: Uint8Array, o: AesGenOptions): void {
  const dec = ins.map(invertPerm);
  const f1 = nibblePerm(o);
  const f2 = nibblePerm(o);
  const f1i = invertPerm(f1);
  const f2i = invertPerm(f2);
  for (let a = 0; a < 16; a++) for (let b = 0; b < 16; b++) {
    x[base + (a << 4) + b] = f1[dec[0]![a]! ^ dec[1]![b]!]!;
    x[base + 256 + (a << 4) + b] = f2[dec[2]![a]! ^ dec[3]![b]!]!;
    x[base + 512 + (a << 4) + b] = out[f1i[a]! ^ f2i[b]!]!;
  }
}

/** Tables for one direction, given its round keys in T-box order. */
export function buildAesTables(rk: Uint8Array[], sbox: Uint8Array, mix: number[][], shift: number[], o: AesGenOptions): AesTables {
  const nr = rk.length - 1;
  const R = nr - 1;
  const mixing = o.mixing && o.encodings !== 'none';
  const t2 = new Uint32Array(R * 16 * 256);
  const x1 = new Uint8Array(R * 4 * 8 * 3 * 256);
  const t3 = mixing ? new Uint32Array(R * 16 * 256) : null;
  const x2 = mixing ? new Uint8Array(R * 4 * 8 * 3 * 256) : null;
  // decoding of the state byte at each position, as the current round sees it
  let inDec: Uint8Array[] = Array.from({ length: 16 }, () => Uint8Array.from({ length: 256 }, (_, i) => i));
  for (let r = 0; r < R; r++) {
    // the encoding of the state this round produces: per position L (8-bit), then two nibble encodings
    const L = Array.from({ length: 16 }, () => byteBijection(o));
    const stateEnc = Array.from({ length: 16 }, () => [nibblePerm(o), nibblePerm(o)] as const);
    const laneOut = (c: number, n: number) => stateEnc[4 * c + (n >> 1)]![n & 1]!;
    const Lword = (c: number, w: number) => {
      let out = 0;
      for (let k = 0; k < 4; k++) out |= apply(L[4 * c + k]!.m, (w >>> (8 * k)) & 255) << (8 * k);
      return out >>> 0;
    };
    for (let c = 0; c < 4; c++) {
      const mb = mixing ? randomInvertible(32, o.rng) : { m: identity(32), inv: identity(32) };
      const enc2 = Array.from({ length: 4 }, () => Array.from({ length: 8 }, () => nibblePerm(o)));
      for (let j = 0; j < 4; j++) {
        const i = 4 * c + j;
        const src = shift[i]!;
        for (let y = 0; y < 256; y++) {
          const s = sbox[inDec[src]![y]! ^ rk[r]![src]!]!;
          let w = 0;
          for (let k = 0; k < 4; k++) w |= gmul(mix[k]![j]!, s) << (8 * k);
          w = mixing ? apply(mb.m, w >>> 0) : Lword(c, w >>> 0);
          t2[(r * 16 + i) * 256 + y] = encodeNibbles(enc2[j]!, w);
        }
      }
      const g = Array.from({ length: 8 }, (_, n) => (mixing ? nibblePerm(o) : laneOut(c, n)));
      for (let n = 0; n < 8; n++) xorLane(x1, ((r * 4 + c) * 8 + n) * 768, enc2.map((e) => e[n]!), g[n]!, o);
      if (mixing && t3 && x2) {
        const enc3 = Array.from({ length: 4 }, () => Array.from({ length: 8 }, () => nibblePerm(o)));
        for (let j = 0; j < 4; j++) {
          const gi = [invertPerm(g[2 * j]!), invertPerm(g[2 * j + 1]!)];
          for (let y = 0; y < 256; y++) {
            const b = gi[0]![y & 15]! | (gi[1]![y >> 4]! << 4);
            const w = Lword(c, apply(mb.inv, (b << (8 * j)) >>> 0));
            t3[(r * 16 + 4 * c + j) * 256 + y] = encodeNibbles(enc3[j]!, w);
          }
        }
        for (let n = 0; n < 8; n++) xorLane(x2, ((r * 4 + c) * 8 + n) * 768, enc3.map((e) => e[n]!), laneOut(c, n), o);
      }
    }
    inDec = Array.from({ length: 16 }, (_, p) => {
      const lo = invertPerm(stateEnc[p]![0]!);
      const hi = invertPerm(stateEnc[p]![1]!);
      const d = new Uint8Array(256);
      for (let y = 0; y < 256; y++) d[y] = apply(L[p]!.inv, lo[y & 15]! | (hi[y >> 4]! << 4));
      return d;
    });
  }
  const tf = new Uint8Array(16 * 256);
  for (let i = 0; i < 16; i++) for (let y = 0; y < 256; y++) tf[i * 256 + y] = sbox[inDec[shift[i]!]![y]! ^ rk[R]![shift[i]!]!]! ^ rk[nr]![i]!;
  return { rounds: nr, mixing, shift, t2, x1, t3, x2, tf, masked: false };
}

export function buildAes(key: Uint8Array, direction: 'enc' | 'dec', o: AesGenOptions): AesTables {
  const rk = expandKey(key);
  return direction === 'enc'
    ? buildAesTables(rk, SBOX, MIX, SHIFT_ROWS, o)
    : buildAesTables(decryptionRoundKeys(rk), INV_SBOX, INV_MIX, INV_SHIFT_ROWS, o);
}

export function aesTableBytes(t: AesTables): number {
  return t.t2.byteLength + t.x1.byteLength + (t.t3?.byteLength ?? 0) + (t.x2?.byteLength ?? 0) + t.tf.byteLength;
}

/** A table read, for software traces: table id, index, value read. */
export type TraceSink = (table: number, index: number, value: number) => void;

/** Evaluates one block exactly as the generated C does (same lookups, same order). */
export function aesBlock(t: AesTables, input: Uint8Array, trace?: TraceSink): Uint8Array {
  let s = Uint8Array.from(input);
  const R = t.rounds - 1;
  const x1 = t.x1;
  for (let r = 0; r < R; r++) {
    const n = new Uint8Array(16);
    for (let c = 0; c < 4; c++) {
      const a: number[] = [];
      for (let j = 0; j < 4; j++) {
        const idx = (r * 16 + 4 * c + j) * 256 + s[t.shift[4 * c + j]!]!;
        a.push(t.t2[idx]!);
        trace?.(0, idx, t.t2[idx]!);
      }
      let w = xorFold(x1, r, c, a, trace, 1);
      if (t.t3 && t.x2) {
        const b: number[] = [];
        for (let j = 0; j < 4; j++) {
          const idx = (r * 16 + 4 * c + j) * 256 + ((w >>> (8 * j)) & 255);
          b.push(t.t3[idx]!);
          trace?.(2, idx, t.t3[idx]!);
        }
        w = xorFold(t.x2, r, c, b, trace, 3);
      }
      for (let j = 0; j < 4; j++) n[4 * c + j] = (w >>> (8 * j)) & 255;
    }
    s = n;
  }
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) {
    const idx = i * 256 + s[t.shift[i]!]!;
    out[i] = t.tf[idx]!;
    trace?.(4, idx, out[i]!);
  }
  return out;
}

function xorFold(x: Uint8Array, r: number, c: number, a: number[], trace: TraceSink | undefined, id: number): number {
  let w = 0;
  for (let n = 0; n < 8; n++) {
    const sh = 4 * n;
    const base = ((r * 4 + c) * 8 + n) * 768;
    const i1 = base + ((((a[0]! >>> sh) & 15) << 4) | ((a[1]! >>> sh) & 15));
    const i2 = base + 256 + ((((a[2]! >>> sh) & 15) << 4) | ((a[3]! >>> sh) & 15));
    const e1 = x[i1]!;
    const e2 = x[i2]!;
    const i3 = base + 512 + ((e1 << 4) | e2);
    trace?.(id, i1, e1);
    trace?.(id, i2, e2);
    trace?.(id, i3, x[i3]!);
    w |= x[i3]! << sh;
  }
  return w >>> 0;
}

