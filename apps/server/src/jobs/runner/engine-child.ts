/**
 * Child-process entry: runs engines on tasks' inputs, one run at a time, and
 * reports progress and results over IPC. The process stays warm between runs
 * (the pool reuses it); a crash, hang or memory blow-up here ends only this
 * process, and the worker turns it into an EXCEPTION for the task it was running.
 */
import { loadEnginesFor } from '@citadel/cli';
import { type Engine, EngineInputError } from '@citadel/engine-core';
import type { ChildMessage, ParentMessage, RunRequest } from './messages.ts';

const send = (m: ChildMessage) => new Promise<void>((resolve) => process.send!(m, undefined, {}, () => resolve()));

/** Test-only engines named by the worker (CITADEL_EXTRA_ENGINES, set only by the test suite). */
async function loadExtras(): Promise<readonly Engine[]> {
  const extras: Engine[] = [];
  for (const file of (process.env.CITADEL_EXTRA_ENGINES ?? '').split(',').filter(Boolean)) {
    const mod = (await import(file)) as { engine?: Engine };
    if (mod.engine) extras.push(mod.engine);
  }
  return extras;
}

const extrasReady = loadExtras();
const byPlatform = new Map<string, Promise<readonly Engine[]>>();

/**
 * The engines for a platform, the test-only ones first (they take precedence).
 * Only the package of the platform asked for is imported, on first use: importing
 * every engine costs seconds of start-up per child, and a child mostly serves one
 * platform. A warm child keeps what it has imported.
 */
function enginesFor(platform: string): Promise<readonly Engine[]> {
  let found = byPlatform.get(platform);
  if (!found) {
    found = (async () => {
      const extras = await extrasReady;
      if (extras.some((e) => e.platforms.includes(platform as Engine['platforms'][number]))) return extras;
      return [...extras, ...(await loadEnginesFor(platform)).registry.list()];
    })();
    void found.then(reportResting, () => undefined);
    byPlatform.set(platform, found);
  }
  return found;
}

/**
 * Tells the parent the child's resident size at rest, after a collection and
 * before the run that needed these engines starts: the pool recycles a child
 * that stays far above it after a task.
 */
function reportResting(): void {
  collectGarbage();
  void send({ type: 'ready', rssMb: process.memoryUsage.rss() / (1 << 20) });
}

/** Full collection (the pool forks with --expose-gc), so the parent measures what is really kept. */
function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

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
    const engine = (await enginesFor(req.platform)).find((e) => e.platforms.includes(req.platform));
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
    collectGarbage();
    await send({ type: 'result', assessment });
  } catch (err) {
    collectGarbage();
    if (err instanceof EngineInputError) await send({ type: 'input_error', code: err.code, message: err.message });
    else await send({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  } finally {
    current = undefined;
  }
}
