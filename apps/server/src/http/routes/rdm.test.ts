/**
 * The generic record calls (issue 30, SPEC §7): /rdm/* and /rdq/query replay
 * the resource's own route with the caller's credentials, so its permission
 * check, schema and service rules hold; GET /template lists templates; the
 * uass calls refuse cleanly when no identity provider is configured.
 */
import { REPORT_TEMPLATES } from '@citadel/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, type TestApp, login, post, startTestApp } from '../../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../../test-support/users.ts';

describe('generic record calls', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let evaluator: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
    await createUser(t, 'rdm-evaluator');
    evaluator = (await login(t, 'rdm-evaluator', TEST_USER_PASSWORD)).headers;
  }, 60_000);
  afterAll(async () => t?.stop());

  it('saves, queries, updates and deletes a template through its own routes', async () => {
    const defaults = await post(t.app, '/rdq/query', { resource: 'template', data: { platform: 'android' } }, admin);
    expect(defaults.status).toBe(200);
    const items: string[] = defaults.body.data.list[0].items.slice(0, 3);
    expect(items.length).toBeGreaterThan(0);
    const template = { platform: 'android', name: 'rdm 模板', preset_type: 'custom', report_template: REPORT_TEMPLATES[0], report_language: 'zh-CN', items };
    const saved = await post(t.app, '/rdm/save', { key: 'save', resource: 'template', data: template }, admin);
    expect(saved.status).toBe(200);
    const id: number = saved.body.data.id;

    // The service's own rules answer: a name over 50 characters is refused with its catalogue code.
    const tooLong = await post(t.app, '/rdm/update', { resource: 'template', data: { ...template, id, name: 'x'.repeat(51) } }, admin);
    expect(tooLong.body.error).toBe('template_name_too_long');
    const renamed = await post(t.app, '/rdm/update', { resource: 'template', data: { ...template, id, name: 'rdm 改名' } }, admin);
    expect(renamed.body.data.name).toBe('rdm 改名');

    const found = await t.app.inject({ method: 'GET', url: `/template?query=${encodeURIComponent('改名')}`, headers: admin });
    expect(found.statusCode).toBe(200);
    expect(found.json().data.list.map((r: { id: number }) => r.id)).toEqual([id]);

    const many = await post(t.app, '/rdm/savem', { resource: 'template', rows: [{ ...template, name: 'rdm 二' }, { ...template, name: '' }] }, admin);
    expect(many.body.data.results.map((r: { ok: boolean; error?: string }) => r.error ?? r.ok)).toEqual([true, 'template_name_required']);

    const deleted = await post(t.app, '/rdm/del', { resource: 'template', data: { ids: [id] } }, admin);
    expect(deleted.status).toBe(200);
    const gone = await post(t.app, '/template/get', { id }, admin);
    expect(gone.body.error).toBe('template_not_found');
  });

  it('keeps every permission of the replayed route', async () => {
    // An evaluator may read templates (its create pages pick one) but not write them, nor see accounts.
    expect((await post(t.app, '/rdq/query', { resource: 'template', data: { platform: 'android' } }, evaluator)).status).toBe(200);
    const write = await post(t.app, '/rdm/save', { resource: 'template', data: { platform: 'android', name: 'x', preset_type: 'custom', report_template: REPORT_TEMPLATES[0], report_language: 'zh-CN', items: ['a'] } }, evaluator);
    expect(write.body.error).toBe('no_permission');
    expect((await post(t.app, '/rdq/query', { resource: 'user', data: { page: 1, page_size: 10 } }, evaluator)).body.error).toBe('no_permission');
    const rows = await post(t.app, '/rdm/updatem', { resource: 'role', rows: [{ id: 1, name: 'x', description: '', permissions: [] }] }, evaluator);
    expect(rows.body.data.results[0]).toMatchObject({ ok: false, error: 'no_permission' });
    // Without a session nothing is replayed at all.
    expect((await post(t.app, '/rdm/del', { resource: 'sample', data: { id: 1 } })).body.error).toBe('authentication_needed');
  });

  it('refuses unknown resources, missing operations and malformed bodies', async () => {
    expect((await post(t.app, '/rdm/save', { resource: 'users; drop table users', data: {} }, admin)).status).toBe(400);
    expect((await post(t.app, '/rdm/save', { resource: 'audit', data: {} }, admin)).body.error).toBe('illegal_parameter');
    expect((await post(t.app, '/rdm/savem', { resource: 'template', rows: [] }, admin)).status).toBe(400);
    expect((await post(t.app, '/rdq/query', { resource: 'template', data: 'x' }, admin)).status).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/template?platform=nope', headers: admin })).statusCode).toBe(400);
  });

  it('answers /ii/download for industrial tasks only, under the task\'s visibility', async () => {
    const missing = await post(t.app, '/ii/download', { task_uid: 'no-such-task' }, admin);
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(missing.body.error).toBe('task_not_found');
    expect((await post(t.app, '/ii/download', { task_uid: 'x' })).body.error).toBe('authentication_needed');
  });

  it('answers the uass calls with a catalogue error when no identity provider is configured', async () => {
    expect((await post(t.app, '/uass/login', {})).body.error).toBe('sso_not_configured');
    expect((await post(t.app, '/uass/validate', { code: 'c', state: 's' })).body.error).toBe('sso_not_configured');
    expect((await post(t.app, '/uass/validate', { code: 'c' })).status).toBe(400);
    const out = await post(t.app, '/uass/logout', {}, evaluator);
    expect(out.body.data).toEqual({ url: '' });
    // The session is over.
    expect((await post(t.app, '/ext/userPermissions', { user: 'rdm-evaluator' }, evaluator)).status).toBe(401);
  });
});
