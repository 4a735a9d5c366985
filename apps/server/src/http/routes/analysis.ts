/** /analysis: statistics per day, week or month with the top-10 apps (analysis/analysisdemo), and their Excel export. */
import { type AnalysisRequest, PLATFORMS, STAT_PERIODS } from '@citadel/contracts';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { identityOf } from '../access.ts';
import { requestLang } from '../errors.ts';
import { body, envelope, responses } from '../schemas.ts';

const request = body(
  { period: { type: 'string', enum: [...STAT_PERIODS] }, customer_id: { type: 'integer', minimum: 1 }, platform: { type: 'string', enum: [...PLATFORMS] } },
  ['period'],
);

export async function analysisRoutes(app: FastifyInstance, { dashboard }: Services): Promise<void> {
  app.post<{ Body: AnalysisRequest }>(
    '/analysis/stats',
    {
      config: { access: { resource: 'analysisdemo', operation: 'view' } },
      schema: {
        tags: ['analysis'],
        summary: 'Users, tasks and samples per period and the top-10 apps, within the caller scope and the filters',
        body: request,
        response: responses(envelope({ type: 'object', additionalProperties: true })),
      },
    },
    async (req) => ({ data: await dashboard.analysis(identityOf(req), req.body) }),
  );

  app.post<{ Body: AnalysisRequest }>(
    '/analysis/export',
    {
      config: { access: { resource: 'analysisdemo', operation: 'export' } },
      schema: { tags: ['analysis'], summary: 'The statistics shown, as an .xlsx workbook', body: request },
    },
    async (req, reply) => {
      const lang = requestLang(req);
      const xlsx = await dashboard.analysisExcel(identityOf(req), req.body, lang);
      const name = `${lang === 'en' ? 'statistics' : '数据分析'}-${req.body.period}-${new Date().toISOString().slice(0, 10)}.xlsx`;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="statistics.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('content-length', xlsx.length)
        .send(xlsx);
    },
  );
}
