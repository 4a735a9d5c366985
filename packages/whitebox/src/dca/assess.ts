/**
 * DCA self-assessment of a generated library (traces.ts records the software traces).
 *
 * Attacks, each on every key byte of both ends of the cipher:
 *  - first round: target S(p ⊕ k) for the known input byte p and the first round key
 *    (AES: the 16 bytes of the first round key of the direction, target also c·S(p ⊕ k) for
 *    each MixColumns coefficient c — the bytes of the T-box output; SM4: the 4 bytes of
 *    rk0 against z = X1⊕X2⊕X3);
 *  - last round: target S⁻¹(c ⊕ k) for the known output byte c and the last round key
 *    (AES), or S(z ⊕ rk31) with z from the output words (SM4);
 * with three first-order distinguishers (cpa.ts): Bos et al.'s single-bit DPA
 * (difference of means), per-bit correlation and Hamming-weight CPA.
 *
 * The same attacks run against a plain table implementation of the same key (all
 * encodings the identity), the baseline that is expected to fall. A library "resists
 * up to N traces" when, at every checkpoint up to N, no attack ranks the right value
 * first for more bytes than chance would (P < 0.1 %: at most 2 of 16, 1 of 4).
 * Nothing here says anything about higher-order or algebraic attacks.
 */
import { randomBytes } from 'node:crypto';
import { type AesTables, aesBlock, buildAes } from '../aes/chow.ts';
import { aesBlockMasked } from '../aes/masked.ts';
import { INV_MIX, INV_SBOX, MIX, SBOX, decryptionRoundKeys, expandKey, gmul } from '../aes/reference.ts';
import type { GeneratedLibrary } from '../generate.ts';
import { Rng } from '../rng.ts';
import { sm4BlockMasked } from '../sm4/masked.ts';
import { SM4_SBOX, sm4RoundKeys } from '../sm4/reference.ts';
import { type Sm4Tables, buildSm4, sm4Block } from '../sm4/xiao-lai.ts';
import { DISTINGUISHERS, type Distinguisher, attackScores, rankOf } from './cpa.ts';
import { type ByteTarget, type Side, type TraceSet, aesGrouping, collect, sm4Grouping } from './traces.ts';

export interface DcaPoint {
  traces: number;
  /** key bytes whose correct value ranks first */
  recovered: number;
  total: number;
  /** mean rank of the correct byte (0 = first of 256) */
  meanRank: number;
  /** log2 of the product of (rank + 1) over the bytes: an upper bound on the key's rank when the bytes are enumerated independently */
  log2KeyRank: number;
  /** highest score of the correct guesses, and of any wrong guess */
  bestTrue: number;
  bestWrong: number;
}

export interface DcaSeries {
  implementation: 'white-box' | 'plain tables';
  samplesPerTrace: number;
  points: DcaPoint[];
}

export interface DcaAttack {
  distinguisher: Distinguisher;
  side: Side;
  whitebox: DcaPoint[];
  plain: DcaPoint[];
}

export interface DcaReport {
  method: string;
  target: string;
  direction: 'enc' | 'dec';
  /** run-time masking was on in the assessed library */
  masked: boolean;
  /** per checkpoint, the attack that recovered the most bytes (ties: the lower mean rank) */
  whitebox: DcaSeries;
  plain: DcaSeries;
  attacks: DcaAttack[];
  /** bytes a random ranking puts first with probability ≥ 0.1 % */
  chanceBytes: number;
  /** the largest checkpoint up to which no attack beat chance (0: beaten at the first) */
  resistedUpTo: number;
  /** no attack beat chance at any checkpoint */
  resisted: boolean;
}

export function dcaCheckpoints(max: number): number[] {
  const out = [25, 50, 100, 200, 400, 1000, 2000, 5000].filter((n) => n < max);
  out.push(max);
  return out;
}

/** Smallest t with P(Binomial(total, 1/256) > t) < 0.1 %. */
export function chanceBytes(total: number): number {
  const p = 1 / 256;
  let tail = 1;
  for (let t = 0; t <= total; t++) {
    let pt = 1;
    for (let i = 0; i < t; i++) pt *= ((total - i) / (i + 1)) * p;
    pt *= (1 - p) ** (total - t);
    tail -= pt;
    if (tail < 1e-3) return t;
  }
  return total;
}

