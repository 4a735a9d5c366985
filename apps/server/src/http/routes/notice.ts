/**
 * /notice/{key} (SPEC §7 notice prefix): the user's side — getClientUserNotice
 * (published notices aimed at the caller), read marks, attachment download by
 * single-use ticket — and the administrator's editor (list, add, update,
 * publish/withdraw, delete, attachment upload through the upload rules).
 * Notices reach every customer, so editing is the platform administrator's
 * alone (adminOnly), whatever a role grants.
 */
import type { Operation } from '@citadel/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Services } from '../../services.ts';
import { ATTACHMENT_EXTENSIONS, type NoticeInput, attachmentLimit, noticesOf } from '../../domain/notices/index.ts';
import { identityOf } from '../access.ts';
import { fail } from '../app-error.ts';
import { body, envelope, okEnvelope, responses, str } from '../schemas.ts';
import { contentDisposition } from './send-object.ts';
import { eachFilePart, intField, registerUploadSupport } from './upload-support.ts';

const RESOURCE = 'noticeManagement';
const edit = (operation: Operation) => ({ access: { resource: RESOURCE, operation }, adminOnly: true });

const id = { type: 'integer', minimum: 1, maximum: 999_999_999_999 } as const;
const ids = { type: 'array', items: id, minItems: 1, maxItems: 200, uniqueItems: true } as const;
const time = { anyOf: [{ type: 'integer', minimum: 0, maximum: 32_503_680_000_000 }, { type: 'null' }] } as const;
const idArray = { type: 'array', items: id, maxItems: 500, uniqueItems: true } as const;
const noticeBody = {
  title: str(200),
  content: str(100_000),
  is_float: { type: 'boolean' },
  customer_ids: idArray,
  role_ids: idArray,
  start_at: time,
  end_at: time,
  status: { type: 'string', enum: ['draft', 'published'] },
};
const rows = { type: 'object', additionalProperties: true } as const;
const clientNotice = {
  type: 'object',
  properties: { id: { type: 'integer' }, title: { type: 'string' }, content: { type: 'string' }, is_float: { type: 'boolean' }, attachment: { type: 'string' }, attachment_name: { type: 'string' }, published_at: { type: 'integer' }, read: { type: 'boolean' } },
} as const;

type NoticeBody = Partial<NoticeInput> & Pick<NoticeInput, 'content'>;
const inputOf = (b: NoticeBody): NoticeInput => ({
  title: b.title ?? '',
  content: b.content,
  is_float: b.is_float ?? false,
  customer_ids: b.customer_ids ?? [],
  role_ids: b.role_ids ?? [],
  start_at: b.start_at ?? null,
  end_at: b.end_at ?? null,
  status: b.status ?? 'draft',
});

