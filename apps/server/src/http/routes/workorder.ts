/** /workorder: work orders of the workbench (pending, completed) and the Tools work-order ledger. */
import { PLATFORMS, type WorkOrderView } from '@citadel/contracts';
import type { FastifyInstance } from 'fastify';
import type { CreateWorkOrder } from '../../domain/workorders/index.ts';
import type { Services } from '../../services.ts';
import { type Grant, identityOf } from '../access.ts';
import { body, envelope, okEnvelope, responses, str } from '../schemas.ts';

const g = (resource: string, operation: Grant['operation']): Grant => ({ resource, operation });
const ids = { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, maxItems: 200, uniqueItems: true } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;

export async function workOrderRoutes(app: FastifyInstance, { workOrders }: Services): Promise<void> {
  app.post<{ Body: { view: WorkOrderView; page: number; page_size: number; keyword?: string } }>(
    '/workorder/list',
    {
      config: { access: { anyOf: [g('Workbench_Pending', 'view'), g('Workbench_Completed', 'view'), g('Tools_WorkOrderLedger', 'view')] } },
      schema: {
        tags: ['workorder'],
        summary: "Pending or completed orders the caller submitted or handles, or the customer's whole ledger",
        body: body(
          { view: { type: 'string', enum: ['pending', 'completed', 'ledger'] }, page: { type: 'integer', minimum: 1, maximum: 1_000_000 }, page_size: { type: 'integer', enum: [5, 10, 15, 20, 30, 40, 50] }, keyword: str(200) },
          ['view', 'page', 'page_size'],
        ),
        response: responses(envelope({ type: 'object', properties: { total: { type: 'integer' }, list: { type: 'array', items: anyObject } } })),
      },
    },
    async (req) => ({ data: await workOrders.list(identityOf(req), req.body.view, req.body.page, req.body.page_size, req.body.keyword?.trim() || undefined) }),
  );

  app.post<{ Body: CreateWorkOrder }>(
    '/workorder/create',
    {
      config: { access: { anyOf: [g('Workbench_Pending', 'edit'), g('Tools_WorkOrderLedger', 'add')] } },
      schema: {
        tags: ['workorder'],
        summary: 'Submit a work order: what to assess, by whom, by when',
        body: body(
          { title: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' }, platform: { type: 'string', enum: [...PLATFORMS] }, target: str(2000), description: str(4000), handler_id: { type: 'integer', minimum: 1 }, due_at: { type: 'integer', minimum: 0, maximum: 8.64e15 } },
          ['title', 'platform'],
        ),
        response: responses(envelope({ type: 'object', properties: { id: { type: 'integer' } } })),
      },
    },
    async (req) => ({ data: { id: (await workOrders.create(identityOf(req), req.body)).id } }),
  );

  app.post<{ Body: { ids: number[] } }>(
    '/workorder/remind',
    {
      config: { access: { anyOf: [g('Workbench_Pending', 'edit'), g('Tools_WorkOrderLedger', 'edit')] } },
      schema: { tags: ['workorder'], summary: 'Remind the handlers of pending orders (batch reminder)', body: body({ ids }), response: responses(envelope({ type: 'object', properties: { reminded: { type: 'integer' } } })) },
    },
    async (req) => ({ data: { reminded: await workOrders.remind(identityOf(req), req.body.ids) } }),
  );

  app.post<{ Body: { id: number; task_uid: string } }>(
    '/workorder/link',
    {
      config: { access: { anyOf: [g('Workbench_Pending', 'edit'), g('Tools_WorkOrderLedger', 'edit')] } },
      schema: { tags: ['workorder'], summary: 'Link a task that answers a pending order', body: body({ id: { type: 'integer', minimum: 1 }, task_uid: str(40, 1) }), response: responses(okEnvelope) },
    },
    async (req) => {
      await workOrders.linkTask(identityOf(req), req.body.id, req.body.task_uid);
      return { data: { ok: true } };
    },
  );

  app.post<{ Body: { ids: number[] } }>(
    '/workorder/delete',
    {
      config: { access: g('Tools_WorkOrderLedger', 'delete') },
      schema: { tags: ['workorder'], summary: 'Delete work orders (admin or submitter)', body: body({ ids }), response: responses(okEnvelope) },
    },
    async (req) => {
      await workOrders.delete(identityOf(req), req.body.ids);
      return { data: { ok: true } };
    },
  );

  app.post(
    '/workorder/handlers',
    {
      config: { access: { anyOf: [g('Workbench_Pending', 'edit'), g('Tools_WorkOrderLedger', 'add')] } },
      schema: { tags: ['workorder'], summary: 'Accounts an order can be given to', body: { type: 'object', properties: { key: str(100) }, additionalProperties: false }, response: responses(envelope({ type: 'object', properties: { list: { type: 'array', items: anyObject } } })) },
    },
    async (req) => ({ data: { list: await workOrders.handlers(identityOf(req)) } }),
  );
}
