/**
 * The task machinery of one process, built the same way for the portal and for
 * `npm run worker`:
 * - portal, embedded mode (no REDIS_URL): a polling worker in the process.
 * - portal, scaled out (REDIS_URL): no worker; queued tasks become BullMQ jobs;
 *   task events from workers arrive over Redis.
 * - worker process: a BullMQ worker with REDIS_URL, else a polling worker on the
 *   shared (PostgreSQL) database.
 */
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { SamplesRepository } from '../domain/samples/samples-repository.ts';
import type { TaskRecord } from '../domain/tasks/task-repository.ts';
import { TaskRepository } from '../domain/tasks/task-repository.ts';
import { createTestingRules } from '../domain/testing-rules/index.ts';
import type { ObjectStorage } from '../storage/index.ts';
import { BullTaskWorker } from './bull-worker.ts';
import { shutdownEnginePool } from './runner/run-engine.ts';
import { BullDispatcher, type TaskDispatcher, WakeDispatcher } from './dispatch.ts';
import { sampleFetcher } from './sample-input.ts';
import { policyParams } from './scan-policy.ts';
import { TaskEvents } from './task-events.ts';
import { DefaultInputResolver } from './task-input.ts';
import { TaskWorker } from './worker.ts';
import { cleanScratch } from './runner/scratch-cleanup.ts';
import { vulnDataDescriptor } from '../domain/vulndb/descriptor.ts';

export interface TaskRuntime {
  repo: TaskRepository;
  events: TaskEvents;
  /** Signals that a task was queued (wakes the embedded worker or adds a BullMQ job). */
  queued(task: TaskRecord): Promise<void>;
  /** The worker of this process, if it runs one. */
  worker?: TaskWorker | BullTaskWorker;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Test-only engines the engine children load (honoured only with test hooks on). */
export function extraEngineFiles(config: Config): string[] {
  return config.testHooks ? (process.env.CITADEL_EXTRA_ENGINES ?? '').split(',').filter(Boolean) : [];
}

export function createTaskRuntime(config: Config, database: Database, samples: SamplesRepository, storage: ObjectStorage, role: 'portal' | 'worker'): TaskRuntime {
  const repo = new TaskRepository(database.db, database.dialect);
  const events = new TaskEvents();
  const scratchDir = path.join(config.dataDir, 'work');
  const inputs = new DefaultInputResolver(sampleFetcher(samples, storage, scratchDir));
  // Each task gets its customer's testing rules (whitelists, sensitive words, SDK library) as engine options.
  const rules = createTestingRules(database.db, { task_timeout_seconds: config.taskTimeoutSeconds, concurrency: config.workerConcurrency, retention_days: config.retentionDays });
  const execution = {
    engineOptions: (task: TaskRecord) => rules.optionsFor(task.customer_id),
    // The admin's time limit and concurrency, read from the database: they apply without a restart, in every worker process.
    settings: () => rules.settings.current(),
    timeoutMs: config.taskTimeoutSeconds * 1000,
    memoryMb: config.taskMemoryMb,
    leaseMs: config.taskLeaseSeconds * 1000,
    childEnv: { CITADEL_EXTRA_ENGINES: extraEngineFiles(config).join(',') },
    fixedParams: policyParams(config),
    scanLimits: { maxRate: config.scanMaxRate },
    concurrency: config.workerConcurrency,
    vulnData: vulnDataDescriptor(config),
  };
  const redis = config.redisUrl;
  let worker: TaskWorker | BullTaskWorker | undefined;
  if (role === 'worker' && redis) worker = new BullTaskWorker(repo, inputs, events, { ...execution, redisUrl: redis, prefix: config.queuePrefix });
  else if (role === 'worker' || (config.embeddedWorker && !redis)) worker = new TaskWorker(repo, inputs, events, { ...execution, pollMs: 1000 });
  const dispatcher: TaskDispatcher = redis ? new BullDispatcher(redis, config.queuePrefix) : new WakeDispatcher(() => (worker instanceof TaskWorker ? worker.notify() : undefined));

  return {
    repo,
    events,
    worker,
    queued: (task) => dispatcher.queued(task),
    async start() {
      if (redis) await events.bridge(redis, config.queuePrefix, role === 'portal');
      // Inputs of tasks a crash interrupted stay in the scratch folder otherwise.
      if (worker) await cleanScratch(scratchDir);
      if (worker instanceof TaskWorker) worker.start();
      else await worker?.start();
    },
    async stop() {
      await worker?.stop();
      shutdownEnginePool();
      await dispatcher.close();
      await events.close();
    },
  };
}
