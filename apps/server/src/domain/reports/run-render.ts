/**
 * Renders a report in a child process under a time and heap limit; whatever
 * the child does (crash, hang, out of memory), the outcome is a value.
 */
import { type ChildProcess, fork } from 'node:child_process';
import type { ChildRun } from '../../observability/child-runs.ts';
import { peakResidentBytes } from '../../observability/process-memory.ts';
import { childEntry } from '../../ops/child-entry.ts';
import type { RenderMessage, RenderRequest } from './render-child.ts';

// The child's entry: built JavaScript next to this code, or the TypeScript source through tsx.
const { file: CHILD, execArgv: LOADER } = childEntry(new URL('./render-child.ts', import.meta.url));

export type RenderOutcome = { kind: 'ok'; bytes: Uint8Array } | { kind: 'failed'; message: string; font?: boolean } | { kind: 'aborted' };

export interface RenderLimits {
  timeoutMs: number;
  memoryMb: number;
}

export interface RenderOptions {
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** Told how each rendering went (time, the child's peak memory), for the metrics. */
  onRun?: (run: Omit<ChildRun, 'kind' | 'label'>) => void;
}

export function renderInChild(req: RenderRequest, limits: RenderLimits, opts: RenderOptions = {}): Promise<RenderOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    let stderrTail = '';
    let child: ChildProcess | undefined;
    const started = performance.now();
    const finish = (o: RenderOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      // A fresh child per rendering: its high-water mark is this rendering's peak (read before it is killed).
      const peak = peakResidentBytes(child?.pid);
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      opts.onRun?.({ outcome: o.kind, seconds: (performance.now() - started) / 1000, ...(peak !== undefined ? { peakRssBytes: peak } : {}) });
      resolve(o);
    };
    const onAbort = () => finish({ kind: 'aborted' });
    const timer = setTimeout(() => finish({ kind: 'failed', message: `report generation timeout after ${Math.round(limits.timeoutMs / 1000)} s` }), limits.timeoutMs);
    if (opts.signal?.aborted) return onAbort();
    opts.signal?.addEventListener('abort', onAbort);
    child = fork(CHILD, [], { execArgv: [...LOADER, `--max-old-space-size=${limits.memoryMb}`], stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced' });
    child.stderr?.on('data', (d: Buffer) => {
      stderrTail = (stderrTail + d.toString('utf8')).slice(-2000);
    });
    child.on('message', (m: RenderMessage) => {
      if (m.type === 'progress') opts.onProgress?.(m.done, m.total);
      else if (m.type === 'ok') finish({ kind: 'ok', bytes: new Uint8Array(m.bytes) });
      else finish({ kind: 'failed', message: m.message, ...(m.font ? { font: true } : {}) });
    });
    child.on('error', (err) => finish({ kind: 'failed', message: err.message }));
    child.on('exit', (code, signal) => {
      const oom = /heap out of memory|Allocation failed/i.test(stderrTail);
      finish({ kind: 'failed', message: oom ? `report generation ran out of memory (${limits.memoryMb} MB)` : `report generation stopped (exit ${code ?? signal}) ${stderrTail.split('\n').filter(Boolean).slice(-2).join(' ')}`.trim() });
    });
    child.send(req);
  });
}
