/**
 * Network and industrial-internet tasks: the target is a host list (hosts,
 * addresses, CIDR ranges) kept as the task's url, checked for form here; the
 * administrator's scan policy decides what the engine may reach, whatever the
 * task's parameters ask. Runs the real network engine against this machine's
 * Redis on 127.0.0.1 (skipped when Redis is not running).
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, login, post, startTestApp } from '../../test-support/test-app.ts';

const redisUp = await new Promise<boolean>((resolve) => {
  const s = net.connect({ host: '127.0.0.1', port: 6379 });
  s.once('connect', () => (s.destroy(), resolve(true)));
  s.once('error', () => resolve(false));
});

type App = Awaited<ReturnType<typeof startTestApp>>;

async function run(env: Record<string, string>, body: Record<string, unknown>, after?: (t: App, admin: Record<string, string>, uid: string) => Promise<void>) {
  const t = await startTestApp('sqlite', env);
  try {
    const admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
    const created = await post(t.app, '/task/create', body, admin);
    if (created.status !== 200 || created.body.error) return { created: created.body };
    const uid = created.body.data.task_uid as string;
    const end = Date.now() + 90_000;
    for (;;) {
      const { data } = (await post(t.app, '/task/preview', { task_uid: uid }, admin)).body;
      if (['FINISHED', 'EXCEPTION'].includes(data.task.status) || Date.now() > end) {
        await after?.(t, admin, uid);
        return { created: created.body, result: data };
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await t.stop();
  }
}

describe('network tasks', () => {
  it('refuses target lists that are not hosts, addresses or ranges, and malformed port lists', async () => {
    const t = await startTestApp('sqlite', {});
    try {
      const admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
      for (const url of ['', 'http://example.com/', '10.0.0.0/33', 'a..b', '1.2.3.4/24/1', 'x'.repeat(300)]) {
        const r = await post(t.app, '/task/create', { platform: 'network', url }, admin);
        expect(r.body.error, url).toBe('illegal_parameter');
      }
      const ports = await post(t.app, '/task/create', { platform: 'ics', url: '10.0.0.5', params: { ports: '502;rm -rf' } }, admin);
      expect(ports.body.error).toBe('illegal_parameter');
    } finally {
      await t.stop();
    }
  }, 60_000);

  it.skipIf(!redisUp)('a task cannot allow the loopback itself: EXCEPTION with the policy reason', async () => {
    const { result } = await run({}, { platform: 'network', url: '127.0.0.1', params: { ports: '6379', allowLoopback: 'true', allowNetworks: '127.0.0.0/8' } });
    expect(result.task.status).toBe('EXCEPTION');
    expect(result.task.fail_msg).toMatch(/loopback/);
  }, 120_000);

  it.skipIf(!redisUp)('with the loopback allowed by configuration, Redis is found and flagged', async () => {
    let csv = '';
    let json: { hosts: { port: number; service: string; failed: string[] }[] } | undefined;
    let policy: Record<string, unknown> = {};
    const { result } = await run({ CITADEL_SCAN_ALLOW_LOOPBACK: '1', CITADEL_SCAN_MAX_RATE: '7' }, { platform: 'network', url: '127.0.0.1', params: { ports: '6379' } }, async (t, admin, uid) => {
      const c = await t.app.inject({ method: 'POST', url: '/networkVulnerability/download', payload: { task_uid: uid }, headers: admin });
      expect(c.headers['content-type']).toMatch(/text\/csv/);
      csv = c.body;
      const j = await t.app.inject({ method: 'POST', url: '/networkVulnerability/download', payload: { task_uid: uid, format: 'json' }, headers: admin });
      json = JSON.parse(j.body);
      policy = (await post(t.app, '/networkVulnerability/policy', {}, admin)).body.data;
    });
    expect(csv).toMatch(/^\ufeffhost,name,port,transport,service/);
    expect(csv).toMatch(/127\.0\.0\.1,,6379,tcp,redis,Redis,\d+\.\d+\.\d+,open,.*network\.access\.redis_unauthenticated/);
    expect(json!.hosts[0]).toMatchObject({ port: 6379, service: 'redis' });
    expect(json!.hosts[0]!.failed).toContain('network.access.redis_unauthenticated');
    expect(policy).toMatchObject({ allowLoopback: true, allowPrivate: false, maxRate: 7 });
    expect(result.task.url).toBe('127.0.0.1');
    expect(result.task.status).toBe('FINISHED');
    const f = result.assessment.findings.find((x: { ruleId: string }) => x.ruleId === 'network.access.redis_unauthenticated');
    expect(f.result).toBe('fail');
    expect(result.rules['network.access.redis_unauthenticated'].title).toBeTruthy();
  }, 120_000);
});
