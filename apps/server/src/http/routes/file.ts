/**
 * /file: uploads (SPEC §7) — the chunked protocol (/file/upload/id, /file/upload/part,
 * plus /file/upload/status for resuming), the single-request multipart uploads
 * /file/upload and /file3/upload (field __files__) — and /file/download of samples.
 */
import { UPLOAD_KIND_NAMES, type UploadKind, type UploadedFile, uploadLimitBytes } from '@citadel/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_CHUNK_SIZE, MIN_CHUNK_SIZE, isUploadKind, receiveSingleFile } from '../../domain/uploads/index.ts';
import type { Services } from '../../services.ts';
import { isObjectKey } from '../../storage/index.ts';
import { identityOf } from '../access.ts';
import { fail } from '../app-error.ts';
import { body, envelope, responses, str } from '../schemas.ts';
import { sendSample } from './send-object.ts';
import { SAMPLE_DOWNLOAD_ACCESS, UPLOAD_ACCESS } from './upload-access.ts';
import { eachFilePart, intField, registerUploadSupport, uploaderOf } from './upload-support.ts';

/** The SPEC §7 upload answer item. */
export const uploadedFileSchema = {
  type: 'object',
  properties: { name: { type: 'string' }, path: { type: 'string' }, size: { type: 'integer' }, md5: { type: 'string' }, sample_id: { type: 'integer' }, exists: { type: 'boolean' } },
} as const;

const statusSchema = {
  type: 'object',
  properties: {
    uid: { type: 'string' },
    state: { type: 'string' },
    chunks: { type: 'integer' },
    received: { type: 'array', items: { type: 'integer' } },
    file: uploadedFileSchema,
    error: { type: 'string' },
    message: { type: 'string' },
  },
} as const;

const kindSchema = { type: 'string', enum: UPLOAD_KIND_NAMES } as const;

export function kindOf(raw: string | undefined): UploadKind {
  if (raw === undefined || raw === '') return 'target';
  return isUploadKind(raw) ? raw : fail('illegal_parameter', 'kind');
}

/** The largest file any kind accepts: the parser's own bound. */
export const parserLimit = (services: Services) => Math.max(...UPLOAD_KIND_NAMES.map((k) => uploadLimitBytes(k, services.config.uploadMaxMb))) + 1;

/** /file/upload, /file3/upload and /mb/upload: every `__files__` part becomes a sample; `kind` (field or query) picks the accept list. */
export async function handleMultipartUpload(services: Services, req: FastifyRequest<{ Querystring: { kind?: string } }>): Promise<{ data: UploadedFile[] }> {
  const who = uploaderOf(req);
  const results: UploadedFile[] = [];
  await eachFilePart(req, async (file, fields) => {
    if (file.fieldname !== '__files__') {
      file.file.resume();
      return;
    }
    const kind = kindOf(fields.kind ?? req.query.kind);
    results.push(await receiveSingleFile({ samples: services.samples, uploadsDir: services.uploads.dir, maxMb: services.config.uploadMaxMb }, who, kind, file.filename, file.file));
  });
  if (results.length === 0) fail('bad_request_parameters', '__files__');
  return { data: results };
}

