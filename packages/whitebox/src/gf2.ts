/**
 * Linear algebra over GF(2) for n ≤ 32 bit vectors: the mixing bijections of
 * Chow's white-box AES and the affine encodings of Xiao–Lai's white-box SM4.
 * A matrix is kept as its columns: M·x is the XOR of the columns whose bit is
 * set in x, which is also how it becomes lookup tables (one per input byte).
 */
import type { Rng } from './rng.ts';

export interface Mat {
  n: number;
  cols: Uint32Array;
}

export function identity(n: number): Mat {
  const cols = new Uint32Array(n);
  for (let i = 0; i < n; i++) cols[i] = (1 << i) >>> 0;
  return { n, cols };
}

export function apply(m: Mat, x: number): number {
  let y = 0;
  for (let b = 0; b < m.n; b++) if ((x >>> b) & 1) y ^= m.cols[b]!;
  return y >>> 0;
}

/** a∘b: first b, then a. */
export function compose(a: Mat, b: Mat): Mat {
  const cols = new Uint32Array(b.n);
  for (let i = 0; i < b.n; i++) cols[i] = apply(a, b.cols[i]!);
  return { n: b.n, cols };
}

/** Inverse by Gauss–Jordan elimination on rows; undefined when singular. */
export function inverse(m: Mat): Mat | undefined {
  const n = m.n;
  const rows = new Uint32Array(n);
  const inv = new Uint32Array(n);
  for (let r = 0; r < n; r++) {
    let row = 0;
    for (let c = 0; c < n; c++) if ((m.cols[c]! >>> r) & 1) row |= 1 << c;
    rows[r] = row >>> 0;
    inv[r] = (1 << r) >>> 0;
  }
  for (let c = 0; c < n; c++) {
    let p = c;
    while (p < n && !((rows[p]! >>> c) & 1)) p++;
    if (p === n) return undefined;
    [rows[c], rows[p]] = [rows[p]!, rows[c]!];
    [inv[c], inv[p]] = [inv[p]!, inv[c]!];
    for (let r = 0; r < n; r++) {
      if (r !== c && (rows[r]! >>> c) & 1) {
        rows[r] = (rows[r]! ^ rows[c]!) >>> 0;
        inv[r] = (inv[r]! ^ inv[c]!) >>> 0;
      }
    }
  }
  // inv holds rows of the inverse; turn them back into columns.
  const cols = new Uint32Array(n);
  for (let c = 0; c < n; c++) {
    let col = 0;
    for (let r = 0; r < n; r++) if ((inv[r]! >>> c) & 1) col |= 1 << r;
    cols[c] = col >>> 0;
  }
  return { n, cols };
}

/** A uniformly random invertible n×n matrix (rejection sampling; about 29 % of random matrices are invertible). */
export function randomInvertible(n: number, rng: Rng): { m: Mat; inv: Mat } {
  const mask = n === 32 ? 0xffffffff : (1 << n) - 1;
  for (;;) {
    const cols = new Uint32Array(n);
    for (let i = 0; i < n; i++) cols[i] = (rng.u32() & mask) >>> 0;
    const m = { n, cols };
    const inv = inverse(m);
    if (inv) return { m, inv };
  }
}

/** A block-diagonal 32×32 matrix of four 8×8 blocks (block j acts on byte j). */
export function blockDiagonal(blocks: Mat[]): Mat {
  const cols = new Uint32Array(32);
  for (let j = 0; j < 4; j++) for (let b = 0; b < 8; b++) cols[8 * j + b] = (blocks[j]!.cols[b]! << (8 * j)) >>> 0;
  return { n: 32, cols };
}

/**
 * A 32×32 matrix (plus a constant) as four 256-entry tables: M·x ⊕ c is
 * T[x&255] ^ T[256+(x>>8&255)] ^ T[512+…] ^ T[768+…]; the constant rides in the first.
 */
export function matTables(m: Mat, constant = 0): Uint32Array {
  const t = new Uint32Array(1024);
  for (let k = 0; k < 4; k++) for (let v = 0; v < 256; v++) t[k * 256 + v] = apply(m, (v << (8 * k)) >>> 0);
  if (constant) for (let v = 0; v < 256; v++) t[v] = (t[v]! ^ constant) >>> 0;
  return t;
}

export function linTables(t: Uint32Array, off: number, y: number): number {
  return (t[off + (y & 255)]! ^ t[off + 256 + ((y >>> 8) & 255)]! ^ t[off + 512 + ((y >>> 16) & 255)]! ^ t[off + 768 + (y >>> 24)]!) >>> 0;
}
