/**
 * White-box SM4 after Xiao and Lai ("A Secure Implementation of White-Box SM4",
 * 2009), the structure Tongsuo's WBSM4 (Xiao–Lai variant) follows. Every state
 * word X_i travels as Y_i = A_i·X_i ⊕ a_i with a random invertible 32×32 affine
 * encoding. Round i:
 *
 *   W  = M_i1·Y_{i+1} ⊕ M_i2·Y_{i+2} ⊕ M_i3·Y_{i+3} ⊕ c_i   (= E_i(X_{i+1}⊕X_{i+2}⊕X_{i+3}),
 *        E_i a block-diagonal affine map of four random 8×8 invertible blocks)
 *   T  = ⊕_j Tb_ij[W_j],  Tb_ij(w) = A_{i+4}·L(S(E_ij⁻¹(w) ⊕ rk_ij) at byte j)
 *   Y_{i+4} = N_i·Y_i ⊕ T ⊕ d_i                               (N_i = A_{i+4}·A_i⁻¹)
 *
 * Each 32×32 matrix is applied as four 256-entry word tables (one per input byte),
 * so a round is 20 table lookups; the round key exists only inside Tb through the
 * encodings. The entry (plain → Y_0..3) and exit (Y_32..35 → plain) maps are
 * key-independent tables of the same form. Decryption is the same with the
 * round keys reversed. With encodings 'none' all maps are the identity: a plain
 * T-table SM4, the DCA baseline.
 */
import { type Mat, apply, blockDiagonal, compose, identity, linTables, matTables, randomInvertible } from '../gf2.ts';
import type { Rng } from '../rng.ts';
import type { TraceSink } from '../aes/chow.ts';
import { SM4_SBOX, sm4L, sm4RoundKeys } from './reference.ts';

export interface Sm4Tables {
  /** 4 words · 1024: plain X_k → Y_k */
  inEnc: Uint32Array;
  /** 32 rounds · 4 matrices (M1, M2, M3, N) · 1024 */
  mat: Uint32Array;
  /** 32 rounds · 1024 */
  tb: Uint32Array;
  /** 4 words · 1024: Y_{32+k} → X_{32+k} */
  outDec: Uint32Array;
  /** run-time masking of the first and last rounds in the generated C (sm4/masked.ts); the tables are the same */
  masked: boolean;
}

export interface Sm4GenOptions {
  encodings: 'xiao-lai' | 'none';
  rng: Rng;
}

interface Affine {
  m: Mat;
  inv: Mat;
  c: number;
}

function affine32(o: Sm4GenOptions): Affine {
  if (o.encodings === 'none') return { m: identity(32), inv: identity(32), c: 0 };
  const { m, inv } = randomInvertible(32, o.rng);
  return { m, inv, c: o.rng.u32() };
}

