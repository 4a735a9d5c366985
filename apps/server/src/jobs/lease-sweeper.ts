/**
 * Returns tasks of dead workers to the queue: a running task whose lease was
 * not renewed in time goes back to QUEUEING (its attempts count remembers it)
 * and is dispatched again. Every worker runs one; the compare-and-set
 * transition makes concurrent sweeps harmless.
 */
import type { TaskStatus } from '@citadel/contracts';
import type { TaskRepository } from '../domain/tasks/task-repository.ts';
import type { TaskDispatcher } from './dispatch.ts';
import type { TaskEvents } from './task-events.ts';

export class LeaseSweeper {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly repo: TaskRepository,
    private readonly events: TaskEvents,
    private readonly dispatcher: TaskDispatcher,
    private readonly everyMs: number,
  ) {}

  start(): Promise<void> {
    this.timer = setInterval(() => void this.sweep(), this.everyMs);
    return this.sweep();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async sweep(): Promise<void> {
    const expired = await this.repo.expiredLeases().catch(() => []);
    for (const t of expired) {
      const queued = await this.repo.transition(t.id, t.status as TaskStatus, 'QUEUEING').catch(() => undefined);
      if (!queued) continue;
      this.events.changed(queued);
      await this.dispatcher.queued(queued).catch(() => undefined);
    }
  }
}
