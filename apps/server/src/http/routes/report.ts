/** /report: a finished task's report in one request (GET /report/download), the dialog's options (POST /report/options) and the EXCEL export by date (POST /report/cp_gen_excel); issue 9, SPEC §5, §7. */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { MIME_TYPES } from '@citadel/reports';
import type { Services } from '../../services.ts';
import { identityOf } from '../access.ts';
import { requestLang } from '../errors.ts';
import { body, envelope, responses, str } from '../schemas.ts';
import { parseLocale } from '../../domain/reports/report-service.ts';
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

  app.post<{ Body: { start_date?: string; end_date?: string; utc_offset_minutes?: number; platform?: string; type?: string } }>(
    '/report/cp_gen_excel',
    {
      config: { access: reportAccess },
      schema: {
        tags: ['report'],
        summary:
          'EXCEL export of the finished assessments the caller may see, finished between start_date and end_date (YYYY-MM-DD, inclusive, in the browser\'s utc_offset_minutes), optionally of one platform; a date must be chosen (date_required, SPEC §5). Answers the .xlsx file',
        body: body({ start_date: { type: 'string', maxLength: 10 }, end_date: { type: 'string', maxLength: 10 }, utc_offset_minutes: { type: 'integer' }, platform: str(40), type: str(10) }, []),
      },
    },
    async (req, reply) => {
      const { start_date, end_date, utc_offset_minutes, platform, type } = req.body;
      const locale = parseLocale(type, requestLang(req) === 'en' ? 'en' : 'zh-CN');
      const file = await reports.excel.workbook(identityOf(req), { ...(start_date !== undefined ? { start_date } : {}), ...(end_date !== undefined ? { end_date } : {}), ...(utc_offset_minutes !== undefined ? { utc_offset_minutes } : {}), ...(platform ? { platform } : {}), type: locale });
      return sendReport(reply, { name: file.name, mime: MIME_TYPES.excel, size: file.bytes.length, body: Readable.from([Buffer.from(file.bytes)]) });
    },
  );
}
