/**
 * DCA self-assessment of a generated library. Traces are simulated in TypeScript:
 * the generated tables are evaluated with exactly the lookups the C code makes
 * (aesBlock / sm4Block) and every value read in the first round is recorded bit
 * by bit — what a DBI tool (Intel PIN, Valgrind) would log as memory reads of the
 * table region, without the address noise. The same attack runs against a plain
 * table implementation of the same key (all encodings the identity), the
 * baseline that is expected to fall.
 *
 * AES: samples of the column whose T-box consumes the attacked byte (giving the
 * attacker the location only helps him); target S(p_i ⊕ k_i), all 16 bytes of the
 * first round key (the AES key itself, or the last round key for a decrypt-only
 * library). SM4: all first-round reads; target S(z_j ⊕ rk0_j) with
 * z = X1⊕X2⊕X3, the 4 bytes of the first round key.
 */
import { randomBytes } from 'node:crypto';
import { type AesTables, aesBlock, buildAes } from '../aes/chow.ts';
import { INV_SBOX, SBOX, expandKey } from '../aes/reference.ts';
import type { GeneratedLibrary } from '../generate.ts';
import { Rng } from '../rng.ts';
import { SM4_SBOX, sm4RoundKeys } from '../sm4/reference.ts';
import { type Sm4Tables, buildSm4, sm4Block } from '../sm4/xiao-lai.ts';
import { cpaScores, rankOf } from './cpa.ts';

export interface DcaPoint {
  traces: number;
  /** key bytes whose correct value ranks first */
  recovered: number;
  total: number;
  /** mean rank of the correct byte (0 = first of 256) */
  meanRank: number;
  /** highest |correlation| of the correct guesses, and of any wrong guess */
  bestTrue: number;
  bestWrong: number;
}

export interface DcaSeries {
  implementation: 'white-box' | 'plain tables';
  samplesPerTrace: number;
  points: DcaPoint[];
}

export interface DcaReport {
  method: string;
  target: string;
  direction: 'enc' | 'dec';
  whitebox: DcaSeries;
  plain: DcaSeries;
  /** true when no checkpoint let first-order DCA rank the right value first for more bytes than chance */
  resisted: boolean;
}

interface Traces {
  inputs: Uint8Array[];
  samples: Uint8Array[][];
  keyBytes: number[];
  sbox: Uint8Array;
  samplesPerTrace: number;
}

function bitsInto(out: number[], value: number, width: number): void {
  for (let b = 0; b < width; b++) out.push((value >>> b) & 1);
}

function aesTraces(t: AesTables, firstRoundKey: Uint8Array, sbox: Uint8Array, n: number, plaintext: () => Buffer): Traces {
  const perColumn: number[][][] = [[], [], [], []];
  const inputs = Array.from({ length: 16 }, () => new Uint8Array(n));
  for (let tr = 0; tr < n; tr++) {
    const p = plaintext();
    p.forEach((v, i) => (inputs[i]![tr] = v));
    const cols: number[][] = [[], [], [], []];
    aesBlock(t, p, (table, idx, value) => {
      if ((table === 0 || table === 2) && idx < 16 * 256) bitsInto(cols[Math.floor(idx / 256) >> 2]!, value, 32);
      else if ((table === 1 || table === 3) && idx < 4 * 8 * 768) bitsInto(cols[Math.floor(idx / (8 * 768))]!, value, 4);
    });
    cols.forEach((c, i) => perColumn[i]!.push(c));
  }
  // transpose to samples[s][trace] per column; key byte at source position src is read by table i with shift[i] = src
  const colSamples = perColumn.map((rows) => {
    const width = rows[0]!.length;
    return Array.from({ length: width }, (_, s) => Uint8Array.from(rows, (r) => r[s]!));
  });
  const samples = Array.from({ length: 16 }, (_, src) => colSamples[t.shift.indexOf(src) >> 2]!);
  return { inputs, samples, keyBytes: [...firstRoundKey], sbox, samplesPerTrace: colSamples[0]!.length };
}

function sm4Traces(t: Sm4Tables, rk0: number, n: number, plaintext: () => Buffer): Traces {
  const rows: number[][] = [];
  const inputs = Array.from({ length: 4 }, () => new Uint8Array(n));
  for (let tr = 0; tr < n; tr++) {
    const p = plaintext();
    const z = p.readUInt32BE(4) ^ p.readUInt32BE(8) ^ p.readUInt32BE(12);
    for (let j = 0; j < 4; j++) inputs[j]![tr] = (z >>> (8 * j)) & 255;
    const row: number[] = [];
    sm4Block(t, p, (table, idx, value) => {
      if ((table === 1 && idx < 4096) || (table === 2 && idx < 1024)) bitsInto(row, value, 32);
    });
    rows.push(row);
  }
  const width = rows[0]!.length;
  const all = Array.from({ length: width }, (_, s) => Uint8Array.from(rows, (r) => r[s]!));
  return { inputs, samples: inputs.map(() => all), keyBytes: [0, 1, 2, 3].map((j) => (rk0 >>> (8 * j)) & 255), sbox: SM4_SBOX, samplesPerTrace: width };
}

