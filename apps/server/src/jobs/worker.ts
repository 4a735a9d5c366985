/**
 * The embedded worker: claims the oldest queued task straight from the database
 * (one atomic statement; SKIP LOCKED on PostgreSQL, so several of these can share
 * one database), runs up to `concurrency` at once, and wakes on notify() when a
 * task is queued in this process instead of waiting for the next poll.
 */
import type { TaskRepository } from '../domain/tasks/task-repository.ts';
import { WakeDispatcher } from './dispatch.ts';
import { LeaseSweeper } from './lease-sweeper.ts';
import { ConcurrencyWatch } from './settings-watch.ts';
import { type ExecutorOptions, TaskExecutor } from './task-executor.ts';
import type { TaskEvents } from './task-events.ts';
import type { TaskInputResolver } from './task-input.ts';

export { MAX_ATTEMPTS } from './task-executor.ts';

export interface WorkerOptions extends ExecutorOptions {
  concurrency: number;
  pollMs: number;
  /** How often the concurrency setting is read again (default 5 s). */
  settingsRefreshMs?: number;
}

export class TaskWorker {
  private readonly executor: TaskExecutor;
  private readonly sweeper: LeaseSweeper;
  private readonly watch: ConcurrencyWatch;
  private stopped = true;
  private wake?: () => void;
  private loopDone?: Promise<void>;

  constructor(
    private readonly repo: TaskRepository,
    inputs: TaskInputResolver,
    private readonly events: TaskEvents,
    private readonly opts: WorkerOptions,
  ) {
    this.executor = new TaskExecutor(repo, inputs, events, opts);
    this.sweeper = new LeaseSweeper(repo, events, new WakeDispatcher(() => this.notify()), Math.max(1000, opts.leaseMs / 2));
    // A raised limit claims more at once; a lowered one lets running tasks finish and claims less.
    this.watch = new ConcurrencyWatch(opts.concurrency, opts.settings, () => this.notify(), opts.settingsRefreshMs);
  }

  /** How many tasks this worker runs at once now (the evaluation setting, else the configuration). */
  get concurrency(): number {
    return this.watch.value;
  }

  get owner(): string {
    return this.executor.owner;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loopDone = Promise.all([this.sweeper.start(), this.watch.start()]).then(() => this.loop());
  }

  /** Called after a task is queued in this process, so it starts without waiting for the next poll. */
  notify(): void {
    this.wake?.();
  }

  /** Stops claiming, aborts what runs (those tasks return to the queue when their lease runs out), waits for the loop. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.sweeper.stop();
    this.watch.stop();
    this.wake?.();
    await this.loopDone;
    await this.executor.abortAll();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      if (this.executor.busy < this.watch.value) {
        const task = await this.repo.claimNext(this.executor.owner, this.opts.leaseMs).catch(() => undefined);
        if (task) {
          this.events.changed(task);
          void this.executor.execute(task).then(() => this.notify());
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
}
