/**
 * /jiagu/{key} (SPEC §2, §7): hardening tasks and strategies of every
 * registered hardening type, and /jiagu/downloadfile. The route-level access
 * admits any hardening screen's grant; each handler then checks the grant of
 * the type named in the request (Shield_<slug> for tasks,
 * Shield_<slug>_Template for strategies), and the service applies the
 * customer scope.
 */
import { type Operation, can } from '@citadel/contracts';
import { SHIELD_TYPES, type ShieldType } from '@citadel/shield-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../services.ts';
import { createShield, listResource, templateResource } from '../../domain/shield/index.ts';
import { type Grant, identityOf } from '../access.ts';
import { fail } from '../app-error.ts';
import { requestLang } from '../errors.ts';
import { body, envelope, okEnvelope, responses, str } from '../schemas.ts';
import { contentDisposition } from './send-object.ts';
import { eachFilePart, registerUploadSupport } from './upload-support.ts';

const anyShield = (template: boolean, ...operations: Operation[]): { anyOf: Grant[] } => ({
  anyOf: SHIELD_TYPES.flatMap((t) => operations.map((operation) => ({ resource: template ? templateResource(t) : listResource(t), operation }))),
});
const type = { type: 'string', enum: [...SHIELD_TYPES] } as const;
const uid = { type: 'string', pattern: '^[0-9a-f]{32}$' } as const;
const paging = { page: { type: 'integer', minimum: 1, maximum: 100_000 }, page_size: { type: 'integer', enum: [5, 10, 15, 20, 30, 40, 50] }, keyword: str(100) };
const rows = { type: 'object', additionalProperties: true } as const;
const listAnswer = responses(envelope({ type: 'object', properties: { total: { type: 'integer' }, list: { type: 'array', items: rows } } }));

function grant(req: FastifyRequest, resource: string, op: Operation): void {
  const who = identityOf(req);
  if (!can({ isAdmin: who.isAdmin, permissions: who.permissions }, resource, op)) fail('no_permission');
}

