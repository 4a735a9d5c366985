/**
 * The scaled-out worker (`npm run worker` with REDIS_URL): BullMQ delivers task
 * ids; the task is claimed in the database by id (so a job delivered twice, or
 * a stalled job re-delivered after its worker died, never runs a task twice)
 * and executed like in embedded mode. Dead workers' tasks come back through the
 * lease sweeper, which dispatches them again.
 */
import { Worker } from 'bullmq';
import type { TaskRepository } from '../domain/tasks/task-repository.ts';
import { BullDispatcher, TASK_QUEUE } from './dispatch.ts';
import { LeaseSweeper } from './lease-sweeper.ts';
import { redisConnection } from './redis.ts';
import { ConcurrencyWatch } from './settings-watch.ts';
import { type ExecutorOptions, TaskExecutor } from './task-executor.ts';
import type { TaskEvents } from './task-events.ts';
import type { TaskInputResolver } from './task-input.ts';

export class BullTaskWorker {
  private readonly executor: TaskExecutor;
  private readonly dispatcher: BullDispatcher;
  private readonly sweeper: LeaseSweeper;
  private readonly watch: ConcurrencyWatch;
  private worker?: Worker;

  constructor(
    private readonly repo: TaskRepository,
    inputs: TaskInputResolver,
    private readonly events: TaskEvents,
    private readonly opts: ExecutorOptions & { concurrency: number; redisUrl: string; prefix: string },
  ) {
    this.executor = new TaskExecutor(repo, inputs, events, opts);
    this.dispatcher = new BullDispatcher(opts.redisUrl, opts.prefix);
    this.sweeper = new LeaseSweeper(repo, events, this.dispatcher, Math.max(1000, opts.leaseMs / 2));
    // BullMQ takes a new concurrency on a running worker.
    this.watch = new ConcurrencyWatch(opts.concurrency, opts.settings, (n) => {
      if (this.worker) this.worker.concurrency = n;
    });
  }

  /** How many jobs this worker runs at once now (the evaluation setting, else the configuration). */
  get concurrency(): number {
    return this.watch.value;
  }

  get owner(): string {
    return this.executor.owner;
  }

  async start(): Promise<void> {
    await Promise.all([this.sweeper.start(), this.watch.start()]);
    this.worker = new Worker(
      TASK_QUEUE,
      async (job) => {
        const task = await this.repo.claimById(Number(job.data.taskId), this.executor.owner, this.opts.leaseMs);
        // Not queued any more (cancelled, finished, or run by another worker): nothing to do.
        if (!task) return;
        this.events.changed(task);
        await this.executor.execute(task);
      },
      { connection: redisConnection(this.opts.redisUrl), concurrency: this.watch.value, prefix: this.opts.prefix },
    );
  }

  async stop(): Promise<void> {
    this.sweeper.stop();
    this.watch.stop();
    await this.worker?.close(true);
    await this.executor.abortAll();
    await this.dispatcher.close();
  }
}
