/**
 * /rdm/{save,savem,update,updatem,del} and /rdq/query (SPEC §7): the generic
 * record calls of the editable tables. The spec shows no payloads, so each is
 * { resource, data } (or { resource, rows } for the m-variants), and the
 * resource names one of the portal's own calls below. The dispatcher never
 * touches a table: it replays the call on that route with the caller's own
 * token and user headers, so the route's access declaration, body schema,
 * service rules and tenant scope apply exactly as if it had been called
 * directly. A resource or operation not in the table is refused.
 * GET /template (SPEC §7: query → template list) is the template list the same
 * way, over one platform or every platform the caller may see.
 */
import { TOKEN_HEADER, USER_HEADER } from '@citadel/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../../services.ts';
import { TEMPLATE_PLATFORMS } from '../../domain/templates/index.ts';
import { fail } from '../app-error.ts';
import { envelope, responses, str } from '../schemas.ts';

type Operation = 'save' | 'update' | 'del' | 'query';

/** Resource → the route each generic operation stands for (data: the editable tables of SPEC §2/§3). */
export const RECORD_ROUTES: Record<string, Partial<Record<Operation, string>>> = {
  template: { query: '/template/list', save: '/template/save', update: '/template/save', del: '/template/delete' },
  user: { query: '/um/userList', save: '/um/userCreate', update: '/um/userUpdate', del: '/um/userDelete' },
  role: { query: '/um/roleList', save: '/um/roleCreate', update: '/um/roleUpdate', del: '/um/roleDelete' },
  customer: { query: '/um/customerList', save: '/um/customerCreate', update: '/um/customerUpdate', del: '/um/customerDelete' },
  whitelist: { query: '/rules/whitelistList', save: '/rules/whitelistSave', update: '/rules/whitelistSave', del: '/rules/whitelistDelete' },
  sdk: { query: '/rules/sdkList', save: '/rules/sdkSave', update: '/rules/sdkSave', del: '/rules/sdkDelete' },
  workorder: { query: '/workorder/list', save: '/workorder/create', del: '/workorder/delete' },
  sample: { query: '/sample/list', del: '/sample/delete' },
  task: { query: '/task/list', save: '/task/create', del: '/task/delete' },
  download: { query: '/download/list', del: '/download/delete' },
  audit: { query: '/um/auditLog' },
  whitebox_key: { query: '/whitebox/keyList', save: '/whitebox/keyAdd', del: '/whitebox/keyDelete' },
  whitebox_library: { query: '/whitebox/libraryList', save: '/whitebox/libraryAdd', del: '/whitebox/libraryDelete' },
};

const resource = { type: 'string', enum: Object.keys(RECORD_ROUTES) } as const;
const record = { type: 'object', additionalProperties: true, maxProperties: 50 } as const;
const MAX_ROWS = 100;

interface Replayed {
  status: number;
  body: unknown;
}

