/** /report: a finished task's report in one request (GET /report/download) and the EXCEL job (POST /report/cp_gen_excel); issue 9, SPEC §7. */
import type { FastifyInstance } from 'fastify';
import { REPORT_RANGES } from '@citadel/reports';
import type { Services } from '../../services.ts';
import { identityOf } from '../access.ts';
import { requestLang } from '../errors.ts';
import { body, envelope, responses, str } from '../schemas.ts';
import { sendReport } from './download.ts';
import { reportAccess } from '../../domain/reports/report-access.ts';

export async function reportRoutes(app: FastifyInstance, { reports }: Services): Promise<void> {
  const lang = (req: Parameters<typeof requestLang>[0]) => (requestLang(req) === 'en' ? 'en' : 'zh-CN');

  app.get<{ Querystring: { task_uid: string; type: string } }>(
    '/report/download',
    {
      config: { access: reportAccess },
      schema: {
        tags: ['report'],
        summary: "The full report (range ALL) of a finished task in the caller's language; type = word | pdf | excel. Generated now unless kept from before",
        querystring: { type: 'object', properties: { task_uid: str(40, 1), type: { type: 'string', enum: ['word', 'pdf', 'excel', 'WORD', 'PDF', 'EXCEL'] } }, required: ['task_uid', 'type'], additionalProperties: false },
      },
    },
    async (req, reply) => sendReport(reply, await reports.service.direct(identityOf(req), req.query.task_uid, req.query.type, lang(req))),
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
      const ids = await reports.service.request(identityOf(req), { task_uid: req.body.task_uid, sdk_filter: (req.body.sdk_filter ?? ['ALL']) as never, report_type: 'EXCEL', ...(req.body.type ? { type: req.body.type } : {}) }, lang(req));
      return { data: { ids } };
    },
  );
}
