/**
 * /template/{key}: assessment templates (issue 10, SPEC §7 generic call):
 * list, get, catalogue (the platform's items grouped by category), save
 * (create or update) and delete. Routes open to any template screen (or, for
 * reading, any evaluation create page); the service checks the platform's own
 * grant and every SPEC §5 rule.
 */
import { EVALUATIONS, LOCALES, type Locale, type Operation } from '@citadel/contracts';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { PRESET_TYPES, REPORT_TEMPLATES, TEMPLATE_PLATFORMS, TEMPLATE_RESOURCES, type SaveTemplateRequest } from '../../domain/templates/index.ts';
import { type Access, identityOf } from '../access.ts';
import { requestLang } from '../errors.ts';
import { body, envelope, okEnvelope, responses, str } from '../schemas.ts';

const onAnyTemplate = (...operations: Operation[]): Access => ({
  anyOf: [
    ...operations.flatMap((operation) => [...TEMPLATE_RESOURCES.values()].map((resource) => ({ resource, operation }))),
    // The create page of an evaluation picks a template.
    ...(operations.includes('view') ? EVALUATIONS.map((e) => ({ resource: e.key, operation: 'add' as const })) : []),
  ],
});

const id = { type: 'integer', minimum: 1 } as const;
const platform = { type: 'string', enum: [...TEMPLATE_PLATFORMS] } as const;
const pageSize = { type: 'integer', enum: [5, 10, 15, 20, 30, 40, 50] } as const;
const template = { type: 'object', additionalProperties: true } as const;
const locale = (lang: string | undefined, fallback: 'zh' | 'en'): Locale => (LOCALES as readonly string[]).includes(lang ?? '') ? (lang as Locale) : fallback === 'en' ? 'en' : 'zh-CN';

export async function templateRoutes(app: FastifyInstance, { templates }: Services): Promise<void> {
  app.post<{ Body: { platform: string; keyword?: string; page?: number; page_size?: number } }>(
    '/template/list',
    {
      config: { access: onAnyTemplate('view') },
      schema: {
        tags: ['template'],
        summary: "A platform's templates the caller may see: the built-in default first, then the customer's",
        body: body({ platform, keyword: str(100), page: { type: 'integer', minimum: 1, maximum: 100_000 }, page_size: pageSize }, ['platform']),
        response: responses(envelope({ type: 'object', properties: { total: { type: 'integer' }, list: { type: 'array', items: template } } })),
      },
    },
    async (req) => ({ data: await templates.list(identityOf(req), { platform: req.body.platform, ...(req.body.keyword ? { keyword: req.body.keyword } : {}), page: req.body.page ?? 1, page_size: req.body.page_size ?? 50 }) }),
  );

  app.post<{ Body: { id: number } }>(
    '/template/get',
    { config: { access: onAnyTemplate('view') }, schema: { tags: ['template'], summary: 'One template with its items', body: body({ id }), response: responses(envelope(template)) } },
    async (req) => ({ data: await templates.get(identityOf(req), req.body.id) }),
  );

  app.post<{ Body: { platform: string; lang?: string } }>(
    '/template/catalogue',
    {
      config: { access: onAnyTemplate('view') },
      schema: {
        tags: ['template'],
        summary: "The platform's check items grouped by category, titled in the reader's language",
        body: body({ platform, lang: { type: 'string', enum: [...LOCALES] } }, ['platform']),
        response: responses(envelope({ type: 'array', items: { type: 'object', additionalProperties: true } })),
      },
    },
    async (req) => ({ data: await templates.catalogue(identityOf(req), req.body.platform, locale(req.body.lang, requestLang(req))) }),
  );

  app.post<{ Body: SaveTemplateRequest }>(
    '/template/save',
    {
      config: { access: onAnyTemplate('add', 'edit') },
      schema: {
        tags: ['template'],
        summary: 'Create (no id) or update a template; default templates cannot be edited, the name has at most 50 characters, at least one item',
        body: body(
          {
            id,
            platform,
            // Lengths are bounded here for parsing; the SPEC §5 limits are checked by the service with their own messages.
            name: str(1000),
            preset_template: { type: ['integer', 'null'], minimum: 1 },
            preset_type: { type: 'string', enum: [...PRESET_TYPES] },
            report_template: { type: 'string', enum: [...REPORT_TEMPLATES] },
            report_language: { type: 'string', enum: [...LOCALES] },
            items: { type: 'array', items: str(200, 1), maxItems: 2000 },
          },
          ['platform', 'name', 'preset_type', 'report_template', 'report_language', 'items'],
        ),
        response: responses(envelope(template)),
      },
    },
    async (req) => ({ data: await templates.save(identityOf(req), req.body) }),
  );

  app.post<{ Body: { ids: number[] } }>(
    '/template/delete',
    {
      config: { access: onAnyTemplate('delete') },
      schema: { tags: ['template'], summary: 'Delete templates (admin or creator; never a default)', body: body({ ids: { type: 'array', items: id, minItems: 1, maxItems: 200, uniqueItems: true } }), response: responses(okEnvelope) },
    },
    async (req) => {
      await templates.delete(identityOf(req), req.body.ids);
      return { data: { ok: true } };
    },
  );
}
