/**
 * Keeps a worker's concurrency in step with the admin's evaluation settings:
 * reads them every few seconds from the database (so a separate worker process
 * follows too, not only the portal's embedded worker) and reports a changed
 * value. A failed read keeps the last value.
 */
import type { LiveSettings } from './task-executor.ts';

export const SETTINGS_REFRESH_MS = 5000;

export class ConcurrencyWatch {
  private timer?: NodeJS.Timeout;
  private current: number;

  constructor(
    initial: number,
    private readonly read: (() => Promise<LiveSettings>) | undefined,
    private readonly apply: (concurrency: number) => void,
    private readonly everyMs = SETTINGS_REFRESH_MS,
  ) {
    this.current = initial;
  }

  get value(): number {
    return this.current;
  }

  /** Reads the setting once now, then every `everyMs`. */
  async start(): Promise<void> {
    if (!this.read || this.timer) return;
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  async refresh(): Promise<void> {
    const n = (await this.read?.().catch(() => undefined))?.concurrency;
    if (n === undefined || !Number.isInteger(n) || n < 1 || n === this.current) return;
    this.current = n;
    this.apply(n);
  }
}
