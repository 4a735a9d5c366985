/**
 * Runs one carve (or text diff) in a child process under a time limit, a V8
 * heap limit and a resident-memory watch (decompressed buffers live outside the
 * heap), as report rendering and white-box generation do; whatever the child
 * does (crash, hang, out of memory), the outcome is a value. At most MAX_CHILDREN run at once: further
 * requests wait their turn instead of forking more unpackers.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { childEntry } from '../../ops/child-entry.ts';
import type { CarveMessage, CarveRequest, CarveWant } from './carve-child.ts';

// The child's entry: built JavaScript next to this code, or the TypeScript source through tsx.
const { file: CHILD, execArgv: LOADER } = childEntry(new URL('./carve-child.ts', import.meta.url));

export type CarveOutcome = Exclude<CarveMessage, { type: 'failed' } | { type: 'early' }> | { type: 'failed'; message: string };
/** The child's first answer (the wanted files), before it goes on to the rest of the tree. */
export type EarlyAnswer = Extract<CarveMessage, { type: 'early' }>;

export interface CarveLimits {
  timeoutMs: number;
  memoryMb: number;
}

const MAX_CHILDREN = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_CHILDREN) await new Promise<void>((r) => waiting.push(r));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/**
 * `onEarly` gets each of the child's early answers (the wanted files first, then files asked for
 * through `onStart`'s `want` while it reads the rest); the outcome is its last message (the child
 * stays under the limits until then).
 */
export async function carveInChild(req: CarveRequest, limits: CarveLimits, onEarly?: (m: EarlyAnswer) => void, onStart?: (want: (paths: string[]) => void) => void): Promise<CarveOutcome> {
  const release = await slot();
  try {
    return await runOnce(req, limits, onEarly, onStart);
  } finally {
    release();
  }
}

function rssMb(pid: number | undefined): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

function runOnce(req: CarveRequest, limits: CarveLimits, onEarly?: (m: EarlyAnswer) => void, onStart?: (want: (paths: string[]) => void) => void): Promise<CarveOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    let stderrTail = '';
    let child: ChildProcess | undefined;
    const finish = (o: CarveOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      resolve(o);
    };
    const timer = setTimeout(() => finish({ type: 'failed', message: `unpacking timed out after ${Math.round(limits.timeoutMs / 1000)} s` }), limits.timeoutMs);
    const watch = setInterval(() => {
      const rss = rssMb(child?.pid);
      if (rss !== undefined && rss > limits.memoryMb * 1.5 + 256) finish({ type: 'failed', message: `unpacking exceeded the memory limit (${Math.round(rss)} MB)` });
    }, 500);
    try {
      child = fork(CHILD, [], { execArgv: [...LOADER, `--max-old-space-size=${limits.memoryMb}`], stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced' });
    } catch (err) {
      finish({ type: 'failed', message: `could not start the unpacker: ${(err as Error).message}` });
      return;
    }
    child.stderr?.on('data', (d: Buffer) => {
      stderrTail = (stderrTail + d.toString('utf8')).slice(-2000);
    });
    child.on('message', (m: CarveMessage) => (m.type === 'early' ? onEarly?.(m) : finish(m)));
    child.on('error', (err) => finish({ type: 'failed', message: err.message }));
    child.on('exit', (code, signal) => {
      const oom = /heap out of memory|Allocation failed|Reached heap limit/i.test(stderrTail);
      finish({ type: 'failed', message: oom ? `unpacking ran out of memory (${limits.memoryMb} MB)` : `the unpacker stopped (exit ${code ?? signal})` });
    });
    child.send(req);
    const c = child;
    onStart?.((paths) => {
      if (settled || !c.connected) return;
      // A send to a child that is ending fails quietly: its last answer (or failure) settles the asker.
      c.send({ type: 'want', paths } satisfies CarveWant, (err: Error | null) => void err);
    });
  });
}
