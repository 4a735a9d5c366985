import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idleChildren, runEngine, shutdownEnginePool } from './run-engine.ts';

beforeAll(() => shutdownEnginePool());
afterAll(() => shutdownEnginePool());

const env = { CITADEL_EXTRA_ENGINES: fileURLToPath(new URL('./retaining-engine.fixture.ts', import.meta.url)) };
// A generous limit: the old rule (resident > half the limit) would keep a child holding 320 MiB.
const limits = { timeoutMs: 60_000, memoryMb: 2048 };
const run = async (params: { retainMb?: number; transientMb?: number }) => {
  const out = await runEngine({ platform: 'firmware', input: { files: [] }, options: { params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) } }, limits, { env });
  if (out.kind !== 'ok') throw new Error(`run failed: ${JSON.stringify(out)}`);
  return { pid: String(out.assessment.target.app_name), peakMb: (out.usage.peakRssBytes ?? 0) / 1048576 };
};
const pidOf = async (retainMb: number): Promise<string> => (await run({ retainMb })).pid;

describe('engine pool memory (issue 18 item 9)', () => {
  it('keeps a child that returned to its resting size and recycles one that stays grown after a task', async () => {
    const first = await pidOf(0);
    expect(await pidOf(0)).toBe(first);
    expect(idleChildren()).toBe(1);
    expect(await pidOf(320)).toBe(first);
    // That child now holds 320 MiB more than when it started: it is stopped, not kept for another task.
    expect(idleChildren()).toBe(0);
  });

  it('measures each run\'s peak resident memory, also in a child that served a bigger run before', async () => {
    const big = await run({ transientMb: 256 });
    expect(big.peakMb).toBeGreaterThan(256);
    // The 256 MiB were dropped, so the same child serves the next run; its peak is that run's own.
    const small = await run({});
    expect(small.pid).toBe(big.pid);
    expect(small.peakMb).toBeGreaterThan(10);
    expect(small.peakMb).toBeLessThan(big.peakMb - 200);
  });
});
