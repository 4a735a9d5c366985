/**
 * Issue 18 item 11: IPv6 forms that carry a loopback or private IPv4 address
 * (IPv4-compatible, 6to4, NAT64 — like the IPv4-mapped form before) are judged by
 * the IPv4 address inside. Web tasks aimed at them through a real portal end
 * EXCEPTION with the policy's reason, and the policy itself is checked form by form.
 */
import { NetworkPolicy } from '@citadel/engine-web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_ADMIN_PASSWORD, type TestApp, login, post, startTestApp } from '../test-support/test-app.ts';
import { until } from '../test-support/until.ts';

const LOOPBACK_FORMS = ['[::7f00:1]', '[2002:7f00:1::1]', '[64:ff9b::7f00:1]', '[::ffff:127.0.0.1]'];

describe.each(DIALECTS)('scan targets in IPv6 clothing on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
  }, 60_000);
  afterAll(async () => t?.stop());

  it('refuses web tasks aimed at loopback in each IPv6 form', async () => {
    const uids: string[] = [];
    for (const host of LOOPBACK_FORMS) {
      const created = await post(t.app, '/task/create', { platform: 'web', url: `http://${host}:9/`, params: { maxPages: '1' } }, admin);
      expect(created.status, host).toBe(200);
      uids.push(created.body.data.task_uid as string);
    }
    for (const [i, uid] of uids.entries()) {
      const done = await until(
        async () => (await post(t.app, '/task/preview', { task_uid: uid }, admin)).body.data,
        (d) => ['FINISHED', 'EXCEPTION'].includes(d?.task?.status),
        120_000,
        200,
      );
      expect(done.task.status, LOOPBACK_FORMS[i]).toBe('EXCEPTION');
      expect(done.task.fail_msg, LOOPBACK_FORMS[i]).toMatch(/loopback/);
    }
  }, 240_000);
});

describe('the scan network policy reads the IPv4 inside IPv6', () => {
  const policy = new NetworkPolicy({});
  it.each([
    ['::7f00:1', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['2002:7f00:1::1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b:1:c0a8:1:100::', 'private'],
    ['2002:c0a8:101::1', 'private'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
  ])('%s is refused (%s)', (address, why) => {
    const v = policy.check(address);
    expect(v.ok).toBe(false);
    expect(v.ok ? '' : v.reason).toContain(why);
  });
  it('still lets public addresses through, in any form', () => {
    for (const a of ['64:ff9b::808:808', '2002:808:808::1', '::ffff:8.8.8.8', '2606:4700::1111']) expect(policy.check(a).ok, a).toBe(true);
    expect(policy.check('::1').ok).toBe(false);
  });
});
