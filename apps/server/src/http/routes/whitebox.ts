/**
 * /whitebox/{key} (SPEC §2, §7): original keys (symmetric and asymmetric) and
 * white-box libraries, plus /whitebox/downloadfile. Each route names its
 * screen's resource; the services apply the customer scope. No answer ever
 * carries a secret key (an asymmetric key's public half only).
 */
import type { Operation } from '@citadel/contracts';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';
import { createWhitebox } from '../../domain/whitebox/index.ts';
import { KEY_RESOURCES, LIBRARY_RESOURCE } from '../../domain/whitebox/access.ts';
import type { KeyInput, KeyKind } from '../../domain/whitebox/key-service.ts';
import { type LibraryInput, PLATFORMS } from '../../domain/whitebox/library-service.ts';
import { type Access, identityOf } from '../access.ts';
import { requestLang } from '../errors.ts';
import { body, envelope, okEnvelope, responses, str } from '../schemas.ts';
import { contentDisposition } from './send-object.ts';

const onKeys = (...operations: Operation[]): Access => ({ anyOf: operations.flatMap((operation) => Object.values(KEY_RESOURCES).map((resource) => ({ resource, operation }))) });
const onLibrary = (...operations: Operation[]): Access => ({ anyOf: operations.map((operation) => ({ resource: LIBRARY_RESOURCE, operation })) });

const id = { type: 'integer', minimum: 1 } as const;
const ids = { type: 'array', items: id, minItems: 1, maxItems: 200, uniqueItems: true } as const;
const kind = { type: 'string', enum: ['symmetric', 'asymmetric'] } as const;
const paging = { page: { type: 'integer', minimum: 1, maximum: 100_000 }, page_size: { type: 'integer', enum: [5, 10, 15, 20, 30, 40, 50] }, keyword: str(100) };
const rows = { type: 'object', additionalProperties: true } as const;
const listAnswer = responses(envelope({ type: 'object', properties: { total: { type: 'integer' }, list: { type: 'array', items: rows } } }));
const enumArray = (values: readonly string[]) => ({ type: 'array', items: { type: 'string', enum: values }, minItems: 1, maxItems: values.length, uniqueItems: true }) as const;

