/**
 * The task worker: claims queued tasks, fetches their input, runs the engine in
 * a child process under time and memory limits, and records the outcome with
 * compare-and-set transitions (a cancel that wins the race is never
 * overwritten). Leases are renewed while a task runs; a task whose worker died
 * goes back to the queue when its lease expires, at most MAX_ATTEMPTS times.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { type Assessment, type TaskStatus, scoreBand } from '@citadel/contracts';
import type { TaskRecord, TaskRepository } from '../domain/tasks/task-repository.ts';
import type { TaskEvents } from './task-events.ts';
import type { TaskInputResolver } from './task-input.ts';
import { type RunLimits, runEngine } from './runner/run-engine.ts';

export const MAX_ATTEMPTS = 3;

export interface WorkerOptions extends RunLimits {
  concurrency: number;
  leaseMs: number;
  pollMs: number;
  /** Extra environment for engine children (tests name their test engine here). */
  childEnv?: NodeJS.ProcessEnv;
}

export class TaskWorker {
  readonly owner = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly running = new Map<number, AbortController>();
  private stopped = true;
  private wake?: () => void;
  private loopDone?: Promise<void>;
  private sweepTimer?: NodeJS.Timeout;

  constructor(
    private readonly repo: TaskRepository,
    private readonly inputs: TaskInputResolver,
    private readonly events: TaskEvents,
    private readonly opts: WorkerOptions,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.sweepTimer = setInterval(() => void this.sweep(), Math.max(1000, this.opts.leaseMs / 2));
    this.loopDone = this.sweep().then(() => this.loop());
  }

  /** Called after a task is queued in this process, so it starts without waiting for the next poll. */
  notify(): void {
    this.wake?.();
  }

  /** Stops claiming, aborts what runs (those tasks return to the queue when their lease runs out), waits for the loop. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweepTimer);
    for (const ac of this.running.values()) ac.abort();
    this.wake?.();
    await this.loopDone;
    while (this.running.size > 0) await new Promise((r) => setTimeout(r, 20));
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      if (this.running.size < this.opts.concurrency) {
        const task = await this.repo.claimNext(this.owner, this.opts.leaseMs).catch(() => undefined);
        if (task) {
          this.events.changed(task);
          void this.execute(task);
          continue;
        }
      }
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, this.opts.pollMs);
        this.wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
    }
  }

  /** Returns tasks of dead workers to the queue. */
  private async sweep(): Promise<void> {
    const expired = await this.repo.expiredLeases().catch(() => []);
    for (const t of expired) this.events.changed(await this.repo.transition(t.id, t.status as TaskStatus, 'QUEUEING'));
    if (expired.length) this.notify();
  }

  private async execute(task: TaskRecord): Promise<void> {
    const ac = new AbortController();
    this.running.set(task.id, ac);
    let status: TaskStatus = 'DOWNLOADING';
    const fail = async (failKind: 'failed' | 'timeout', message: string) => {
      this.events.changed(await this.repo.transition(task.id, status, 'EXCEPTION', { fail_kind: failKind, fail_msg: message.slice(0, 2000), finished_at: Date.now(), lease_owner: null, lease_expires_at: null }, this.owner));
    };
    // Renew the lease; notice a cancel (the row left our state) and stop the engine.
    const heartbeat = setInterval(async () => {
      const row = await this.repo.heartbeat(task.id, this.owner, this.opts.leaseMs).catch(() => undefined);
      if (!row || row.status !== status) ac.abort();
    }, Math.max(200, this.opts.leaseMs / 3));
    try {
      if (task.attempts > MAX_ATTEMPTS) return await fail('failed', `the task stopped its worker ${MAX_ATTEMPTS} times and was not run again`);
      let resolved;
      try {
        resolved = await this.inputs.resolve(task, ac.signal);
      } catch (err) {
        return await fail('failed', `could not fetch the input: ${(err as Error).message}`);
      }
      try {
        const processing = await this.repo.transition(task.id, 'DOWNLOADING', 'PROCESSING', {}, this.owner);
        if (!processing) return;
        status = 'PROCESSING';
        this.events.changed(processing);
        const outcome = await runEngine(
          { platform: task.platform as never, input: resolved.input, options: { ...(task.selected ? { selected: JSON.parse(task.selected) as string[] } : {}), params: JSON.parse(task.params) as Record<string, string> } },
          { timeoutMs: this.opts.timeoutMs, memoryMb: this.opts.memoryMb },
          {
            signal: ac.signal,
            env: this.opts.childEnv,
            onProgress: (done, total) => void this.repo.heartbeat(task.id, this.owner, this.opts.leaseMs, { done, total }).then((row) => this.events.changed(row)),
          },
        );
        if (outcome.kind === 'aborted') return;
        if (outcome.kind === 'failed') return await fail(outcome.failKind, outcome.message);
        await this.finish(task, outcome.assessment);
      } finally {
        await resolved.cleanup().catch(() => undefined);
      }
    } catch (err) {
      // A failure of the machinery itself (database gone …): the lease will expire and the task is retried.
      console.error(`task ${task.task_uid}: ${(err as Error).stack}`);
    } finally {
      clearInterval(heartbeat);
      this.running.delete(task.id);
      this.notify();
    }
  }

  private async finish(task: TaskRecord, a: Assessment): Promise<void> {
    await this.repo.storeResult(task.id, JSON.stringify(a));
    const t = a.target;
    const str = (...keys: string[]) => {
      for (const k of keys) if (typeof t[k] === 'string' && t[k]) return (t[k] as string).slice(0, 500);
      return '';
    };
    const items = a.findings.length;
    this.events.changed(
      await this.repo.transition(
        task.id,
        'PROCESSING',
        'FINISHED',
        {
          finish_item: items,
          total_item: items,
          finished_at: Date.now(),
          lease_owner: null,
          lease_expires_at: null,
          app_name: str('app_name', 'appName', 'name', 'label'),
          package_name: str('package_name', 'packageName', 'bundleId', 'bundle_name', 'bundleName'),
          version: str('version', 'versionName', 'version_name'),
          score: Math.round(a.score.score),
          risk_level: scoreBand(a.score.score),
          counts: JSON.stringify(a.counts),
          engine_version: `${a.engine.name} ${a.engine.version}`.slice(0, 100),
        },
        this.owner,
      ),
    );
  }
}
