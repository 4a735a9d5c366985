/**
 * Child process of one library generation (forked by generation-job.ts with a
 * heap limit and watched for time and resident memory). It receives the key over
 * IPC — never argv or the environment, which other users can read — generates
 * the tables and C sources, compiles and verifies them, runs the DCA
 * self-assessment and writes the package zip; the parent stores it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LibraryOptions, generateLibrary, packLibrary, runDca, verifyLibrary } from '@citadel/whitebox';

export interface GenerationRequest {
  type: 'generate';
  keyHex: string;
  options: LibraryOptions;
  seedHex?: string;
  outFile: string;
  dcaTraces: number;
}

export type GenerationMessage =
  | { type: 'step'; step: string; progress: number }
  | { type: 'done'; ok: boolean; tableBytes: number; report: unknown; failed: string[] }
  | { type: 'error'; message: string };

const send = (m: GenerationMessage) => process.send?.(m);

process.on('message', async (m: GenerationRequest) => {
  if (m?.type !== 'generate') return;
  const work = mkdtempSync(path.join(tmpdir(), 'citadel-wb-'));
  const key = Buffer.from(m.keyHex, 'hex');
  try {
    send({ type: 'step', step: 'tables', progress: 5 });
    const lib = generateLibrary(key, m.options, m.seedHex ? Buffer.from(m.seedHex, 'hex') : undefined);
    const steps: Record<string, number> = { build: 20, 'random vectors': 35, 'standard vectors': 45, 'cross builds': 60, 'key scan': 80, throughput: 85 };
    const v = await verifyLibrary(work, key, m.options, lib.files, { throughput: true, randomCount: 10, onStep: (s) => send({ type: 'step', step: s, progress: steps[s] ?? 50 }) });
    send({ type: 'step', step: 'dca', progress: 90 });
    const dca = v.ok ? runDca(lib, key, { traces: m.dcaTraces }) : undefined;
    if (v.ok) {
      const files = new Map([...lib.files, ...v.artifacts]);
      writeFileSync(m.outFile, packLibrary(m.options.logo, files));
    }
    send({
      type: 'done',
      ok: v.ok,
      tableBytes: lib.tableBytes,
      report: { checks: v.checks, throughput: v.throughput, dca, retries: lib.retries },
      failed: v.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`.slice(0, 300)),
    });
  } catch (err) {
    send({ type: 'error', message: (err as Error).message.slice(0, 500) });
  } finally {
    key.fill(0);
    rmSync(work, { recursive: true, force: true });
    process.disconnect?.();
  }
});
