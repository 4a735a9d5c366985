/**
 * Task changes as events, for the WebSocket push. In scaled-out mode they
 * cross processes over Redis pub/sub: a worker publishes, every portal instance
 * re-emits to its own sockets (its own events are not delivered twice).
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { TaskRecord } from '../domain/tasks/task-repository.ts';
import { redisConnection } from './redis.ts';


export class TaskEvents extends EventEmitter<{ task: [TaskRecord] }> {
  private readonly origin = randomBytes(8).toString('hex');
  private pub?: Redis;
  private sub?: Redis;
  private channel = '';

  changed(task: TaskRecord | undefined): void {
    if (!task) return;
    this.emit('task', task);
    this.pub?.publish(this.channel, JSON.stringify({ origin: this.origin, task })).catch(() => undefined);
  }

  /** Publishes this process's events to Redis; with `subscribe`, also re-emits other processes' events here. */
  async bridge(redisUrl: string, prefix: string, subscribe: boolean): Promise<void> {
    this.channel = `${prefix}:task-events`;
    this.pub = redisConnection(redisUrl);
    if (!subscribe) return;
    this.sub = redisConnection(redisUrl);
    this.sub.on('message', (_channel: string, raw: string) => {
      const { origin, task } = JSON.parse(raw) as { origin: string; task: TaskRecord };
      if (origin !== this.origin) this.emit('task', task);
    });
    await this.sub.subscribe(this.channel);
  }

  async close(): Promise<void> {
    await this.pub?.quit().catch(() => undefined);
    await this.sub?.quit().catch(() => undefined);
  }
}
