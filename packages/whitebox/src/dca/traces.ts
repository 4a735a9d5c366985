/**
 * Software traces for the DCA self-assessment. The generated tables are evaluated with
 * exactly the lookups the C code makes (aesBlock / aesBlockMasked / sm4Block /
 * sm4BlockMasked) and every table read of the rounds a single key byte reaches is
 * recorded bit by bit: the value read and the 8-bit index read at — what a DBI tool
 * (Intel PIN, Valgrind) logs as data and addresses, without the noise. The attacker is
 * given the alignment: reads are grouped by the table (column) they come from, which
 * also undoes any reordering. The passes that write the masked copies read the stored
 * tables in a fixed order, the same reads in every trace; they carry no information
 * and are left out. Identical and constant samples are dropped (they add cost, never
 * information).
 */
import type { AesTables, TraceSink } from '../aes/chow.ts';

export type Side = 'first' | 'last';

export interface ByteTarget {
  /** known byte of each trace: a plaintext byte (first) or ciphertext byte (last) */
  inputs: Uint8Array;
  key: number;
  /** hypothesis: bits of sbox[input ⊕ key] (several tables: the best of them) */
  sbox: Uint8Array | Uint8Array[];
  samples: Uint8Array[];
}

/** Which sample group a read belongs to for each side (−1: not recorded). */
export type Grouping = (table: number, idx: number) => { first: number; last: number };

export interface TraceSet {
  first: Uint8Array[][];
  last: Uint8Array[][];
  inputs: Buffer[];
  outputs: Buffer[];
}

export function collect(run: (input: Buffer, sink: TraceSink) => Uint8Array, groups: number, grouping: Grouping, inputs: Buffer[]): TraceSet {
  const rows = { first: Array.from({ length: groups }, () => [] as number[][]), last: Array.from({ length: groups }, () => [] as number[][]) };
  const outputs: Buffer[] = [];
  for (const p of inputs) {
    const f = Array.from({ length: groups }, () => [] as number[]);
    const l = Array.from({ length: groups }, () => [] as number[]);
    const out = run(p, (table, idx, value) => {
      const g = grouping(table, idx);
      const width = table === 1 || table === 3 ? 4 : table === 4 ? 8 : 32;
      for (const [dst, gi] of [[f, g.first], [l, g.last]] as const) {
        if (gi < 0) continue;
        const row = dst[gi]!;
        for (let b = 0; b < width; b++) row.push((value >>> b) & 1);
        for (let b = 0; b < 8; b++) row.push((idx >>> b) & 1);
      }
    });
    outputs.push(Buffer.from(out));
    f.forEach((r, i) => rows.first[i]!.push(r));
    l.forEach((r, i) => rows.last[i]!.push(r));
  }
  return { first: rows.first.map(transpose), last: rows.last.map(transpose), inputs, outputs };
}

/** Rows (one per trace) of sample bits → samples, dropping constant and repeated (or complementary) ones. */
export function transpose(rows: ArrayLike<number>[]): Uint8Array[] {
  const width = rows[0]?.length ?? 0;
  const seen = new Set<string>();
  const out: Uint8Array[] = [];
  for (let s = 0; s < width; s++) {
    const v = Uint8Array.from(rows, (r) => r[s] ?? 0);
    if (v.every((b) => b === v[0])) continue;
    // a sample and its complement give the same scores
    const key = Buffer.from(v[0] ? v.map((b) => b ^ 1) : v).toString('base64');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(v);
  }
  return out;
}

/** AES: groups are the four columns; first side = round 1, last side = the last middle round and the last round. */
export function aesGrouping(t: AesTables): Grouping {
  const R = t.rounds - 1;
  return (table, idx) => {
    let first = -1;
    let last = -1;
    if (table === 0 || table === 2) {
      if (idx < 16 * 256) first = Math.floor(idx / 256) >> 2;
      const rel = idx - (R - 1) * 16 * 256;
      if (rel >= 0 && rel < 16 * 256) last = Math.floor(rel / 256) >> 2;
    } else if (table === 1 || table === 3) {
      if (idx < 4 * 8 * 768) first = Math.floor(idx / (8 * 768));
      const rel = idx - (R - 1) * 4 * 8 * 768;
      if (rel >= 0 && rel < 4 * 8 * 768) last = Math.floor(rel / (8 * 768));
    } else if (table === 4) {
      last = t.shift[Math.floor(idx / 256)]! >> 2;
    }
    return { first, last };
  };
}

/** SM4: one group; first side = round 1's M and Tb reads, last side = round 32's. */
export const sm4Grouping: Grouping = (table, idx) => {
  if (table === 1) return { first: idx < 4096 ? 0 : -1, last: idx >= 31 * 4096 && idx < 32 * 4096 ? 0 : -1 };
  if (table === 2) return { first: idx < 1024 ? 0 : -1, last: idx >= 31 * 1024 && idx < 32 * 1024 ? 0 : -1 };
  return { first: -1, last: -1 };
};
