/**
 * Operations endpoints (issue 21), for load balancers, orchestrators and Prometheus:
 * - GET /healthz: the process is up and serving (no dependency is asked).
 * - GET /readyz: the database, the object storage and (with REDIS_URL) the queue
 *   answer; 503 with the part that failed otherwise. Answers name parts, never
 *   addresses or credentials.
 * - GET /metrics: Prometheus text. With CITADEL_METRICS_TOKEN it demands
 *   `Authorization: Bearer <token>`; without one it answers only clients on the
 *   loopback interface (judged on the socket's peer, never on X-Forwarded-For).
 */
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Services } from '../../services.ts';
import { redisConnection } from '../../jobs/redis.ts';
import type { PortalMetrics } from '../../observability/metrics.ts';
import { fail } from '../app-error.ts';

/** How long one readiness probe may take before it counts as down. */
const PROBE_MS = 2000;
/** A well-formed content address no real upload has: asks the storage without touching an object. */
const PROBE_KEY = '0'.repeat(64);

type Check = 'ok' | 'down';

async function probe(run: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([run(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), PROBE_MS)))]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

function isLoopbackPeer(req: FastifyRequest): boolean {
  const peer = req.socket.remoteAddress ?? '';
  return peer === '::1' || peer.startsWith('127.') || peer.startsWith('::ffff:127.');
}

function bearerMatches(req: FastifyRequest, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

const checksSchema = { type: 'object', properties: { database: { type: 'string' }, storage: { type: 'string' }, queue: { type: 'string' } } } as const;

/** The operations plugin over the portal's metrics, which app.ts creates on the root context (so every route is measured). */
export function opsRoutes(metrics: PortalMetrics): (app: FastifyInstance, services: Services) => Promise<void> {
  return (app, services) => registerOps(app, services, metrics);
}

async function registerOps(app: FastifyInstance, { config, database, storage }: Services, metrics: PortalMetrics): Promise<void> {
  let redis: Redis | undefined;
  app.addHook('onClose', async () => {
    await redis?.quit().catch(() => undefined);
  });

  app.get('/healthz', { config: { access: 'public' }, schema: { tags: ['ops'], summary: 'The process is up', response: { 200: { type: 'object', properties: { status: { type: 'string' } } } } } }, async () => ({ status: 'ok' }));

  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['ops'],
        summary: 'Database, storage and queue reachable (503 naming the part that is not)',
        response: { 200: { type: 'object', properties: { status: { type: 'string' }, checks: checksSchema } }, 503: { type: 'object', properties: { status: { type: 'string' }, checks: checksSchema } } },
      },
    },
    async (_req, reply) => {
      const db = await probe(() => sql`select 1`.execute(database.db as never));
      let queue = db; // the embedded queue is the tasks table
      if (config.redisUrl) {
        redis ??= redisConnection(config.redisUrl);
        queue = await probe(() => redis!.ping());
      }
      const checks = { database: db, storage: await probe(() => storage.exists(PROBE_KEY)), queue };
      const ready = Object.values(checks).every((c) => c === 'ok');
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
    },
  );

  app.get('/metrics', { config: { access: 'public' }, schema: { tags: ['ops'], summary: 'Prometheus metrics (bearer token, or loopback clients when no token is configured)' } }, async (req, reply) => {
    const allowed = config.metricsToken ? bearerMatches(req, config.metricsToken) : isLoopbackPeer(req);
    if (!allowed) return fail('illegal_access');
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
