/**
 * Runs fuzz cases of a sample through the whole engine in a child process with
 * a per-case time limit: a case that outlives it is a hang (the child is killed
 * and a new one continues with the next seed); a child that dies mid-case is a
 * crash of that case. Every other ending is tallied.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChildMessage } from './fuzz-child.ts';

export interface FuzzFailure {
  seed: number;
  what: string;
  problem: string;
}

export interface FuzzReport {
  sample: string;
  cases: number;
  assessments: number;
  /** Assessments that list something they could not read. */
  partial: number;
  inputErrors: Record<string, number>;
  failures: FuzzFailure[];
}

export interface FuzzOptions {
  /** Per-case wall-clock limit; generous, as other processes share the machine. */
  timeoutMs?: number;
  /** V8 heap limit of the child: a runaway allocation ends as a crash, not a swapping machine. */
  heapMb?: number;
  /** Extra environment of the child (the harness's self-test). */
  env?: Record<string, string>;
}

const CHILD = fileURLToPath(new URL('./fuzz-child.ts', import.meta.url));

export async function runFuzz(samplePath: string, seeds: number[], opts: FuzzOptions = {}): Promise<FuzzReport> {
  const report: FuzzReport = { sample: samplePath, cases: 0, assessments: 0, partial: 0, inputErrors: {}, failures: [] };
  let pending = [...seeds];
  while (pending.length > 0) {
    const done = await runChild(samplePath, pending, report, opts);
    pending = pending.slice(done);
  }
  return report;
}

/** Runs seeds until the list ends or a case hangs or kills the child; returns how many seeds were consumed. */
function runChild(samplePath: string, seeds: number[], report: FuzzReport, opts: FuzzOptions): Promise<number> {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  return new Promise((resolve) => {
    const child: ChildProcess = fork(CHILD, [samplePath, seeds.join(',')], {
      execArgv: ['--import', 'tsx', `--max-old-space-size=${opts.heapMb ?? 1024}`],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: { ...process.env, ...opts.env },
    });
    let consumed = 0;
    let current: { seed: number; what: string } | undefined;
    let timer: NodeJS.Timeout | undefined;
    let stderr = '';
    let settled = false;
    child.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString('utf8')).slice(-4000);
    });
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(consumed);
    };
    child.on('message', (m: ChildMessage) => {
      if (m.type === 'start') {
        current = { seed: m.seed, what: m.what };
        clearTimeout(timer);
        timer = setTimeout(() => {
          report.cases++;
          report.failures.push({ ...current!, problem: `no result within ${timeoutMs} ms (hang)` });
          consumed++;
          current = undefined;
          child.kill('SIGKILL');
        }, timeoutMs);
        return;
      }
      clearTimeout(timer);
      report.cases++;
      consumed++;
      if (m.outcome === 'assessment') {
        report.assessments++;
        if (m.unreadable > 0) report.partial++;
      } else if (m.outcome === 'input-error') report.inputErrors[m.code] = (report.inputErrors[m.code] ?? 0) + 1;
      else report.failures.push({ seed: m.seed, what: current?.what ?? '', problem: m.problem });
      current = undefined;
    });
    child.on('exit', (code, signal) => {
      if (current) {
        // Died inside a case: that case crashed the engine's process.
        report.cases++;
        report.failures.push({ ...current, problem: `child exited (${signal ?? code}) mid-case: ${stderr.slice(-1000)}` });
        consumed++;
      } else if (consumed === 0 && code !== 0) {
        // Died before any case (cannot load the sample): stop rather than loop.
        report.failures.push({ seed: seeds[0]!, what: 'start-up', problem: `child exited (${signal ?? code}): ${stderr.slice(-1000)}` });
        consumed = seeds.length;
      }
      finish();
    });
  });
}
