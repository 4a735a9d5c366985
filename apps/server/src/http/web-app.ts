/**
 * Serves the built single-page app (apps/web/dist) at / on the API's port, and puts
 * the security headers (security-headers.ts) on every answer registered after it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { registerSecurityHeaders } from './security-headers.ts';

export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<boolean> {
  await registerSecurityHeaders(app);
  if (!existsSync(path.join(webDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDir,
    prefix: '/',
    index: ['index.html'],
    wildcard: true,
    // Hashed asset names can be cached for long; index.html must be re-read so a new build takes effect.
    setHeaders(res, file) {
      res.setHeader('Cache-Control', file.endsWith('index.html') ? 'no-cache' : 'public, max-age=31536000, immutable');
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });
  return true;
}
