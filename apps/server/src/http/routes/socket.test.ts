import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, login, post, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { SESSION_CLOSE_CODE } from './socket.ts';

process.env.CITADEL_EXTRA_ENGINES = fileURLToPath(new URL('../../jobs/test-engine/index.ts', import.meta.url));

describe('WebSocket /socket/', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    token = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).token;
  });
  afterAll(async () => t?.stop());

  it('closes with 4401 and the catalogue code as reason when the session is not valid', async () => {
    const ws = await t.app.injectWS('/socket/?user=admin&token=not-a-token');
    // The server may already be closing when injectWS resolves; the close frame still carries code and reason.
    const [code, reason] = await new Promise<[number, string]>((resolve) => ws.on('close', (c: number, r: Buffer) => resolve([c, r.toString()])));
    expect(code).toBe(SESSION_CLOSE_CODE);
    expect(reason).toBe('token_not_exist');
  });

  it('pushes a task’s status and progress until it finishes, without polling', async () => {
    const ws = await t.app.injectWS(`/socket/?user=admin&token=${encodeURIComponent(token)}`);
    const statuses: string[] = [];
    const finished = new Promise<void>((resolve) =>
      ws.on('message', (d: Buffer) => {
        const m = JSON.parse(d.toString());
        if (m.type !== 'task') return;
        statuses.push(`${m.task.status}:${m.task.finish_item}/${m.task.total_item}`);
        if (m.task.status === 'FINISHED') resolve();
      }),
    );
    const created = await post(t.app, '/task/create', { platform: 'firmware', url: 'http://127.0.0.1:9/', params: { sleepMs: '100' } }, { token, user: 'admin' });
    expect(created.status).toBe(200);
    await finished;
    ws.terminate();
    expect(statuses[0]).toBe('QUEUEING:0/0');
    expect(statuses).toContain('PROCESSING:0/0');
    expect(statuses.at(-1)).toBe('FINISHED:5/5');
  });
});