export function buildSm4(key: Uint8Array, direction: 'enc' | 'dec', o: Sm4GenOptions): Sm4Tables {
  const rkEnc = sm4RoundKeys(key);
  const rk = direction === 'enc' ? rkEnc : [...rkEnc].reverse();
  const P = Array.from({ length: 36 }, () => affine32(o));
  const inEnc = new Uint32Array(4 * 1024);
  const outDec = new Uint32Array(4 * 1024);
  for (let k = 0; k < 4; k++) {
    inEnc.set(matTables(P[k]!.m, P[k]!.c), k * 1024);
    // X = A⁻¹(Y ⊕ a) = A⁻¹Y ⊕ A⁻¹a
    outDec.set(matTables(P[32 + k]!.inv, apply(P[32 + k]!.inv, P[32 + k]!.c)), k * 1024);
  }
  const mat = new Uint32Array(32 * 4096);
  const tb = new Uint32Array(32 * 1024);
  for (let i = 0; i < 32; i++) {
    const blocks = [0, 1, 2, 3].map(() => (o.encodings === 'none' ? { m: identity(8), inv: identity(8) } : randomInvertible(8, o.rng)));
    const E = blockDiagonal(blocks.map((b) => b.m));
    const e = o.encodings === 'none' ? 0 : o.rng.u32();
    // W = Σ_j E·A_{i+j}⁻¹·(Y_{i+j} ⊕ a_{i+j}) ⊕ e
    let c = e;
    for (let j = 1; j <= 3; j++) {
      const M = compose(E, P[i + j]!.inv);
      c ^= apply(M, P[i + j]!.c);
      mat.set(matTables(M), i * 4096 + (j - 1) * 1024);
    }
    // fold the constant into M1's first byte table
    for (let v = 0; v < 256; v++) mat[i * 4096 + v] = (mat[i * 4096 + v]! ^ c) >>> 0;
    // Y_{i+4} = A_{i+4}·A_i⁻¹·(Y_i ⊕ a_i) ⊕ A_{i+4}·T ⊕ a_{i+4}
    const N = compose(P[i + 4]!.m, P[i]!.inv);
    mat.set(matTables(N, (apply(N, P[i]!.c) ^ P[i + 4]!.c) >>> 0), i * 4096 + 3072);
    const rki = rk[i]!;
    for (let j = 0; j < 4; j++) {
      const ej = (e >>> (8 * j)) & 255;
      for (let w = 0; w < 256; w++) {
        const z = apply(blocks[j]!.inv, w ^ ej) ^ ((rki >>> (8 * j)) & 255);
        tb[i * 1024 + j * 256 + w] = apply(P[i + 4]!.m, sm4L((SM4_SBOX[z]! << (8 * j)) >>> 0));
      }
    }
  }
  return { inEnc, mat, tb, outDec, masked: false };
}

export function sm4TableBytes(t: Sm4Tables): number {
  return t.inEnc.byteLength + t.mat.byteLength + t.tb.byteLength + t.outDec.byteLength;
}

export function lin(t: Uint32Array, off: number, y: number, trace: TraceSink | undefined, id: number): number {
  if (trace) for (let k = 0; k < 4; k++) {
    const idx = off + k * 256 + ((y >>> (8 * k)) & 255);
    trace(id, idx, t[idx]!);
  }
  return linTables(t, off, y);
}

/** One block exactly as the generated C computes it. */
export function sm4Block(t: Sm4Tables, input: Uint8Array, trace?: TraceSink): Uint8Array {
  const Y = [0, 1, 2, 3].map((k) => {
    const x = ((input[4 * k]! << 24) | (input[4 * k + 1]! << 16) | (input[4 * k + 2]! << 8) | input[4 * k + 3]!) >>> 0;
    return lin(t.inEnc, k * 1024, x, trace, 0);
  });
  for (let i = 0; i < 32; i++) {
    const w = (lin(t.mat, i * 4096, Y[1]!, trace, 1) ^ lin(t.mat, i * 4096 + 1024, Y[2]!, trace, 1) ^ lin(t.mat, i * 4096 + 2048, Y[3]!, trace, 1)) >>> 0;
    const tt = lin(t.tb, i * 1024, w, trace, 2);
    const y4 = (lin(t.mat, i * 4096 + 3072, Y[0]!, trace, 1) ^ tt) >>> 0;
    Y.shift();
    Y.push(y4);
  }
  return outputBlock(t, Y, trace);
}

/** The output block: the last four encoded words, reversed (SM4's R) and decoded by the output tables. */
export function outputBlock(t: Sm4Tables, Y: readonly number[], trace: TraceSink | undefined): Uint8Array {
  const out = new Uint8Array(16);
  for (let k = 0; k < 4; k++) {
    const x = lin(t.outDec, (3 - k) * 1024, Y[3 - k]!, trace, 3);
    out[4 * k] = x >>> 24;
    out[4 * k + 1] = (x >>> 16) & 255;
    out[4 * k + 2] = (x >>> 8) & 255;
    out[4 * k + 3] = x & 255;
  }
  return out;
}
