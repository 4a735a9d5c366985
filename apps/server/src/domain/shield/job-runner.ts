/**
 * Runs one hardening job in a child process under a wall-clock limit, a V8
 * heap limit and a resident-memory watch (Chromium runs as the child's child
 * and is killed with it). The outcome is always a value: a crash, a hang or a
 * memory blow-up becomes a failed job, never an exception in the portal.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { residentMb } from '../../observability/process-memory.ts';
import { childEntry } from '../../ops/child-entry.ts';
import type { HardenResult, LocalizedText } from '@citadel/shield-core';
import type { JobMessage, JobRequest } from './job-child.ts';

// The child's entry: built JavaScript next to this code, or the TypeScript source through tsx.
const { file: CHILD, execArgv: LOADER } = childEntry(new URL('./job-child.ts', import.meta.url));

export type JobOutcome = { kind: 'done'; result: HardenResult } | { kind: 'failed'; text: LocalizedText; detail: string };

const L = (zh: string, en: string): LocalizedText => ({ 'zh-CN': zh, en });


export function runJob(req: Omit<JobRequest, 'kind'>, limits: { timeoutMs: number; memoryMb: number }, onStep: (step: string, progress: number) => void, signal?: AbortSignal): Promise<JobOutcome> {
  return new Promise((resolve) => {
    let proc: ChildProcess;
    try {
      // detached: the child leads its own process group, so Chromium dies with it
      proc = fork(CHILD, [], { execArgv: [...LOADER, `--max-old-space-size=${limits.memoryMb}`], stdio: ['ignore', 'ignore', 'pipe', 'ipc'], detached: true });
    } catch (err) {
      resolve({ kind: 'failed', text: L('加固进程无法启动', 'The hardening process could not start'), detail: (err as Error).message });
      return;
    }
    let stderr = '';
    let settled = false;
    proc.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
    const killGroup = () => {
      try {
        if (proc.pid) process.kill(-proc.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    };
    const finish = (o: JobOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      signal?.removeEventListener('abort', onAbort);
      killGroup();
      resolve(o);
    };
    const onAbort = () => finish({ kind: 'failed', text: L('任务已停止', 'The task was stopped'), detail: 'cancelled' });
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => finish({ kind: 'failed', text: L('任务超时，请联系后台', 'Task timeout, contact the backend'), detail: `over ${Math.round(limits.timeoutMs / 1000)} s` }), limits.timeoutMs);
    const watch = setInterval(() => {
      const rss = residentMb(proc.pid);
      if (rss !== undefined && rss > limits.memoryMb * 1.5 + 256) finish({ kind: 'failed', text: L('加固超出内存限制', 'Hardening exceeded the memory limit'), detail: `${Math.round(rss)} MB` });
    }, 500);
    proc.on('message', (m: JobMessage) => {
      if (m.kind === 'step') onStep(m.step, m.progress);
      else finish(m);
    });
    proc.on('error', (err) => finish({ kind: 'failed', text: L('加固进程出错', 'The hardening process failed'), detail: err.message }));
    proc.on('close', (code, sig) => {
      const oom = /heap out of memory|Reached heap limit/i.test(stderr);
      finish({ kind: 'failed', text: oom ? L('加固超出内存限制', 'Hardening exceeded the memory limit') : L('加固进程意外停止', 'The hardening process stopped unexpectedly'), detail: sig ?? `exit ${code}` });
    });
    proc.send({ kind: 'harden', ...req } satisfies JobRequest);
  });
}
