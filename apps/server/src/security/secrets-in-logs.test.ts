/**
 * Issue 18 item 3 (no secret in a log line) and item 8 (traversal on static
 * files). A real portal on a port, logging at debug level into memory: session
 * tokens and download tickets sent in URLs never reach a line, the WebSocket
 * signs in with its first message instead of the URL, and a raw
 * `GET /../../../../etc/passwd` is a 4xx with no error-level line.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../app.ts';
import { DIALECTS, TEST_ADMIN_PASSWORD, type TestDatabase, createTestDatabase, login, post, testConfig } from '../test-support/test-app.ts';
import { SESSION_CLOSE_CODE } from '../http/routes/socket.ts';

process.env.CITADEL_EXTRA_ENGINES = fileURLToPath(new URL('../jobs/test-engine/index.ts', import.meta.url));

/** A raw HTTP/1.1 request, path sent exactly as given (as curl --path-as-is does). */
function rawGet(port: number, target: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => s.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
    let text = '';
    s.on('data', (d) => (text += d.toString()));
    s.on('end', () => resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0), text }));
    s.on('error', reject);
  });
}

describe.each(DIALECTS)('secrets and logs on %s', (dialect) => {
  let db: TestDatabase;
  let built: BuiltApp;
  let port = 0;
  const lines: { level: number; msg?: string; [k: string]: unknown }[] = [];
  const raw: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    const web = path.join(db.dataDir, 'web');
    mkdirSync(web, { recursive: true });
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>t</title>');
    const stream = {
      write(line: string) {
        raw.push(line);
        lines.push(JSON.parse(line));
      },
    };
    built = await buildApp(testConfig(db.dataDir, { CITADEL_LOG_LEVEL: 'debug', CITADEL_WEB_DIR: web }), { database: db.database, logStream: stream });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    port = (built.app.server.address() as net.AddressInfo).port;
  }, 60_000);
  afterAll(async () => {
    await built?.close();
    await db?.drop();
  });

  it('never writes a session token or a download ticket from a URL', async () => {
    const { token } = await login(built, 'admin', TEST_ADMIN_PASSWORD);
    await rawGet(port, `/socket/?user=admin&token=${encodeURIComponent(token)}`);
    await rawGet(port, `/download/file?id=1&ticket=TICKETSECRET123456`);
    await rawGet(port, `/anything?Token=${encodeURIComponent(token)}&password=Hunter2Secret`);
    const all = raw.join('');
    expect(all).toContain('/socket/?user=admin&token=[REDACTED]');
    expect(all).not.toContain(token);
    expect(all).not.toContain('TICKETSECRET123456');
    expect(all).not.toContain('Hunter2Secret');
  });

  it('writes request lines at debug level only', () => {
    const requestLines = lines.filter((l) => l.msg === 'request completed' || l.msg === 'incoming request');
    expect(requestLines.length).toBeGreaterThan(0);
    expect(requestLines.every((l) => l.level === 20)).toBe(true);
  });

  it('signs the WebSocket in with its first message', async () => {
    const { token } = await login(built, 'admin', TEST_ADMIN_PASSWORD);
    const bad = await built.app.injectWS('/socket/');
    const badClose = new Promise<[number, string]>((resolve) => bad.on('close', (c: number, r: Buffer) => resolve([c, r.toString()])));
    bad.send(JSON.stringify({ type: 'auth', user: 'admin', token: 'not-a-token' }));
    expect(await badClose).toEqual([SESSION_CLOSE_CODE, 'token_not_exist']);

    const ws = await built.app.injectWS('/socket/');
    ws.send(JSON.stringify({ type: 'auth', user: 'admin', token }));
    const pushed = new Promise<string>((resolve) =>
      ws.on('message', (d: Buffer) => {
        const m = JSON.parse(d.toString());
        if (m.type === 'task' && m.task.status === 'FINISHED') resolve(m.task.status);
      }),
    );
    // Give the first message its round trip before the task starts.
    await new Promise((r) => setTimeout(r, 200));
    const created = await post(built.app, '/task/create', { platform: 'firmware', url: 'http://127.0.0.1:9/', params: { sleepMs: '50' } }, { token, user: 'admin' });
    expect(created.status).toBe(200);
    expect(await pushed).toBe('FINISHED');
    ws.terminate();
  });

  it('answers path traversal on static files with a 4xx and no error-level line', async () => {
    const before = lines.length;
    for (const target of ['/../../../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/../../../etc/passwd', '/a%zz']) {
      const res = await rawGet(port, target);
      expect(res.status, target).toBeGreaterThanOrEqual(400);
      expect(res.status, target).toBeLessThan(500);
      expect(res.text).not.toContain('root:');
      expect(res.text).toMatch(/"error":"[a-z_]+"/);
    }
    expect(lines.slice(before).filter((l) => l.level >= 50)).toEqual([]);
  });
});
