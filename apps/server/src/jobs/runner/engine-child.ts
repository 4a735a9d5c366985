/**
 * Child-process entry: runs one engine on one task's input and reports
 * progress and the result over IPC, then exits. A crash, hang or memory blow-up
 * here ends only this process; the worker turns it into an EXCEPTION.
 */
import { loadEngines } from '@citadel/cli';
import { type Engine, EngineInputError } from '@citadel/engine-core';
import type { ChildMessage, ParentMessage } from './messages.ts';

const send = (m: ChildMessage) => new Promise<void>((resolve) => process.send!(m, undefined, {}, () => resolve()));

/**
 * Engines of the product, preceded by test-only engines named by the worker
 * (CITADEL_EXTRA_ENGINES, set only by the test suite), which take precedence.
 */
async function engines(): Promise<readonly Engine[]> {
  const extras: Engine[] = [];
  for (const file of (process.env.CITADEL_EXTRA_ENGINES ?? '').split(',').filter(Boolean)) {
    const mod = (await import(file)) as { engine?: Engine };
    if (mod.engine) extras.push(mod.engine);
  }
  const { registry } = await loadEngines();
  return [...extras, ...registry.list()];
}

const abort = new AbortController();

process.on('message', (msg: ParentMessage) => {
  if (msg.type === 'abort') {
    abort.abort(new Error('cancelled'));
    return;
  }
  void run(msg).then(
    () => process.exit(0),
    () => process.exit(1),
  );
});

async function run(req: Extract<ParentMessage, { type: 'run' }>): Promise<void> {
  const all = await engines();
  const engine = all.find((e) => e.platforms.includes(req.platform));
  if (!engine) {
    await send({ type: 'error', message: `no engine assesses the platform ${req.platform} yet` });
    return;
  }
  let last = 0;
  try {
    const assessment = await engine.run(req.input, { ...req.options, platform: req.platform }, {
      signal: abort.signal,
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
  }
}
