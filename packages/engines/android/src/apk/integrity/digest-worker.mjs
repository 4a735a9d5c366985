/**
 * Worker-thread entry of the digest pass (see digest-pass.mjs): runs the job
 * given as workerData and posts back the result or the error message.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runDigestPass } from './digest-pass.mjs';

try {
  parentPort.postMessage({ ok: true, result: await runDigestPass(workerData) });
} catch (err) {
  parentPort.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
}
