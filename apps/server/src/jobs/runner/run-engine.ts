/**
 * Runs an engine in a child process with a wall-clock limit and a memory limit
 * (V8 heap via --max-old-space-size, and resident memory watched from /proc, since
 * Buffers live outside the heap). Whatever the child does — crash, hang, exhaust
 * memory — the outcome is a value, never an exception in the worker.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Assessment, FailKind } from '@citadel/contracts';
import type { ChildMessage, RunRequest } from './messages.ts';

export interface RunLimits {
  timeoutMs: number;
  memoryMb: number;
}

export type RunOutcome =
  | { kind: 'ok'; assessment: Assessment }
  | { kind: 'failed'; failKind: FailKind; message: string }
  | { kind: 'aborted' };

const CHILD = fileURLToPath(new URL('./engine-child.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');
const RSS_POLL_MS = 250;

function rssMb(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

export function runEngine(req: Omit<RunRequest, 'type'>, limits: RunLimits, opts: { onProgress?: (done: number, total: number) => void; signal?: AbortSignal; env?: NodeJS.ProcessEnv } = {}): Promise<RunOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    let stderrTail = '';
    let child: ChildProcess;
    const timers: NodeJS.Timeout[] = [];
    const finish = (o: RunOutcome) => {
      if (settled) return;
      settled = true;
      timers.forEach(clearTimeout);
      timers.forEach(clearInterval);
      opts.signal?.removeEventListener('abort', onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      resolve(o);
    };
    const onAbort = () => finish({ kind: 'aborted' });

    child = fork(CHILD, [], {
      execArgv: ['--import', TSX, `--max-old-space-size=${limits.memoryMb}`],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: { ...process.env, ...opts.env },
      serialization: 'advanced',
    });
    child.stderr?.on('data', (d: Buffer) => {
      stderrTail = (stderrTail + d.toString('utf8')).slice(-4000);
    });
    child.on('message', (m: ChildMessage) => {
      if (m.type === 'progress') opts.onProgress?.(m.done, m.total);
      else if (m.type === 'result') finish({ kind: 'ok', assessment: m.assessment });
      else if (m.type === 'input_error') finish({ kind: 'failed', failKind: 'failed', message: m.message });
      else if (m.type === 'error') finish({ kind: 'failed', failKind: 'failed', message: `engine error: ${m.message}` });
    });
    // 'close', not 'exit': stderr is drained by then, so an out-of-memory message is not lost.
    child.on('close', (code, signal) => {
      if (settled) return;
      const oom = /heap out of memory|Reached heap limit|Allocation failed/i.test(stderrTail);
      finish({
        kind: 'failed',
        failKind: 'failed',
        message: oom ? `the engine ran out of memory (limit ${limits.memoryMb} MB)` : `the engine stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`})`,
      });
    });
    child.on('error', (err) => finish({ kind: 'failed', failKind: 'failed', message: `could not start the engine: ${err.message}` }));

    timers.push(setTimeout(() => finish({ kind: 'failed', failKind: 'timeout', message: `task timeout after ${Math.round(limits.timeoutMs / 1000)} s, contact the backend` }), limits.timeoutMs));
    timers.push(
      setInterval(() => {
        const rss = child.pid ? rssMb(child.pid) : undefined;
        // The heap flag bounds JS objects; this bounds everything else (Buffers, native memory).
        if (rss !== undefined && rss > limits.memoryMb * 1.5 + 256) finish({ kind: 'failed', failKind: 'failed', message: `the engine exceeded the memory limit (${Math.round(rss)} MB resident)` });
      }, RSS_POLL_MS),
    );
    if (opts.signal?.aborted) return onAbort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.send({ type: 'run', ...req } satisfies RunRequest);
  });
}
