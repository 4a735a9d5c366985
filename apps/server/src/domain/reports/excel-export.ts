/**
 * The EXCEL export of finished assessments by date (POST /report/cp_gen_excel,
 * Tools → analysis reports). SPEC §5: "A date must be chosen for a download" —
 * without a start date the request is refused with date_required (请选择日期);
 * a malformed date, an end before the start or a period over MAX_DAYS is an
 * illegal parameter. The caller sees the tasks they could download a report of
 * (admin: all; else their customer's, by platform grant, the analysis-reports
 * grant, or their own tasks with the workbench grant). The workbook is drawn in
 * a child process, like reports, and holds at most MAX_ROWS rows (newest first).
 */
import { EVALUATIONS, type Locale, type RiskLevel, can, evaluationResource } from '@citadel/contracts';
import type { LedgerRow } from '@citadel/reports';
import type { Kysely } from 'kysely';
import type { SiteConfigRepository } from '../../db/repositories/site-config.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import type { Identity } from '../auth/auth-service.ts';
import { type RenderLimits, renderInChild } from './run-render.ts';

export const MAX_DAYS = 366;
export const MAX_ROWS = 10_000;
const DAY_MS = 86_400_000;

export interface ExcelExportRequest {
  /** First day, YYYY-MM-DD (required). */
  start_date?: string;
  /** Last day, YYYY-MM-DD (inclusive); the start day when absent. */
  end_date?: string;
  /** The browser's offset from UTC in minutes (e.g. 480 for UTC+8), so days are the user's days. */
  utc_offset_minutes?: number;
  platform?: string;
  /** Report language. */
  type: Locale;
}

/** A YYYY-MM-DD day as epoch ms of its midnight at the given offset; undefined when not a real date. */
export function dayStart(day: string, offsetMinutes: number): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // Date.UTC rolls 2025-02-30 over to March: such a day does not exist.
  if (new Date(ms).toISOString().slice(0, 10) !== day) return undefined;
  return ms - offsetMinutes * 60_000;
}

/** The half-open period [from, to) of the chosen days, after every SPEC §5 check. */
export function exportPeriod(req: Pick<ExcelExportRequest, 'start_date' | 'end_date' | 'utc_offset_minutes'>): { from: number; to: number; start: string; end: string } {
  const start = req.start_date?.trim() ?? '';
  if (start === '') fail('date_required');
  const end = req.end_date?.trim() || start;
  const offset = req.utc_offset_minutes ?? 0;
  if (!Number.isInteger(offset) || offset < -14 * 60 || offset > 14 * 60) fail('illegal_parameter', 'utc_offset_minutes');
  const from = dayStart(start, offset);
  const last = dayStart(end, offset);
  if (from === undefined) return fail('illegal_parameter', 'start_date');
  if (last === undefined) return fail('illegal_parameter', 'end_date');
  if (last < from) fail('illegal_parameter', 'end_date before start_date');
  if ((last - from) / DAY_MS + 1 > MAX_DAYS) fail('illegal_parameter', `at most ${MAX_DAYS} days`);
  return { from, to: last + DAY_MS, start, end };
}

const EVALUATION_PLATFORMS = EVALUATIONS.map((e) => e.platform as string);

export class ExcelExport {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly site: SiteConfigRepository,
    private readonly limits: RenderLimits,
  ) {}

  /** The rows the caller may see in the period, newest first, at most MAX_ROWS (and how many more there were). */
  async rows(who: Identity, req: ExcelExportRequest, period: { from: number; to: number }): Promise<{ rows: LedgerRow[]; truncated: number }> {
    let q = this.db
      .selectFrom('tasks as t')
      .leftJoin('users as u', 'u.id', 't.created_by')
      .where('t.status', '=', 'FINISHED')
      .where('t.finished_at', '>=', period.from)
      .where('t.finished_at', '<', period.to);
    if (req.platform) q = q.where('t.platform', '=', req.platform);
    if (!who.isAdmin) {
      const s = { isAdmin: false, permissions: who.permissions };
      q = q.where('t.customer_id', '=', who.user.customer_id).where('t.platform', 'in', EVALUATION_PLATFORMS);
      if (!can(s, 'Tools_AnalysisReports', 'download')) {
        const granted = EVALUATION_PLATFORMS.filter((p) => {
          const resource = evaluationResource(p);
          return resource !== undefined && can(s, resource, 'download');
        });
        const own = can(s, 'Workbench_Reports', 'download');
        if (granted.length === 0 && !own) fail('no_permission');
        q = q.where((eb) => eb.or([...(granted.length ? [eb('t.platform', 'in', granted)] : []), ...(own ? [eb('t.created_by', '=', who.user.id)] : [])]));
      }
    }
    const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const found = await q
      .select(['t.task_uid', 't.platform', 't.app_name', 't.package_name', 't.version', 't.file_name', 't.url', 't.finished_at', 't.score', 't.risk_level', 't.counts', 'u.name as created_by_name'])
      .orderBy('t.finished_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(MAX_ROWS)
      .execute();
    const rows = found.map((r): LedgerRow => {
      let counts: Partial<Record<RiskLevel, number>> = {};
      try {
        counts = r.counts ? (JSON.parse(r.counts) as Partial<Record<RiskLevel, number>>) : {};
      } catch {
        // A malformed stored count leaves the row's counts empty rather than failing the export.
      }
      const band = r.risk_level === 'high' || r.risk_level === 'medium' || r.risk_level === 'low' ? r.risk_level : null;
      return {
        task_uid: r.task_uid,
        platform: r.platform,
        app_name: r.app_name,
        package_name: r.package_name,
        version: r.version,
        file_name: r.file_name || r.url,
        created_by: r.created_by_name ?? '',
        finished_at: Number(r.finished_at),
        score: r.score === null ? null : Number(r.score),
        band,
        counts,
      };
    });
    return { rows, truncated: Math.max(0, total - rows.length) };
  }

  /** The workbook of the chosen period. */
  async workbook(who: Identity, req: ExcelExportRequest): Promise<{ name: string; bytes: Uint8Array }> {
    const period = exportPeriod(req);
    const { rows, truncated } = await this.rows(who, req, period);
    const site = await this.site.get();
    const outcome = await renderInChild({ type: 'ledger', rows, options: { locale: req.type, siteTitle: site.main_title || '安全服务门户', from: period.start, to: period.end, truncated } }, this.limits);
    if (outcome.kind !== 'ok') return fail('report_generation_failed', outcome.kind === 'failed' ? outcome.message : 'cancelled');
    const span = period.start === period.end ? period.start : `${period.start}_${period.end}`;
    return { name: `assessments_${req.platform ? `${req.platform}_` : ''}${span}.xlsx`, bytes: outcome.bytes };
  }
}
