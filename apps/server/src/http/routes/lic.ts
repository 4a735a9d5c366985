/**
 * /lic/{key} (SPEC §7 lic prefix): the licence — upload and view in System →
 * licence (platform administrator), the status every signed-in user's grace
 * banner reads — and /lic/about for the about page. registerLicenceEnforcement
 * adds the root hooks that hold module access and task creation to the licence
 * (SPEC §8 licence and product errors); with no licence uploaded they let
 * everything through, as before.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../services.ts';
import { type Reservation, licenceOf } from '../../domain/licence/index.ts';
import { aboutInfo } from '../../domain/licence/about.ts';
import { identityOf } from '../access.ts';
import { body, envelope, okEnvelope, responses } from '../schemas.ts';

const RESOURCE = 'licence';
const obj = { type: 'object', additionalProperties: true } as const;
const statusSchema = { type: 'object', properties: { state: { type: 'string' }, customer: { type: 'string' }, not_after: { type: ['integer', 'null'] }, days_left: { type: ['integer', 'null'] }, grace: { type: 'boolean' } } } as const;

/** Root hooks: call right after the access control is registered, before the route plugins. */
export function registerLicenceEnforcement(app: FastifyInstance, services: Services): void {
  const licence = licenceOf(services);
  const reservations = new WeakMap<FastifyRequest, Reservation>();
  // Module access: runs after the access hook (registered first), on routes that name screen resources.
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config.access;
    if (!access || typeof access !== 'object') return;
    const grants = 'anyOf' in access ? access.anyOf : [access];
    await licence.checkModules(grants.map((g) => g.resource));
  });
  // Task creation: one unit of the product (and of the user's share) taken before the handler, given back if it fails.
  app.addHook('preHandler', async (req) => {
    if (req.method !== 'POST' || req.routeOptions.url !== '/task/create') return;
    const platform = (req.body as { platform?: unknown } | undefined)?.platform;
    if (typeof platform !== 'string') return;
    const r = await licence.reserve(identityOf(req), platform);
    if (r) reservations.set(req, r);
  });
  app.addHook('onResponse', async (req, reply) => {
    const r = reservations.get(req);
    if (r && reply.statusCode >= 400) await licence.release(r).catch((err: unknown) => req.log.error({ err }, 'licence: releasing a reservation failed'));
  });
}

export async function licenceRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const licence = licenceOf(services);
  app.post(
    '/lic/status',
    { config: { access: 'session' }, schema: { tags: ['lic'], summary: 'Licence state for the grace banner (none, valid, not_yet, expired; days left)', body: body({}, []), response: responses(envelope(statusSchema)) } },
    async () => ({ data: await licence.status() }),
  );
  app.post(
    '/lic/info',
    { config: { access: { resource: RESOURCE, operation: 'view' }, adminOnly: true }, schema: { tags: ['lic'], summary: 'The licence in force with its products, modules and usage', body: body({}, []), response: responses(envelope({ type: 'object', properties: { status: statusSchema, licence: { anyOf: [obj, { type: 'null' }] } } })) } },
    async () => ({ data: await licence.info() }),
  );
  app.post<{ Body: { document: string } }>(
    '/lic/upload',
    { config: { access: { resource: RESOURCE, operation: 'edit' }, adminOnly: true }, schema: { tags: ['lic'], summary: 'Upload a licence file (Ed25519-signed; verified with the embedded vendor key)', body: body({ document: { type: 'string', minLength: 1, maxLength: 64 * 1024 } }), response: responses(envelope(obj)) } },
    async (req) => ({ data: await licence.upload(identityOf(req), req.body.document) }),
  );
  app.post(
    '/lic/delete',
    { config: { access: { resource: RESOURCE, operation: 'edit' }, adminOnly: true }, schema: { tags: ['lic'], summary: 'Withdraw the licence in force (the product then runs unlicensed, as before any upload)', body: body({}, []), response: responses(okEnvelope) } },
    async () => {
      await licence.remove();
      return { data: { ok: true } };
    },
  );
  app.post(
    '/lic/about',
    { config: { access: 'session' }, schema: { tags: ['lic'], summary: 'Version, build, licence status and third-party packages with their licences', body: body({}, []), response: responses(envelope({ type: 'object', properties: { name: { type: 'string' }, version: { type: 'string' }, build: { type: 'string' }, node: { type: 'string' }, licence: statusSchema, third_party: { type: 'array', items: obj } } })) } },
    async () => ({ data: { ...aboutInfo(), licence: await licence.status() } }),
  );
}
