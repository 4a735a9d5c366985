/**
 * First-order attacks on software traces (Bos, Hubain, Michiels, Teuwen, "Differential
 * Computation Analysis", CHES 2016): every bit a table read returns (and every bit of
 * the index it reads at) is one sample. Three distinguishers are scored for every key
 * byte guess k against the known input byte x, target S(x ⊕ k):
 *
 *  - `dpa`: Bos et al.'s DCA — single-bit difference of means: for each of the 8
 *    target bits, |mean(sample | bit = 1) − mean(sample | bit = 0)|;
 *  - `bit`: Pearson correlation of each sample with each single target bit;
 *  - `hw`:  CPA with the Hamming weight of the whole S-box output byte.
 *
 * Each score is the largest value over samples, target bits and target functions (the
 * S-box output, and for AES's first round also its MixColumns multiples — the other
 * bytes of the T-box output); the rank of the true key byte is the number of guesses
 * scoring at least as high.
 *
 * The sums over traces are grouped by input byte value, so Σ_x S_b(x⊕k)·count(x)
 * is an XOR-convolution, computed for all 256 guesses at once with a fast
 * Walsh–Hadamard transform.
 */
function fwht(a: Float64Array): void {
  for (let h = 1; h < 256; h <<= 1)
    for (let i = 0; i < 256; i += h << 1)
      for (let j = i; j < i + h; j++) {
        const x = a[j]!;
        const y = a[j + h]!;
        a[j] = x + y;
        a[j + h] = x - y;
      }
}

export interface ByteAttack {
  /** input byte of each trace */
  inputs: Uint8Array;
  /** samples[s][t]: bit s of trace t */
  samples: Uint8Array[];
  /** the target function(s) of x ⊕ k: the S-box, and optionally further intermediates (a score is the best over them) */
  sbox: Uint8Array | Uint8Array[];
}

export const DISTINGUISHERS = ['dpa', 'bit', 'hw'] as const;
export type Distinguisher = (typeof DISTINGUISHERS)[number];
export type Scores = Record<Distinguisher, Float64Array>;

/** E over the first n traces of f(x ⊕ k) for every k, f given by its transform. */
function convolve(hf: Float64Array, hc: Float64Array, n: number): Float64Array {
  const c = new Float64Array(256);
  for (let i = 0; i < 256; i++) c[i] = hf[i]! * hc[i]!;
  fwht(c);
  for (let i = 0; i < 256; i++) c[i] = c[i]! / 256 / n;
  return c;
}

/** Per target function: transforms of its bits, E[h_b], E[HW], E[HW²] for every guess. */
function prepare(table: Uint8Array, hc: Float64Array, n: number) {
  const transform = (f: (v: number) => number) => {
    const t = new Float64Array(256);
    for (let x = 0; x < 256; x++) t[x] = f(table[x]!);
    fwht(t);
    return t;
  };
  const hw = (v: number) => { let c = 0; for (; v; v &= v - 1) c++; return c; };
  const hf = Array.from({ length: 8 }, (_, b) => transform((v) => (v >> b) & 1));
  return { hf, eh: hf.map((f) => convolve(f, hc, n)), ehw: convolve(transform(hw), hc, n), ehw2: convolve(transform((v) => hw(v) ** 2), hc, n) };
}

/** Scores of all 256 guesses over the first `n` traces, for every distinguisher. */
export function attackScores(a: ByteAttack, n: number): Scores {
  const out: Scores = { dpa: new Float64Array(256), bit: new Float64Array(256), hw: new Float64Array(256) };
  const counts = new Float64Array(256);
  for (let t = 0; t < n; t++) counts[a.inputs[t]!]!++;
  const hc = Float64Array.from(counts);
  fwht(hc);
  const targets = (Array.isArray(a.sbox) ? a.sbox : [a.sbox]).map((tb) => prepare(tb, hc, n));
  const cs = new Float64Array(256);
  const prod = new Float64Array(256);
  const sumHw = new Float64Array(256);
  for (const s of a.samples) {
    cs.fill(0);
    let total = 0;
    for (let t = 0; t < n; t++) if (s[t]) {
      cs[a.inputs[t]!]!++;
      total++;
    }
    const ex = total / n;
    const vx = ex * (1 - ex);
    if (vx <= 0) continue; // a constant sample carries no information
    fwht(cs);
    for (const { hf, eh, ehw, ehw2 } of targets) {
      sumHw.fill(0);
      for (let b = 0; b < 8; b++) {
        const f = hf[b]!;
        for (let i = 0; i < 256; i++) prod[i] = f[i]! * cs[i]!;
        fwht(prod);
        const e = eh[b]!;
        for (let k = 0; k < 256; k++) {
          const ehx = prod[k]! / 256 / n;
          sumHw[k] = sumHw[k]! + ehx;
          const h = e[k]!;
          const vh = h * (1 - h);
          if (vh <= 0) continue;
          const c = Math.abs((ehx - h * ex) / Math.sqrt(vh * vx));
          if (c > out.bit[k]!) out.bit[k] = c;
          const dom = Math.abs(ehx / h - (ex - ehx) / (1 - h));
          if (dom > out.dpa[k]!) out.dpa[k] = dom;
        }
      }
      for (let k = 0; k < 256; k++) {
        const vh = ehw2[k]! - ehw[k]! ** 2;
        if (vh <= 1e-12) continue;
        const c = Math.abs((sumHw[k]! - ehw[k]! * ex) / Math.sqrt(vh * vx));
        if (c > out.hw[k]!) out.hw[k] = c;
      }
    }
  }
  return out;
}

/** The per-bit correlation scores alone (the distinguisher of the first assessment). */
export function cpaScores(a: ByteAttack, n: number): Float64Array {
  return attackScores(a, n).bit;
}

export function rankOf(scores: Float64Array, trueKey: number): number {
  let rank = 0;
  for (let k = 0; k < 256; k++) if (k !== trueKey && scores[k]! >= scores[trueKey]!) rank++;
  return rank;
}
