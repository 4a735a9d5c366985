/**
 * /mb: object-storage style access to stored files (SPEC §7): /mb/upload
 * (multipart, __files__), POST /mb/get {bucket_name, object_name, preview} and
 * GET /mb/download?path=. Object names are storage keys; a caller reaches only
 * objects of their own customer's samples (admin: all).
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { isObjectKey } from '../../storage/index.ts';
import { fail } from '../app-error.ts';
import { body, envelope, responses, str } from '../schemas.ts';
import { handleMultipartUpload, parserLimit, uploadedFileSchema } from './file.ts';
import { sendSample } from './send-object.ts';
import { SAMPLE_DOWNLOAD_ACCESS, UPLOAD_ACCESS } from './upload-access.ts';
import { registerUploadSupport, uploaderOf } from './upload-support.ts';

export async function mbRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { samples } = services;
  await registerUploadSupport(app, parserLimit(services));

  app.post<{ Querystring: { kind?: string } }>(
    '/mb/upload',
    {
      config: { access: UPLOAD_ACCESS },
      schema: {
        tags: ['mb'],
        summary: 'Single-request multipart upload, file field __files__',
        querystring: { type: 'object', properties: { kind: { type: 'string', maxLength: 30 } } },
        response: responses(envelope({ type: 'array', items: uploadedFileSchema })),
      },
    },
    (req) => handleMultipartUpload(services, req),
  );

  app.post<{ Body: { bucket_name?: string; object_name: string; preview?: boolean } }>(
    '/mb/get',
    {
      config: { access: SAMPLE_DOWNLOAD_ACCESS },
      schema: {
        tags: ['mb'],
        summary: 'A stored file by bucket and object name; preview shows images inline',
        body: body({ bucket_name: str(100), object_name: str(200, 1), preview: { type: 'boolean' } }, ['object_name']),
      },
    },
    async (req, reply) => {
      const { bucket_name, object_name, preview } = req.body;
      if (bucket_name && bucket_name !== samples.storage.bucket) fail('file_not_found');
      if (!isObjectKey(object_name)) fail('file_not_found');
      const sample = await samples.forDownload(uploaderOf(req), { key: object_name });
      return sendSample(req, reply, samples.storage, sample, preview === true);
    },
  );

  app.get<{ Querystring: { path: string } }>(
    '/mb/download',
    {
      config: { access: SAMPLE_DOWNLOAD_ACCESS },
      schema: { tags: ['mb'], summary: 'Download a stored file by path (its storage key); Range supported', querystring: { type: 'object', properties: { path: str(200) } } },
    },
    async (req, reply) => {
      const { path } = req.query;
      if (!isObjectKey(path)) fail('file_not_found');
      const sample = await samples.forDownload(uploaderOf(req), { key: path });
      return sendSample(req, reply, samples.storage, sample);
    },
  );
}
