/**
 * Runs engines in child processes with a wall-clock limit and a memory limit
 * (V8 heap via --max-old-space-size, and resident memory watched from /proc,
 * since Buffers live outside the heap). Whatever the child does — crash, hang,
 * exhaust memory — the outcome is a value, never an exception in the worker.
 *
 * Children are kept warm in a pool: starting Node with the TypeScript loader
 * costs a few hundred milliseconds, more than most engine runs. A child serves
 * many runs; it is replaced after a crash, a timeout, an abort, MAX_RUNS runs,
 * or when its resident memory after a run (the child collects its garbage
 * first) has grown past half the limit or more than RECYCLE_GROWTH_MB above
 * what it held when it became ready, so one task's leftovers cannot
 * accumulate nor sit in an idle child (issue 18: an idle child kept 930 MB).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { peakResidentBytes, residentMb, resetPeakResident } from '../../observability/process-memory.ts';
import { childEntry } from '../../ops/child-entry.ts';
import type { Assessment, FailKind } from '@citadel/contracts';
import type { ChildMessage, RunRequest } from './messages.ts';

export interface RunLimits {
  timeoutMs: number;
  memoryMb: number;
}

/** What one run cost: wall-clock seconds and the child's peak resident memory during the run (for the metrics). */
export interface RunUsage {
  seconds: number;
  peakRssBytes?: number;
}

/** How a run ended. */
type RunEnd = { kind: 'ok'; assessment: Assessment } | { kind: 'failed'; failKind: FailKind; message: string } | { kind: 'aborted' };

export type RunOutcome = RunEnd & { usage: RunUsage };

// The child's entry: built JavaScript next to this code, or the TypeScript source through tsx.
const { file: CHILD, execArgv: LOADER } = childEntry(new URL('./engine-child.ts', import.meta.url));
const RSS_POLL_MS = 250;
const MAX_RUNS = 100;
const MAX_IDLE = 8;
/** Growth over the ready child's resident size after which it is not reused. */
const RECYCLE_GROWTH_MB = 256;


interface PooledChild {
  proc: ChildProcess;
  runs: number;
  stderrTail: string;
  key: string;
  /** Resident MB once the engines were loaded (the child's resting size). */
  readyRssMb?: number;
}

/** Idle warm children, keyed by what they were started with (memory limit, environment). */
const idle = new Map<string, PooledChild[]>();

function spawnChild(memoryMb: number, env: NodeJS.ProcessEnv | undefined, key: string): PooledChild {
  const proc = fork(CHILD, [], {
    // --expose-gc: the child collects before it reports, so the size measured then is what it keeps.
    execArgv: [...LOADER, `--max-old-space-size=${memoryMb}`, '--expose-gc'],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    env: { ...process.env, ...env },
    serialization: 'advanced',
  });
  const child: PooledChild = { proc, runs: 0, stderrTail: '', key };
  proc.on('message', (m: ChildMessage) => {
    if (m.type === 'ready') child.readyRssMb = m.rssMb;
  });
  proc.stderr?.on('data', (d: Buffer) => {
    child.stderrTail = (child.stderrTail + d.toString('utf8')).slice(-4000);
  });
  // An idle child that dies (killed by the OS, say) simply leaves the pool.
  proc.once('close', () => {
    const list = idle.get(key);
    if (list) idle.set(key, list.filter((c) => c !== child));
  });
  return child;
}

function take(limits: RunLimits, env: NodeJS.ProcessEnv | undefined): PooledChild {
  const key = `${limits.memoryMb}|${JSON.stringify(env ?? {})}`;
  const list = idle.get(key) ?? [];
  let child: PooledChild | undefined;
  while ((child = list.pop())) if (child.proc.exitCode === null && child.proc.signalCode === null && child.proc.connected) return child;
  return spawnChild(limits.memoryMb, env, key);
}

/** True when the child holds too much memory after its run to be kept warm. */
export function grownTooMuch(rss: number | undefined, readyRss: number | undefined, memoryMb: number): boolean {
  if (rss === undefined) return false;
  return rss > memoryMb / 2 || (readyRss !== undefined && rss - readyRss > RECYCLE_GROWTH_MB);
}

