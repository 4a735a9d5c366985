/** /sample: the sample list (search, pagination, customer scope) and delete (SPEC §5 rules). */
import type { SampleCategory, SampleItem } from '@citadel/contracts';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { scopeOf } from '../../domain/samples/sample-service.ts';
import { body, envelope, okEnvelope, responses } from '../schemas.ts';
import { SAMPLE_DELETE_ACCESS, SAMPLE_VIEW_ACCESS } from './upload-access.ts';
import { uploaderOf } from './upload-support.ts';

const sampleSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    size: { type: 'integer' },
    md5: { type: 'string' },
    sha256: { type: 'string' },
    extension: { type: 'string' },
    category: { type: 'string' },
    path: { type: 'string' },
    uploader_id: { type: ['integer', 'null'] },
    uploader_name: { type: 'string' },
    customer_id: { type: 'integer' },
    created_at: { type: 'integer' },
    cleaned: { type: 'boolean' },
    task_count: { type: 'integer' },
  },
} as const;

export async function sampleRoutes(app: FastifyInstance, { samples, audit }: Services): Promise<void> {
  app.post<{ Body: { page?: number; page_size?: number; search?: string } }>(
    '/sample/list',
    {
      config: { access: SAMPLE_VIEW_ACCESS },
      schema: {
        tags: ['sample'],
        summary: "Samples of the caller's customer (admin: all), newest first; search matches name or MD5",
        body: body(
          { page: { type: 'integer', minimum: 1, maximum: 100_000 }, page_size: { type: 'integer', enum: [5, 10, 15, 20, 30, 40, 50] }, search: { type: 'string', maxLength: 200 } },
          [],
        ),
        response: responses(envelope({ type: 'object', properties: { total: { type: 'integer' }, list: { type: 'array', items: sampleSchema } } })),
      },
    },
    async (req) => {
      const { page = 1, page_size = 10, search } = req.body;
      const { total, list } = await samples.repo.list(scopeOf(uploaderOf(req)), { page, pageSize: page_size, search });
      const items = list.map((s): SampleItem => ({ ...s, category: s.category as SampleCategory, path: s.storage_key, cleaned: s.cleaned === 1 }));
      return { data: { total, list: items } };
    },
  );

  app.post<{ Body: { id: number } }>(
    '/sample/delete',
    {
      config: { access: SAMPLE_DELETE_ACCESS },
      schema: { tags: ['sample'], summary: 'Delete a sample (admin or its uploader); its stored file goes when no other sample uses it', body: body({ id: { type: 'integer', minimum: 1 } }), response: responses(okEnvelope) },
    },
    async (req) => {
      const who = uploaderOf(req);
      await samples.remove(who, req.body.id);
      await audit.record({ userId: who.userId, userName: who.userName, action: 'sample_deleted', detail: String(req.body.id), ip: req.ip });
      return { data: { ok: true } };
    },
  );
}