export async function jiaguRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const shield = createShield(services, (m) => app.log.error(m));
  await registerUploadSupport(app, services.config.uploadMaxMb * 1024 * 1024 + 1);
  app.addHook('onReady', async () => void shield.recover().catch((err) => app.log.error(`hardening recovery failed: ${(err as Error).message}`)));
  app.addHook('onClose', async () => shield.close());

  app.post<{ Body: { type: ShieldType } }>(
    '/jiagu/schema',
    { config: { access: { anyOf: [...anyShield(false, 'view').anyOf, ...anyShield(true, 'view').anyOf] } }, schema: { tags: ['jiagu'], summary: 'A hardening type: accepted files, strategy schema (options, groups, texts) and built-in strategies', body: body({ type }), response: responses(envelope(rows)) } },
    async (req) => {
      if (!can({ isAdmin: identityOf(req).isAdmin, permissions: identityOf(req).permissions }, listResource(req.body.type), 'view')) grant(req, templateResource(req.body.type), 'view');
      return { data: shield.schema(req.body.type) };
    },
  );

  app.post<{ Body: { type: ShieldType; keyword?: string; page?: number; page_size?: number } }>(
    '/jiagu/strategyList',
    { config: { access: { anyOf: [...anyShield(true, 'view').anyOf, ...anyShield(false, 'add').anyOf] } }, schema: { tags: ['jiagu'], summary: 'Strategies of a type: built-in presets (first page) and the customer\'s own', body: body({ type, ...paging }, ['type']), response: listAnswer } },
    async (req) => {
      const who = identityOf(req);
      const perms = { isAdmin: who.isAdmin, permissions: who.permissions };
      if (!can(perms, templateResource(req.body.type), 'view') && !can(perms, listResource(req.body.type), 'add')) fail('no_permission');
      return { data: await shield.strategies(who, req.body.type, { ...(req.body.keyword ? { keyword: req.body.keyword } : {}), page: req.body.page ?? 1, page_size: req.body.page_size ?? 10 }, requestLang(req)) };
    },
  );

  app.post<{ Body: { type: ShieldType; id?: number; name: string; description?: string; values: Record<string, unknown> } }>(
    '/jiagu/strategySave',
    {
      config: { access: anyShield(true, 'add', 'edit') },
      schema: {
        tags: ['jiagu'],
        summary: 'Add (no id) or change a strategy ("add strategy"); values are checked against the type\'s schema',
        body: body({ type, id: { type: 'integer', minimum: 1 }, name: str(50, 1), description: str(500), values: { type: 'object', maxProperties: 100 } }, ['type', 'name', 'values']),
        response: responses(envelope(rows)),
      },
    },
    async (req) => {
      grant(req, templateResource(req.body.type), req.body.id ? 'edit' : 'add');
      return { data: await shield.saveStrategy(identityOf(req), req.body) };
    },
  );

  app.post<{ Body: { type: ShieldType; ids: number[] } }>(
    '/jiagu/strategyDelete',
    { config: { access: anyShield(true, 'delete') }, schema: { tags: ['jiagu'], summary: 'Delete customer strategies (built-in ones cannot be)', body: body({ type, ids: { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, maxItems: 200 } }), response: responses(okEnvelope) } },
    async (req) => {
      grant(req, templateResource(req.body.type), 'delete');
      await shield.deleteStrategies(identityOf(req), req.body.type, req.body.ids);
      return { data: { ok: true } };
    },
  );

  app.post(
    '/jiagu/create',
    { config: { access: anyShield(false, 'add') }, schema: { tags: ['jiagu'], summary: 'New hardening task (multipart: fields type and strategy first, then the file part __files__); answers the task_uid' } },
    async (req) => {
      let created: { id: number; task_uid: string } | undefined;
      await eachFilePart(req, async (file, fields) => {
        if (file.fieldname !== '__files__' || created) {
          file.file.resume();
          return;
        }
        const t = fields.type as ShieldType;
        if (!(SHIELD_TYPES as readonly string[]).includes(t)) {
          file.file.resume();
          fail('illegal_parameter', 'type');
        }
        try {
          grant(req, listResource(t), 'add');
        } catch (err) {
          file.file.resume();
          throw err;
        }
        created = await shield.create(identityOf(req), { type: t, strategy: (fields.strategy ?? '').slice(0, 40), fileName: file.filename, body: file.file });
      });
      if (!created) fail('bad_request_parameters', '__files__');
      return { data: { task_uid: created.task_uid } };
    },
  );

  app.post<{ Body: { type: ShieldType; keyword?: string; status?: string; page?: number; page_size?: number } }>(
    '/jiagu/taskList',
    { config: { access: anyShield(false, 'view') }, schema: { tags: ['jiagu'], summary: 'Hardening tasks of a type', body: body({ type, status: { type: 'string', enum: ['QUEUED', 'RUNNING', 'FINISHED', 'EXCEPTION'] }, ...paging }, ['type']), response: listAnswer } },
    async (req) => {
      grant(req, listResource(req.body.type), 'view');
      const { keyword, status } = req.body;
      return { data: await shield.list(identityOf(req), req.body.type, { ...(keyword ? { keyword } : {}), ...(status ? { status } : {}), page: req.body.page ?? 1, page_size: req.body.page_size ?? 10 }, requestLang(req)) };
    },
  );

  app.post<{ Body: { task_uid: string } }>(
    '/jiagu/taskDetail',
    { config: { access: anyShield(false, 'view') }, schema: { tags: ['jiagu'], summary: 'One hardening task: input and output, strategy, protections applied, verification, measured costs', body: body({ task_uid: uid }), response: responses(envelope(rows)) } },
    async (req) => {
      const d = await shield.detail(identityOf(req), req.body.task_uid, requestLang(req));
      grant(req, listResource(d.type as ShieldType), 'view');
      return { data: d };
    },
  );

  app.post<{ Body: { task_uids: string[] } }>(
    '/jiagu/taskDelete',
    { config: { access: anyShield(false, 'delete') }, schema: { tags: ['jiagu'], summary: 'Delete hardening tasks (admin or creator) with their stored files', body: body({ task_uids: { type: 'array', items: uid, minItems: 1, maxItems: 200 } }), response: responses(okEnvelope) } },
    async (req) => {
      for (const u of req.body.task_uids) grant(req, listResource((await shield.detail(identityOf(req), u, 'en')).type as ShieldType), 'delete');
      await shield.delete(identityOf(req), req.body.task_uids);
      return { data: { ok: true } };
    },
  );

  app.post<{ Body: { task_uid: string } }>(
    '/jiagu/downloadfile',
    { config: { access: anyShield(false, 'download') }, schema: { tags: ['jiagu'], summary: 'The verified protected output of a finished hardening task (streamed)', body: body({ task_uid: uid }) } },
    async (req, reply) => {
      const file = await shield.download(identityOf(req), req.body.task_uid);
      grant(req, listResource(file.type), 'download');
      reply
        .header('content-type', file.name.endsWith('.html') ? 'application/octet-stream' : 'application/zip')
        .header('content-disposition', contentDisposition(file.name))
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      return reply.send(file.body);
    },
  );
}