export async function fileRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { uploads, samples } = services;
  await registerUploadSupport(app, parserLimit(services));

  app.post<{ Body: { name: string; size: number; chunks: number; chunk_size?: number; kind?: string } }>(
    '/file/upload/id',
    {
      config: { access: UPLOAD_ACCESS },
      schema: {
        tags: ['file'],
        summary: 'Open a chunked upload: checks the accept list and size early, answers the upload id',
        body: body(
          {
            name: str(1000, 1),
            size: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
            chunks: { type: 'integer', minimum: 0, maximum: 1_000_000 },
            chunk_size: { type: 'integer', minimum: MIN_CHUNK_SIZE, maximum: MAX_CHUNK_SIZE },
            kind: kindSchema,
          },
          ['name', 'size', 'chunks'],
        ),
        response: responses(envelope({ type: 'object', properties: { id: { type: 'string' }, uid: { type: 'string' } } })),
      },
    },
    async (req) => {
      const { name, size, chunks, chunk_size, kind } = req.body;
      const uid = await uploads.begin(uploaderOf(req), { name, size, chunks, chunkSize: chunk_size, kind: kindOf(kind) });
      return { data: { id: uid, uid } };
    },
  );

  app.post(
    '/file/upload/part',
    {
      config: { access: UPLOAD_ACCESS },
      schema: {
        tags: ['file'],
        summary: 'One chunk (multipart: chunk, uid, name, size, chunks, then the file part); the last chunk completes the upload',
        response: responses(envelope(statusSchema)),
      },
    },
    async (req) => {
      const who = uploaderOf(req);
      let status: Awaited<ReturnType<typeof uploads.receivePart>> | undefined;
      await eachFilePart(req, async (file, fields) => {
        if (status !== undefined || !fields.uid || fields.chunk === undefined) {
          file.file.resume();
          fail('bad_request_parameters', 'uid and chunk must precede the file part');
        }
        status = await uploads.receivePart(who, { uid: fields.uid, chunk: intField(fields, 'chunk')!, size: intField(fields, 'size'), chunks: intField(fields, 'chunks') }, file.file);
      });
      if (!status) fail('bad_request_parameters', 'file part missing');
      if (status.state === 'failed') fail('file_upload_failed', status.message);
      return { data: status };
    },
  );

  app.post<{ Body: { uid: string } }>(
    '/file/upload/status',
    {
      config: { access: UPLOAD_ACCESS },
      schema: {
        tags: ['file'],
        summary: 'Which chunks the server holds (resume after a reload or a restart), and the file once complete',
        body: body({ uid: str(64, 1) }),
        response: responses(envelope(statusSchema)),
      },
    },
    async (req) => ({ data: await uploads.status(uploaderOf(req), req.body.uid) }),
  );

  for (const url of ['/file/upload', '/file3/upload']) {
    app.post<{ Querystring: { kind?: string } }>(
      url,
      {
        config: { access: UPLOAD_ACCESS },
        schema: {
          tags: ['file'],
          summary: 'Single-request multipart upload, file field __files__',
          querystring: { type: 'object', properties: { kind: kindSchema } },
          response: responses(envelope({ type: 'array', items: uploadedFileSchema })),
        },
      },
      (req) => handleMultipartUpload(services, req),
    );
  }

  app.post<{ Body: { id: number } }>(
    '/file/download/ticket',
    {
      config: { access: SAMPLE_DOWNLOAD_ACCESS },
      schema: {
        tags: ['file'],
        summary: 'A single-use, one-minute link to download a sample without session headers (the browser streams it to disk)',
        body: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1, maximum: 999_999_999_999 } } },
        response: responses(envelope({ type: 'object', required: ['url', 'expires_at'], properties: { url: { type: 'string' }, expires_at: { type: 'integer' } } })),
      },
    },
    async (req) => {
      // Refuse now (missing, cleaned, other customer's) so the link never leads to an error page.
      const sample = await samples.forDownload(uploaderOf(req), { id: req.body.id });
      const url = `/file/download?id=${sample.id}`;
      const { ticket, expiresAt } = await services.auth.issueTicket(identityOf(req), url);
      return { data: { url: `${url}&ticket=${encodeURIComponent(ticket)}`, expires_at: expiresAt } };
    },
  );

  app.get<{ Querystring: { path?: string; id?: string; ticket?: string } }>(
    '/file/download',
    {
      config: { access: SAMPLE_DOWNLOAD_ACCESS, ticket: true },
      schema: {
        tags: ['file'],
        summary: 'Download a sample by its path (storage key) or id; Range supported; session headers or a ticket from /file/download/ticket',
        querystring: { type: 'object', properties: { path: str(64), id: { type: 'string', pattern: '^[0-9]{1,12}$' }, ticket: str(200) } },
      },
    },
    async (req, reply: FastifyReply) => {
      const { path, id } = req.query;
      if (id === undefined && !isObjectKey(path)) fail('file_not_found');
      const sample = await samples.forDownload(uploaderOf(req), id !== undefined ? { id: Number(id) } : { key: path });
      return sendSample(req, reply, samples.storage, sample);
    },
  );
}
