/**
 * First-order correlation power analysis on software traces (Bos, Hubain, Michiels,
 * Teuwen, "Differential Computation Analysis", CHES 2016): every bit a table read
 * returns is one sample; the hypothesis for key byte guess k is one bit of
 * S(x ⊕ k) for the known input byte x. For each guess the score is the largest
 * |Pearson correlation| over samples and the 8 target bits; the rank of the true
 * key byte is the number of guesses scoring higher.
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
  sbox: Uint8Array;
}

/** Scores of all 256 guesses over the first `n` traces. */
export function cpaScores(a: ByteAttack, n: number): Float64Array {
  const scores = new Float64Array(256);
  const hf = Array.from({ length: 8 }, (_, b) => {
    const f = new Float64Array(256);
    for (let x = 0; x < 256; x++) f[x] = (a.sbox[x]! >> b) & 1;
    fwht(f);
    return f;
  });
  const counts = new Float64Array(256);
  for (let t = 0; t < n; t++) counts[a.inputs[t]!]!++;
  const hc = Float64Array.from(counts);
  fwht(hc);
  // E[H] per guess and bit
  const eh = hf.map((f) => {
    const c = new Float64Array(256);
    for (let i = 0; i < 256; i++) c[i] = f[i]! * hc[i]!;
    fwht(c);
    for (let i = 0; i < 256; i++) c[i] = c[i]! / 256 / n;
    return c;
  });
  const cs = new Float64Array(256);
  const prod = new Float64Array(256);
  for (const s of a.samples) {
    cs.fill(0);
    let total = 0;
    for (let t = 0; t < n; t++) if (s[t]) {
      cs[a.inputs[t]!]!++;
      total++;
    }
    const ex = total / n;
    const vx = ex * (1 - ex);
    if (vx <= 0) continue;
    fwht(cs);
    for (let b = 0; b < 8; b++) {
      const f = hf[b]!;
      for (let i = 0; i < 256; i++) prod[i] = f[i]! * cs[i]!;
      fwht(prod);
      const e = eh[b]!;
      for (let k = 0; k < 256; k++) {
        const ehx = prod[k]! / 256 / n;
        const h = e[k]!;
        const vh = h * (1 - h);
        if (vh <= 0) continue;
        const c = Math.abs((ehx - h * ex) / Math.sqrt(vh * vx));
        if (c > scores[k]!) scores[k] = c;
      }
    }
  }
  return scores;
}

export function rankOf(scores: Float64Array, trueKey: number): number {
  let rank = 0;
  for (let k = 0; k < 256; k++) if (k !== trueKey && scores[k]! >= scores[trueKey]!) rank++;
  return rank;
}
