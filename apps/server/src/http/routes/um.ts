/** /um: user management. Issue 12 adds accounts, roles and customers; the audit trail is readable now. */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { body, envelope, responses } from '../schemas.ts';

export async function umRoutes(app: FastifyInstance, { database }: Services): Promise<void> {
  app.post<{ Body: { page?: number; page_size?: number; user_name?: string; action?: string } }>(
    '/um/auditLog',
    {
      config: { access: { resource: 'auditLog', operation: 'view' } },
      schema: {
        tags: ['um'],
        summary: 'Audit trail of security-relevant actions, newest first',
        body: body(
          { page: { type: 'integer', minimum: 1, maximum: 100_000 }, page_size: { type: 'integer', enum: [5, 10, 15, 20, 30, 40, 50] }, user_name: { type: 'string', maxLength: 100 }, action: { type: 'string', maxLength: 100 } },
          [],
        ),
        response: responses(
          envelope({
            type: 'object',
            properties: {
              total: { type: 'integer' },
              list: {
                type: 'array',
                items: { type: 'object', properties: { id: { type: 'integer' }, at: { type: 'integer' }, user_name: { type: 'string' }, action: { type: 'string' }, detail: { type: 'string' }, ip: { type: 'string' } } },
              },
            },
          }),
        ),
      },
    },
    async (req) => {
      const { page = 1, page_size = 20, user_name, action } = req.body;
      let q = database.db.selectFrom('audit_log');
      if (user_name) q = q.where('user_name', '=', user_name);
      if (action) q = q.where('action', '=', action);
      const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const list = await q.select(['id', 'at', 'user_name', 'action', 'detail', 'ip']).orderBy('id', 'desc').limit(page_size).offset((page - 1) * page_size).execute();
      return { data: { total: Number(total), list } };
    },
  );
}
