/**
 * Download-record changes pushed over the WebSocket /socket/ (issue 9): the
 * owner's socket hears every change of a report job (queued, processing,
 * ready, transferred, deleted) while another user's hears nothing; with
 * REDIS_URL the changes cross portal processes over Redis pub/sub like task events.
 */
import { randomBytes } from 'node:crypto';
import { evaluationResource } from '@citadel/contracts';
import { syntheticAssessment } from '@citadel/reports/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DownloadChange, TaskEvents } from '../../jobs/task-events.ts';
import { TEST_ADMIN_PASSWORD, login, post, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../../test-support/users.ts';
import { finishedTask } from './test-fixtures.ts';
import { TEST_REDIS_URL, redisUp } from '../../test-support/redis.ts';

const REDIS_URL = TEST_REDIS_URL;

type Push = { type: string; download?: { id: number; status: string; percentage: number } };

/** Opens a socket for `token` and collects the download pushes it receives. */
async function listen(t: TestApp, user: string, token: string): Promise<{ pushes: Push[]; close(): void; until(ok: (p: Push[]) => boolean, ms?: number): Promise<Push[]> }> {
  const ws = await t.app.injectWS(`/socket/?user=${encodeURIComponent(user)}&token=${encodeURIComponent(token)}`);
  const pushes: Push[] = [];
  ws.on('message', (d: Buffer) => {
    const m = JSON.parse(d.toString()) as Push;
    if (m.type === 'download') pushes.push(m);
  });
  return {
    pushes,
    close: () => ws.terminate(),
    async until(ok, ms = 60_000) {
      const end = Date.now() + ms;
      while (!ok(pushes) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      return pushes;
    },
  };
}

const statuses = (pushes: Push[], id: number) => pushes.filter((p) => p.download?.id === id).map((p) => p.download!.status);

describe('download-record pushes over /socket/', () => {
  let t: TestApp;
  let aliceId: number;
  let alice: { token: string; headers: Record<string, string> };
  let admin: { token: string };

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    aliceId = await createUser(t, 'alice', { grants: [{ resources: evaluationResource('android')!, operations: ['view', 'download'] }] });
    alice = await login(t, 'alice', TEST_USER_PASSWORD);
    admin = await login(t, 'admin', TEST_ADMIN_PASSWORD);
  }, 60_000);
  afterAll(async () => t?.stop());

  it('the owner hears each change of a report job without polling; another user hears nothing', async () => {
    const uid = await finishedTask(t, aliceId, syntheticAssessment(20).assessment);
    const mine = await listen(t, 'alice', alice.token);
    const other = await listen(t, 'admin', admin.token);
    const [id] = (await post(t.app, '/download/task/report', { task_uid: uid, sdk_filter: ['ALL'], report_type: 'PDF', type: 'en' }, alice.headers)).body.data.ids as number[];
    await mine.until((p) => statuses(p, id!).includes('READY'));
    expect(statuses(mine.pushes, id!).slice(0, 2)).toEqual(['QUEUEING', 'PROCESSING']);
    expect(statuses(mine.pushes, id!)).toContain('READY');
    // The transfer and the deletion are pushed too.
    const file = await t.app.inject({ method: 'POST', url: '/download/file', payload: { id }, headers: alice.headers });
    expect(file.statusCode).toBe(200);
    await mine.until((p) => statuses(p, id!).includes('FINISHED'));
    await post(t.app, '/download/delete', { id }, alice.headers);
    await mine.until((p) => statuses(p, id!).includes('DELETED'));
    expect(statuses(mine.pushes, id!)).toEqual(expect.arrayContaining(['DOWNLOADING', 'FINISHED', 'DELETED']));
    expect(other.pushes).toEqual([]);
    mine.close();
    other.close();
  }, 120_000);
});

describe.skipIf(!(await redisUp()))('download-record pushes across portals over Redis', () => {
  let t: TestApp;
  let peer: TaskEvents;
  const prefix = `citadel-test-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    // A portal in scaled-out mode (its report worker still runs here), and another "portal" listening on the same channel.
    t = await startTestApp('sqlite', { REDIS_URL, CITADEL_QUEUE_PREFIX: prefix });
    peer = new TaskEvents();
    await peer.bridge(REDIS_URL, prefix, true);
  }, 60_000);
  afterAll(async () => {
    await peer?.close();
    await t?.stop();
  });

  it("a job's changes reach the other portal, and the other portal's changes reach this portal's sockets", async () => {
    const aliceId = await createUser(t, 'alice', { grants: [{ resources: evaluationResource('android')!, operations: ['view', 'download'] }] });
    const alice = await login(t, 'alice', TEST_USER_PASSWORD);
    const heard: DownloadChange[] = [];
    peer.on('download', (c) => heard.push(c));
    const uid = await finishedTask(t, aliceId, syntheticAssessment(5).assessment);
    const [id] = (await post(t.app, '/download/task/report', { task_uid: uid, sdk_filter: ['ALL'], report_type: 'WORD', type: 'en' }, alice.headers)).body.data.ids as number[];
    const end = Date.now() + 60_000;
    while (!heard.some((c) => c.id === id && c.status === 'READY') && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(heard.filter((c) => c.id === id).map((c) => c.status)).toEqual(expect.arrayContaining(['QUEUEING', 'PROCESSING', 'READY']));
    expect(heard.every((c) => c.user_id === aliceId)).toBe(true);

    const socket = await listen(t, 'alice', alice.token);
    peer.downloadChanged({ id: 999, user_id: aliceId, status: 'READY', percentage: 0 });
    expect(await socket.until((p) => p.length > 0, 10_000)).toEqual([{ type: 'download', download: { id: 999, status: 'READY', percentage: 0 } }]);
    socket.close();
  }, 120_000);
});