export async function rdmRoutes(app: FastifyInstance, _services: Services): Promise<void> {
  /** The call replayed on its own route with the caller's credentials and address. */
  async function replay(req: FastifyRequest, op: Operation, name: string, data: object): Promise<Replayed> {
    const url = RECORD_ROUTES[name]?.[op];
    if (!url) return fail('illegal_parameter', `resource ${name} has no ${op}`);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    for (const h of [TOKEN_HEADER, USER_HEADER, 'accept-language', 'lang']) {
      const v = req.headers[h];
      if (typeof v === 'string') headers[h] = v;
    }
    const res = await app.inject({ method: 'POST', url, headers, payload: JSON.stringify(data), remoteAddress: req.ip });
    let body: unknown;
    try {
      body = res.json();
    } catch {
      body = { error: 'system_error', message: 'system error' };
    }
    return { status: res.statusCode, body };
  }

  const single = (op: Operation) => async (req: FastifyRequest<{ Body: { resource: string; data?: object } }>, reply: FastifyReply) => {
    const r = await replay(req, op, req.body.resource, req.body.data ?? {});
    return reply.code(r.status).send(r.body);
  };

  const many = (op: Operation) => async (req: FastifyRequest<{ Body: { resource: string; rows: object[] } }>) => {
    // Row by row through the same route; each row's answer is reported, one failing row does not hide the others.
    const results: unknown[] = [];
    for (const row of req.body.rows) {
      const r = await replay(req, op, req.body.resource, row);
      const b = r.body as { data?: unknown; error?: string; message?: string };
      results.push(r.status < 300 ? { ok: true, data: b.data ?? null } : { ok: false, error: b.error ?? 'system_error', message: b.message ?? '' });
    }
    return { data: { results } };
  };

  const singleSchema = (summary: string) => ({
    tags: ['rdm'],
    summary,
    body: { type: 'object', properties: { key: str(100), resource, data: record }, required: ['resource'], additionalProperties: false },
  });
  const manySchema = (summary: string) => ({
    tags: ['rdm'],
    summary,
    body: { type: 'object', properties: { key: str(100), resource, rows: { type: 'array', items: record, minItems: 1, maxItems: MAX_ROWS } }, required: ['resource', 'rows'], additionalProperties: false },
    response: responses(envelope({ type: 'object', properties: { results: { type: 'array', items: { type: 'object', properties: { ok: { type: 'boolean' }, data: {}, error: { type: 'string' }, message: { type: 'string' } } } } } })),
  });

  // 'session' here: the replayed route demands its own grant (and answers no_permission itself).
  const session = { config: { access: 'session' as const } };
  app.post('/rdm/save', { ...session, schema: singleSchema('Create a record of a resource (the resource\'s own create call, its checks and schema)') }, single('save'));
  app.post('/rdm/update', { ...session, schema: singleSchema('Update a record of a resource (the resource\'s own update call)') }, single('update'));
  app.post('/rdm/del', { ...session, schema: singleSchema('Delete records of a resource (the resource\'s own delete call, e.g. data: { ids })') }, single('del'));
  app.post('/rdq/query', { ...session, schema: singleSchema('List records of a resource (the resource\'s own list call with its paging and filters)') }, single('query'));
  app.post('/rdm/savem', { ...session, schema: manySchema(`Create up to ${MAX_ROWS} records, each through the resource's create call; an answer per row`) }, many('save'));
  app.post('/rdm/updatem', { ...session, schema: manySchema(`Update up to ${MAX_ROWS} records, each through the resource's update call; an answer per row`) }, many('update'));

  app.get<{ Querystring: { query?: string; platform?: string; page?: number; page_size?: number } }>(
    '/template',
    {
      ...session,
      schema: {
        tags: ['template'],
        summary: 'Templates whose name contains the query, on one platform or on every platform the caller may see',
        querystring: {
          type: 'object',
          properties: { query: str(100), platform: { type: 'string', enum: [...TEMPLATE_PLATFORMS] }, page: { type: 'integer', minimum: 1, maximum: 100_000 }, page_size: { type: 'integer', enum: [5, 10, 15, 20, 30, 40, 50] } },
          additionalProperties: false,
        },
      },
    },
    async (req, reply) => {
      const { query, platform, page = 1, page_size = 50 } = req.query;
      const ask = (p: string) => replay(req, 'query', 'template', { platform: p, page, page_size, ...(query ? { keyword: query } : {}) });
      if (platform) {
        const r = await ask(platform);
        return reply.code(r.status).send(r.body);
      }
      // Every platform: those the caller may not see answer no_permission and are left out.
      const list: unknown[] = [];
      let total = 0;
      for (const p of TEMPLATE_PLATFORMS) {
        const r = await ask(p);
        if (r.status !== 200) continue;
        const d = (r.body as { data: { total: number; list: unknown[] } }).data;
        total += d.total;
        list.push(...d.list);
      }
      return { data: { total, list } };
    },
  );
}
