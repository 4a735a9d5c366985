import { describe, expect, it } from 'vitest';
import { generateLibrary } from '../generate.ts';
import type { LibraryOptions } from '../options.ts';
import { createHash } from 'node:crypto';
import type { AesTables } from '../aes/chow.ts';
import { aesBlockMasked } from '../aes/masked.ts';
import { aesTargets, attackAll, chanceBytes, dcaCheckpoints, runDca } from './assess.ts';
import { aesGrouping, collect } from './traces.ts';
import { attackScores, rankOf } from './cpa.ts';
import { SBOX } from '../aes/reference.ts';

const opts = (algorithm: LibraryOptions['algorithm']): LibraryOptions => ({ algorithm, directions: ['enc'], modes: ['ecb'], padding: 'none', preference: 'security', logo: 'wbskDca', androidPackages: [], iosBundleIds: [] });
const key = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
const seed = Buffer.alloc(32, 7);

describe('DCA distinguishers', () => {
  it('each finds a byte from its own leak and not from noise', () => {
    const n = 200;
    const inputs = Uint8Array.from({ length: n }, (_, i) => (i * 97 + (i >> 3)) & 255);
    const k = 0x3c;
    const bit = Uint8Array.from(inputs, (x) => SBOX[x ^ k]! & 1);
    const noise = Uint8Array.from({ length: n }, (_, i) => ((i * 2654435761) >>> 13) & 1);
    const s = attackScores({ inputs, samples: [noise, bit], sbox: SBOX }, n);
    expect(rankOf(s.dpa, k)).toBe(0);
    expect(rankOf(s.bit, k)).toBe(0);
    // a sample that is high exactly when the S-box output has a high Hamming weight
    const hwHigh = Uint8Array.from(inputs, (x) => (SBOX[x ^ k]!.toString(2).split('1').length - 1 >= 5 ? 1 : 0));
    expect(rankOf(attackScores({ inputs, samples: [noise, hwHigh], sbox: SBOX }, n).hw, k)).toBe(0);
    expect(attackScores({ inputs, samples: [noise], sbox: SBOX }, n).bit[k]).toBeLessThan(0.5);
  });

  it('chance threshold and checkpoints', () => {
    expect(chanceBytes(16)).toBe(2);
    expect(chanceBytes(4)).toBe(1);
    expect(dcaCheckpoints(1000)).toEqual([25, 50, 100, 200, 400, 1000]);
    expect(dcaCheckpoints(200)).toEqual([25, 50, 100, 200]);
  });
});

// Fixed key, tables, plaintexts and masks: the figures are the same every run (random ones
// make a statement at 25–50 traces that an unlucky draw breaks now and then).
describe('DCA self-assessment', () => {
  it('AES: plain tables fall at 25 traces, the masked Chow tables stay at chance — and leak once the masks are forced to zero', () => {
    const masked = generateLibrary(key, opts('aes128'), seed);
    const r = runDca(masked, key, { traces: 25, seed });
    expect(r.masked).toBe(true);
    expect(r.attacks.map((a) => `${a.side}/${a.distinguisher}`)).toEqual(['first/dpa', 'first/bit', 'first/hw', 'last/dpa', 'last/bit', 'last/hw']);
    for (const a of r.attacks.filter((x) => x.distinguisher !== 'hw')) expect(a.plain[0]!.recovered).toBeGreaterThanOrEqual(15);
    for (const a of r.attacks) for (const p of a.whitebox) expect(p.recovered).toBeLessThanOrEqual(r.chanceBytes);
    expect(r.resistedUpTo).toBe(25);
    expect(r.resisted).toBe(true);
    // a hooked random source: the same library, every mask zero, is the unmasked one (first round, 50 traces)
    const t = (masked.tables as { enc: AesTables }).enc;
    const inputs = Array.from({ length: 50 }, (_, i) => createHash('sha256').update(`p${i}`).digest().subarray(0, 16));
    const set = collect((x, sink) => aesBlockMasked(t, x, { u32: () => 0 }, sink), 4, aesGrouping(t), inputs);
    const { first } = aesTargets(t, set, 'enc', key);
    const hooked = attackAll({ first: first.map((b) => ({ ...b, sbox: SBOX })) }, [50]).attacks.find((a) => a.distinguisher === 'dpa')!;
    expect(hooked.points[0]!.recovered).toBeGreaterThan(r.chanceBytes);
  }, 60_000);

  it('SM4: the unmasked Xiao–Lai tables fall from 25 traces, the masked ones stay at chance', () => {
    const old = runDca(generateLibrary(key, opts('sm4'), seed, { masked: false }), key, { traces: 50, seed });
    expect(old.resistedUpTo).toBe(0);
    expect(old.plain.points[0]!.recovered).toBe(4);
    const hardened = runDca(generateLibrary(key, opts('sm4'), seed), key, { traces: 50, seed });
    expect(hardened.masked).toBe(true);
    expect(hardened.resisted).toBe(true);
    expect(hardened.whitebox.points.every((p) => p.recovered <= 1)).toBe(true);
  }, 60_000);
});
