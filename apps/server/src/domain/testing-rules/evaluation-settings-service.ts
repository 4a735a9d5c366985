/**
 * Evaluation settings (admin, SPEC §2 "evaluation settings"): the default
 * template per platform, the task time limit, worker concurrency, retention
 * days and report defaults. Stored in the database; values not stored yet
 * fall back to the start-up configuration. Nothing needs a restart: every
 * worker (embedded or a separate process) reads the time limit when a task
 * starts and the concurrency every few seconds (jobs/settings-watch.ts), the
 * retention job reads the days at each run; listeners of this instance hear
 * of changes at once.
 */
import { LOCALES, type Platform } from '@citadel/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import type { Identity } from '../auth/auth-service.ts';
import { REPORT_TEMPLATES, TEMPLATE_PLATFORMS } from '../templates/template-rules.ts';
import { assertGrant } from './ownership.ts';

export const SETTINGS_RESOURCE = 'evaluationSettings';

export interface EvaluationSettings {
  /** platform → template id; absent or null = the built-in default. */
  default_templates: Partial<Record<Platform, number | null>>;
  task_timeout_seconds: number;
  concurrency: number;
  retention_days: number;
  report_template: string;
  report_language: string;
}

/** Bounds of the numeric settings (the same as the environment's). */
export const SETTING_LIMITS = {
  task_timeout_seconds: [10, 7 * 24 * 3600],
  concurrency: [1, 256],
  retention_days: [1, 36500],
} as const;

type Listener = (s: EvaluationSettings) => void;

export class EvaluationSettingsService {
  private readonly listeners: Listener[] = [];

  constructor(
    private readonly db: Kysely<DB>,
    private readonly defaults: Omit<EvaluationSettings, 'default_templates' | 'report_template' | 'report_language'>,
  ) {}

  onChange(fn: Listener): void {
    this.listeners.push(fn);
  }

  /** The current settings (stored values over the start-up defaults). */
  async current(): Promise<EvaluationSettings> {
    const stored = new Map((await this.db.selectFrom('evaluation_settings').selectAll().execute()).map((r) => [r.key, JSON.parse(r.value) as unknown]));
    const num = (k: keyof typeof SETTING_LIMITS): number => {
      const v = stored.get(k);
      return typeof v === 'number' && Number.isInteger(v) ? v : this.defaults[k];
    };
    const str = (k: string, fallback: string): string => {
      const v = stored.get(k);
      return typeof v === 'string' ? v : fallback;
    };
    const templates = stored.get('default_templates');
    return {
      default_templates: templates && typeof templates === 'object' ? (templates as EvaluationSettings['default_templates']) : {},
      task_timeout_seconds: num('task_timeout_seconds'),
      concurrency: num('concurrency'),
      retention_days: num('retention_days'),
      report_template: str('report_template', 'standard'),
      report_language: str('report_language', 'zh-CN'),
    };
  }

  /** Reads the stored settings and tells the listeners (at start-up). */
  async load(): Promise<EvaluationSettings> {
    const s = await this.current();
    for (const fn of this.listeners) fn(s);
    return s;
  }

  async get(who: Identity): Promise<EvaluationSettings> {
    assertGrant(who, SETTINGS_RESOURCE, 'view');
    return this.current();
  }

  async save(who: Identity, patch: Partial<EvaluationSettings>): Promise<EvaluationSettings> {
    assertGrant(who, SETTINGS_RESOURCE, 'edit');
    // These settings act on every customer: the platform administrator's (issue 18), whatever a role grants.
    if (!who.isAdmin) fail('unauthorized_operation');
    for (const [k, [min, max]] of Object.entries(SETTING_LIMITS) as [keyof typeof SETTING_LIMITS, readonly [number, number]][]) {
      const v = patch[k];
      if (v !== undefined && (!Number.isInteger(v) || v < min || v > max)) fail('illegal_parameter', `${k}: ${min}–${max}`);
    }
    if (patch.report_template !== undefined && !(REPORT_TEMPLATES as readonly string[]).includes(patch.report_template)) fail('illegal_parameter', 'report_template');
    if (patch.report_language !== undefined && !(LOCALES as readonly string[]).includes(patch.report_language)) fail('illegal_parameter', 'report_language');
    if (patch.default_templates) {
      for (const [platform, id] of Object.entries(patch.default_templates)) {
        if (!TEMPLATE_PLATFORMS.includes(platform as Platform)) fail('illegal_parameter', 'default_templates');
        if (id === null || id === undefined) continue;
        // A default must be usable by every customer: a shared template (no customer). A customer's
        // private template answers exactly like a missing one, so ids reveal nothing.
        const t = await this.db.selectFrom('templates').select(['platform', 'customer_id']).where('id', '=', id).executeTakeFirst();
        if (!t || t.platform !== platform || t.customer_id !== null) fail('template_not_found');
      }
      patch = { ...patch, default_templates: { ...(await this.current()).default_templates, ...patch.default_templates } };
    }
    await this.db.transaction().execute(async (trx) => {
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined) continue;
        await trx.deleteFrom('evaluation_settings').where('key', '=', key).execute();
        await trx.insertInto('evaluation_settings').values({ key, value: JSON.stringify(value) }).execute();
      }
    });
    return this.load();
  }

  /** The admin's default template of a platform, if set. */
  async defaultTemplate(platform: string): Promise<number | undefined> {
    return (await this.current()).default_templates[platform as Platform] ?? undefined;
  }

  async retentionDays(): Promise<number> {
    return (await this.current()).retention_days;
  }
}
