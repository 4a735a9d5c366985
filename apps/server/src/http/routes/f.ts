/**
 * /f: firmware downloads and file contents (SPEC §2, §7, issue 23). Permission-checked
 * like /file/download, but on the firmware screen's own grant
 * (FirmwareEvaluation-download) and through the task: the caller must see the
 * task (same customer, or admin) before its image is served, so a task number
 * of another customer answers task_not_found and reveals nothing.
 *
 * - /f/download?task_uid=…                     the firmware image the task assessed
 * - /f/source_file_download?task_uid=…         the same uploaded source file, under the name the spec gives it
 * - /f/unpack_file_download?task_uid=…&path=…  one regular file of the unpacked tree (a symlink answers its target)
 * - POST /f/file_preview                       the preview's viewer: a window of a file as text, hex or an image
 * - POST /f/file_diff                          compare's line diff of one changed text file in two tasks
 *
 * File contents are re-carved from the stored image by the firmware engine in a
 * child process under time and memory limits (domain/firmware-files), never by
 * parsing the image in the portal process; only paths the task's assessment lists
 * are served, and always as an attachment (application/octet-stream), never inline.
 */
import path from 'node:path';
import { ERROR_CATALOGUE } from '@citadel/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FirmwareFiles } from '../../domain/firmware-files/firmware-files.ts';
import { PREVIEW_BYTES } from '../../domain/firmware-files/content-preview.ts';
import { sampleFetcher } from '../../jobs/sample-input.ts';
import type { Services } from '../../services.ts';
import type { Access } from '../access.ts';
import { identityOf } from '../access.ts';
import { fail } from '../app-error.ts';
import { requestLang } from '../errors.ts';
import { body, str } from '../schemas.ts';
import { contentDisposition, sendSample } from './send-object.ts';
import { uploaderOf } from './upload-support.ts';

const FIRMWARE_DOWNLOAD: Access = { resource: 'FirmwareEvaluation', operation: 'download' };

/** A path of the unpacked tree as the assessment lists it: absolute, no NUL (the list never holds one). */
const treePath = { type: 'string', minLength: 1, maxLength: 4096, pattern: '^/[^\\u0000]*$' } as const;

function checkedPath(p: string): string {
  if (!p.startsWith('/') || p.includes('\0')) fail('illegal_parameter', 'path');
  return p;
}

export async function firmwareRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const sendImage = async (req: FastifyRequest<{ Querystring: { task_uid: string } }>, reply: FastifyReply): Promise<FastifyReply> => {
    const task = await services.tasks.viewable(identityOf(req), req.query.task_uid);
    if (task.platform !== 'firmware' || task.sample_id === null) fail('file_not_found');
    const sample = await services.samples.forDownload(uploaderOf(req), { id: task.sample_id });
    return sendSample(req, reply, services.samples.storage, sample);
  };
  const schema = (summary: string) => ({ tags: ['firmware'], summary, querystring: { type: 'object', required: ['task_uid'], properties: { task_uid: str(64) } } });
  app.get<{ Querystring: { task_uid: string } }>('/f/download', { config: { access: FIRMWARE_DOWNLOAD }, schema: schema('The firmware image of a firmware task (Range supported)') }, sendImage);
  app.get<{ Querystring: { task_uid: string } }>('/f/source_file_download', { config: { access: FIRMWARE_DOWNLOAD }, schema: schema('The uploaded source file of a firmware task (Range supported)') }, sendImage);

  const cfg = services.config;
  const files = new FirmwareFiles(services.tasks, services.taskRuntime.repo, services.samples, sampleFetcher(services.samples.repo, services.storage, path.join(cfg.dataDir, 'work')), {
    maxFileBytes: cfg.firmwareFileMaxKb * 1024,
    // One carve keeps up to 32 MiB of the tree for later clicks; four tasks or 128 MiB in all.
    budgetBytes: 32 << 20,
    cacheTasks: 4,
    cacheBytes: 128 << 20,
    limits: { timeoutMs: 120_000, memoryMb: Math.min(cfg.taskMemoryMb, 1536) },
    log: (m) => app.log.warn(m),
  });

  app.get<{ Querystring: { task_uid: string; path: string } }>(
    '/f/unpack_file_download',
    {
      config: { access: FIRMWARE_DOWNLOAD },
      schema: { tags: ['firmware'], summary: 'One regular file of the unpacked firmware image, re-carved from the stored image (a symlink answers firmware_file_symlink with its target)', querystring: { type: 'object', required: ['task_uid', 'path'], properties: { task_uid: str(64), path: treePath } } },
    },
    async (req, reply) => {
      const f = await files.open(identityOf(req), uploaderOf(req), req.query.task_uid, checkedPath(req.query.path));
      if (f.kind === 'symlink') {
        const entry = ERROR_CATALOGUE.firmware_file_symlink;
        return reply.status(entry.status).send({ error: 'firmware_file_symlink', message: entry[requestLang(req)], target: f.target });
      }
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', contentDisposition(f.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(f.data.buffer, f.data.byteOffset, f.data.length));
    },
  );

  app.post<{ Body: { task_uid: string; path: string; offset?: number; length?: number } }>(
    '/f/file_preview',
    {
      config: { access: FIRMWARE_DOWNLOAD },
      schema: {
        tags: ['firmware'],
        summary: `A window (at most ${PREVIEW_BYTES} bytes) of one file of the unpacked image for the viewer: text (UTF-8, no NUL), hex (base64 bytes) or an image (base64, by magic bytes; SVG stays text); a symlink gives its target`,
        body: body({ task_uid: str(64), path: treePath, offset: { type: 'integer', minimum: 0 }, length: { type: 'integer', minimum: 1, maximum: PREVIEW_BYTES } }, ['task_uid', 'path']),
      },
    },
    async (req) => {
      const p = await files.preview(identityOf(req), uploaderOf(req), req.body.task_uid, checkedPath(req.body.path), req.body.offset, req.body.length);
      return { data: p };
    },
  );

  app.post<{ Body: { task_a: string; task_b: string; path: string } }>(
    '/f/file_diff',
    {
      config: { access: FIRMWARE_DOWNLOAD },
      schema: { tags: ['firmware'], summary: "Compare's line diff (unified lines with ' ', '-', '+' and 3 lines of context) of one file in two firmware tasks; a note (not_text, too_long) when there is none", body: body({ task_a: str(64), task_b: str(64), path: treePath }) },
    },
    async (req) => ({ data: await files.diff(identityOf(req), uploaderOf(req), req.body.task_a, req.body.task_b, checkedPath(req.body.path)) }),
  );
}
