/**
 * Account management through the real API on both databases: every SPEC §5
 * rule of the account form enforced by the server, lock/disable/reset ending
 * sessions, and the delete rules with the task cascade in one transaction.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_ADMIN_PASSWORD, type TestApp, attemptLogin, login, post, startTestApp } from '../../test-support/test-app.ts';
import { EVALUATOR_ROLE } from '../seed.ts';
import { NEW_PASSWORD, customerId, insertTask, sealedPair, um } from './test-helpers.ts';

describe.each(DIALECTS)('accounts on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let roleId: number;
  let defaultCustomer: number;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
    roleId = (await t.services.roles.findByName(EVALUATOR_ROLE))!.id;
    defaultCustomer = await customerId(t, 'default');
  }, 60_000);
  afterAll(async () => t?.stop());

  const valid = async (over: Record<string, unknown> = {}) => ({
    name: 'user_a-1',
    real_name: '张三',
    customer_id: defaultCustomer,
    role_id: roleId,
    email: 'zhang@example.com',
    phone: '+86 138-0000-0000',
    enabled: true,
    ...(await sealedPair(t, NEW_PASSWORD)),
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}) => um(t, 'userCreate', await valid(over), admin);

  it('requires every SPEC §5 field on the server', async () => {
    for (const field of ['name', 'real_name', 'customer_id', 'role_id', 'email', 'phone', 'password', 'password_confirm']) {
      const payload: Record<string, unknown> = await valid({ name: `req_${field}` });
      delete payload[field];
      const res = await um(t, 'userCreate', payload, admin);
      expect(res.body.error, field).toBe('field_required');
      expect(res.body.message, field).toBe(field);
    }
    for (const field of ['name', 'real_name', 'email', 'phone']) {
      const res = await create({ name: field === 'name' ? '   ' : `blank_${field}`, [field]: '  ' });
      expect(res.body.error, field).toBe('field_required');
    }
  });

  it('accepts accounts of 4 to 100 letters, digits, _ and - only', async () => {
    for (const bad of ['abc', 'a'.repeat(101), 'bad name', 'ab.cd', '用户名称', 'abc!']) {
      expect((await create({ name: bad })).body.error, bad).toBe('account_format');
    }
    expect((await create({ name: 'a_-9' })).status).toBe(200);
    expect((await create({ name: 'b'.repeat(100) })).status).toBe(200);
  });

  it('refuses a taken account name with 字段值重复:[Name]', async () => {
    expect((await create({ name: 'dup_user' })).status).toBe(200);
    const again = await create({ name: 'dup_user' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'duplicate_field', message: '字段值重复:[dup_user]' });
    expect((await create({ name: 'admin' })).body.error).toBe('duplicate_field');
  });

  it('checks email and phone formats', async () => {
    for (const bad of ['not-an-email', 'a@b', 'a b@c.d', '@c.com']) expect((await create({ name: 'mail_bad', email: bad })).body.error, bad).toBe('email_invalid');
    for (const bad of ['phone', '12', '+', '1'.repeat(31)]) expect((await create({ name: 'tel_bad', phone: bad })).body.error, bad).toBe('phone_invalid');
  });

  it('applies the password policy and the confirmation on the server', async () => {
    const cases: [string, string, string][] = [
      ['Ab1!', 'Ab1!', 'password_too_short'],
      ['abcdefg1!', 'abcdefg1!', 'password_needs_upper'],
      ['ABCDEFG1!', 'ABCDEFG1!', 'password_needs_lower'],
      ['Abcdefgh!', 'Abcdefgh!', 'password_needs_digit'],
      ['Abcdefg12', 'Abcdefg12', 'password_needs_special'],
      [NEW_PASSWORD, `${NEW_PASSWORD}x`, 'password_inconsistent'],
    ];
    for (const [password, confirmation, code] of cases) {
      const res = await create({ name: 'pw_rules', ...(await sealedPair(t, password, confirmation)) });
      expect(res.body.error, password).toBe(code);
    }
    const inconsistent = await create({ name: 'pw_rules', ...(await sealedPair(t, NEW_PASSWORD, 'Other#Pass2026')) }, );
    expect(inconsistent.body.message).toBe('两次输入的密码不一致');
    // A plaintext password (not sealed with the login key) is refused.
    expect((await create({ name: 'pw_plain', password: NEW_PASSWORD, password_confirm: NEW_PASSWORD })).body.error).toBe('invalid_password');
  });

  it('refuses unknown roles and customers', async () => {
    expect((await create({ name: 'no_role', role_id: 999_999 })).body.error).toBe('role_not_found');
    expect((await create({ name: 'no_cust', customer_id: 999_999 })).body.error).toBe('customer_not_found');
  });

  it('creates an account that signs in and must change its password', async () => {
    const res = await create({ name: 'fresh_one' });
    expect(res.body.data.id).toBeGreaterThan(0);
    const signed = await attemptLogin(t, 'fresh_one', NEW_PASSWORD);
    expect(signed.body.data.user.must_change_password).toBe(true);
    const list = await um(t, 'userList', { search: 'FRESH_', page: 1, page_size: 10 }, admin);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({ name: 'fresh_one', real_name: '张三', role_id: roleId, enabled: true, locked: false, is_admin: false, client_key: 'default', own: true });
  });

  it('keeps account and real name read-only and validates changed fields', async () => {
    const id = (await create({ name: 'edit_me' })).body.data.id;
    expect((await um(t, 'userUpdate', { id, name: 'renamed' }, admin)).body.error).toBe('illegal_operation');
    expect((await um(t, 'userUpdate', { id, real_name: '李四' }, admin)).body.error).toBe('illegal_operation');
    expect((await um(t, 'userUpdate', { id, email: 'broken' }, admin)).body.error).toBe('email_invalid');
    expect((await um(t, 'userUpdate', { id, phone: '' }, admin)).body.error).toBe('field_required');
    expect((await um(t, 'userUpdate', { id, role_id: 999_999 }, admin)).body.error).toBe('role_not_found');
    const ok = await um(t, 'userUpdate', { id, name: 'edit_me', real_name: '张三', email: 'new@example.org', phone: '010-1234567' }, admin);
    expect(ok.body.data).toEqual({ ok: true });
    expect((await um(t, 'userDetail', { id }, admin)).body.data).toMatchObject({ email: 'new@example.org', phone: '010-1234567' });
    expect((await um(t, 'userUpdate', { id: 999_999, email: 'x@y.zz' }, admin)).body.error).toBe('user_not_found');
  });

  it('locking, disabling and resetting the password end the open session at once', async () => {
    const id = (await create({ name: 'session_end' })).body.data.id;
    const probe = (headers: Record<string, string>) => post(t.app, '/ext/userPermissions', { user: 'session_end' }, headers);

    let s = (await login(t, 'session_end', NEW_PASSWORD)).headers;
    expect((await um(t, 'userLock', { id, locked: true }, admin)).status).toBe(200);
    expect((await probe(s)).body.error).toBe('invalid_session');
    expect((await attemptLogin(t, 'session_end', NEW_PASSWORD)).body.error).toBe('account_locked');
    expect((await um(t, 'userDetail', { id }, admin)).body.data.locked).toBe(true);
    await um(t, 'userLock', { id, locked: false }, admin);

    s = (await login(t, 'session_end', NEW_PASSWORD)).headers;
    expect((await um(t, 'userEnable', { id, enabled: false }, admin)).status).toBe(200);
    expect((await probe(s)).body.error).toBe('invalid_session');
    expect((await attemptLogin(t, 'session_end', NEW_PASSWORD)).body.error).toBe('customer_or_user_disabled');
    await um(t, 'userEnable', { id, enabled: true }, admin);

    s = (await login(t, 'session_end', NEW_PASSWORD)).headers;
    const weak = await um(t, 'userResetPassword', { id, ...(await sealedPair(t, 'weakpass')) }, admin);
    expect(weak.body.error).toBe('password_needs_digit');
    expect((await um(t, 'userResetPassword', { id, ...(await sealedPair(t, 'Reset#Pass2026', 'Reset#Pass2027')) }, admin)).body.error).toBe('password_inconsistent');
    expect((await um(t, 'userResetPassword', { id, ...(await sealedPair(t, 'Reset#Pass2026')) }, admin)).status).toBe(200);
    expect((await probe(s)).body.error).toBe('invalid_session');
    expect((await attemptLogin(t, 'session_end', NEW_PASSWORD)).body.error).toBe('wrong_credentials');
    expect((await attemptLogin(t, 'session_end', 'Reset#Pass2026')).body.data.user.must_change_password).toBe(true);
  });

  it('admin cannot disable, lock or delete itself; default rows stay', async () => {
    const self = (await t.services.users.findByName('admin'))!.id;
    expect((await um(t, 'userDelete', { id: self }, admin)).body.error).toBe('cannot_delete_self');
    expect((await um(t, 'userEnable', { id: self, enabled: false }, admin)).body.error).toBe('illegal_operation');
    expect((await um(t, 'userLock', { id: self, locked: true }, admin)).body.error).toBe('illegal_operation');
  });

  it('deletes an account with its tasks and their results in one transaction', async () => {
    const id = (await create({ name: 'has_tasks' })).body.data.id;
    const t1 = await insertTask(t, id, defaultCustomer, `uid-${dialect}-1`);
    const t2 = await insertTask(t, id, defaultCustomer, `uid-${dialect}-2`);
    const { db } = t.services.database;
    const count = async () => ({
      tasks: (await db.selectFrom('tasks').select('id').where('id', 'in', [t1, t2]).execute()).length,
      results: (await db.selectFrom('task_results').select('task_id').where('task_id', 'in', [t1, t2]).execute()).length,
      user: (await db.selectFrom('users').select('id').where('id', '=', id).execute()).length,
    });

    // A failure at the last step (the user row) must leave the tasks and results in place.
    if (dialect === 'sqlite') {
      await sql`create trigger refuse_user_delete before delete on users begin select raise(abort, 'refused'); end`.execute(db);
    } else {
      await sql`create function refuse_user_delete() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(db);
      await sql`create trigger refuse_user_delete before delete on users for each row execute function refuse_user_delete()`.execute(db);
    }
    const failed = await um(t, 'userDelete', { id }, admin);
    expect(failed.status).toBe(500);
    expect(await count()).toEqual({ tasks: 2, results: 2, user: 1 });
    await sql`drop trigger refuse_user_delete${sql.raw(dialect === 'postgres' ? ' on users' : '')}`.execute(db);

    const done = await um(t, 'userDelete', { id }, admin);
    expect(done.body.data).toEqual({ tasks: 2 });
    expect(await count()).toEqual({ tasks: 0, results: 0, user: 0 });
    expect((await um(t, 'userDelete', { id }, admin)).body.error).toBe('user_not_found');
  });

  it('records account changes in the audit trail', async () => {
    const res = await um(t, 'auditLog', { action: 'account_deleted', page: 1, page_size: 10 }, admin);
    expect(res.body.data.total).toBeGreaterThan(0);
    expect(res.body.data.list[0]).toMatchObject({ user_name: 'admin', action: 'account_deleted' });
    expect(res.body.data.list[0].detail).toContain('has_tasks');
    const actions: string[] = (await um(t, 'auditActions', {}, admin)).body.data;
    for (const a of ['account_created', 'account_updated', 'account_locked_by_manager', 'account_unlocked', 'account_disabled', 'account_password_reset', 'login']) expect(actions).toContain(a);
    const byName = await um(t, 'auditLog', { user_name: 'SESSION_', page: 1, page_size: 50 }, admin);
    expect(byName.body.data.list.every((e: { user_name: string }) => e.user_name === 'session_end')).toBe(true);
  });
});
