/**
 * Child process of the fuzz harness: builds each case from the sample and its
 * seed, runs the whole engine on it and reports how it ended. Runs in its own
 * process so a hang or a runaway allocation can be stopped from outside.
 *   node --import tsx fuzz-child.ts <sample path> <comma-separated seeds>
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EngineInputError } from '@citadel/engine-core';
import { engine } from '../engine.ts';
import { fuzzCase, loadFuzzSample } from './fuzz-cases.ts';

export type ChildMessage =
  | { type: 'start'; seed: number; what: string }
  | { type: 'done'; seed: number; outcome: 'assessment'; unreadable: number }
  | { type: 'done'; seed: number; outcome: 'input-error'; code: string }
  | { type: 'done'; seed: number; outcome: 'crash'; problem: string };

const send = (m: ChildMessage): Promise<void> => new Promise((resolve) => process.send!(m, () => resolve()));

/**
 * The harness's own test: CITADEL_FUZZ_SELFTEST=<hang|throw|exit>:<seed> makes that
 * case loop forever, throw a plain error or kill the process, so the test can
 * show that each is caught and reported.
 */
function selfTest(seed: number): void {
  const [mode, at] = (process.env.CITADEL_FUZZ_SELFTEST ?? '').split(':');
  if (Number(at) !== seed) return;
  if (mode === 'hang') for (;;);
  if (mode === 'throw') throw new TypeError('self-test: not an input error');
  if (mode === 'exit') process.exit(3);
}

async function main(): Promise<void> {
  const [samplePath, seedList] = process.argv.slice(2);
  const sample = await loadFuzzSample(samplePath!);
  const dir = mkdtempSync(join(tmpdir(), 'android-fuzz-'));
  const file = join(dir, sample.name);
  try {
    for (const seed of seedList!.split(',').map(Number)) {
      const c = fuzzCase(sample, seed);
      await send({ type: 'start', seed, what: c.what });
      writeFileSync(file, c.bytes);
      try {
        selfTest(seed);
        const a = await engine.run({ files: [{ path: file, name: sample.name }] }, {}, {});
        const wellFormed = Array.isArray(a.findings) && Array.isArray(a.unreadable) && typeof a.score?.score === 'number' && Number.isFinite(a.score.score);
        await send(wellFormed ? { type: 'done', seed, outcome: 'assessment', unreadable: a.unreadable.length } : { type: 'done', seed, outcome: 'crash', problem: 'malformed assessment' });
      } catch (e) {
        if (e instanceof EngineInputError) await send({ type: 'done', seed, outcome: 'input-error', code: e.code });
        else await send({ type: 'done', seed, outcome: 'crash', problem: e instanceof Error ? `${e.name}: ${e.message}\n${e.stack ?? ''}` : String(e) });
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.disconnect?.();
