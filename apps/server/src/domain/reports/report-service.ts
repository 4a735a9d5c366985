/**
 * Reports and the download center (SPEC §2 dialog and panel, §3 download
 * record, §4 download statuses, §7 /download/* and /report/*): who may have a
 * task's report, queueing report jobs, the caller's download list with queue
 * positions, cancel/delete/clear, and handing out a generated file — reusing
 * one already generated for the same task, range, format, language and catalogue.
 */
import { EVALUATIONS, LOCALES, type Locale, can, evaluationResource } from '@citadel/contracts';
import { FILE_EXTENSIONS, LABELS, MIME_TYPES, REPORT_RANGES, type ReportFormat, type ReportRange, type ReportTemplate, formatsFor, isReportTemplate, rangesFor } from '@citadel/reports';
import { Readable } from 'node:stream';
import type { SiteConfigRepository } from '../../db/repositories/site-config.ts';
import { fail } from '../../http/app-error.ts';
import type { ObjectStorage } from '../../storage/index.ts';
import type { Identity } from '../auth/auth-service.ts';
import type { TaskRecord, TaskRepository } from '../tasks/task-repository.ts';
import type { DownloadRecord, DownloadRepository, ReportKey } from './download-repository.ts';
import { catalogueVersion, reportInput } from './report-input.ts';
import { type ReportPrefsResolver, renderVersion, templateOfVersion } from './report-prefs.ts';
import { type RenderLimits, renderInChild } from './run-render.ts';
import type { ChildRun } from '../../observability/child-runs.ts';

/** A download record as the panel shows it (SPEC §3). */
export interface DownloadView {
  id: number;
  name: string;
  status: DownloadRecord['status'];
  error: string;
  queue_number: number | null;
  queue_len: number | null;
  percentage: number;
  task_uid: string;
  range: string;
  format: string;
  language: string;
  created_at: number;
}

export interface ReportRequest {
  task_uid: string;
  /** Ranges; one download record each (SPEC §3 sdk_filter). */
  sdk_filter: ReportRange[];
  /** WORD | PDF | EXCEL */
  report_type: string;
  /** Report language; defaults to the task's template's (see report-prefs.ts). */
  type?: string;
  /** Report template (layout); defaults to the task's template's. */
  report_template?: string;
}

/** What the report dialog offers for a task and what it starts with (POST /report/options). */
export interface ReportOptionsView {
  task_uid: string;
  platform: string;
  ranges: ReportRange[];
  formats: ('WORD' | 'PDF' | 'EXCEL')[];
  report_template: ReportTemplate;
  report_language: Locale;
  /** 'template' when the task's own assessment template chose them, 'settings' for the admin's defaults. */
  source: 'template' | 'settings';
  template_name: string;
}

const EVALUATION_PLATFORMS = new Set(EVALUATIONS.map((e) => e.platform as string));

export function parseFormat(raw: string): ReportFormat {
  const f = raw.toLowerCase();
  if (f === 'word' || f === 'docx') return 'word';
  if (f === 'pdf') return 'pdf';
  if (f === 'excel' || f === 'xlsx') return 'excel';
  return fail('illegal_parameter', 'report_type');
}

export function parseLocale(raw: string | undefined, fallback: Locale): Locale {
  if (!raw) return fallback;
  const l = raw === 'zh' ? 'zh-CN' : raw;
  return (LOCALES as readonly string[]).includes(l) ? (l as Locale) : fail('illegal_parameter', 'type');
}

/** A file name without path separators or control characters, with the report's range and language. */
export function downloadName(task: TaskRecord, range: ReportRange, format: ReportFormat, locale: Locale, template: ReportTemplate = 'standard'): string {
  const base = (task.app_name || task.file_name || task.url || task.task_uid).replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, '_').slice(0, 120);
  // A standard report keeps the plain name; another layout says which it is.
  const layout = template === 'standard' ? '' : `_${LABELS[locale].layoutTitles[template]}`;
  return `${base}_${LABELS[locale].rangeNames[range]}${layout}_${locale}.${FILE_EXTENSIONS[format]}`;
}

export class ReportService {
  constructor(
    private readonly downloads: DownloadRepository,
    private readonly tasks: TaskRepository,
    private readonly site: SiteConfigRepository,
    private readonly storage: ObjectStorage,
    private readonly onQueued: () => void,
    private readonly limits: RenderLimits,
    private readonly prefs: ReportPrefsResolver,
    private readonly extraEngineFiles: string[] = [],
    /** Told how each rendering went, for the metrics. */
    private readonly onRender?: (run: ChildRun) => void,
  ) {}

