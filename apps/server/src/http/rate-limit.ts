/**
 * Request rate limits by route class (issue 18 item 5, OWASP ASVS 2.2.1 / 11.1.4):
 * - sign-in: sign-in, its key, captchas and the session check — per client
 *   address and route, tight (CITADEL_RATE_SIGNIN_PER_MINUTE);
 * - api: every other declared route — per session token (its hash; the address
 *   when there is none), generous (CITADEL_RATE_API_PER_MINUTE).
 * Static files and the API description are not limited. Counters live in memory,
 * or in Redis with REDIS_URL so that limits hold across portals. The check runs
 * in an onRequest hook registered before access control, so a flood is refused
 * before it reaches the database. Defaults are far above what a person or the
 * test suite does, and far below an attack of hundreds of requests in seconds.
 */
import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { TOKEN_HEADER } from '@citadel/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { fail } from './app-error.ts';

export interface RateLimitSettings {
  signInPerMinute: number;
  apiPerMinute: number;
  /** redis:// URL for counters shared by every portal; empty: in memory. */
  redisUrl: string;
  namespace: string;
}

/** Routes of the sign-in class (by their registered URL). */
export const SIGN_IN_ROUTES: readonly string[] = ['/aa/login', '/aa/loginKey', '/aa/checkLogin', '/captcha/captchaDight', '/captcha/verifyCode', '/uass/login', '/uass/validate'];

const WINDOW_MS = 60_000;

function tokenKey(req: FastifyRequest): string {
  const token = req.headers[TOKEN_HEADER];
  // Only a hash of the token is kept as a counter key (in memory or Redis).
  if (typeof token === 'string' && token) return `t:${createHash('sha256').update(token).digest('base64url').slice(0, 22)}`;
  return `a:${req.ip}`;
}

export async function registerRateLimits(app: FastifyInstance, settings: RateLimitSettings): Promise<void> {
  // Fail fast when Redis is away (skipOnError then lets requests through rather than hanging sign-in).
  const redis = settings.redisUrl ? new Redis(settings.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, enableOfflineQueue: false }) : undefined;
  if (redis) {
    redis.on('error', (err: Error) => app.log.warn({ err: err.message }, 'rate-limit store: Redis unavailable'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: `${settings.namespace}-rl-` } : {}),
  });
  const signIn = app.createRateLimit({ max: settings.signInPerMinute, timeWindow: WINDOW_MS, keyGenerator: (req) => `s:${req.routeOptions.url}:${req.ip}` });
  const api = app.createRateLimit({ max: settings.apiPerMinute, timeWindow: WINDOW_MS, keyGenerator: tokenKey });
  const signInRoutes = new Set(SIGN_IN_ROUTES);

  app.addHook('onRequest', async (req, reply) => {
    const url = req.routeOptions.url;
    // Only declared API routes are limited (static files and /docs declare no access).
    if (!url || !req.routeOptions.config.access || url.startsWith('/__test/')) return;
    const result = await (signInRoutes.has(url) ? signIn : api)(req);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    fail('too_many_requests');
  });
}
