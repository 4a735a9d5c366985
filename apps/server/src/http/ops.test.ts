import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp, startTestApp } from '../test-support/test-app.ts';

describe.each(DIALECTS)('operations endpoints on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { CITADEL_METRICS_TOKEN: 'metrics-secret-1' });
  });
  afterAll(async () => t?.stop());

  it('healthz answers without asking anything; readyz reports database, storage and queue', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', storage: 'ok', queue: 'ok' } });
  });

  it('metrics demand the configured bearer token, even from loopback', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-secret-2' } })).statusCode).toBe(403);
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'POST', url: '/ui/get_ui', payload: {} });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-secret-1' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/citadel_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="2xx"\} [1-9]/);
    // Every route is measured, not only the operations plugin's own (the hook sits on the root context).
    expect(res.body).toMatch(/citadel_http_request_duration_seconds_count\{method="POST",route="\/ui\/get_ui",status="2xx"\} [1-9]/);
    expect(res.body).toContain('# TYPE citadel_tasks gauge');
    expect(res.body).toMatch(/citadel_queue_depth \d+/);
    expect(res.body).toContain('citadel_process_resident_memory_bytes');
  });
});

describe('metrics without a token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => t?.stop());

  it('answer loopback peers only, whatever X-Forwarded-For claims', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ error: 'illegal_access' });
  });
});
