import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { afterAll } from 'vitest';
import { runEngine, shutdownEnginePool } from './run-engine.ts';

afterAll(() => shutdownEnginePool());

const env = { CITADEL_EXTRA_ENGINES: fileURLToPath(new URL('../test-engine/index.ts', import.meta.url)) };
const req = (behaviour: string, sleepMs = 20) => ({ platform: 'firmware' as const, input: { files: [], url: 'http://127.0.0.1/' }, options: { params: { behaviour, sleepMs: String(sleepMs) } } });

describe('engine child process', () => {
  it('runs an engine, streams progress and returns its assessment', async () => {
    const progress: number[] = [];
    const out = await runEngine(req('ok'), { timeoutMs: 30_000, memoryMb: 256 }, { env, onProgress: (done) => progress.push(done) });
    expect(out.kind).toBe('ok');
    if (out.kind !== 'ok') return;
    expect(out.assessment.findings.find((f) => f.ruleId === 'test.sleeper.item1')?.result).toBe('fail');
    expect(progress.at(-1)).toBe(5);
  });

  it('turns a crash, a hang, memory exhaustion and a refused input into failure values', async () => {
    // Side by side, each in its own child: every failed run replaces its child, so one after
    // the other would wait for four child start-ups in a row.
    const [crash, hang, oom, refused] = await Promise.all([
      runEngine(req('crash'), { timeoutMs: 30_000, memoryMb: 256 }, { env }),
      runEngine(req('hang'), { timeoutMs: 1500, memoryMb: 256 }, { env }),
      runEngine(req('oom'), { timeoutMs: 30_000, memoryMb: 200 }, { env }),
      runEngine(req('refuse'), { timeoutMs: 30_000, memoryMb: 256 }, { env }),
    ]);
    expect(crash).toMatchObject({ kind: 'failed', failKind: 'failed', message: expect.stringContaining('exit code 70') });
    expect(hang).toMatchObject({ kind: 'failed', failKind: 'timeout' });
    expect(oom).toMatchObject({ kind: 'failed', failKind: 'failed', message: expect.stringMatching(/memory/) });
    expect(refused).toMatchObject({ kind: 'failed', message: 'the test engine refuses this input' });
  });

  it('reuses a warm child for the next run, and replaces a child that failed', async () => {
    const first = await runEngine(req('ok', 0), { timeoutMs: 30_000, memoryMb: 256 }, { env });
    const second = await runEngine(req('ok', 0), { timeoutMs: 30_000, memoryMb: 256 }, { env });
    expect([first.kind, second.kind]).toEqual(['ok', 'ok']);
    const crash = await runEngine(req('crash', 0), { timeoutMs: 30_000, memoryMb: 256 }, { env });
    expect(crash.kind).toBe('failed');
    expect((await runEngine(req('ok', 0), { timeoutMs: 30_000, memoryMb: 256 }, { env })).kind).toBe('ok');
  });

  it('stops the child when aborted', async () => {
    const ac = new AbortController();
    const running = runEngine(req('ok', 2000), { timeoutMs: 30_000, memoryMb: 256 }, { env, signal: ac.signal });
    setTimeout(() => ac.abort(), 300);
    expect(await running).toMatchObject({ kind: 'aborted' });
  });
});