function giveBack(child: PooledChild, limits: RunLimits): void {
  const rss = residentMb(child.proc.pid);
  const list = idle.get(child.key) ?? [];
  if (child.runs >= MAX_RUNS || grownTooMuch(rss, child.readyRssMb, limits.memoryMb) || list.length >= MAX_IDLE || !child.proc.connected) {
    child.proc.kill('SIGKILL');
    return;
  }
  child.stderrTail = '';
  list.push(child);
  idle.set(child.key, list);
}

/** How many warm children wait for a run (for tests and metrics). */
export function idleChildren(): number {
  let n = 0;
  for (const list of idle.values()) n += list.length;
  return n;
}

/** Stops every idle child (at shutdown; running ones end with their runs). */
export function shutdownEnginePool(): void {
  for (const list of idle.values()) for (const c of list) c.proc.kill('SIGKILL');
  idle.clear();
}

export function runEngine(req: Omit<RunRequest, 'type'>, limits: RunLimits, opts: { onProgress?: (done: number, total: number) => void; signal?: AbortSignal; env?: NodeJS.ProcessEnv } = {}): Promise<RunOutcome> {
  return new Promise((resolve) => {
    const child = take(limits, opts.env);
    const { proc } = child;
    const started = performance.now();
    // The pooled child's high-water mark is reset so that the peak is this run's; if the kernel refuses, the polled maximum stands in.
    const peakIsExact = resetPeakResident(proc.pid);
    let polledPeakMb = 0;
    let settled = false;
    const timers: NodeJS.Timeout[] = [];
    const cleanup = () => {
      timers.forEach(clearTimeout);
      timers.forEach(clearInterval);
      opts.signal?.removeEventListener('abort', onAbort);
      proc.off('message', onMessage);
      proc.off('close', onClose);
      proc.off('error', onError);
    };
    /** A run that ends normally returns its child to the pool; anything else kills the child. */
    const finish = (o: RunEnd, keepChild: boolean) => {
      if (settled) return;
      settled = true;
      cleanup();
      const peak = (peakIsExact ? peakResidentBytes(proc.pid) : undefined) ?? (polledPeakMb > 0 ? polledPeakMb * 1048576 : undefined);
      const usage: RunUsage = { seconds: (performance.now() - started) / 1000, ...(peak !== undefined ? { peakRssBytes: peak } : {}) };
      if (keepChild) giveBack(child, limits);
      else if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      resolve({ ...o, usage });
    };
    const onAbort = () => finish({ kind: 'aborted' }, false);
    const onMessage = (m: ChildMessage) => {
      if (m.type === 'ready') return;
      if (m.type === 'progress') opts.onProgress?.(m.done, m.total);
      else if (m.type === 'result') finish({ kind: 'ok', assessment: m.assessment }, true);
      else if (m.type === 'input_error') finish({ kind: 'failed', failKind: 'failed', message: m.message }, true);
      else if (m.type === 'error') finish({ kind: 'failed', failKind: 'failed', message: `engine error: ${m.message}` }, true);
    };
    // 'close', not 'exit': stderr is drained by then, so an out-of-memory message is not lost.
    const onClose = (code: number | null, signal: NodeJS.Signals | null) => {
      const oom = /heap out of memory|Reached heap limit|Allocation failed/i.test(child.stderrTail);
      finish(
        {
          kind: 'failed',
          failKind: 'failed',
          message: oom ? `the engine ran out of memory (limit ${limits.memoryMb} MB)` : `the engine stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`})`,
        },
        false,
      );
    };
    const onError = (err: Error) => finish({ kind: 'failed', failKind: 'failed', message: `could not start the engine: ${err.message}` }, false);
    proc.on('message', onMessage);
    proc.on('close', onClose);
    proc.on('error', onError);

    timers.push(setTimeout(() => finish({ kind: 'failed', failKind: 'timeout', message: `task timeout after ${Math.round(limits.timeoutMs / 1000)} s, contact the backend` }, false), limits.timeoutMs));
    timers.push(
      setInterval(() => {
        const rss = residentMb(proc.pid);
        if (rss !== undefined && rss > polledPeakMb) polledPeakMb = rss;
        // The heap flag bounds JS objects; this bounds everything else (Buffers, native memory).
        if (rss !== undefined && rss > limits.memoryMb * 1.5 + 256) finish({ kind: 'failed', failKind: 'failed', message: `the engine exceeded the memory limit (${Math.round(rss)} MB resident)` }, false);
      }, RSS_POLL_MS),
    );
    if (opts.signal?.aborted) return onAbort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.runs++;
    proc.send({ type: 'run', ...req } satisfies RunRequest);
  });
}