  /**
   * The task, if the caller may download its report: admin; or the same
   * customer and a 'download' grant on the task's platform list, on the
   * analysis reports ledger (any task of the customer) or on the workbench
   * reports (own tasks). Others get "not found", so foreign ids reveal nothing.
   */
  async downloadableTask(who: Identity, uid: string): Promise<TaskRecord> {
    const task = await this.tasks.byUid(uid);
    if (!task || (!who.isAdmin && task.customer_id !== who.user.customer_id)) return fail('task_not_found');
    if (!who.isAdmin && !EVALUATION_PLATFORMS.has(task.platform)) return fail('task_not_found');
    const s = { isAdmin: who.isAdmin, permissions: who.permissions };
    const resource = evaluationResource(task.platform);
    const allowed = (resource && can(s, resource, 'download')) || can(s, 'Tools_AnalysisReports', 'download') || (task.created_by === who.user.id && can(s, 'Workbench_Reports', 'download'));
    if (!allowed) fail('no_permission');
    // SPEC §5: only finished tasks with a result have a report.
    if (task.status !== 'FINISHED') fail('illegal_operation', 'the task is not finished');
    return task;
  }

  private assertOffered(task: TaskRecord, ranges: ReportRange[], format: ReportFormat): void {
    if (ranges.length === 0) fail('pick_at_least_one');
    const offered = rangesFor(task.platform);
    if (ranges.some((r) => !offered.includes(r))) fail('illegal_parameter', 'sdk_filter');
    if (!formatsFor(task.platform).includes(format)) fail('illegal_parameter', 'report_type');
  }

  /** The dialog's offer for a task: ranges, formats, and the report template and language its assessment template chose. */
  async options(who: Identity, uid: string): Promise<ReportOptionsView> {
    const task = await this.downloadableTask(who, uid);
    const prefs = await this.prefs.of(task);
    return {
      task_uid: task.task_uid,
      platform: task.platform,
      ranges: rangesFor(task.platform),
      formats: formatsFor(task.platform).map((f) => f.toUpperCase() as 'WORD' | 'PDF' | 'EXCEL'),
      report_template: prefs.template,
      report_language: prefs.language,
      source: prefs.source,
      template_name: prefs.template_name,
    };
  }

  async request(who: Identity, req: ReportRequest): Promise<number[]> {
    const task = await this.downloadableTask(who, req.task_uid);
    const format = parseFormat(req.report_type);
    const prefs = await this.prefs.of(task);
    const locale = parseLocale(req.type, prefs.language);
    if (req.report_template !== undefined && !isReportTemplate(req.report_template)) fail('illegal_parameter', 'report_template');
    const template = (req.report_template as ReportTemplate | undefined) ?? prefs.template;
    const ranges = [...new Set(req.sdk_filter)].filter((r) => (REPORT_RANGES as readonly string[]).includes(r));
    this.assertOffered(task, ranges, format);
    const version = renderVersion(await catalogueVersion(this.extraEngineFiles), template);
    const ids: number[] = [];
    for (const range of ranges) {
      const key: ReportKey = { task_id: task.id, range, format, language: locale, catalogue_version: version };
      const cached = await this.usableFile(key);
      const record = await this.downloads.create({
        user_id: who.user.id,
        customer_id: task.customer_id,
        task_id: task.id,
        name: downloadName(task, range, format, locale, template),
        range,
        format,
        language: locale,
        status: cached ? 'READY' : 'QUEUEING',
        storage_key: cached?.storage_key ?? null,
        size: cached?.size ?? 0,
        catalogue_version: version,
      });
      ids.push(record.id);
    }
    this.onQueued();
    return ids;
  }

  /** A generated file for this key that is still in storage (a file lost from storage is generated again). */
  async usableFile(key: ReportKey) {
    const file = await this.downloads.findFile(key);
    if (!file) return undefined;
    if (await this.storage.exists(file.storage_key)) return file;
    await this.downloads.forgetFile(file.id);
    return undefined;
  }

