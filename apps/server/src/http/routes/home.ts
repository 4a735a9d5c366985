/** /home: the overview figures (SPEC §7 POST /home/homepage) and the workbench's reports list and real-phone list. */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { fail } from '../app-error.ts';
import { identityOf } from '../access.ts';
import { body, envelope, responses, str } from '../schemas.ts';

const anyObject = { type: 'object', additionalProperties: true } as const;
const pageSize = { type: 'integer', enum: [5, 10, 15, 20, 30, 40, 50] } as const;

export async function homeRoutes(app: FastifyInstance, { dashboard }: Services): Promise<void> {
  app.post(
    '/home/homepage',
    {
      config: { access: { resource: 'home', operation: 'view' } },
      schema: {
        tags: ['home'],
        summary: "Overview figures for the caller's scope: totals, statuses, risk levels, platforms, 30-day trend, recent tasks, work orders, samples",
        body: { type: 'object', properties: { key: str(100) }, additionalProperties: false },
        response: responses(envelope(anyObject)),
      },
    },
    async (req) => ({ data: await dashboard.homepage(identityOf(req)) }),
  );

  app.post<{ Body: { page: number; page_size: number; keyword?: string } }>(
    '/home/reports',
    {
      config: { access: { resource: 'Workbench_Reports', operation: 'view' } },
      schema: {
        tags: ['home'],
        summary: "The caller's own finished tasks (their reports), newest first",
        body: body({ page: { type: 'integer', minimum: 1, maximum: 1_000_000 }, page_size: pageSize, keyword: str(200) }, ['page', 'page_size']),
        response: responses(envelope({ type: 'object', properties: { total: { type: 'integer' }, list: { type: 'array', items: anyObject } } })),
      },
    },
    async (req) => ({ data: await dashboard.myReports(identityOf(req), req.body.page, req.body.page_size, req.body.keyword?.trim() || undefined) }),
  );

  app.post(
    '/device/list',
    {
      config: {
        access: { anyOf: [{ resource: 'Workbench_Phones', operation: 'view' }, { resource: 'Tools_MyPhones', operation: 'view' }, { resource: 'Tools_PhoneLedger', operation: 'view' }] },
      },
      schema: {
        tags: ['home'],
        summary: 'Registered real devices and their states',
        body: { type: 'object', properties: { key: str(100) }, additionalProperties: false },
        response: responses(envelope({ type: 'object', properties: { list: { type: 'array', items: anyObject } } })),
      },
    },
    async (req) => ({ data: { list: await dashboard.devices(identityOf(req)) } }),
  );

  app.post(
    '/device/online_all',
    {
      config: { access: { anyOf: [{ resource: 'Tools_PhoneLedger', operation: 'edit' }, { resource: 'Tools_MyPhones', operation: 'edit' }] } },
      schema: {
        tags: ['home'],
        summary: 'Bring every registered device online ("确认全部上线吗？"): needs the device farm, which this version does not connect to yet',
        body: { type: 'object', properties: { key: str(100) }, additionalProperties: false },
        response: responses(envelope({ type: 'object', properties: { online: { type: 'integer' } } })),
      },
    },
    // No device farm is connected in this version: say so rather than flip states that nothing backs.
    async () => fail('device_farm_unreachable'),
  );
}
