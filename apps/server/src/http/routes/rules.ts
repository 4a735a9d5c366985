/**
 * /rules/{key}: testing management (issue 10, SPEC §2): whitelists, the
 * third-party SDK library, sensitive words and the admin's evaluation
 * settings. Each route names its screen's resource; the services apply the
 * customer scope and the SPEC §5 rules.
 */
import { LOCALES, type Locale, PLATFORMS, type Platform, SDK_CATEGORIES, type Operation } from '@citadel/contracts';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { ruleCatalogue } from '../../domain/tasks/rule-texts.ts';
import { REPORT_TEMPLATES, TEMPLATE_PLATFORMS } from '../../domain/templates/index.ts';
import { extraEngineFiles } from '../../jobs/runtime.ts';
import {
  type EvaluationSettings,
  RULE_REFERENCE_RESOURCE,
  ruleReference,
  SDK_RESOURCE,
  type SdkListRequest,
  SENSITIVE_RESOURCE,
  SETTINGS_RESOURCE,
  SETTING_LIMITS,
  type SdkInput,
  WHITELIST_LISTS,
  WHITELIST_LIST_NAMES,
  type WhitelistList,
  type WhitelistRowInput,
} from '../../domain/testing-rules/index.ts';
import { type Access, identityOf } from '../access.ts';
import { requestLang } from '../errors.ts';
import { body, envelope, okEnvelope, responses, str } from '../schemas.ts';

const onAnyWhitelist = (...operations: Operation[]): Access => ({
  anyOf: operations.flatMap((operation) => Object.values(WHITELIST_LISTS).map((l) => ({ resource: l.resource, operation }))),
});
const on = (resource: string, ...operations: Operation[]): Access => ({ anyOf: operations.map((operation) => ({ resource, operation })) });

const id = { type: 'integer', minimum: 1 } as const;
const ids = { type: 'array', items: id, minItems: 1, maxItems: 200, uniqueItems: true } as const;
const list = { type: 'string', enum: WHITELIST_LIST_NAMES } as const;
const paging = { page: { type: 'integer', minimum: 1, maximum: 100_000 }, page_size: { type: 'integer', enum: [5, 10, 15, 20, 30, 40, 50] }, keyword: str(200) };
const rows = { type: 'object', additionalProperties: true } as const;
const listAnswer = responses(envelope({ type: 'object', properties: { total: { type: 'integer' }, list: { type: 'array', items: rows } } }));
const strings = { type: 'array', items: str(200), maxItems: 200 } as const;
const bounded = (k: keyof typeof SETTING_LIMITS) => ({ type: 'integer', minimum: SETTING_LIMITS[k][0], maximum: SETTING_LIMITS[k][1] });