function score(targets: ByteTarget[], n: number): Record<Distinguisher, DcaPoint> {
  const acc = Object.fromEntries(DISTINGUISHERS.map((d) => [d, { recovered: 0, rankSum: 0, log2: 0, bestTrue: 0, bestWrong: 0 }])) as Record<Distinguisher, { recovered: number; rankSum: number; log2: number; bestTrue: number; bestWrong: number }>;
  for (const t of targets) {
    const s = attackScores(t, n);
    for (const d of DISTINGUISHERS) {
      const a = acc[d];
      const sc = s[d];
      const rank = rankOf(sc, t.key);
      if (rank === 0) a.recovered++;
      a.rankSum += rank;
      a.log2 += Math.log2(rank + 1);
      a.bestTrue = Math.max(a.bestTrue, sc[t.key]!);
      for (let g = 0; g < 256; g++) if (g !== t.key) a.bestWrong = Math.max(a.bestWrong, sc[g]!);
    }
  }
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  return Object.fromEntries(
    DISTINGUISHERS.map((d) => {
      const a = acc[d];
      return [d, { traces: n, recovered: a.recovered, total: targets.length, meanRank: Math.round((a.rankSum / targets.length) * 10) / 10, log2KeyRank: Math.round(a.log2 * 10) / 10, bestTrue: r3(a.bestTrue), bestWrong: r3(a.bestWrong) }];
    }),
  ) as Record<Distinguisher, DcaPoint>;
}

export type SeriesOf = Omit<DcaAttack, 'whitebox' | 'plain'> & { points: DcaPoint[] };

/** All attacks on one trace set; targets per side built by the caller (also used on real-binary traces, bench/). */
export function attackAll(targets: Partial<Record<Side, ByteTarget[]>>, checkpoints: number[]): { attacks: SeriesOf[]; samples: number } {
  const attacks: SeriesOf[] = [];
  for (const side of ['first', 'last'] as const) {
    const t = targets[side];
    if (!t) continue;
    const per = checkpoints.map((n) => score(t, n));
    for (const d of DISTINGUISHERS) attacks.push({ distinguisher: d, side, points: per.map((p) => p[d]) });
  }
  // samples per trace: the distinct sample groups of the larger side
  const groupsTotal = (s: Side) => [...new Set((targets[s] ?? []).map((t) => t.samples))].reduce((a, g) => a + g.length, 0);
  const samples = Math.max(groupsTotal('first'), groupsTotal('last'));
  return { attacks, samples };
}

function summary(attacks: { points: DcaPoint[] }[], implementation: DcaSeries['implementation'], samples: number): DcaSeries {
  const points = attacks[0]!.points.map((_, i) =>
    attacks.map((a) => a.points[i]!).reduce((best, p) => (p.recovered > best.recovered || (p.recovered === best.recovered && p.meanRank < best.meanRank) ? p : best)),
  );
  return { implementation, samplesPerTrace: samples, points };
}

export function aesTargets(t: AesTables, set: TraceSet, direction: 'enc' | 'dec', key: Uint8Array): Record<Side, ByteTarget[]> {
  const rk = direction === 'enc' ? expandKey(key) : decryptionRoundKeys(expandKey(key));
  const sbox = direction === 'enc' ? SBOX : INV_SBOX;
  const inverse = direction === 'enc' ? INV_SBOX : SBOX;
  const nr = rk.length - 1;
  // the bytes of the first-round T-box output: the S-box output times each MixColumns coefficient
  // (decryption's 0e/0b/0d/09 leave no single S-box bit in place, so S alone misses the plain inverse tables)
  const coefficients = [...new Set((direction === 'enc' ? MIX : INV_MIX).flat())];
  const first = coefficients.map((c) => Uint8Array.from(sbox, (v) => gmul(c, v)));
  return {
    first: Array.from({ length: 16 }, (_, src) => ({
      inputs: Uint8Array.from(set.inputs, (p) => p[src]!),
      key: rk[0]![src]!,
      sbox: first,
      samples: set.first[t.shift.indexOf(src) >> 2]!,
    })),
    last: Array.from({ length: 16 }, (_, i) => ({
      inputs: Uint8Array.from(set.outputs, (c) => c[i]!),
      key: rk[nr]![i]!,
      sbox: inverse,
      samples: set.last[t.shift[i]! >> 2]!,
    })),
  };
}