export async function noticeRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const notices = noticesOf(services);
  await registerUploadSupport(app, 20 * 1024 * 1024 + 1);

  app.post<{ Body: { user_id?: number | string } }>(
    '/notice/getClientUserNotice',
    { config: { access: 'session' }, schema: { tags: ['notice'], summary: 'Published notices aimed at the caller, newest first, with read state (SPEC §7)', body: body({ user_id: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 100 }] } }, []), response: responses(envelope({ type: 'array', items: clientNotice })) } },
    async (req) => {
      const who = identityOf(req);
      const asked = req.body.user_id;
      // The payload names the user (SPEC §7); only the caller's own notices are ever answered.
      if (asked !== undefined && asked !== '' && String(asked) !== String(who.user.id) && String(asked) !== who.user.name) fail('illegal_access');
      return { data: await notices.forUser(who) };
    },
  );
  app.post<{ Body: { ids: number[] } }>(
    '/notice/read',
    { config: { access: 'session' }, schema: { tags: ['notice'], summary: 'Mark notices read for the caller', body: body({ ids }), response: responses(okEnvelope) } },
    async (req) => {
      await notices.markRead(identityOf(req), req.body.ids);
      return { data: { ok: true } };
    },
  );
  app.post<{ Body: { id: number } }>(
    '/notice/attachmentTicket',
    { config: { access: 'session' }, schema: { tags: ['notice'], summary: 'A single-use link to a notice attachment the caller may see', body: body({ id }), response: responses(envelope({ type: 'object', properties: { url: { type: 'string' }, expires_at: { type: 'integer' } } })) } },
    async (req) => {
      const who = identityOf(req);
      await notices.attachment(who, req.body.id);
      const url = `/notice/attachment?id=${req.body.id}`;
      const { ticket, expiresAt } = await services.auth.issueTicket(who, url);
      return { data: { url: `${url}&ticket=${encodeURIComponent(ticket)}`, expires_at: expiresAt } };
    },
  );
  app.get<{ Querystring: { id: string; ticket?: string } }>(
    '/notice/attachment',
    { config: { access: 'session', ticket: true }, schema: { tags: ['notice'], summary: 'Download a notice attachment (session headers or a ticket)', querystring: { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[0-9]{1,12}$' }, ticket: str(200) } } } },
    async (req, reply: FastifyReply) => {
      const file = await notices.attachment(identityOf(req), Number(req.query.id));
      const stream = await services.storage.get(file.key);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', contentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-length', file.size)
        .send(stream);
    },
  );

  app.post<{ Body: { keyword?: string; page?: number; page_size?: number } }>(
    '/notice/list',
    { config: edit('view'), schema: { tags: ['notice'], summary: 'Every notice (administrator)', body: body({ keyword: str(100), page: { type: 'integer', minimum: 1, maximum: 100_000 }, page_size: { type: 'integer', enum: [5, 10, 15, 20, 30, 40, 50] } }, []), response: responses(envelope({ type: 'object', properties: { total: { type: 'integer' }, list: { type: 'array', items: rows } } })) } },
    async (req) => ({ data: await notices.list({ ...(req.body.keyword ? { keyword: req.body.keyword } : {}), page: req.body.page ?? 1, page_size: req.body.page_size ?? 10 }) }),
  );
  app.post(
    '/notice/targets',
    { config: edit('view'), schema: { tags: ['notice'], summary: 'Customers and roles a notice may target', body: body({}, []), response: responses(envelope({ type: 'object', properties: { customers: { type: 'array', items: rows }, roles: { type: 'array', items: rows }, attachment_types: { type: 'array', items: { type: 'string' } } } })) } },
    async () => {
      const db = services.database.db;
      const customers = await db.selectFrom('customers').select(['id', 'name']).orderBy('id').limit(1000).execute();
      const roles = await db.selectFrom('roles').select(['id', 'name']).orderBy('id').limit(1000).execute();
      return { data: { customers, roles, attachment_types: ATTACHMENT_EXTENSIONS } };
    },
  );
  app.post<{ Body: NoticeBody }>(
    '/notice/add',
    { config: edit('add'), schema: { tags: ['notice'], summary: 'Write a notice (draft or published)', body: body(noticeBody, ['content']), response: responses(envelope({ type: 'object', properties: { id: { type: 'integer' } } })) } },
    async (req) => ({ data: await notices.create(identityOf(req), inputOf(req.body)) }),
  );
  app.post<{ Body: NoticeBody & { id: number } }>(
    '/notice/update',
    { config: edit('edit'), schema: { tags: ['notice'], summary: 'Change a notice; saving it published shows it to everyone again as unread', body: body({ id, ...noticeBody }, ['id', 'content']), response: responses(okEnvelope) } },
    async (req) => {
      await notices.update(req.body.id, inputOf(req.body));
      return { data: { ok: true } };
    },
  );
  app.post<{ Body: { id: number; status: 'draft' | 'published' } }>(
    '/notice/status',
    { config: edit('edit'), schema: { tags: ['notice'], summary: 'Publish or withdraw a notice (pushed live to its users)', body: body({ id, status: { type: 'string', enum: ['draft', 'published'] } }), response: responses(okEnvelope) } },
    async (req) => {
      await notices.setStatus(req.body.id, req.body.status);
      return { data: { ok: true } };
    },
  );
  app.post<{ Body: { ids: number[] } }>(
    '/notice/delete',
    { config: edit('delete'), schema: { tags: ['notice'], summary: 'Delete notices', body: body({ ids }), response: responses(okEnvelope) } },
    async (req) => {
      await notices.remove(req.body.ids);
      return { data: { ok: true } };
    },
  );
  app.post(
    '/notice/upload',
    { config: edit('edit'), schema: { tags: ['notice'], summary: `Attach a file to a notice (multipart: field id, then file __files__; ${ATTACHMENT_EXTENSIONS.join(', ')}; images at most 500 KB)` } },
    async (req) => {
      let answer: { name: string; size: number } | undefined;
      await eachFilePart(req, async (file, fields) => {
        const target = intField(fields, 'id') ?? fail('field_required', 'id');
        if (answer || file.fieldname !== '__files__') {
          file.file.resume();
          return;
        }
        const limit = attachmentLimit(file.filename);
        const chunks: Buffer[] = [];
        let size = 0;
        // Read at most limit + 1 bytes: enough to know it is too large, never more.
        for await (const chunk of file.file as AsyncIterable<Buffer>) {
          // Keep draining (the multipart parser needs the part consumed) but keep only what can be judged.
          if (size <= limit) chunks.push(chunk);
          size += chunk.length;
        }
        answer = await notices.attach(target, file.filename, Buffer.concat(chunks).subarray(0, limit + 1));
      });
      return { data: [answer ?? fail('file_not_found')] };
    },
  );
  app.post<{ Body: { id: number } }>(
    '/notice/detachment',
    { config: edit('edit'), schema: { tags: ['notice'], summary: 'Remove a notice attachment', body: body({ id }), response: responses(okEnvelope) } },
    async (req) => {
      await notices.detach(req.body.id);
      return { data: { ok: true } };
    },
  );
}
