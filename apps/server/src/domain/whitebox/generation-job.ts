/**
 * Runs one generation in a child process under a wall-clock limit, a V8 heap
 * limit and a resident-memory watch (gcc and qemu run as the child's children).
 * The outcome is always a value: a crash, a hang or a memory blow-up becomes a
 * failed generation, never an exception in the portal.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { residentMb } from '../../observability/process-memory.ts';
import { childEntry } from '../../ops/child-entry.ts';
import type { GenerationMessage, GenerationRequest } from './generation-child.ts';

// The child's entry: built JavaScript next to this code, or the TypeScript source through tsx.
const { file: CHILD, execArgv: LOADER } = childEntry(new URL('./generation-child.ts', import.meta.url));

export type GenerationOutcome =
  | { kind: 'done'; ok: boolean; tableBytes: number; report: unknown; failed: string[] }
  | { kind: 'error'; message: string };


export function runGeneration(req: Omit<GenerationRequest, 'type'>, limits: { timeoutMs: number; memoryMb: number }, onStep: (step: string, progress: number) => void): Promise<GenerationOutcome> {
  return new Promise((resolve) => {
    let proc: ChildProcess;
    try {
      proc = fork(CHILD, [], { execArgv: [...LOADER, `--max-old-space-size=${limits.memoryMb}`], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    } catch (err) {
      resolve({ kind: 'error', message: `could not start the generator: ${(err as Error).message}` });
      return;
    }
    let stderr = '';
    let settled = false;
    proc.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
    const finish = (o: GenerationOutcome, keepChild = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      // a child that answered cleans its work folder and exits by itself; any other is killed
      if (!keepChild && proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      resolve(o);
    };
    const timer = setTimeout(() => finish({ kind: 'error', message: `generation timed out after ${Math.round(limits.timeoutMs / 1000)} s` }), limits.timeoutMs);
    const watch = setInterval(() => {
      const rss = residentMb(proc.pid);
      if (rss !== undefined && rss > limits.memoryMb * 1.5 + 256) finish({ kind: 'error', message: `generation exceeded the memory limit (${Math.round(rss)} MB)` });
    }, 500);
    proc.on('message', (m: GenerationMessage) => {
      if (m.type === 'step') onStep(m.step, m.progress);
      else if (m.type === 'done') finish({ kind: 'done', ok: m.ok, tableBytes: m.tableBytes, report: m.report, failed: m.failed }, true);
      else if (m.type === 'error') finish({ kind: 'error', message: m.message });
    });
    proc.on('error', (err) => finish({ kind: 'error', message: `generator failed: ${err.message}` }));
    proc.on('close', (code, signal) => {
      const oom = /heap out of memory|Reached heap limit/i.test(stderr);
      finish({ kind: 'error', message: oom ? `generation ran out of memory (limit ${limits.memoryMb} MB)` : `the generator stopped unexpectedly (${signal ?? `exit ${code}`})` });
    });
    proc.send({ type: 'generate', ...req } satisfies GenerationRequest);
  });
}