function sm4Targets(set: TraceSet, direction: 'enc' | 'dec', key: Uint8Array): Record<Side, ByteTarget[]> {
  const rks = sm4RoundKeys(key);
  const rk = direction === 'enc' ? rks : [...rks].reverse();
  const z = (b: Buffer) => b.readUInt32BE(4) ^ b.readUInt32BE(8) ^ b.readUInt32BE(12);
  const side = (blocks: Buffer[], k: number, samples: Uint8Array[]) =>
    [0, 1, 2, 3].map((j) => ({ inputs: Uint8Array.from(blocks, (b) => (z(b) >>> (8 * j)) & 255), key: (k >>> (8 * j)) & 255, sbox: SM4_SBOX, samples }));
  return { first: side(set.inputs, rk[0]!, set.first[0]!), last: side(set.outputs, rk[31]!, set.last[0]!) };
}

/**
 * `seed` fixes the attacker's plaintexts, the baseline's tables and the masks, for a
 * reproducible assessment; by default each run draws fresh ones.
 */
export function runDca(lib: GeneratedLibrary, key: Uint8Array, o: { traces?: number; seed?: Buffer } = {}): DcaReport {
  const max = Math.max(25, Math.min(o.traces ?? 400, 5000));
  const checkpoints = dcaCheckpoints(max);
  const rng = new Rng(o.seed);
  const derived = (label: string) => (o.seed ? new Rng(Buffer.concat([o.seed, Buffer.from(label)])) : new Rng(randomBytes(32)));
  const inputRng = derived('plaintexts');
  const masks = derived('masks');
  // Both implementations are attacked with the same plaintexts, as a real attacker's trace set would be.
  const plaintexts = Array.from({ length: max }, () => Buffer.from(Array.from({ length: 16 }, () => inputRng.byte())));
  const direction = lib.tables.enc ? 'enc' : 'dec';
  let wb: ReturnType<typeof attackAll>;
  let plain: ReturnType<typeof attackAll>;
  let masked: boolean;
  if (lib.tables.kind === 'aes') {
    const t = (lib.tables.enc ?? lib.tables.dec)!;
    masked = t.masked;
    const p = buildAes(key, direction, { encodings: 'none', mixing: false, rng });
    const wset = collect((x, sink) => (t.masked ? aesBlockMasked(t, x, masks, sink) : aesBlock(t, x, sink)), 4, aesGrouping(t), plaintexts);
    wb = attackAll(aesTargets(t, wset, direction, key), checkpoints);
    const pset = collect((x, sink) => aesBlock(p, x, sink), 4, aesGrouping(p), plaintexts);
    plain = attackAll(aesTargets(p, pset, direction, key), checkpoints);
  } else {
    const t: Sm4Tables = (lib.tables.enc ?? lib.tables.dec)!;
    masked = t.masked;
    const p = buildSm4(key, direction, { encodings: 'none', rng });
    const wset = collect((x, sink) => (t.masked ? sm4BlockMasked(t, x, masks, sink) : sm4Block(t, x, sink)), 1, sm4Grouping, plaintexts);
    wb = attackAll(sm4Targets(wset, direction, key), checkpoints);
    const pset = collect((x, sink) => sm4Block(p, x, sink), 1, sm4Grouping, plaintexts);
    plain = attackAll(sm4Targets(pset, direction, key), checkpoints);
  }
  const alg = lib.tables.kind === 'aes' ? 'AES' : 'SM4';
  const total = wb.attacks[0]!.points[0]!.total;
  const chance = chanceBytes(total);
  let resistedUpTo = 0;
  for (let i = 0; i < checkpoints.length; i++) {
    if (wb.attacks.some((a) => a.points[i]!.recovered > chance)) break;
    resistedUpTo = checkpoints[i]!;
  }
  return {
    method: 'first-order DCA on simulated software traces (every bit of every value read and of every index read at, in the rounds one key byte reaches, aligned by table): single-bit difference of means (Bos et al.), per-bit correlation and Hamming-weight CPA',
    target:
      alg === 'AES'
        ? `first round S(p ⊕ k) and its MixColumns multiples, last round S⁻¹(c ⊕ k), of the ${direction === 'enc' ? 'encryption' : 'decryption'} tables, 16 key bytes each`
        : `S-box output of round 1 (rk0) and of round 32 (rk31) of the ${direction === 'enc' ? 'encryption' : 'decryption'} tables, 4 key bytes each`,
    direction,
    masked,
    whitebox: summary(wb.attacks, 'white-box', wb.samples),
    plain: summary(plain.attacks, 'plain tables', plain.samples),
    attacks: wb.attacks.map((a, i) => ({ distinguisher: a.distinguisher, side: a.side, whitebox: a.points, plain: plain.attacks[i]!.points })),
    chanceBytes: chance,
    resistedUpTo,
    resisted: resistedUpTo === max,
  };
}
