/**
 * Issue 18 item 6: `/` had no CSP, frame protection, HSTS or Referrer-Policy and
 * JSON had no nosniff. Every answer now carries them; HSTS only when the request
 * came over TLS (here: through a trusted proxy saying https).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp, startTestApp } from '../test-support/test-app.ts';

describe.each(DIALECTS)('security headers on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    const web = path.join(process.env.TMPDIR ?? '/tmp', `citadel-sec-web-${process.pid}`);
    mkdirSync(web, { recursive: true });
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>t</title>');
    t = await startTestApp(dialect, { CITADEL_WEB_DIR: web, CITADEL_TRUST_PROXY: '1' });
  }, 60_000);
  afterAll(async () => t?.stop());

  it('puts the policy and the protections on the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('marks JSON answers nosniff, and sends HSTS over TLS', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/ui/get_ui', payload: {} });
    expect(json.headers['x-content-type-options']).toBe('nosniff');
    const tls = await t.app.inject({ method: 'POST', url: '/ui/get_ui', payload: {}, headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
