/**
 * Issue 18 items 4 and 5: anyone could lock `admin` out with five wrong passwords,
 * 423-vs-401 told which accounts exist, and nothing was rate limited. Walked
 * against a real portal: an attacker's address is slowed (429) while the owner
 * signs in from another; known and unknown names get the same answers, down to
 * the last-resort lock; bursts to the captcha and the API are cut by route class.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_ADMIN_PASSWORD, type TestApp, loginKey, post, seal, startTestApp } from '../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../test-support/users.ts';

type Answer = { status: number; error?: string; token?: string };

/** One sign-in from `ip` with a solved captcha (the answer read through the loopback-only test hook). */
async function signInFrom(t: TestApp, ip: string, username: string, password: string): Promise<Answer> {
  const key = await loginKey(t.app);
  const c = (await t.app.inject({ method: 'POST', url: '/captcha/captchaDight', payload: {}, remoteAddress: ip })).json().data;
  const answer = (await t.app.inject({ method: 'GET', url: `/__test/captcha/${c.captcha_id}`, remoteAddress: '127.0.0.1' })).json().data.answer;
  const res = await t.app.inject({
    method: 'POST',
    url: '/aa/login',
    remoteAddress: ip,
    payload: { agent: 'web', username, password: seal(key.public_key, password), key_id: key.key_id, captcha_id: c.captcha_id, captcha_code: answer },
  });
  const body = res.json();
  return { status: res.statusCode, error: body.error, token: body.data?.token };
}

describe.each(DIALECTS)('sign-in abuse on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { CITADEL_LOCKOUT_ATTEMPTS: '8', CITADEL_RATE_API_PER_MINUTE: '40' });
    await createUser(t, 'sec_known', { customerKey: 'sec_login' });
  }, 60_000);
  afterAll(async () => t?.stop());

  it('slows the attacking address and lets the owner in from another', async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < 12; i++) answers.push(await signInFrom(t, '198.51.100.66', 'admin', `Wrong#Pass${i}`));
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(5).every((a) => a.status === 429 && a.error === 'login_throttled')).toBe(true);
    expect(answers.some((a) => a.status === 423)).toBe(false);
    const owner = await signInFrom(t, '203.0.113.7', 'admin', TEST_ADMIN_PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.token).toBeTruthy();
  });

  it('answers known and unknown names alike, down to the last-resort lock', async () => {
    const run = async (name: string) => {
      const seq: string[] = [];
      // Two addresses: five counted failures each; the lock (8) comes from the second.
      for (const ip of ['198.51.100.10', '198.51.100.11']) for (let i = 0; i < 6; i++) seq.push(String((await signInFrom(t, ip, name, `Bad#Guess${i}`)).status));
      return seq;
    };
    const known = await run('sec_known');
    const unknown = await run('sec_nobody');
    expect(unknown).toEqual(known);
    expect(known).toContain('423');
    // The lock is the account's: the owner's right password is refused until it runs out.
    expect((await signInFrom(t, '203.0.113.8', 'sec_known', TEST_USER_PASSWORD)).status).toBe(423);
  });

  it('cuts a burst to the captcha from one address, not the next address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) statuses.push((await t.app.inject({ method: 'POST', url: '/captcha/captchaDight', payload: {}, remoteAddress: '198.51.100.99' })).statusCode);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(120);
    const refused = await t.app.inject({ method: 'POST', url: '/captcha/captchaDight', payload: {}, remoteAddress: '198.51.100.99' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'POST', url: '/captcha/captchaDight', payload: {}, remoteAddress: '198.51.100.100' })).statusCode).toBe(200);
  });

  it('limits the API per session token', async () => {
    const a = await signInFrom(t, '203.0.113.20', 'admin', TEST_ADMIN_PASSWORD);
    const headers = { token: a.token!, user: 'admin' };
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await post(t.app, '/task/list', { page: 1, page_size: 10 }, headers)).status);
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(40).every((s) => s === 429)).toBe(true);
  });
});
