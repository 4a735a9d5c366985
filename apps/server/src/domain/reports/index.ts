/**
 * Reports and the download center (issue 9): report jobs queued as download
 * records, rendered by @citadel/reports in child processes, kept in storage
 * and reused, handed out through /download/* and /report/*.
 */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { SiteConfigRepository } from '../../db/repositories/site-config.ts';
import type { TaskEvents } from '../../jobs/task-events.ts';
import type { ObjectStorage } from '../../storage/index.ts';
import { TaskRepository } from '../tasks/task-repository.ts';
import { DownloadRepository } from './download-repository.ts';
import { ExcelExport } from './excel-export.ts';
import { type ReportDefaults, ReportPrefsResolver } from './report-prefs.ts';
import { ReportService } from './report-service.ts';
import { ReportWorker } from './report-worker.ts';

export { ReportService, type DownloadView } from './report-service.ts';
export { ReportWorker } from './report-worker.ts';
export { DownloadRepository } from './download-repository.ts';
export { ReportPrefsResolver, type ReportPrefs } from './report-prefs.ts';
export { ExcelExport, type ExcelExportRequest } from './excel-export.ts';

export interface Reports {
  service: ReportService;
  /** Renders queued reports; buildApp starts it in every portal process (claims are atomic, so several may share the queue). */
  worker: ReportWorker;
  /** The EXCEL export of finished assessments by date (POST /report/cp_gen_excel). */
  excel: ExcelExport;
}

/** Limits of one report rendering child: a 2,000-finding PDF needs about 450 MB. */
export const REPORT_LIMITS = { timeoutMs: 10 * 60_000, memoryMb: 1536 };

export interface ReportDeps {
  /** The evaluation settings' report template and language (used when a task's template does not choose them). */
  reportDefaults?: ReportDefaults;
  /** Where download-record changes go for the WebSocket push (crossing processes over Redis like task events). */
  events?: TaskEvents;
}

export function createReports(config: Config, database: Database, storage: ObjectStorage, deps: ReportDeps = {}): Reports {
  const downloads = new DownloadRepository(database.db, database.dialect, (change) => deps.events?.downloadChanged(change));
  const tasks = new TaskRepository(database.db, database.dialect);
  // Test engines (named by CITADEL_EXTRA_ENGINES) count only with test hooks on, as for tasks.
  const extras = config.testHooks ? (process.env.CITADEL_EXTRA_ENGINES ?? '').split(',').filter(Boolean) : [];
  let worker: ReportWorker | undefined;
  const service = new ReportService(downloads, tasks, new SiteConfigRepository(database.db), storage, () => worker?.notify(), REPORT_LIMITS, new ReportPrefsResolver(database.db, deps.reportDefaults), extras, (run) =>
    deps.events?.childRan(run),
  );
  worker = new ReportWorker(downloads, tasks, service, { concurrency: 1, leaseMs: 30_000, pollMs: 1000 });
  return { service, worker, excel: new ExcelExport(database.db, new SiteConfigRepository(database.db), REPORT_LIMITS) };
}