export async function whiteboxRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const wb = createWhitebox(services, { warn: (m) => app.log.warn(m), error: (m) => app.log.error(m) });
  wb.libraries.startSweeper();
  app.addHook('onClose', async () => wb.libraries.close());

  app.post<{ Body: { kind: KeyKind; keyword?: string; page?: number; page_size?: number } }>(
    '/whitebox/keyList',
    { config: { access: onKeys('view') }, schema: { tags: ['whitebox'], summary: 'Original keys of one kind (own customer; admin: all); never the secret', body: body({ kind, ...paging }, ['kind']), response: listAnswer } },
    async (req) => ({ data: await wb.keys.list(identityOf(req), { kind: req.body.kind, ...(req.body.keyword ? { keyword: req.body.keyword } : {}), page: req.body.page ?? 1, page_size: req.body.page_size ?? 10 }) }),
  );
  app.post<{ Body: KeyInput }>(
    '/whitebox/keyAdd',
    {
      config: { access: onKeys('add') },
      schema: {
        tags: ['whitebox'],
        summary: 'Add a key: symmetric (AES-128/192/256, SM4; source input with key_hex, or generated) or asymmetric (generated_pair: RSA-2048/3072/4096, EC-P256/P384, SM2; imported_public with public_key PEM)',
        body: body({ kind, name: str(100, 1), algorithm: str(20), source: { type: 'string', enum: ['input', 'generated', 'generated_pair', 'imported_public'] }, key_hex: str(64), public_key: str(20_000) }, ['kind', 'name', 'source']),
        response: responses(envelope(rows)),
      },
    },
    async (req) => ({ data: await wb.keys.create(identityOf(req), { ...req.body, algorithm: req.body.algorithm ?? '' }) }),
  );
  app.post<{ Body: { kind: KeyKind; id: number; enabled: boolean } }>(
    '/whitebox/keyStatus',
    { config: { access: onKeys('edit') }, schema: { tags: ['whitebox'], summary: 'Enable or disable a key', body: body({ kind, id, enabled: { type: 'boolean' } }), response: responses(okEnvelope) } },
    async (req) => {
      await wb.keys.setEnabled(identityOf(req), req.body.kind, req.body.id, req.body.enabled);
      return { data: { ok: true } };
    },
  );
  app.post<{ Body: { kind: KeyKind; ids: number[] } }>(
    '/whitebox/keyDelete',
    { config: { access: onKeys('delete') }, schema: { tags: ['whitebox'], summary: 'Delete keys (admin or creator); refused while a library uses one', body: body({ kind, ids }), response: responses(okEnvelope) } },
    async (req) => {
      await wb.keys.delete(identityOf(req), req.body.kind, req.body.ids);
      return { data: { ok: true } };
    },
  );
  app.post(
    '/whitebox/keyOptions',
    { config: { access: onLibrary('add', 'edit') }, schema: { tags: ['whitebox'], summary: 'Enabled symmetric keys a library may be generated from (id, name, algorithm)', body: body({}, []), response: responses(envelope({ type: 'array', items: rows })) } },
    async (req) => ({ data: await wb.keys.options(identityOf(req)) }),
  );

  app.post<{ Body: { keyword?: string; page?: number; page_size?: number } }>(
    '/whitebox/libraryList',
    { config: { access: onLibrary('view') }, schema: { tags: ['whitebox'], summary: 'White-box libraries with generation and usage status', body: body(paging, []), response: listAnswer } },
    async (req) => ({ data: await wb.libraries.list(identityOf(req), { ...(req.body.keyword ? { keyword: req.body.keyword } : {}), page: req.body.page ?? 1, page_size: req.body.page_size ?? 10 }, requestLang(req)) }),
  );
  app.post<{ Body: { id: number } }>(
    '/whitebox/libraryDetail',
    { config: { access: onLibrary('view') }, schema: { tags: ['whitebox'], summary: 'One library with its verification and DCA report', body: body({ id }), response: responses(envelope(rows)) } },
    async (req) => ({ data: await wb.libraries.detail(identityOf(req), req.body.id, requestLang(req)) }),
  );
  app.post<{ Body: Omit<LibraryInput, 'android_packages' | 'ios_bundle_ids' | 'anti_theft'> & Partial<Pick<LibraryInput, 'android_packages' | 'ios_bundle_ids' | 'anti_theft'>> }>(
    '/whitebox/libraryAdd',
    {
      config: { access: onLibrary('add') },
      schema: {
        tags: ['whitebox'],
        summary: 'Create a library and queue its generation (SPEC §5: a mode, a function, a logo starting with a letter)',
        body: body(
          {
            name: str(100, 1),
            logo: str(32, 1),
            key_id: id,
            platforms: enumArray(PLATFORMS),
            directions: enumArray(['enc', 'dec']),
            modes: enumArray(['ecb', 'cbc']),
            padding: { type: 'string', enum: ['pkcs7', 'none'] },
            preference: { type: 'string', enum: ['security', 'performance'] },
            build_type: { type: 'string', enum: ['static', 'dynamic'] },
            android_packages: str(10_000),
            ios_bundle_ids: str(10_000),
            anti_theft: { type: 'boolean' },
          },
          ['name', 'logo', 'key_id', 'platforms', 'directions', 'modes', 'padding', 'preference', 'build_type'],
        ),
        response: responses(envelope(rows)),
      },
    },
    async (req) => ({ data: await wb.libraries.create(identityOf(req), { ...req.body, android_packages: req.body.android_packages ?? '', ios_bundle_ids: req.body.ios_bundle_ids ?? '', anti_theft: req.body.anti_theft ?? false }) }),
  );
  app.post<{ Body: { id: number } }>(
    '/whitebox/libraryRegenerate',
    { config: { access: onLibrary('edit') }, schema: { tags: ['whitebox'], summary: 'Generate again (static: same tables; dynamic: new random tables)', body: body({ id }), response: responses(okEnvelope) } },
    async (req) => {
      await wb.libraries.regenerate(identityOf(req), req.body.id);
      return { data: { ok: true } };
    },
  );
  app.post<{ Body: { id: number; usage_status: 'enabled' | 'disabled' } }>(
    '/whitebox/libraryStatus',
    { config: { access: onLibrary('edit') }, schema: { tags: ['whitebox'], summary: 'Usage status: enabled or disabled (a disabled library cannot be downloaded)', body: body({ id, usage_status: { type: 'string', enum: ['enabled', 'disabled'] } }), response: responses(okEnvelope) } },
    async (req) => {
      await wb.libraries.setUsage(identityOf(req), req.body.id, req.body.usage_status);
      return { data: { ok: true } };
    },
  );
  app.post<{ Body: { ids: number[] } }>(
    '/whitebox/libraryDelete',
    { config: { access: onLibrary('delete') }, schema: { tags: ['whitebox'], summary: 'Delete libraries (admin or creator) and their packages', body: body({ ids }), response: responses(okEnvelope) } },
    async (req) => {
      await wb.libraries.delete(identityOf(req), req.body.ids);
      return { data: { ok: true } };
    },
  );
  app.post<{ Body: { id: number } }>(
    '/whitebox/downloadfile',
    { config: { access: onLibrary('download') }, schema: { tags: ['whitebox'], summary: 'The package (zip: C sources, Makefile, wbtool, Android static libraries, iOS script, README) of a generated library', body: body({ id }) } },
    async (req, reply) => {
      const file = await wb.libraries.download(identityOf(req), req.body.id);
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition(file.name))
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      return reply.send(file.body);
    },
  );
}