function attack(tr: Traces, checkpoints: number[], implementation: DcaSeries['implementation']): DcaSeries {
  const points = checkpoints.map((n) => {
    let recovered = 0;
    let rankSum = 0;
    let bestTrue = 0;
    let bestWrong = 0;
    tr.keyBytes.forEach((k, i) => {
      const scores = cpaScores({ inputs: tr.inputs[i]!, samples: tr.samples[i]!, sbox: tr.sbox }, n);
      const rank = rankOf(scores, k);
      if (rank === 0) recovered++;
      rankSum += rank;
      bestTrue = Math.max(bestTrue, scores[k]!);
      for (let g = 0; g < 256; g++) if (g !== k) bestWrong = Math.max(bestWrong, scores[g]!);
    });
    const r3 = (x: number) => Math.round(x * 1000) / 1000;
    return { traces: n, recovered, total: tr.keyBytes.length, meanRank: Math.round((rankSum / tr.keyBytes.length) * 10) / 10, bestTrue: r3(bestTrue), bestWrong: r3(bestWrong) };
  });
  return { implementation, samplesPerTrace: tr.samplesPerTrace, points };
}

export function dcaCheckpoints(max: number): number[] {
  const out: number[] = [];
  for (let n = 25; n < max; n *= 2) out.push(n);
  out.push(max);
  return out;
}

/**
 * `seed` fixes the attacker's plaintexts (and the baseline's tables), for a
 * reproducible assessment; by default each run draws fresh random plaintexts.
 */
export function runDca(lib: GeneratedLibrary, key: Uint8Array, o: { traces?: number; seed?: Buffer } = {}): DcaReport {
  const max = Math.max(25, Math.min(o.traces ?? 400, 5000));
  const checkpoints = dcaCheckpoints(max);
  const rng = new Rng(o.seed);
  const inputRng = o.seed ? new Rng(Buffer.concat([o.seed, Buffer.from('plaintexts')])) : undefined;
  // Both implementations are attacked with the same plaintexts, as a real attacker's trace set would be.
  const plaintexts = Array.from({ length: max }, () => (inputRng ? Buffer.from(Array.from({ length: 16 }, () => inputRng.byte())) : randomBytes(16)));
  const source = () => {
    let i = 0;
    return () => plaintexts[i++]!;
  };
  if (lib.tables.kind === 'aes') {
    const direction = lib.tables.enc ? 'enc' : 'dec';
    const wb = (lib.tables.enc ?? lib.tables.dec)!;
    const rk = expandKey(key);
    const firstKey = direction === 'enc' ? rk[0]! : rk[rk.length - 1]!;
    const sbox = direction === 'enc' ? SBOX : INV_SBOX;
    const plain = buildAes(key, direction, { encodings: 'none', mixing: false, rng });
    const w = attack(aesTraces(wb, firstKey, sbox, max, source()), checkpoints, 'white-box');
    const p = attack(aesTraces(plain, firstKey, sbox, max, source()), checkpoints, 'plain tables');
    return report('AES', direction, w, p);
  }
  const direction = lib.tables.enc ? 'enc' : 'dec';
  const wb = (lib.tables.enc ?? lib.tables.dec)!;
  const rks = sm4RoundKeys(key);
  const rk0 = direction === 'enc' ? rks[0]! : rks[31]!;
  const plain = buildSm4(key, direction, { encodings: 'none', rng });
  const w = attack(sm4Traces(wb, rk0, max, source()), checkpoints, 'white-box');
  const p = attack(sm4Traces(plain, rk0, max, source()), checkpoints, 'plain tables');
  return report('SM4', direction, w, p);
}

function report(alg: 'AES' | 'SM4', direction: 'enc' | 'dec', whitebox: DcaSeries, plain: DcaSeries): DcaReport {
  // chance: a byte ranks first with probability 1/256; allow one lucky byte
  const resisted = whitebox.points.every((pt) => pt.recovered <= 1);
  return {
    method: 'first-order CPA (DCA) on simulated software traces: every bit of every first-round table read is a sample; the C code makes the same reads',
    target: alg === 'AES' ? `S-box output S(x ⊕ k) of the first ${direction === 'enc' ? 'encryption' : 'decryption'} round, 16 key bytes` : `SM4 S-box output of round 1, 4 bytes of the first round key (${direction})`,
    direction,
    whitebox,
    plain,
    resisted,
  };
}
