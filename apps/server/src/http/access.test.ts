/**
 * Walks every registered API route as an outsider and as an unprivileged user:
 * the server, not the browser, is the security boundary.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../test-support/users.ts';

/** Routes anyone may call. Adding one here is a deliberate, reviewed decision. */
const PUBLIC_ROUTES = new Set([
  'POST /ui/get_ui',
  'POST /captcha/captchaDight',
  'POST /captcha/verifyCode',
  'POST /aa/loginKey',
  'POST /aa/login',
  'POST /aa/checkLogin',
  // Single sign-on (routes/uass.ts): the way to a session, like /aa/login; the state is checked before anything else.
  'POST /uass/login',
  'POST /uass/validate',
  'GET /__test/captcha/:id',
  // Operations (routes/ops.ts): liveness and readiness name no data; /metrics checks its own token or loopback peer.
  'GET /healthz',
  'GET /readyz',
  'GET /metrics',
  // Authenticated inside the handler from its query string (browsers cannot set WebSocket headers).
  'GET /socket/',
]);

const concrete = (url: string) => url.replace(/:[^/]+/g, 'x');

describe('every route enforces its declared access', () => {
  let t: TestApp;
  let limited: Record<string, string>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    // A user whose role grants one unrelated screen only.
    await createUser(t, 'limited', { grants: [{ resources: 'introduce', operations: ['view'] }] });
    limited = (await login(t, 'limited', TEST_USER_PASSWORD)).headers;
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
  });
  afterAll(async () => t?.stop());

  it('has declared routes, and only the reviewed ones are public', () => {
    expect(t.routes.length).toBeGreaterThan(8);
    const publicOnes = t.routes.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`);
    for (const r of publicOnes) expect(PUBLIC_ROUTES, `unexpected public route ${r}`).toContain(r);
  });

  it('refuses every non-public route without a session', async () => {
    for (const r of t.routes.filter((x) => x.access !== 'public')) {
      const res = await t.app.inject({ method: r.method as 'GET', url: concrete(r.url), payload: r.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().error).toBe('authentication_needed');
    }
  });

  it('refuses every permission-guarded route to a role without that resource, and lets admin through the guard', async () => {
    const guarded = t.routes.filter((x) => typeof x.access === 'object');
    expect(guarded.length).toBeGreaterThan(0);
    for (const r of guarded) {
      const res = await t.app.inject({ method: r.method as 'GET', url: concrete(r.url), headers: limited, payload: r.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json().error).toBe('no_permission');
      const asAdmin = await t.app.inject({ method: r.method as 'GET', url: concrete(r.url), headers: admin, payload: r.method === 'GET' ? undefined : {} });
      expect([401, 403], `${r.method} ${r.url} as admin`).not.toContain(asAdmin.statusCode);
    }
  });

  it('a route without an access declaration stops the server from starting', async () => {
    const Fastify = (await import('fastify')).default;
    const { registerAccessControl } = await import('./access.ts');
    const app = Fastify();
    registerAccessControl(app, t.services.auth, []);
    expect(() => app.get('/undeclared', async () => ({}))).toThrow(/declares no access/);
    await app.close();
  });

  it('lets a user read only their own permissions', async () => {
    const own = await t.app.inject({ method: 'POST', url: '/ext/userPermissions', headers: limited, payload: { user: 'limited' } });
    expect(own.json().data.permissions).toEqual([{ resources: 'introduce', operations: ['view'] }]);
    const other = await t.app.inject({ method: 'POST', url: '/ext/userPermissions', headers: limited, payload: { user: 'admin' } });
    expect(other.json().error).toBe('illegal_access');
  });
});
