/**
 * How a queued task reaches a worker. Embedded mode: the in-process polling
 * worker is woken. Scaled out (REDIS_URL): a BullMQ job carrying the task id is
 * added; any `npm run worker` process takes it. The database row stays the
 * truth (status, queue order, position); the job is only the signal.
 */
import { Queue } from 'bullmq';
import type { TaskRecord } from '../domain/tasks/task-repository.ts';
import { redisConnection } from './redis.ts';

export const TASK_QUEUE = 'citadel-tasks';

export interface TaskDispatcher {
  queued(task: TaskRecord): Promise<void>;
  close(): Promise<void>;
}

export class WakeDispatcher implements TaskDispatcher {
  constructor(private readonly wake: () => void) {}
  async queued(): Promise<void> {
    this.wake();
  }
  async close(): Promise<void> {}
}

export class BullDispatcher implements TaskDispatcher {
  private readonly queue: Queue;
  constructor(redisUrl: string, prefix: string) {
    this.queue = new Queue(TASK_QUEUE, { connection: redisConnection(redisUrl), prefix });
  }
  async queued(task: TaskRecord): Promise<void> {
    // One job per queueing of a task: a retried or recovered task gets a new queue_seq, hence a new job id.
    await this.queue.add('run', { taskId: task.id }, { jobId: `task-${task.id}-${task.queue_seq}`, removeOnComplete: true, removeOnFail: 1000, priority: 0 });
  }
  async close(): Promise<void> {
    await this.queue.close();
  }
}
