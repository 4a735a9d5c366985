/** /report: a finished task's report in one request (GET /report/download) and the EXCEL job (POST /report/cp_gen_excel); issue 9, SPEC §7. */
import type { FastifyInstance } from 'fastify';
import { REPORT_RANGES } from '@citadel/reports';
import type { Services } from '../../services.ts';
import { identityOf } from '../access.ts';
import { body, envelope, responses, str } from '../schemas.ts';
import { sendReport } from './download.ts';
import { reportAccess } from '../../domain/reports/report-access.ts';

export async function reportRoutes(app: FastifyInstance, { reports }: Services): Promise<void> {
  app.get<{ Querystring: { task_uid: string; type: string } }>(
    '/report/download',
    {
      config: { access: reportAccess },
      schema: {
        tags: ['report'],
        summary: "The full report (range ALL) of a finished task in its assessment template's report template and language; type = word | pdf | excel. Generated now unless kept from before",
        querystring: { type: 'object', properties: { task_uid: str(40, 1), type: { type: 'string', enum: ['word', 'pdf', 'excel', 'WORD', 'PDF', 'EXCEL'] } }, required: ['task_uid', 'type'], additionalProperties: false },
      },
    },
    async (req, reply) => sendReport(reply, await reports.service.direct(identityOf(req), req.query.task_uid, req.query.type)),
  );

  app.post<{ Body: { task_uid: string } }>(
    '/report/options',
    {
      config: { access: reportAccess },
      schema: {
        tags: ['report'],
        summary: "What the report dialog offers for a finished task (ranges, formats) and starts with: the report template and language of the task's assessment template (else the evaluation settings' defaults)",
        body: body({ task_uid: str(40, 1) }),
        response: responses(envelope({ type: 'object', additionalProperties: true })),
      },
    },
    async (req) => ({ data: await reports.service.options(identityOf(req), req.body.task_uid) }),
  );

  app.post<{ Body: { task_uid: string; sdk_filter?: string[]; type?: string } }>(
    '/report/cp_gen_excel',
    {
      config: { access: reportAccess },
      schema: {
        tags: ['report'],
        summary: 'Queue EXCEL report jobs for a finished task (one per range); the files appear in the download center',
        body: body({ task_uid: str(40, 1), sdk_filter: { type: 'array', items: { type: 'string', enum: [...REPORT_RANGES] }, maxItems: 3 }, type: str(10) }, ['task_uid']),
        response: responses(envelope({ type: 'object', properties: { ids: { type: 'array', items: { type: 'integer' } } } })),
      },
    },
    async (req) => {
      const ids = await reports.service.request(identityOf(req), { task_uid: req.body.task_uid, sdk_filter: (req.body.sdk_filter ?? ['ALL']) as never, report_type: 'EXCEL', ...(req.body.type ? { type: req.body.type } : {}) });
      return { data: { ids } };
    },
  );
}
