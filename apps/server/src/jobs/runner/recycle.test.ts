import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idleChildren, runEngine, shutdownEnginePool } from './run-engine.ts';

beforeAll(() => shutdownEnginePool());
afterAll(() => shutdownEnginePool());

const env = { CITADEL_EXTRA_ENGINES: fileURLToPath(new URL('./retaining-engine.fixture.ts', import.meta.url)) };
// A generous limit: the old rule (resident > half the limit) would keep a child holding 320 MiB.
const limits = { timeoutMs: 60_000, memoryMb: 2048 };
const pidOf = async (retainMb: number): Promise<string> => {
  const out = await runEngine({ platform: 'firmware', input: { files: [] }, options: { params: { retainMb: String(retainMb) } } }, limits, { env });
  if (out.kind !== 'ok') throw new Error(`run failed: ${JSON.stringify(out)}`);
  return String(out.assessment.target.app_name);
};

describe('engine pool memory (issue 18 item 9)', () => {
  it('keeps a child that returned to its resting size and recycles one that stays grown after a task', async () => {
    const first = await pidOf(0);
    expect(await pidOf(0)).toBe(first);
    expect(idleChildren()).toBe(1);
    expect(await pidOf(320)).toBe(first);
    // That child now holds 320 MiB more than when it started: it is stopped, not kept for another task.
    expect(idleChildren()).toBe(0);
  });
});
