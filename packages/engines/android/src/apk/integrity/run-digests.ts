/**
 * Runs a digest job (digest-pass.mjs) inline or on a worker thread. On a
 * large file the worker hashes while the main thread parses and walks the
 * DEX code, so file hashes, the v2/v3 content digest and the v1 entry
 * digests cost no wall time while a second core is free. Small inputs run
 * inline: a worker's start-up would cost more than it saves.
 */
import { Worker } from 'node:worker_threads';
import { type DigestJob, type DigestResult, runDigestPass } from './digest-pass.mjs';

export type { DigestEntryJob, DigestJob, DigestResult } from './digest-pass.mjs';

/** Path inputs at least this big are hashed on a worker thread. */
export const WORKER_MIN_BYTES = 24 << 20;

export interface DigestRunOptions {
  signal?: AbortSignal;
  /** Force (true) or forbid (false) the worker; by default by size (paths only). */
  worker?: boolean;
}

export function runDigests(job: DigestJob, opts: DigestRunOptions = {}): Promise<DigestResult> {
  opts.signal?.throwIfAborted();
  const useWorker = typeof job.source === 'string' && (opts.worker ?? job.size >= WORKER_MIN_BYTES);
  if (!useWorker) return runDigestPass(job, () => opts.signal?.aborted ?? false);
  return new Promise<DigestResult>((resolve, reject) => {
    // execArgv [] : the worker is plain JavaScript and needs no TypeScript loader.
    const worker = new Worker(new URL('./digest-worker.mjs', import.meta.url), { workerData: job, execArgv: [] });
    let settled = false;
    const done = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      opts.signal?.removeEventListener('abort', onAbort);
      fn();
      void worker.terminate();
    };
    const onAbort = (): void => done(() => reject(opts.signal!.reason));
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (m: { ok: true; result: DigestResult } | { ok: false; message: string }) => done(() => (m.ok ? resolve(m.result) : reject(new Error(`digest worker: ${m.message}`)))));
    worker.once('error', (err) => done(() => reject(err)));
    worker.once('exit', (code) => done(() => reject(new Error(`digest worker exited with code ${code}`))));
  });
}
