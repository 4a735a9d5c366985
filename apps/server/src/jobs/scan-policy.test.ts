/**
 * The scan network policy is the administrator's: a user asking for loopback in
 * a web task's parameters gets nothing, the configuration decides. Runs the real
 * web engine against a server this test starts on 127.0.0.1.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { TEST_ADMIN_PASSWORD, login, post, startTestApp } from '../test-support/test-app.ts';
import { policyParams, userScanParams } from './scan-policy.ts';

let server: http.Server;
let url = '';
beforeAll(async () => {
  server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>hello</body></html>'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function scan(env: Record<string, string>) {
  const t = await startTestApp('sqlite', env);
  try {
    const admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
    const created = await post(t.app, '/task/create', { platform: 'web', url, params: { allowLoopback: 'true', allowNetworks: '127.0.0.0/8', maxPages: '1', rate: '0' } }, admin);
    expect(created.status).toBe(200);
    const uid = created.body.data.task_uid as string;
    const end = Date.now() + 90_000;
    for (;;) {
      const { data } = (await post(t.app, '/task/preview', { task_uid: uid }, admin)).body;
      if (['FINISHED', 'EXCEPTION'].includes(data.task.status) || Date.now() > end) return data;
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await t.stop();
  }
}

describe('scan network policy', () => {
  it('refuses a loopback target by default, whatever the task parameters ask', async () => {
    const result = await scan({});
    expect(result.task.status).toBe('EXCEPTION');
    expect(result.task.fail_msg).toMatch(/127\.0\.0\.1|loopback|not allowed|refused/i);
  });

  it('scans it when the administrator allows loopback in configuration', async () => {
    const result = await scan({ CITADEL_SCAN_ALLOW_LOOPBACK: '1' });
    expect(result.task.status).toBe('FINISHED');
    expect(result.assessment.findings.some((f: { result: string }) => f.result === 'fail')).toBe(true);
  });
});

describe('what a user may ask of a scan', () => {
  it('never opens the callback listener or widens the networks, and holds the rate to the configured maximum', () => {
    const asked = { rate: '0', callbackListen: '0.0.0.0:22', callbackUrl: 'http://evil/', callbackWaitSeconds: '600', allowPrivate: 'true', maxPages: '5', active: 'xss,sqli' };
    expect(userScanParams(asked, { maxRate: 20 })).toEqual({ rate: '20', maxPages: '5', active: 'xss,sqli' });
    expect(userScanParams({ rate: '5' }, { maxRate: 20 }).rate).toBe('5');
    expect(userScanParams({ rate: '5000' }, { maxRate: 20 }).rate).toBe('20');
    expect(userScanParams({ rate: 'fast' }, { maxRate: 20 }).rate).toBe('20');
    expect(userScanParams({}, { maxRate: 20 })).toEqual({});
  });

  it('takes the callback listener from configuration only, and refuses malformed values at start-up', () => {
    const config = loadConfig({ CITADEL_SCAN_CALLBACK_LISTEN: '10.0.0.5:8099', CITADEL_SCAN_CALLBACK_URL: 'http://scanner.example:8099/', CITADEL_SCAN_MAX_RATE: '5' });
    expect(policyParams(config)).toMatchObject({ callbackListen: '10.0.0.5:8099', callbackUrl: 'http://scanner.example:8099/' });
    expect(config.scanMaxRate).toBe(5);
    expect(policyParams(loadConfig({}))).not.toHaveProperty('callbackListen');
    expect(() => loadConfig({ CITADEL_SCAN_CALLBACK_LISTEN: 'nowhere' })).toThrow(/HOST:PORT/);
    expect(() => loadConfig({ CITADEL_SCAN_CALLBACK_URL: 'gopher://x' })).toThrow(/http/);
  });
});
