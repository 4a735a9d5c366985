/**
 * Every route declares who may call it, and this plugin enforces it before the
 * handler runs (the browser's menu hiding is not the security boundary):
 * - 'public': anyone (sign-in, captcha, site configuration).
 * - 'session': any signed-in user (own permissions, own password, logout).
 * - { resource, operation }: a signed-in user whose role grants that operation
 *   on that resource (a menu key, SPEC §6); the admin user holds everything.
 * - { anyOf: [...] }: any one of several such grants (uploads serve every
 *   assessment's create page and the sample screens).
 * A route registered without a declaration stops the server from starting.
 *
 * Two further flags narrow a route (issue 18):
 * - `adminOnly`: settings that act on every customer (site title and logos,
 *   evaluation settings) are the platform administrator's, whatever a role grants.
 * - `duringPasswordChange`: an account that must change its password first
 *   (generated or reset password) may call only such routes (change password,
 *   policy check, logout); everything else answers change_default_password.
 *
 * A download route may also accept a download ticket (`config.ticket`): a single-use
 * `?ticket=` for that exact URL in place of the session headers, which a plain browser
 * link cannot send. The ticket stands for its session; the route's grants are checked
 * the same way.
 */
import { type Operation, TOKEN_HEADER, USER_HEADER, can, walkRoutes } from '@citadel/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService, Identity } from '../domain/auth/auth-service.ts';
import { fail } from './app-error.ts';

export type Grant = { resource: string; operation: Operation };
export type Access = 'public' | 'session' | Grant | { anyOf: Grant[] };

const grantsOf = (access: Grant | { anyOf: Grant[] }): Grant[] => ('anyOf' in access ? access.anyOf : [access]);

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The route also takes `?ticket=` (see Sessions.issueTicket) in place of the session headers. */
    ticket?: boolean;
    /** Only the platform administrator (`admin`) may call it, whatever a role grants. */
    adminOnly?: boolean;
    /** Callable while the account still has to change its first or reset password. */
    duringPasswordChange?: boolean;
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

/** The request URL without its ticket parameter: what a ticket was issued for. */
export function urlWithoutTicket(rawUrl: string): string {
  const url = new URL(rawUrl, 'http://ticket.invalid');
  url.searchParams.delete('ticket');
  return url.pathname + url.search;
}

function ticketOf(req: FastifyRequest): string {
  const q = req.query as Record<string, unknown> | undefined;
  // onRequest runs before query validation: take only a single string.
  return typeof q?.ticket === 'string' ? q.ticket : '';
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
    if (typeof access === 'object') {
      const grants = grantsOf(access);
      if (grants.length === 0) throw new Error(`Route ${opts.url} declares an empty anyOf`);
      for (const g of grants) if (!KNOWN_RESOURCES.has(g.resource)) throw new Error(`Route ${opts.url} names unknown resource ${g.resource}`);
    }
    for (const method of methods) if (method !== 'HEAD') routes.push({ method, url: opts.url, access });
  });

  // onRequest: identity and permission are settled from headers alone, before any body is parsed or validated.
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config.access;
    if (!access || access === 'public') return;
    const token = header(req, TOKEN_HEADER);
    const user = header(req, USER_HEADER);
    const ticket = !token && req.routeOptions.config.ticket ? ticketOf(req) : '';
    if (!ticket && (!token || !user)) fail('authentication_needed');
    const identity = ticket ? await auth.identifyByTicket(ticket, urlWithoutTicket(req.url)) : await auth.identify(token, decodeURIComponent(user));
    req.identity = identity;
    if (identity.user.must_change_password === 1 && !req.routeOptions.config.duringPasswordChange) fail('change_default_password');
    if (access !== 'session') {
      const subject = { isAdmin: identity.isAdmin, permissions: identity.permissions };
      if (!grantsOf(access).some((g) => can(subject, g.resource, g.operation))) fail('no_permission');
    }
    if (req.routeOptions.config.adminOnly && !identity.isAdmin) fail('unauthorized_operation');
  });
}
