import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_ADMIN_PASSWORD, attemptLogin, login, loginKey, newCaptcha, post, seal, sign, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../../test-support/users.ts';

describe.each(DIALECTS)('sign-in on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { CITADEL_LOCKOUT_ATTEMPTS: '3' });
  });
  afterAll(async () => t?.stop());

  it('signs the admin in through captcha and sealed password, and checkLogin returns the user', async () => {
    const res = await attemptLogin(t, 'admin', TEST_ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ name: 'admin', is_admin: true, client_key: 'default' });
    const check = await post(t.app, '/aa/checkLogin', { user: 'admin', token: res.body.data.token, agent: 'web' });
    expect(check.body.data.user.name).toBe('admin');
    expect(check.body.data.extra.buttons).toContain('systemAccout-delete');
  });

  it('refuses a wrong captcha and uses the captcha up', async () => {
    const key = await loginKey(t.app);
    const captcha = await newCaptcha(t);
    const wrong = captcha.answer === '0000' ? '1111' : '0000';
    const payload = { agent: 'web', username: 'admin', password: seal(key.public_key, TEST_ADMIN_PASSWORD), key_id: key.key_id, captcha_id: captcha.id };
    const res = await post(t.app, '/aa/login', { ...payload, captcha_code: wrong });
    expect(res.body.error).toBe('captcha_wrong');
    const again = await post(t.app, '/aa/login', { ...payload, password: seal(key.public_key, TEST_ADMIN_PASSWORD), captcha_code: captcha.answer });
    expect(again.body.error).toBe('captcha_expired');
  });

  it('refuses a replayed password ciphertext and a stale one', async () => {
    const key = await loginKey(t.app);
    const sealed = seal(key.public_key, TEST_ADMIN_PASSWORD);
    const first = await newCaptcha(t);
    const base = { agent: 'web', username: 'admin', key_id: key.key_id };
    expect((await post(t.app, '/aa/login', { ...base, password: sealed, captcha_id: first.id, captcha_code: first.answer })).status).toBe(200);
    const second = await newCaptcha(t);
    const replay = await post(t.app, '/aa/login', { ...base, password: sealed, captcha_id: second.id, captcha_code: second.answer });
    expect(replay.body.error).toBe('key_expired');
    const third = await newCaptcha(t);
    const stale = await post(t.app, '/aa/login', { ...base, password: seal(key.public_key, TEST_ADMIN_PASSWORD, { ts: Date.now() - 3600_000 }), captcha_id: third.id, captcha_code: third.answer });
    expect(stale.body.error).toBe('key_expired');
  });

  it('locks the account after too many wrong passwords, even for the right one', async () => {
    await createUser(t, 'lockme');
    expect((await attemptLogin(t, 'lockme', 'Wrong#Pass1')).body.error).toBe('wrong_credentials');
    expect((await attemptLogin(t, 'lockme', 'Wrong#Pass2')).body.error).toBe('wrong_credentials');
    const third = await attemptLogin(t, 'lockme', 'Wrong#Pass3');
    expect(third.body.error).toBe('account_locked');
    expect(third.status).toBe(423);
    expect((await attemptLogin(t, 'lockme', TEST_USER_PASSWORD)).body.error).toBe('account_locked');
  });

  it('answers an unknown user like a wrong password', async () => {
    const res = await attemptLogin(t, 'nobody-here', 'Some#Pass123');
    expect(res.body.error).toBe('wrong_credentials');
  });

  it('ends the older session when the user signs in elsewhere', async () => {
    await createUser(t, 'twice');
    const first = await login(t, 'twice', TEST_USER_PASSWORD);
    const second = await login(t, 'twice', TEST_USER_PASSWORD);
    const old = await post(t.app, '/ext/userPermissions', { user: 'twice' }, first.headers);
    expect(old.body.error).toBe('logged_in_elsewhere');
    expect(old.status).toBe(401);
    expect((await post(t.app, '/ext/userPermissions', { user: 'twice' }, second.headers)).status).toBe(200);
  });

  it('revokes the token on logout', async () => {
    await createUser(t, 'leaver');
    const s = await login(t, 'leaver', TEST_USER_PASSWORD);
    expect((await t.app.inject({ method: 'GET', url: '/user/logout', headers: s.headers })).statusCode).toBe(200);
    const after = await post(t.app, '/ext/userPermissions', { user: 'leaver' }, s.headers);
    expect(after.body.error).toBe('invalid_session');
  });

  it('refuses a token presented with another user name', async () => {
    await createUser(t, 'owner1');
    const s = await login(t, 'owner1', TEST_USER_PASSWORD);
    const res = await post(t.app, '/ext/userPermissions', { user: 'admin' }, { token: s.token, user: 'admin' });
    expect(res.body.error).toBe('invalid_session');
  });

  it('refuses disabled users, disabled or expired customers, and roles without permissions', async () => {
    await createUser(t, 'disabled1', { enabled: false });
    expect((await attemptLogin(t, 'disabled1', TEST_USER_PASSWORD)).body.error).toBe('customer_or_user_disabled');
    const acme = await t.services.customers.create('acme-expired', 'Acme', { expiresAt: Date.now() - 1000 });
    expect(acme).toBeGreaterThan(0);
    await createUser(t, 'expired1', { customerKey: 'acme-expired' });
    expect((await attemptLogin(t, 'expired1', TEST_USER_PASSWORD)).body.error).toBe('customer_expired');
    await createUser(t, 'empty1', { grants: [] });
    expect((await attemptLogin(t, 'empty1', TEST_USER_PASSWORD)).body.error).toBe('no_permission');
  });

  it('signs in under a company (customer key) only for that company’s users', async () => {
    await t.services.customers.create('acme', 'Acme Ltd');
    await createUser(t, 'acmeuser', { customerKey: 'acme' });
    expect((await attemptLogin(t, 'acmeuser', TEST_USER_PASSWORD, { client_key: 'acme' })).status).toBe(200);
    expect((await attemptLogin(t, 'acmeuser', TEST_USER_PASSWORD, { client_key: 'default' })).body.error).toBe('wrong_credentials');
    expect((await attemptLogin(t, 'acmeuser', TEST_USER_PASSWORD, { client_key: 'no-such' })).body.error).toBe('customer_not_found');
  });

  it('checks candidate passwords on the server and changes the password, ending the session', async () => {
    await createUser(t, 'changer');
    const s = await login(t, 'changer', TEST_USER_PASSWORD);
    const key = await loginKey(t.app);
    const weak = seal(key.public_key, 'weakpass');
    const check = await post(t.app, '/aa/asyncCheckPassword', { password: weak, key_id: key.key_id, signature: sign(s.token, weak) }, s.headers);
    expect(check.body.data).toEqual({ pass: false, msg: '密码必须包含数字' });
    const unsigned = await post(t.app, '/aa/asyncCheckPassword', { password: weak, key_id: key.key_id, signature: '0'.repeat(64) }, s.headers);
    expect(unsigned.body.error).toBe('illegal_parameter');

    const oldP = seal(key.public_key, 'Not#TheOld1');
    const newP = seal(key.public_key, 'Brand#New2026');
    const wrongOld = await post(t.app, '/aa/changePwd', { old_password: oldP, new_password: newP, key_id: key.key_id, signature: sign(s.token, `${oldP}.${newP}`) }, s.headers);
    expect(wrongOld.body.error).toBe('wrong_original_password');

    const o = seal(key.public_key, TEST_USER_PASSWORD);
    const n = seal(key.public_key, 'Brand#New2026');
    const ok = await post(t.app, '/aa/changePwd', { old_password: o, new_password: n, key_id: key.key_id, signature: sign(s.token, `${o}.${n}`) }, s.headers);
    expect(ok.status).toBe(200);
    expect((await post(t.app, '/ext/userPermissions', { user: 'changer' }, s.headers)).body.error).toBe('invalid_session');
    expect((await attemptLogin(t, 'changer', TEST_USER_PASSWORD)).body.error).toBe('wrong_credentials');
    expect((await attemptLogin(t, 'changer', 'Brand#New2026')).status).toBe(200);
  });

  it('writes the audit trail of sign-ins and lockouts', async () => {
    const rows = await t.services.database.db.selectFrom('audit_log').select(['action', 'user_name']).execute();
    const actions = new Set(rows.map((r) => r.action));
    for (const a of ['login', 'login_failed', 'account_locked', 'logout', 'password_changed']) expect(actions).toContain(a);
  });
});
