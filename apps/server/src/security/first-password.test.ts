/**
 * Issue 18 item 7: an account that must change its password (a generated or reset
 * one) used every API; only the browser showed the dialog. The server now answers
 * change_default_password to everything but the password change itself, the
 * policy check, its own permissions (the sign-in page), the session check and
 * sign-out, until the password is changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../domain/auth/password-hash.ts';
import { DIALECTS, type TestApp, login, loginKey, post, seal, sign, startTestApp } from '../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../test-support/users.ts';

describe.each(DIALECTS)('first-login password change on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const id = await createUser(t, 'sec_fresh', { customerKey: 'sec_first' });
    // As after an administrator's reset: the password is known, and must be changed.
    await t.services.users.setPassword(id, await hashPassword(TEST_USER_PASSWORD), true);
  }, 60_000);
  afterAll(async () => t?.stop());

  it('refuses the API until the password is changed, then serves it', async () => {
    const s = await login(t, 'sec_fresh', TEST_USER_PASSWORD);
    const list = await post(t.app, '/task/list', { page: 1, page_size: 10 }, s.headers);
    expect(list.body.error).toBe('change_default_password');
    expect(list.status).toBe(400);
    // What the sign-in page and the dialog need still answers.
    expect((await post(t.app, '/ext/userPermissions', { user: 'sec_fresh' }, s.headers)).status).toBe(200);
    expect((await post(t.app, '/aa/checkLogin', { user: 'sec_fresh', token: s.token, agent: 'web' })).status).toBe(200);

    const key = await loginKey(t.app);
    const o = seal(key.public_key, TEST_USER_PASSWORD);
    const n = seal(key.public_key, 'Fresh#Pass2026');
    const changed = await post(t.app, '/aa/changePwd', { old_password: o, new_password: n, key_id: key.key_id, signature: sign(s.token, `${o}.${n}`) }, s.headers);
    expect(changed.status).toBe(200);
    const again = await login(t, 'sec_fresh', 'Fresh#Pass2026');
    expect((await post(t.app, '/task/list', { page: 1, page_size: 10 }, again.headers)).status).toBe(200);
  });
});
