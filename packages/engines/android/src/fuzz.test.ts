/**
 * Fuzz of the WHOLE engine on mutated real samples (issue 5 "Hostile input"):
 * entry mutations (manifest, DEX, resource table, native libraries) re-zipped,
 * truncations, central-directory damage and raw byte flips. Every case must end
 * in an Assessment (possibly listing what it could not read) or an
 * EngineInputError — never another exception, never a hang (per-case limit,
 * enforced from outside the engine's process). Seeded and deterministic;
 * `npm run bench -- fuzz` runs many more cases.
 */
import { describe, expect, it } from 'vitest';
import { corpusApk, corpusAvailable } from './formats/testing/corpus.ts';
import { runFuzz } from './testing/fuzz-harness.ts';

const seeds = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('fuzzing the whole engine with mutated corpus packages', () => {
  it.skipIf(!corpusAvailable('uncrackable-level1.apk'))('UnCrackable Level 1: 240 cases', { timeout: 600_000 }, async () => {
    const r = await runFuzz(corpusApk('uncrackable-level1.apk'), seeds(1, 240));
    expect(r.failures).toEqual([]);
    expect(r.cases).toBe(240);
    // The mix really exercises both endings and partial results.
    expect(r.assessments).toBeGreaterThan(30);
    expect(Object.values(r.inputErrors).reduce((a, b) => a + b, 0)).toBeGreaterThan(10);
    expect(r.partial).toBeGreaterThan(0);
  });

  it.skipIf(!corpusAvailable('diva.apk'))('DIVA: 40 cases', { timeout: 600_000 }, async () => {
    const r = await runFuzz(corpusApk('diva.apk'), seeds(10_001, 40));
    expect(r.failures).toEqual([]);
    expect(r.cases).toBe(40);
    expect(r.assessments).toBeGreaterThan(5);
  });

  it.skipIf(!corpusAvailable('uncrackable-level1.apk'))('the harness reports a hang, a plain exception and a dead process, and goes on with the next case', { timeout: 120_000 }, async () => {
    for (const [mode, problem] of [['hang', /hang/], ['throw', /TypeError: self-test/], ['exit', /exited \(3\)/]] as const) {
      const r = await runFuzz(corpusApk('uncrackable-level1.apk'), [1, 2, 3], { timeoutMs: 3000, env: { CITADEL_FUZZ_SELFTEST: `${mode}:2` } });
      expect(r.cases, mode).toBe(3);
      expect(r.failures.map((f) => f.seed), mode).toEqual([2]);
      expect(r.failures[0]!.problem, mode).toMatch(problem);
    }
  });
});
