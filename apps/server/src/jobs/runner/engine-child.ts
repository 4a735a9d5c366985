/**
 * Child-process entry: runs engines on tasks' inputs, one run at a time, and
 * reports progress and results over IPC. The process stays warm between runs
 * (the pool reuses it); a crash, hang or memory blow-up here ends only this
 * process, and the worker turns it into an EXCEPTION for the task it was running.
 */
import { loadEngines } from '@citadel/cli';
import { type Engine, EngineInputError } from '@citadel/engine-core';
import type { ChildMessage, ParentMessage, RunRequest } from './messages.ts';

const send = (m: ChildMessage) => new Promise<void>((resolve) => process.send!(m, undefined, {}, () => resolve()));

/**
 * Engines of the product, preceded by test-only engines named by the worker
 * (CITADEL_EXTRA_ENGINES, set only by the test suite), which take precedence.
 */
async function loadAll(): Promise<readonly Engine[]> {
  const extras: Engine[] = [];
  for (const file of (process.env.CITADEL_EXTRA_ENGINES ?? '').split(',').filter(Boolean)) {
    const mod = (await import(file)) as { engine?: Engine };
    if (mod.engine) extras.push(mod.engine);
  }
  const { registry } = await loadEngines();
  return [...extras, ...registry.list()];
}

const enginesReady = loadAll();
let current: AbortController | undefined;

process.on('message', (msg: ParentMessage) => {
  if (msg.type === 'abort') {
    current?.abort(new Error('cancelled'));
    return;
  }
  void run(msg);
});

async function run(req: RunRequest): Promise<void> {
  const ac = new AbortController();
  current = ac;
  try {
    const engine = (await enginesReady).find((e) => e.platforms.includes(req.platform));
    if (!engine) return await send({ type: 'error', message: `no engine assesses the platform ${req.platform} yet` });
    let last = 0;
    const assessment = await engine.run(req.input, { ...req.options, platform: req.platform }, {
      signal: ac.signal,
      onProgress: (p) => {
        // Throttled: a progress message at most every 200 ms, and always the last one.
        const now = Date.now();
        if (now - last < 200 && p.done < p.total) return;
        last = now;
        void send({ type: 'progress', done: p.done, total: p.total });
      },
    });
    await send({ type: 'result', assessment });
  } catch (err) {
    if (err instanceof EngineInputError) await send({ type: 'input_error', code: err.code, message: err.message });
    else await send({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  } finally {
    current = undefined;
  }
}
