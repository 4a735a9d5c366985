/**
 * The report worker: claims queued download records (QUEUEING → PROCESSING),
 * generates each report in a child process (or reuses a kept one), and marks
 * the record READY with its file, or ERROR with the reason. A record deleted
 * while it runs (cancelled) stops its child. Leases are renewed while a report
 * renders; a record whose worker died is queued again, at most MAX_ATTEMPTS times.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { AppError } from '../../http/app-error.ts';
import type { TaskRepository } from '../tasks/task-repository.ts';
import type { DownloadRecord, DownloadRepository } from './download-repository.ts';
import type { ReportService } from './report-service.ts';

export const MAX_ATTEMPTS = 3;

export interface ReportWorkerOptions {
  concurrency: number;
  leaseMs: number;
  pollMs: number;
}

export class ReportWorker {
  readonly owner = `${os.hostname()}:${process.pid}:reports:${randomBytes(4).toString('hex')}`;
  private readonly running = new Map<number, AbortController>();
  private stopped = true;
  private wake?: () => void;
  private loopDone?: Promise<void>;
  private sweepTimer?: NodeJS.Timeout;

  constructor(
    private readonly downloads: DownloadRepository,
    private readonly tasks: TaskRepository,
    private readonly reports: ReportService,
    private readonly opts: ReportWorkerOptions,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.sweepTimer = setInterval(() => void this.sweep(), Math.max(1000, this.opts.leaseMs / 2));
    this.loopDone = this.sweep().then(() => this.loop());
  }

  notify(): void {
    this.wake?.();
  }

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
        const record = await this.downloads.claimNext(this.owner, this.opts.leaseMs).catch(() => undefined);
        if (record) {
          void this.execute(record);
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

  private async sweep(): Promise<void> {
    const expired = await this.downloads.expiredLeases().catch(() => []);
    for (const r of expired) {
      if (r.attempts >= MAX_ATTEMPTS) await this.downloads.transition(r.id, 'PROCESSING', 'ERROR', { error: `report generation stopped its worker ${MAX_ATTEMPTS} times`, lease_owner: null, lease_expires_at: null });
      else await this.downloads.transition(r.id, 'PROCESSING', 'QUEUEING');
    }
    if (expired.length) this.notify();
  }

  private async execute(record: DownloadRecord): Promise<void> {
    const ac = new AbortController();
    this.running.set(record.id, ac);
    const heartbeat = setInterval(async () => {
      const mine = await this.downloads.renewLease(record.id, this.owner, this.opts.leaseMs).catch(() => true);
      if (!mine) ac.abort();
    }, Math.max(200, this.opts.leaseMs / 3));
    try {
      const task = await this.tasks.byId(record.task_id);
      if (!task) {
        await this.downloads.transition(record.id, 'PROCESSING', 'ERROR', { error: 'task not found', lease_owner: null, lease_expires_at: null });
        return;
      }
      const key = { task_id: record.task_id, range: record.range, format: record.format, language: record.language, catalogue_version: record.catalogue_version };
      try {
        const file = await this.reports.generate(task, key, {
          signal: ac.signal,
          onProgress: (done, total) => void this.downloads.setPercentage(record.id, 'PROCESSING', Math.min(99, Math.floor((done / Math.max(1, total)) * 100))).catch(() => undefined),
        });
        await this.downloads.transition(record.id, 'PROCESSING', 'READY', { storage_key: file.storage_key, size: file.size, percentage: 0, lease_owner: null, lease_expires_at: null });
      } catch (err) {
        if (ac.signal.aborted) return;
        // The record keeps the catalogue code (the download panel says it in the user's language); details went to the log.
        const code = err instanceof AppError ? err.code : 'report_generation_failed';
        if (!(err instanceof AppError)) console.error(`report download ${record.id}: ${(err as Error).message}`);
        await this.downloads.transition(record.id, 'PROCESSING', 'ERROR', { error: code, lease_owner: null, lease_expires_at: null });
      }
    } catch (err) {
      console.error(`report download ${record.id}: ${(err as Error).stack}`);
    } finally {
      clearInterval(heartbeat);
      this.running.delete(record.id);
      this.notify();
    }
  }
}
