/**
 * Runs one claimed task: fetches its input, runs the engine in a child process
 * under time and memory limits, and records the outcome with compare-and-set
 * transitions (a cancel that wins the race is never overwritten). The lease is
 * renewed while the task runs, and a cancel seen there stops the engine. Shared
 * by the polling worker (embedded mode) and the BullMQ worker (scaled out).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { type Assessment, RUNNING_STATUSES, type TaskStatus, scoreBand } from '@citadel/contracts';
import type { EngineOptions, VulnDataDescriptor } from '@citadel/engine-core';
import type { TaskRecord, TaskRepository } from '../domain/tasks/task-repository.ts';
import type { TaskEvents } from './task-events.ts';
import type { TaskInputResolver } from './task-input.ts';
import { type RunLimits, runEngine } from './runner/run-engine.ts';
import { userScanParams } from './scan-policy.ts';

/** A task whose worker died this many times is not run again. */
export const MAX_ATTEMPTS = 3;

export interface ExecutorOptions extends RunLimits {
  leaseMs: number;
  /** Extra environment for engine children (tests name their test engine here). */
  childEnv?: NodeJS.ProcessEnv;
  /** Parameters set by configuration (the scan network policy); they override the task's own. */
  fixedParams?: Record<string, string>;
  /** Bounds on what a task's own scan parameters may ask for (see scan-policy.ts). */
  scanLimits?: { maxRate: number };
  /** The task's customer's testing rules (whitelist, sensitive words, SDK library), read when the task starts. */
  engineOptions?: (task: TaskRecord) => Promise<Partial<EngineOptions>>;
  /** The live evaluation settings (time limit, concurrency), read when a task starts; `timeoutMs` is the fallback. */
  settings?: () => Promise<LiveSettings>;
  /** Where the engines find the imported vulnerability data (EngineOptions.vulnData). */
  vulnData?: VulnDataDescriptor;
}

/** The evaluation settings the workers follow without a restart. */
export interface LiveSettings {
  task_timeout_seconds: number;
  concurrency: number;
}

export class TaskExecutor {
  readonly owner = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly running = new Map<number, AbortController>();

  constructor(
    private readonly repo: TaskRepository,
    private readonly inputs: TaskInputResolver,
    private readonly events: TaskEvents,
    readonly opts: ExecutorOptions,
  ) {}

  get busy(): number {
    return this.running.size;
  }

  /** Stops every running engine; their tasks return to the queue when the lease runs out. */
  async abortAll(): Promise<void> {
    for (const ac of this.running.values()) ac.abort();
    while (this.running.size > 0) await new Promise((r) => setTimeout(r, 20));
  }

  async execute(task: TaskRecord): Promise<void> {
    const ac = new AbortController();
    this.running.set(task.id, ac);
    let status: TaskStatus = 'DOWNLOADING';
    const fail = async (failKind: 'failed' | 'timeout', message: string) => {
      this.events.changed(await this.repo.transition(task.id, status, 'EXCEPTION', { fail_kind: failKind, fail_msg: message.slice(0, 2000), finished_at: Date.now(), lease_owner: null, lease_expires_at: null }, this.owner));
    };
    // Renew the lease; when the task left the running states (cancelled) or is no longer ours, stop the engine.
    const heartbeat = setInterval(async () => {
      const row = await this.repo.heartbeat(task.id, this.owner, this.opts.leaseMs).catch(() => undefined);
      if (!row || !RUNNING_STATUSES.includes(row.status as TaskStatus)) ac.abort();
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
        const rules = (await this.opts.engineOptions?.(task)) ?? {};
        const timeoutMs = await this.timeoutMs();
        const outcome = await runEngine(
          { platform: task.platform as never, input: resolved.input, options: { ...rules, ...(this.opts.vulnData ? { vulnData: this.opts.vulnData } : {}), ...(task.selected ? { selected: JSON.parse(task.selected) as string[] } : {}), params: { ...userScanParams(JSON.parse(task.params) as Record<string, string>, this.opts.scanLimits ?? { maxRate: 20 }), ...this.opts.fixedParams } } },
          { timeoutMs, memoryMb: this.opts.memoryMb },
          {
            signal: ac.signal,
            env: this.opts.childEnv,
            // A lost progress write is harmless (the next one or the lease heartbeat follows); it must never become
            // an unhandled rejection, e.g. when the database closes while a stopped worker's engine still reports.
            onProgress: (done, total) =>
              void this.repo
                .heartbeat(task.id, this.owner, this.opts.leaseMs, { done, total })
                .then((row) => this.events.changed(row))
                .catch(() => undefined),
          },
        );
        this.events.childRan({ kind: 'engine', label: task.platform, outcome: outcome.kind, ...outcome.usage });
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
    }
  }

  /** The time limit for the task starting now: the admin's setting, else the start-up configuration. */
  private async timeoutMs(): Promise<number> {
    const seconds = (await this.opts.settings?.().catch(() => undefined))?.task_timeout_seconds;
    return seconds !== undefined && Number.isInteger(seconds) && seconds > 0 ? seconds * 1000 : this.opts.timeoutMs;
  }

  private async finish(task: TaskRecord, a: Assessment): Promise<void> {
    const t = a.target;
    const str = (...keys: string[]) => {
      for (const k of keys) if (typeof t[k] === 'string' && t[k]) return (t[k] as string).slice(0, 500);
      return '';
    };
    // Items the task's template selected (rows of unselected items are in the assessment as not executed).
    const selected = task.selected ? new Set(JSON.parse(task.selected) as string[]) : undefined;
    const items = selected ? a.findings.filter((f) => selected.has(f.ruleId)).length : a.findings.length;
    this.events.changed(
      await this.repo.finishWithResult(
        task.id,
        this.owner,
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
        JSON.stringify(a),
      ),
    );
  }
}
