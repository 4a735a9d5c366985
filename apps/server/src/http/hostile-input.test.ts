/** Bad input gets its catalogue error, never a stack trace, and the server stays up. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test-support/test-app.ts';

describe('hostile input', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
  });
  afterAll(async () => t?.stop());

  const stillUp = async () => expect((await t.app.inject({ method: 'POST', url: '/ui/get_ui' })).statusCode).toBe(200);

  it('malformed JSON → bad_request_parameters', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/aa/login', headers: { 'content-type': 'application/json' }, payload: '{"agent": "web", ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request_parameters', message: '请求参数错误' });
    await stillUp();
  });

  it('a body over 1 MiB → payload_too_large', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/aa/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('payload_too_large');
    await stillUp();
  });

  it('schema violations → illegal_parameter, in English when asked', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/aa/login', headers: { 'accept-language': 'en-US' }, payload: { agent: 'web', username: ['x'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'illegal_parameter', message: 'Illegal parameter' });
    const extra = await t.app.inject({ method: 'POST', url: '/captcha/verifyCode', payload: { captcha_id: 'a', code: '1', evil: true } });
    expect(extra.json().error).toBe('illegal_parameter');
  });

  it('garbage ciphertext, unknown key ids and bad content types are refused cleanly', async () => {
    const key = (await t.app.inject({ method: 'POST', url: '/aa/loginKey' })).json().data;
    const cap = (await t.app.inject({ method: 'POST', url: '/captcha/captchaDight' })).json().data;
    const answer = (await t.app.inject({ method: 'GET', url: `/__test/captcha/${cap.captcha_id}` })).json().data.answer;
    const garbage = await t.app.inject({ method: 'POST', url: '/aa/login', payload: { agent: 'web', username: 'admin', password: 'AAAA', key_id: key.key_id, captcha_id: cap.captcha_id, captcha_code: answer } });
    expect(garbage.json().error).toBe('invalid_password');
    const cap2 = (await t.app.inject({ method: 'POST', url: '/captcha/captchaDight' })).json().data;
    const answer2 = (await t.app.inject({ method: 'GET', url: `/__test/captcha/${cap2.captcha_id}` })).json().data.answer;
    const unknownKey = await t.app.inject({ method: 'POST', url: '/aa/login', payload: { agent: 'web', username: 'admin', password: 'AAAA', key_id: 'nope', captcha_id: cap2.captcha_id, captcha_code: answer2 } });
    expect(unknownKey.json().error).toBe('key_expired');
    const xml = await t.app.inject({ method: 'POST', url: '/aa/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(xml.json().error).toBe('bad_request_parameters');
    await stillUp();
  });

  it('missing or forged headers → session errors', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/user/logout' })).json().error).toBe('authentication_needed');
    expect((await t.app.inject({ method: 'GET', url: '/user/logout', headers: { token: 'x'.repeat(40), user: 'admin' } })).json().error).toBe('token_not_exist');
    expect((await t.app.inject({ method: 'GET', url: '/user/logout', headers: { token: 'x'.repeat(500), user: 'admin' } })).json().error).toBe('invalid_token');
  });

  it('unknown routes → not_found envelope; the test hook refuses callers off loopback', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/nope/never' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('not_found');
    const cap = (await t.app.inject({ method: 'POST', url: '/captcha/captchaDight' })).json().data;
    const remote = await t.app.inject({ method: 'GET', url: `/__test/captcha/${cap.captcha_id}`, remoteAddress: '10.1.2.3' });
    expect(remote.json().error).toBe('illegal_access');
  });

  it('site settings validate their values', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/ui/set_ui', headers: admin, payload: { behaviour_url: 'javascript:alert(1)' } });
    expect(bad.json().error).toBe('illegal_parameter');
    const ok = await t.app.inject({ method: 'POST', url: '/ui/set_ui', headers: admin, payload: { main_title: '测试门户', customer: 'airline', behaviour_url: 'https://compliance.test/' } });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/ui/get_ui' })).json().data).toMatchObject({ main_title: '测试门户', customer: 'airline' });
  });
});

describe('test hooks are absent unless switched on', () => {
  it('has no /__test routes by default', async () => {
    const t = await startTestApp('sqlite', { CITADEL_TEST_HOOKS: '0' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/__test/captcha/abc' });
      expect(res.statusCode).toBe(404);
      expect(t.routes.some((r) => r.url.startsWith('/__test'))).toBe(false);
    } finally {
      await t.stop();
    }
  });
});
