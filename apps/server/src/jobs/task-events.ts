/**
 * Task changes (and download-record changes, issue 9) as events, for the WebSocket push. In scaled-out mode they
 * cross processes over Redis pub/sub: a worker publishes, every portal instance
 * re-emits to its own sockets (its own events are not delivered twice).
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { TaskRecord } from '../domain/tasks/task-repository.ts';
import type { ChildRun } from '../observability/child-runs.ts';
import { redisConnection } from './redis.ts';

/** A download record was created, moved on, progressed or was deleted; its owner's panel refetches the list. */
export interface DownloadChange {
  id: number;
  user_id: number;
  /** The new status, or DELETED. */
  status: string;
  percentage: number;
}

type BridgeMessage = { origin: string; task: TaskRecord } | { origin: string; download: DownloadChange } | { origin: string; childRun: ChildRun };

export class TaskEvents extends EventEmitter<{ task: [TaskRecord]; download: [DownloadChange]; childRun: [ChildRun] }> {
  private readonly origin = randomBytes(8).toString('hex');
  private pub?: Redis;
  private sub?: Redis;
  private channel = '';

  changed(task: TaskRecord | undefined): void {
    if (!task) return;
    this.emit('task', task);
    this.pub?.publish(this.channel, JSON.stringify({ origin: this.origin, task })).catch(() => undefined);
  }

  downloadChanged(change: DownloadChange): void {
    this.emit('download', change);
    this.pub?.publish(this.channel, JSON.stringify({ origin: this.origin, download: change })).catch(() => undefined);
  }

  /** An engine or report child finished a run (for the metrics of every portal). */
  childRan(run: ChildRun): void {
    this.emit('childRun', run);
    this.pub?.publish(this.channel, JSON.stringify({ origin: this.origin, childRun: run })).catch(() => undefined);
  }

  /** Publishes this process's events to Redis; with `subscribe`, also re-emits other processes' events here. */
  async bridge(redisUrl: string, prefix: string, subscribe: boolean): Promise<void> {
    this.channel = `${prefix}:task-events`;
    this.pub = redisConnection(redisUrl);
    if (!subscribe) return;
    this.sub = redisConnection(redisUrl);
    this.sub.on('message', (_channel: string, raw: string) => {
      const m = JSON.parse(raw) as BridgeMessage;
      if (m.origin === this.origin) return;
      if ('task' in m) this.emit('task', m.task);
      else if ('download' in m) this.emit('download', m.download);
      else if ('childRun' in m) this.emit('childRun', m.childRun);
    });
    await this.sub.subscribe(this.channel);
  }

  async close(): Promise<void> {
    await this.pub?.quit().catch(() => undefined);
    await this.sub?.quit().catch(() => undefined);
  }
}
