/**
 * Prometheus metrics of one portal process (issue 21), on a registry of its own
 * (tests build several apps in one process):
 * - HTTP request duration by method, route pattern and status class;
 * - tasks by platform and status, and the queue depth — read from the database at
 *   scrape time, because the database row is the truth in every mode (embedded or BullMQ);
 * - task run time by platform and outcome, from the task events this process sees
 *   (its own worker's, and in scaled-out mode every worker's through the Redis bridge);
 * - the process's own CPU, memory, event-loop lag and GC (prom-client's defaults).
 * - engine runs (peak resident memory of the child) and report renderings (time and
 *   peak memory), measured from outside the children and carried by the task events,
 *   so a separate worker's engine runs are counted too.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { TaskRecord } from '../domain/tasks/task-repository.ts';
import type { TaskEvents } from '../jobs/task-events.ts';
import type { ChildRun } from './child-runs.ts';

export interface PortalMetrics {
  registry: Registry;
  /** Stops listening to task events. */
  close(): void;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const TASK_SECONDS = [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600];
const RENDER_SECONDS = [0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];
const MB = 1048576;
const PEAK_BYTES = [64, 128, 256, 512, 768, 1024, 1536, 2048, 3072, 4096].map((mb) => mb * MB);

/** Task counts by platform and status, one grouped query per scrape. */
async function taskCounts(db: Kysely<never>): Promise<{ platform: string; status: string; n: number }[]> {
  // The tasks table is typed in the application schema; a narrow view of it is enough here.
  const rows = await (db as unknown as Kysely<{ tasks: { platform: string; status: string } }>)
    .selectFrom('tasks')
    .select(['platform', 'status'])
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .groupBy(['platform', 'status'])
    .execute();
  return rows.map((r) => ({ platform: r.platform, status: r.status, n: Number(r.n) }));
}

export function createMetrics(app: FastifyInstance, db: Kysely<never>, events: TaskEvents): PortalMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'citadel_' });
  const histogram = <L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]) => new Histogram<L>({ name, help, labelNames, buckets, registers: [registry] });

  const http = histogram('citadel_http_request_duration_seconds', 'HTTP request duration by method, route pattern and status class', ['method', 'route', 'status'] as const, SECONDS);
  app.addHook('onResponse', async (req, reply) => {
    // The route pattern, never the raw URL: bounded label values and no query strings (tickets, tokens).
    const route = req.routeOptions.url ?? 'unmatched';
    http.observe({ method: req.method, route, status: `${Math.floor(reply.statusCode / 100)}xx` }, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'citadel_tasks',
    help: 'Tasks by platform and status (from the database)',
    labelNames: ['platform', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await taskCounts(db)) this.set({ platform: r.platform, status: r.status }, r.n);
    },
  });
  new Gauge({
    name: 'citadel_queue_depth',
    help: 'Tasks waiting in the queue (status QUEUEING)',
    registers: [registry],
    async collect() {
      const rows = await taskCounts(db);
      this.set(rows.filter((r) => r.status === 'QUEUEING').reduce((sum, r) => sum + r.n, 0));
    },
  });

  const runTime = histogram('citadel_task_run_seconds', 'Wall-clock time of task runs that ended, by platform and outcome', ['platform', 'status'] as const, TASK_SECONDS);
  const ended = new Counter({ name: 'citadel_tasks_ended_total', help: 'Task runs that ended, by platform and outcome', labelNames: ['platform', 'status'] as const, registers: [registry] });
  const onTask = (t: TaskRecord) => {
    if (t.status !== 'FINISHED' && t.status !== 'EXCEPTION') return;
    ended.inc({ platform: t.platform, status: t.status });
    if (t.started_at && t.finished_at && t.finished_at >= t.started_at) runTime.observe({ platform: t.platform, status: t.status }, (t.finished_at - t.started_at) / 1000);
  };
  events.on('task', onTask);

  const enginePeak = histogram('citadel_engine_peak_resident_bytes', 'Peak resident memory of the engine child during a run, by platform and outcome', ['platform', 'outcome'] as const, PEAK_BYTES);
  const renderTime = histogram('citadel_report_render_seconds', 'Report rendering time in its child process, by format and outcome', ['format', 'outcome'] as const, RENDER_SECONDS);
  const renderPeak = histogram('citadel_report_render_peak_resident_bytes', 'Peak resident memory of the report rendering child, by format', ['format'] as const, PEAK_BYTES);
  const onChildRun = (run: ChildRun) => {
    if (run.kind === 'engine') {
      if (run.peakRssBytes !== undefined) enginePeak.observe({ platform: run.label, outcome: run.outcome }, run.peakRssBytes);
      return;
    }
    renderTime.observe({ format: run.label, outcome: run.outcome }, run.seconds);
    if (run.peakRssBytes !== undefined) renderPeak.observe({ format: run.label }, run.peakRssBytes);
  };
  events.on('childRun', onChildRun);

  return {
    registry,
    close: () => {
      events.off('task', onTask);
      events.off('childRun', onChildRun);
    },
  };
}
