/**
 * /vulndb: System → 漏洞库 (issue 22). Overview of the imported OSV/NVD
 * sources, background imports (an uploaded zip, a folder on the server, the
 * optional mirror), the mirror settings, and look-ups (purl, package,
 * component, device). Reading needs the vulnData view grant; changing the data
 * acts on every customer, so it is for the platform admin only.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { VulnDataService, type LookupQuery } from '../../domain/vulndb/index.ts';
import type { Services } from '../../services.ts';
import { fail } from '../app-error.ts';
import { body, envelope, responses, str } from '../schemas.ts';
import { eachFilePart, registerUploadSupport } from './upload-support.ts';

const VIEW = { resource: 'vulnData', operation: 'view' } as const;
const EDIT = { resource: 'vulnData', operation: 'edit' } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;

export async function vulndbRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const maxBytes = services.config.uploadMaxMb * 1024 * 1024;
  await registerUploadSupport(app, maxBytes);
  const vulndb = new VulnDataService(services.database, services.config, (msg, err) => app.log.error({ err }, msg));
  vulndb.startSchedule();
  app.addHook('onClose', () => vulndb.stop());

  app.post(
    '/vulndb/overview',
    {
      config: { access: VIEW },
      schema: { tags: ['vulndb'], summary: 'Per source: records, bad records, newest modified (data age), last import; the current or last import job; mirror settings', response: responses(envelope(anyObject)) },
    },
    async () => ({ data: await vulndb.overview() }),
  );

  app.post<{ Body: { path: string } }>(
    '/vulndb/import/folder',
    {
      config: { access: EDIT, adminOnly: true },
      schema: { tags: ['vulndb'], summary: 'Import OSV all.zip / NVD JSON files from a file or folder on the server (background job)', body: body({ path: str(1000, 1) }), response: responses(envelope(anyObject)) },
    },
    async (req) => ({ data: await vulndb.importFolder(req.body.path) }),
  );

  app.post(
    '/vulndb/import/upload',
    {
      config: { access: EDIT, adminOnly: true },
      schema: { tags: ['vulndb'], summary: 'Import an uploaded zip (OSV all.zip or a zip of NVD JSON records), multipart field "file" (background job)', response: responses(envelope(anyObject)) },
    },
    async (req) => {
      if (vulndb.busy) fail('operation_failed', 'an import is already running');
      const dir = await vulndb.uploadDir();
      let saved: { file: string; name: string } | undefined;
      await eachFilePart(req, async (part) => {
        if (saved) {
          part.file.resume();
          return;
        }
        const name = path.basename(part.filename || 'upload.zip').slice(0, 200);
        if (!/\.(zip|json)$/i.test(name)) {
          part.file.resume();
          fail('illegal_parameter', 'file must be a .zip or .json');
        }
        const file = path.join(dir, `upload-${randomBytes(6).toString('hex')}${path.extname(name).toLowerCase()}`);
        try {
          await pipeline(part.file, createWriteStream(file));
        } catch (e) {
          await rm(file, { force: true });
          throw e;
        }
        if (part.file.truncated) {
          await rm(file, { force: true });
          fail('payload_too_large');
        }
        saved = { file, name };
      });
      if (!saved) fail('field_required', 'file');
      return { data: await vulndb.importUpload(saved.file, saved.name) };
    },
  );

  app.post(
    '/vulndb/import/mirror',
    {
      config: { access: EDIT, adminOnly: true },
      schema: { tags: ['vulndb'], summary: 'Fetch the configured mirror file now and import it (background job)', response: responses(envelope(anyObject)) },
    },
    async () => ({ data: await vulndb.importMirror() }),
  );

  app.post<{ Body: { url: string; interval_hours: number } }>(
    '/vulndb/mirror',
    {
      config: { access: EDIT, adminOnly: true },
      schema: {
        tags: ['vulndb'],
        summary: 'Mirror settings: an http(s) URL of a zip and the hours between fetches (0 or an empty URL: off)',
        body: body({ url: str(1000), interval_hours: { type: 'integer', minimum: 0, maximum: 2160 } }),
        response: responses(envelope(anyObject)),
      },
    },
    async (req) => ({ data: await vulndb.setMirror(req.body.url.trim(), req.body.interval_hours) }),
  );

  app.post<{ Body: Record<string, string> }>(
    '/vulndb/query',
    {
      config: { access: VIEW },
      schema: {
        tags: ['vulndb'],
        summary: 'Known vulnerabilities of a package URL (purl), a package (ecosystem, name, version), a component (component, version: busybox 1.01) or a device (vendor, model, firmware)',
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { purl: str(500, 1), ecosystem: str(100, 1), name: str(500, 1), version: str(200, 1), component: str(100, 1), vendor: str(100, 1), model: str(100, 1), firmware: str(200) },
        },
        response: responses(envelope(anyObject)),
      },
    },
    async (req) => {
      const b = req.body;
      let q: LookupQuery;
      if (b.purl) q = { purl: b.purl };
      else if (b.ecosystem && b.name && b.version) q = { ecosystem: b.ecosystem, name: b.name, version: b.version };
      else if (b.component && b.version) q = { component: b.component, version: b.version };
      else if (b.vendor && b.model) q = { vendor: b.vendor, model: b.model, firmware: b.firmware ?? '' };
      else fail('bad_request_parameters', 'purl, ecosystem+name+version, component+version or vendor+model');
      return { data: await vulndb.lookup(q) };
    },
  );
}
