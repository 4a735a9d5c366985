/**
 * Run-time masking of the Chow tables (the security-first layout), evaluated here
 * exactly as the generated C does it (emit/c-aes-masked.ts), for the tests and the
 * DCA self-assessment.
 *
 * Why: the nibble encodings of Chow's tables leave a first-order correlation with the
 * S-box output (Bos et al. 2016; our own assessment recovered 14/16 key bytes from 400
 * traces). Encodings are fixed at generation time; a Boolean mask drawn fresh for every
 * block is not. Before each block the code writes masked copies of the tables that a
 * single key byte reaches from either end of the cipher, and reads those instead:
 *
 *  first round:  Type II   T'_i[x]        = T_i[x] ⊕ μ_i            (μ_i: 32 fresh bits per table)
 *                XOR lanes X'[(a,b)]      = X[(a⊕α, b⊕β)] ⊕ γ       (α, β: the incoming masks, γ fresh)
 *                the lane outputs are unmasked only once all four T-boxes of the column are folded in,
 *                where every nibble depends on four key bytes (through the 32-bit mixing bijection);
 *  last middle round: the final XOR layer X3'[(c,d)] = X3[(c,d)] ⊕ η (η fresh per nibble), so the
 *                state entering the last round is masked;
 *  last round:   TF'_i[y] = TF_i[y ⊕ m_i]   (m_i: the state mask), read at the masked index.
 *
 * Every value read from, and every index read at, in those rounds is then uniform and
 * independent of the plaintext and ciphertext for a fresh mask; the copies are written
 * by reading the stored tables in a fixed order (the same reads in every trace). The
 * middle rounds stay unmasked: their table reads depend on four or more key bytes.
 * The masks come from a generator seeded from the OS (emit/c-rng.ts); an attacker who
 * controls the process can hook that source and switch the masks off — masking defends
 * against trace-based (grey-box) DCA of the unmodified library, not against a patched one.
 */
import type { AesTables, TraceSink } from './chow.ts';

export interface MaskSource {
  u32(): number;
}

export interface AesMaskedCopies {
  t2: Uint32Array;
  x1: Uint8Array;
  /** per column: the nibble masks left on the first-round fold */
  firstOut: number[];
  x3: Uint8Array;
  tf: Uint8Array;
}

/** The masked copies for one block, drawn as the C code draws them. */
export function maskedCopies(t: AesTables, rnd: MaskSource): AesMaskedCopies {
  if (!t.t3 || !t.x2) throw new Error('run-time masking needs the security layout');
  const R = t.rounds - 1;
  const mu = Array.from({ length: 16 }, () => rnd.u32());
  const t2 = new Uint32Array(16 * 256);
  for (let i = 0; i < 16; i++) for (let y = 0; y < 256; y++) t2[i * 256 + y] = (t.t2[i * 256 + y]! ^ mu[i]!) >>> 0;
  const x1 = new Uint8Array(4 * 8 * 768);
  const firstOut = [0, 0, 0, 0];
  for (let c = 0; c < 4; c++) {
    const [G1, G2, G3] = [rnd.u32(), rnd.u32(), rnd.u32()];
    for (let n = 0; n < 8; n++) {
      const base = (c * 8 + n) * 768;
      const a = [0, 1, 2, 3].map((j) => (mu[4 * c + j]! >>> (4 * n)) & 15);
      const [g1, g2, g3] = [G1, G2, G3].map((g) => (g >>> (4 * n)) & 15) as [number, number, number];
      const k1 = (a[0]! << 4) | a[1]!;
      const k2 = (a[2]! << 4) | a[3]!;
      const k3 = (g1 << 4) | g2;
      for (let i = 0; i < 256; i++) {
        x1[base + i] = t.x1[base + (i ^ k1)]! ^ g1;
        x1[base + 256 + i] = t.x1[base + 256 + (i ^ k2)]! ^ g2;
        x1[base + 512 + i] = t.x1[base + 512 + (i ^ k3)]! ^ g3;
      }
      firstOut[c] = (firstOut[c]! | (g3 << (4 * n))) >>> 0;
    }
  }
  const x3 = new Uint8Array(4 * 8 * 256);
  const lastMask = [0, 1, 2, 3].map(() => rnd.u32());
  for (let c = 0; c < 4; c++) for (let n = 0; n < 8; n++) {
    const h = (lastMask[c]! >>> (4 * n)) & 15;
    const src = (((R - 1) * 4 + c) * 8 + n) * 768 + 512;
    for (let i = 0; i < 256; i++) x3[(c * 8 + n) * 256 + i] = t.x2[src + i]! ^ h;
  }
  const tf = new Uint8Array(16 * 256);
  for (let i = 0; i < 16; i++) {
    const p = t.shift[i]!;
    const m = (lastMask[p >> 2]! >>> (8 * (p & 3))) & 255;
    for (let y = 0; y < 256; y++) tf[i * 256 + y] = t.tf[i * 256 + (y ^ m)]!;
  }
  return { t2, x1, firstOut, x3, tf };
}

