/**
 * Every route declares who may call it, and this plugin enforces it before the
 * handler runs (the browser's menu hiding is not the security boundary):
 * - 'public': anyone (sign-in, captcha, site configuration).
 * - 'session': any signed-in user (own permissions, own password, logout).
 * - { resource, operation }: a signed-in user whose role grants that operation
 *   on that resource (a menu key, SPEC §6); the admin user holds everything.
 * A route registered without a declaration stops the server from starting.
 */
import { type Operation, TOKEN_HEADER, USER_HEADER, can, walkRoutes } from '@citadel/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService, Identity } from '../domain/auth/auth-service.ts';
import { fail } from './app-error.ts';

export type Access = 'public' | 'session' | { resource: string; operation: Operation };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    identity?: Identity;
  }
}

export interface RouteRecord {
  method: string;
  url: string;
  access: Access;
}

const KNOWN_RESOURCES = new Set(walkRoutes().map((n) => n.key));

/** The signed-in identity of a request whose route is not public. */
export function identityOf(req: FastifyRequest): Identity {
  return req.identity ?? fail('authentication_needed');
}

function header(req: FastifyRequest, name: string): string {
  const v = req.headers[name];
  return typeof v === 'string' ? v : '';
}

export function registerAccessControl(app: FastifyInstance, auth: AuthService, routes: RouteRecord[]): void {
  app.addHook('onRoute', (opts) => {
    const access = (opts.config as { access?: Access } | undefined)?.access;
    const methods = Array.isArray(opts.method) ? opts.method : [opts.method];
    if (!access) throw new Error(`Route ${methods.join(',')} ${opts.url} declares no access (config.access)`);
    if (typeof access === 'object' && !KNOWN_RESOURCES.has(access.resource)) throw new Error(`Route ${opts.url} names unknown resource ${access.resource}`);
    for (const method of methods) if (method !== 'HEAD') routes.push({ method, url: opts.url, access });
  });

  // onRequest: identity and permission are settled from headers alone, before any body is parsed or validated.
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config.access;
    if (!access || access === 'public') return;
    const token = header(req, TOKEN_HEADER);
    const user = header(req, USER_HEADER);
    if (!token || !user) fail('authentication_needed');
    const identity = await auth.identify(token, decodeURIComponent(user));
    req.identity = identity;
    if (access === 'session') return;
    if (!can({ isAdmin: identity.isAdmin, permissions: identity.permissions }, access.resource, access.operation)) fail('no_permission');
  });
}
