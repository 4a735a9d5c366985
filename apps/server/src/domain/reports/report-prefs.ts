/**
 * Which report template (layout) and language a task's report uses by default
 * (SPEC §3 template fields "report template" and "report language"): those of
 * the assessment template the task ran with; for the built-in default
 * templates (which no one can edit), a task without a template, or a template
 * deleted since, the admin's report defaults in the evaluation settings.
 *
 * The chosen layout travels with a report job inside its render version
 * (catalogue hash + ':' + layout), so a kept file is reused only for the same
 * texts and the same layout, without a schema change.
 */
import { LOCALES, type Locale } from '@citadel/contracts';
import { type ReportTemplate, isReportTemplate } from '@citadel/reports';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TaskRecord } from '../tasks/task-repository.ts';

export interface ReportPrefs {
  template: ReportTemplate;
  language: Locale;
  /** Where they came from: the task's own template, or the evaluation settings. */
  source: 'template' | 'settings';
  /** The name of the task's template ('' without one). */
  template_name: string;
}

/** The evaluation settings' report defaults (domain/testing-rules). */
export type ReportDefaults = () => Promise<{ report_template: string; report_language: string }>;

const asLocale = (v: string): Locale | undefined => ((LOCALES as readonly string[]).includes(v) ? (v as Locale) : undefined);

export class ReportPrefsResolver {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly defaults: ReportDefaults = async () => ({ report_template: 'standard', report_language: 'zh-CN' }),
  ) {}

  async of(task: Pick<TaskRecord, 'template_id' | 'template_name'>): Promise<ReportPrefs> {
    const row = task.template_id === null ? undefined : await this.db.selectFrom('templates').select(['is_default', 'report_template', 'report_language', 'name']).where('id', '=', task.template_id).executeTakeFirst();
    const settings = await this.defaults().catch(() => ({ report_template: 'standard', report_language: 'zh-CN' }));
    const fallback = { template: isReportTemplate(settings.report_template) ? settings.report_template : 'standard', language: asLocale(settings.report_language) ?? 'zh-CN' } as const;
    if (row && row.is_default !== 1) {
      return {
        template: isReportTemplate(row.report_template) ? row.report_template : fallback.template,
        language: asLocale(row.report_language) ?? fallback.language,
        source: 'template',
        template_name: row.name,
      };
    }
    return { ...fallback, source: 'settings', template_name: row?.name ?? task.template_name ?? '' };
  }
}

const SEPARATOR = ':';

/** The render version of a report file: the catalogue hash and the layout. */
export function renderVersion(catalogueVersion: string, template: ReportTemplate): string {
  return `${catalogueVersion}${SEPARATOR}${template}`;
}

/** The layout of a render version (files kept before layouts existed are standard). */
export function templateOfVersion(version: string): ReportTemplate {
  const t = version.slice(version.lastIndexOf(SEPARATOR) + 1);
  return version.includes(SEPARATOR) && isReportTemplate(t) ? t : 'standard';
}
