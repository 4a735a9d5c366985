import { describe, expect, it } from 'vitest';
import { generateLibrary } from '../generate.ts';
import { runDca } from './assess.ts';
import { cpaScores, rankOf } from './cpa.ts';
import { SBOX } from '../aes/reference.ts';

describe('DCA self-assessment', () => {
  it('CPA finds a byte from a perfect leak and not from noise', () => {
    const n = 200;
    const inputs = Uint8Array.from({ length: n }, () => Math.floor(Math.random() * 256));
    const k = 0x3c;
    const leak = Uint8Array.from(inputs, (x) => SBOX[x ^ k]! & 1);
    const noise = Uint8Array.from({ length: n }, () => (Math.random() < 0.5 ? 1 : 0));
    expect(rankOf(cpaScores({ inputs, samples: [noise, leak], sbox: SBOX }, n), k)).toBe(0);
    expect(cpaScores({ inputs, samples: [noise], sbox: SBOX }, n)[k]).toBeLessThan(0.5);
  });

  it('plain tables fall at once; the white-box needs more traces (figures are reported, not assumed)', () => {
    // Fixed key, tables and plaintexts: with random ones the comparison at 25 traces is a statistical
    // statement that an unlucky draw breaks now and then (seen in CI); here it is the same every run.
    for (const algorithm of ['aes128', 'sm4'] as const) {
      const key = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
      const seed = Buffer.alloc(32, 7);
      const lib = generateLibrary(key, { algorithm, directions: ['enc'], modes: ['ecb'], padding: 'none', preference: 'security', logo: 'wbskDca', androidPackages: [], iosBundleIds: [] }, seed);
      const r = runDca(lib, key, { traces: 50, seed });
      const plain = r.plain.points[0]!;
      const wb = r.whitebox.points[0]!;
      expect(plain.traces).toBe(25);
      // with 25 traces the unencoded T-tables give away (nearly) every byte
      expect(plain.recovered).toBeGreaterThanOrEqual(plain.total - 1);
      expect(wb.recovered).toBeLessThan(plain.recovered);
      expect(r.whitebox.points.map((p) => p.traces)).toEqual([25, 50]);
    }
  }, 120_000);
});