export async function rulesRoutes(app: FastifyInstance, { rules, config }: Services): Promise<void> {
  // Whitelists
  app.post<{ Body: { list: WhitelistList; keyword?: string; page?: number; page_size?: number } }>(
    '/rules/whitelistList',
    { config: { access: onAnyWhitelist('view') }, schema: { tags: ['rules'], summary: 'Entries of one whitelist (shared and own customer)', body: body({ list, ...paging }, ['list']), response: listAnswer } },
    async (req) => ({ data: await rules.whitelists.list(identityOf(req), { list: req.body.list, ...(req.body.keyword ? { keyword: req.body.keyword } : {}), page: req.body.page ?? 1, page_size: req.body.page_size ?? 10 }) }),
  );
  app.post<{ Body: { list: WhitelistList; rows: WhitelistRowInput[] } }>(
    '/rules/whitelistSave',
    {
      config: { access: onAnyWhitelist('add', 'edit') },
      schema: {
        tags: ['rules'],
        summary: 'Add (no id) or update whitelist rows; every row must be complete ("请填写完整信息")',
        body: body({
          list,
          rows: {
            type: 'array',
            minItems: 1,
            maxItems: 50,
            items: { type: 'object', additionalProperties: false, required: ['pattern'], properties: { id, file_type: str(30), pattern: str(2000), remark: str(2000), enabled: { type: 'boolean' } } },
          },
        }),
        response: responses(okEnvelope),
      },
    },
    async (req) => {
      await rules.whitelists.save(identityOf(req), req.body.list, req.body.rows);
      return { data: { ok: true } };
    },
  );
  app.post<{ Body: { list: WhitelistList; ids: number[] } }>(
    '/rules/whitelistDelete',
    { config: { access: onAnyWhitelist('delete') }, schema: { tags: ['rules'], summary: 'Delete whitelist rows (admin or creator)', body: body({ list, ids }), response: responses(okEnvelope) } },
    async (req) => {
      await rules.whitelists.delete(identityOf(req), req.body.list, req.body.ids);
      return { data: { ok: true } };
    },
  );

  // Third-party SDK library
  app.post<{ Body: Partial<SdkListRequest> }>(
    '/rules/sdkList',
    {
      config: { access: on(SDK_RESOURCE, 'view') },
      schema: {
        tags: ['rules'],
        summary: 'The SDK library (seeded from the engines, plus own customer entries), filtered by name, prefix, category and enabled',
        body: body({ ...paging, name: str(200), prefix: str(200), category: { type: 'string', enum: [...SDK_CATEGORIES] }, enabled: { type: 'boolean' } }, []),
        response: listAnswer,
      },
    },
    async (req) => {
      const { keyword, name, prefix, category, enabled, page, page_size } = req.body;
      const filters = Object.fromEntries(Object.entries({ keyword, name, prefix, category }).filter(([, v]) => v)) as Partial<SdkListRequest>;
      return { data: await rules.sdks.list(identityOf(req), { ...filters, ...(enabled === undefined ? {} : { enabled }), page: page ?? 1, page_size: page_size ?? 10 }) };
    },
  );
  app.post<{ Body: SdkInput }>(
    '/rules/sdkSave',
    {
      config: { access: on(SDK_RESOURCE, 'add', 'edit') },
      schema: {
        tags: ['rules'],
        summary: 'Add (no id) or update an SDK: name, category, package / iOS framework / class prefixes, enabled',
        body: body({ id, name: str(200), category: str(30), packages: strings, ios_frameworks: strings, ios_class_prefixes: strings, enabled: { type: 'boolean' } }, ['name', 'category', 'packages', 'ios_frameworks', 'ios_class_prefixes']),
        response: responses(envelope(rows)),
      },
    },
    async (req) => ({ data: await rules.sdks.save(identityOf(req), req.body) }),
  );
  app.post<{ Body: { ids: number[] } }>(
    '/rules/sdkDelete',
    { config: { access: on(SDK_RESOURCE, 'delete') }, schema: { tags: ['rules'], summary: 'Delete own SDK entries (seeded ones can only be disabled)', body: body({ ids }), response: responses(okEnvelope) } },
    async (req) => {
      await rules.sdks.delete(identityOf(req), req.body.ids);
      return { data: { ok: true } };
    },
  );

  // The rule catalogue, read-only (rule settings screen)
  app.post<{ Body: { platform?: Platform; lang?: Locale } }>(
    '/rules/catalogue',
    {
      config: { access: on(RULE_REFERENCE_RESOURCE, 'view') },
      schema: {
        tags: ['rules'],
        summary: "The check items of one platform (id, category, risk, CWE, OWASP, texts in the reader's language) and the platforms that have items",
        body: body({ platform: { type: 'string', enum: [...PLATFORMS] }, lang: { type: 'string', enum: [...LOCALES] } }, []),
        response: responses(envelope({ type: 'object', additionalProperties: true })),
      },
    },
    async (req) => {
      const lang = req.body.lang ?? (requestLang(req) === 'en' ? 'en' : 'zh-CN');
      return { data: ruleReference(identityOf(req), (await ruleCatalogue(extraEngineFiles(config))).values(), lang, req.body.platform) };
    },
  );

  // Sensitive words
  const wordsAnswer = responses(envelope({ type: 'object', properties: { words: { type: 'string' }, shared: { type: 'array', items: { type: 'string' } } } }));
  app.post(
    '/rules/sensitiveWordsGet',
    { config: { access: on(SENSITIVE_RESOURCE, 'view') }, schema: { tags: ['rules'], summary: 'The sensitive words the caller edits, and the shared ones', body: body({}, []), response: wordsAnswer } },
    async (req) => ({ data: await rules.words.get(identityOf(req)) }),
  );
  app.post<{ Body: { words: string } }>(
    '/rules/sensitiveWordsSave',
    { config: { access: on(SENSITIVE_RESOURCE, 'edit') }, schema: { tags: ['rules'], summary: 'Replace the sensitive words (English commas between words)', body: body({ words: str(200_000) }), response: wordsAnswer } },
    async (req) => ({ data: await rules.words.save(identityOf(req), req.body.words) }),
  );

  // Evaluation settings: task limits, retention and default templates act on every customer, so saving is admin's alone (issue 18).
  const settings = {
    default_templates: { type: 'object', additionalProperties: false, properties: Object.fromEntries(TEMPLATE_PLATFORMS.map((p) => [p, { type: ['integer', 'null'], minimum: 1 }])) },
    task_timeout_seconds: bounded('task_timeout_seconds'),
    concurrency: bounded('concurrency'),
    retention_days: bounded('retention_days'),
    report_template: { type: 'string', enum: [...REPORT_TEMPLATES] },
    report_language: { type: 'string', enum: [...LOCALES] },
  };
  const settingsAnswer = responses(envelope({ type: 'object', properties: settings }));
  app.post(
    '/rules/settingsGet',
    { config: { access: on(SETTINGS_RESOURCE, 'view') }, schema: { tags: ['rules'], summary: 'Evaluation settings', body: body({}, []), response: settingsAnswer } },
    async (req) => ({ data: await rules.settings.get(identityOf(req)) }),
  );
  app.post<{ Body: Partial<EvaluationSettings> }>(
    '/rules/settingsSave',
    { config: { access: on(SETTINGS_RESOURCE, 'edit'), adminOnly: true }, schema: { tags: ['rules'], summary: 'Change evaluation settings, admin only (the embedded worker and the retention job take them without a restart)', body: body(settings, []), response: settingsAnswer } },
    async (req) => ({ data: await rules.settings.save(identityOf(req), req.body) }),
  );
}
