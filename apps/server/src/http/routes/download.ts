/** /download: report jobs and the download center (issue 9; SPEC §7 POST /download/task/report, list, delete, clear, file). */
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { REPORT_RANGES, REPORT_TEMPLATES } from '@citadel/reports';
import type { Services } from '../../services.ts';
import { identityOf } from '../access.ts';
import { body, envelope, okEnvelope, responses, str } from '../schemas.ts';
import { reportAccess } from '../../domain/reports/report-access.ts';
import { contentDisposition } from './send-object.ts';

const record = { type: 'object', additionalProperties: true } as const;

/** Streams a generated report with its UTF-8 name; `sent` sees the running byte count, `done` whether all of it went out. */
export function sendReport(reply: FastifyReply, file: { name: string; mime: string; size: number; body: Readable }, hooks: { sent?: (n: number) => void; done?: (complete: boolean) => void } = {}): FastifyReply {
  let sent = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      sent += chunk.length;
      hooks.sent?.(sent);
      cb(null, chunk);
    },
  });
  // 'finish': every byte was handed to the connection; 'close' without it: the client went away mid-transfer.
  let settled = false;
  const settle = (complete: boolean) => {
    if (settled) return;
    settled = true;
    hooks.done?.(complete);
  };
  reply.raw.once('finish', () => settle(sent === file.size));
  reply.raw.once('close', () => settle(false));
  reply
    .header('content-type', file.mime)
    .header('content-disposition', contentDisposition(file.name))
    .header('content-length', file.size)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  return reply.send(file.body.pipe(counter));
}

export async function downloadRoutes(app: FastifyInstance, { reports }: Services): Promise<void> {
  app.post<{ Body: { task_uid: string; task_id?: number | string; sdk_filter?: string[]; report_type: string; type?: string; report_template?: string } }>(
    '/download/task/report',
    {
      config: { access: reportAccess },
      schema: {
        tags: ['download'],
        summary:
          "Queue report jobs for a finished task: one download record per range (sdk_filter), format report_type (WORD/PDF/EXCEL), language type (zh-CN/zh-TW/en/ja) and report_template (standard/brief/compliance); language and template default to the task's assessment template's",
        body: body(
          {
            task_uid: str(40, 1),
            task_id: { type: ['integer', 'string'] },
            sdk_filter: { type: 'array', items: { type: 'string', enum: [...REPORT_RANGES] }, maxItems: 3 },
            report_type: str(10, 1),
            type: str(10),
            report_template: { type: 'string', enum: [...REPORT_TEMPLATES] },
          },
          ['task_uid', 'report_type'],
        ),
        response: responses(envelope({ type: 'object', properties: { ids: { type: 'array', items: { type: 'integer' } } } })),
      },
    },
    async (req) => {
      const { task_uid, sdk_filter, report_type, type, report_template } = req.body;
      const ids = await reports.service.request(identityOf(req), { task_uid, sdk_filter: (sdk_filter ?? ['ALL']) as never, report_type, ...(type ? { type } : {}), ...(report_template ? { report_template } : {}) });
      return { data: { ids } };
    },
  );

  app.post(
    '/download/list',
    {
      config: { access: reportAccess },
      schema: { tags: ['download'], summary: "The caller's download records, newest first, with queue_number/queue_len", body: body({}, []), response: responses(envelope({ type: 'array', items: record })) },
    },
    async (req) => ({ data: await reports.service.list(identityOf(req)) }),
  );

  app.post<{ Body: { id: number } }>(
    '/download/delete',
    {
      config: { access: reportAccess },
      schema: { tags: ['download'], summary: 'Delete a download record (cancels a QUEUEING or PROCESSING one)', body: body({ id: { type: 'integer', minimum: 1 } }), response: responses(okEnvelope) },
    },
    async (req) => {
      await reports.service.delete(identityOf(req), req.body.id);
      reports.worker.notify();
      return { data: { ok: true } };
    },
  );

  app.post(
    '/download/clear',
    {
      config: { access: reportAccess },
      schema: { tags: ['download'], summary: "Delete all of the caller's download records", body: body({}, []), response: responses(okEnvelope) },
    },
    async (req) => {
      await reports.service.clear(identityOf(req));
      return { data: { ok: true } };
    },
  );

  app.post<{ Body: { id: number } }>(
    '/download/file',
    {
      config: { access: reportAccess },
      schema: { tags: ['download'], summary: 'The generated file of a READY record (blob); the record is FINISHED once all bytes were sent', body: body({ id: { type: 'integer', minimum: 1 } }) },
    },
    async (req, reply) => {
      const file = await reports.service.openFile(identityOf(req), req.body.id);
      return sendReport(reply, file, { sent: file.progress, done: file.done });
    },
  );
}