/**
 * One block with fresh masks. Trace indices are those of the stored table the copy
 * stands for (so the assessment groups reads the same way for every variant).
 */
export function aesBlockMasked(t: AesTables, input: Uint8Array, rnd: MaskSource, trace?: TraceSink): Uint8Array {
  const m = maskedCopies(t, rnd);
  const R = t.rounds - 1;
  const t3 = t.t3!;
  const x2 = t.x2!;
  let s = Uint8Array.from(input);
  for (let r = 0; r < R; r++) {
    const n = new Uint8Array(16);
    for (let c = 0; c < 4; c++) {
      const a: number[] = [];
      for (let j = 0; j < 4; j++) {
        const i = 4 * c + j;
        const idx = (r * 16 + i) * 256 + s[t.shift[i]!]!;
        const v = r === 0 ? m.t2[idx]! : t.t2[idx]!;
        a.push(v);
        trace?.(0, idx, v);
      }
      const base = (r * 4 + c) * 8 * 768;
      let w = r === 0 ? fold(m.x1, c * 8 * 768, 768, m.x1, c * 8 * 768 + 512, 768, a, base, trace, 1) : fold(t.x1, base, 768, t.x1, base + 512, 768, a, base, trace, 1);
      if (r === 0) w = (w ^ m.firstOut[c]!) >>> 0;
      const b: number[] = [];
      for (let j = 0; j < 4; j++) {
        const idx = (r * 16 + 4 * c + j) * 256 + ((w >>> (8 * j)) & 255);
        b.push(t3[idx]!);
        trace?.(2, idx, t3[idx]!);
      }
      w = r === R - 1 ? fold(x2, base, 768, m.x3, c * 8 * 256, 256, b, base, trace, 3) : fold(x2, base, 768, x2, base + 512, 768, b, base, trace, 3);
      for (let j = 0; j < 4; j++) n[4 * c + j] = (w >>> (8 * j)) & 255;
    }
    s = n;
  }
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) {
    const idx = i * 256 + s[t.shift[i]!]!;
    out[i] = m.tf[idx]!;
    trace?.(4, idx, out[i]!);
  }
  return out;
}

/** The 8 nibble lanes of a column: layers 1 and 2 from `x`, layer 3 from `x3` (strides per lane). */
function fold(x: Uint8Array, xb: number, xs: number, x3: Uint8Array, x3b: number, x3s: number, a: number[], traceBase: number, trace: TraceSink | undefined, id: number): number {
  let w = 0;
  for (let n = 0; n < 8; n++) {
    const sh = 4 * n;
    const i1 = xb + n * xs + ((((a[0]! >>> sh) & 15) << 4) | ((a[1]! >>> sh) & 15));
    const i2 = xb + n * xs + 256 + ((((a[2]! >>> sh) & 15) << 4) | ((a[3]! >>> sh) & 15));
    const e1 = x[i1]!;
    const e2 = x[i2]!;
    const j3 = (e1 << 4) | e2;
    const v = x3[x3b + n * x3s + j3]!;
    const lane = traceBase + n * 768;
    trace?.(id, lane + (i1 - xb - n * xs), e1);
    trace?.(id, lane + (i2 - xb - n * xs), e2);
    trace?.(id, lane + 512 + j3, v);
    w |= v << sh;
  }
  return w >>> 0;
}