  async list(who: Identity): Promise<DownloadView[]> {
    const rows = await this.downloads.listForUser(who.user.id);
    const { positions, length } = await this.downloads.queueInfo(rows);
    const uids = new Map<number, string>();
    for (const r of rows) if (!uids.has(r.task_id)) uids.set(r.task_id, (await this.tasks.byId(r.task_id))?.task_uid ?? '');
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      error: r.error,
      queue_number: positions.get(r.id) ?? null,
      queue_len: r.status === 'QUEUEING' ? length : null,
      percentage: r.status === 'FINISHED' ? 100 : r.percentage,
      task_uid: uids.get(r.task_id) ?? '',
      range: r.range,
      format: r.format,
      language: r.language,
      created_at: Number(r.created_at),
    }));
  }

  /** Deleting a QUEUEING or PROCESSING record cancels it: the worker notices the row is gone and stops. */
  async delete(who: Identity, id: number): Promise<void> {
    if ((await this.downloads.delete(who.user.id, [id])) === 0) fail('file_not_found');
  }

  async clear(who: Identity): Promise<void> {
    await this.downloads.clear(who.user.id);
  }

  /**
   * The generated file of a READY (or already transferred) record, as a stream.
   * The record is DOWNLOADING while the bytes flow and FINISHED once all were
   * sent; an interrupted transfer puts it back to READY so the panel retries.
   */
  async openFile(who: Identity, id: number): Promise<{ name: string; mime: string; size: number; body: Readable; progress(sent: number): void; done(complete: boolean): void }> {
    const record = await this.downloads.byId(id);
    if (!record || record.user_id !== who.user.id) return fail('file_not_found');
    if (!['READY', 'DOWNLOADING', 'FINISHED'].includes(record.status) || !record.storage_key) return fail('illegal_operation', record.status);
    // The task may have been deleted or the user's rights changed since the job was queued.
    const task = await this.tasks.byId(record.task_id);
    if (!task) return fail('task_not_found');
    await this.downloadableTask(who, task.task_uid);
    const size = (await this.storage.stat(record.storage_key))?.size;
    if (size === undefined) return fail('file_not_found');
    const body = await this.storage.get(record.storage_key);
    const status = record.status === 'FINISHED' ? 'FINISHED' : 'DOWNLOADING';
    if (record.status === 'READY') await this.downloads.transition(id, 'READY', 'DOWNLOADING', { percentage: 0 });
    let lastPct = -1;
    return {
      name: record.name,
      mime: MIME_TYPES[record.format as ReportFormat] ?? 'application/octet-stream',
      size,
      body,
      progress: (sent) => {
        const pct = Math.min(99, Math.floor((sent / Math.max(1, size)) * 100));
        if (status === 'DOWNLOADING' && pct >= lastPct + 10) {
          lastPct = pct;
          void this.downloads.setPercentage(id, 'DOWNLOADING', pct).catch(() => undefined);
        }
      },
      done: (complete) => {
        if (status !== 'DOWNLOADING') return;
        void (complete ? this.downloads.transition(id, 'DOWNLOADING', 'FINISHED', { percentage: 100 }) : this.downloads.transition(id, 'DOWNLOADING', 'READY', { percentage: 0 })).catch(() => undefined);
      },
    };
  }

  /**
   * Generates (or reuses) the report of `key` for `task`: rendered in a child
   * process, stored, recorded for reuse. Used by the worker and by the direct GET /report/download.
   */
  async generate(task: TaskRecord, key: ReportKey, opts: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {}): Promise<{ storage_key: string; size: number }> {
    const cached = await this.usableFile(key);
    if (cached) return cached;
    const json = await this.tasks.result(task.id);
    if (!json) return fail('report_generation_failed', 'the task has no stored result');
    const detail = await this.tasks.detail(task.id);
    const input = await reportInput({ ...task, ...(detail ? { created_by_name: detail.created_by_name, customer_name: detail.customer_name } : {}) }, json, await this.site.get(), this.extraEngineFiles);
    const template = templateOfVersion(key.catalogue_version);
    const outcome = await renderInChild({ type: 'render', input, options: { format: key.format as ReportFormat, locale: key.language as Locale, range: key.range as ReportRange, template } }, this.limits, {
      ...opts,
      onRun: (run) => this.onRender?.({ kind: 'report', label: key.format, ...run }),
    });
    if (outcome.kind === 'aborted') return fail('operation_failed', 'cancelled');
    if (outcome.kind === 'failed') {
      // The detail (font paths tried, memory, exit code) is for the administrator's log; the user gets the catalogue message in their language.
      console.error(`report of task ${task.id} (${key.format}, ${key.language}) failed: ${outcome.message}`);
      return fail(outcome.font ? 'report_font_missing' : 'report_generation_failed');
    }
    const stored = await this.storage.put(Readable.from([Buffer.from(outcome.bytes)]));
    const saved = await this.downloads.saveFile(key, stored.key, stored.size);
    return { storage_key: saved.storage_key, size: saved.size };
  }

  /** GET /report/download: the full report of a finished task in one request (generated now unless kept), in its template's layout and language. */
  async direct(who: Identity, uid: string, type: string): Promise<{ name: string; mime: string; size: number; body: Readable }> {
    const task = await this.downloadableTask(who, uid);
    const format = parseFormat(type);
    this.assertOffered(task, ['ALL'], format);
    const { template, language } = await this.prefs.of(task);
    const key: ReportKey = { task_id: task.id, range: 'ALL', format, language, catalogue_version: renderVersion(await catalogueVersion(this.extraEngineFiles), template) };
    const file = await this.generate(task, key);
    return { name: downloadName(task, 'ALL', format, language, template), mime: MIME_TYPES[format], size: file.size, body: await this.storage.get(file.storage_key) };
  }
}
