/**
 * Templates on a real database and a real worker: SPEC §5 rules on the
 * server (default templates read-only for every role, the 50-character name,
 * at least one item, delete rules), customer scoping, and a template that
 * leaves out the debuggable item making the Android engine skip it.
 */
import type { PermissionEntry } from '@citadel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_ADMIN_PASSWORD, login, post, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../../test-support/users.ts';
import { rowOf, runAndroidTask, testApk, uploadSample } from './test-helpers.ts';

const DEBUGGABLE = 'android.manifest.debuggable';
const templateGrants = (customerKey: string): { customerKey: string; grants: PermissionEntry[] } => ({
  customerKey,
  grants: [
    { resources: 'Template_Android', operations: ['view', 'add', 'edit', 'delete'] },
    { resources: 'Prod_AndroidAudit', operations: ['view', 'add'] },
  ],
});

describe.each(DIALECTS)('templates on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let alice: Record<string, string>;
  let aliceMate: Record<string, string>;
  let bob: Record<string, string>;
  let defaultId: number;
  let allItems: string[];

  beforeAll(async () => {
    t = await startTestApp(dialect, { CITADEL_WORKER_CONCURRENCY: '2', CITADEL_TASK_TIMEOUT_SECONDS: '120', CITADEL_TASK_MEMORY_MB: '400' });
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
    await createUser(t, `alice-${dialect}`, templateGrants('cust-a'));
    await createUser(t, `carol-${dialect}`, templateGrants('cust-a'));
    await createUser(t, `bob-${dialect}`, templateGrants('cust-b'));
    alice = (await login(t, `alice-${dialect}`, TEST_USER_PASSWORD)).headers;
    aliceMate = (await login(t, `carol-${dialect}`, TEST_USER_PASSWORD)).headers;
    bob = (await login(t, `bob-${dialect}`, TEST_USER_PASSWORD)).headers;
    const list = (await post(t.app, '/template/list', { platform: 'android' }, alice)).body.data;
    const def = list.list.find((x: { is_default: boolean }) => x.is_default);
    defaultId = def.id;
    allItems = def.items;
  }, 60_000);
  afterAll(async () => t?.stop());

  const save = (headers: Record<string, string>, fields: Record<string, unknown>) =>
    post(t.app, '/template/save', { platform: 'android', name: 'T', preset_type: 'custom', report_template: 'standard', report_language: 'zh-CN', items: allItems, ...fields }, headers);

  it('has a built-in default per platform with every catalogue item, grouped by category in the catalogue call', async () => {
    expect(allItems).toContain(DEBUGGABLE);
    const groups = (await post(t.app, '/template/catalogue', { platform: 'android', lang: 'en' }, alice)).body.data as { category: string; items: { id: string; title: string }[] }[];
    expect(groups.flatMap((g) => g.items.map((i) => i.id)).sort()).toEqual([...allItems].sort());
    expect(groups.find((g) => g.category === 'manifest')!.items.find((i) => i.id === DEBUGGABLE)!.title).toMatch(/debuggable/);
    for (const platform of ['ios', 'harmony', 'harmony_next', 'android_sdk', 'ios_sdk', 'miniprogram', 'alipay_miniprogram']) {
      const l = (await post(t.app, '/template/list', { platform }, admin)).body.data;
      expect(l.list.filter((x: { is_default: boolean; client_key: string }) => x.is_default && x.client_key === 'default'), platform).toHaveLength(1);
    }
  });

  it('refuses edits and deletion of the default template from every role, admin included', async () => {
    for (const who of [admin, alice]) {
      const r = await save(who, { id: defaultId, name: 'mine now', items: [DEBUGGABLE] });
      expect(r.body.error).toBe('default_template_readonly');
      expect((await post(t.app, '/template/delete', { ids: [defaultId] }, who)).body.error).toBe('default_row_protected');
    }
    const after = (await post(t.app, '/template/get', { id: defaultId }, admin)).body.data;
    expect(after).toMatchObject({ name: '默认模板', is_default: true, editable: false, deletable: false });
    expect(after.items).toHaveLength(allItems.length);
  });

  it('checks the name (required, at most 50 characters, trimmed, unique) and at least one item on the server', async () => {
    const long = await save(alice, { name: 'x'.repeat(51) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ error: 'template_name_too_long', message: '模板名称不能超过50个字符' });
    expect((await save(alice, { name: '   ' })).body.error).toBe('template_name_required');
    expect((await save(alice, { name: 'empty', items: [] })).body).toMatchObject({ error: 'pick_at_least_one', message: '请至少选择一个' });
    expect((await save(alice, { name: 'alien', items: ['ios.something'] })).body.error).toBe('illegal_parameter');
    const ok = await save(alice, { name: `  ${'y'.repeat(50)}  `, preset_template: defaultId });
    expect(ok.body.data).toMatchObject({ name: 'y'.repeat(50), preset_template: defaultId, is_default: false, editable: true });
    expect((await save(aliceMate, { name: 'y'.repeat(50) })).body.error).toBe('duplicate_field');
  });

  it("scopes templates by customer and applies the SPEC §5 delete rules", async () => {
    const mine = (await save(alice, { name: 'alice only' })).body.data;
    const listOf = async (h: Record<string, string>) => ((await post(t.app, '/template/list', { platform: 'android' }, h)).body.data.list as { id: number }[]).map((x) => x.id);
    expect(await listOf(aliceMate)).toContain(mine.id);
    expect(await listOf(bob)).not.toContain(mine.id);
    expect(await listOf(bob)).toContain(defaultId);
    expect(await listOf(admin)).toContain(mine.id);
    expect((await post(t.app, '/template/get', { id: mine.id }, bob)).body.error).toBe('template_not_found');
    expect((await save(bob, { id: mine.id, name: 'stolen' })).body.error).toBe('template_not_found');
    expect((await post(t.app, '/template/delete', { ids: [mine.id] }, bob)).body.error).toBe('template_not_found');
    // A colleague may edit but not delete another's row; the creator and admin may delete.
    expect((await save(aliceMate, { id: mine.id, name: 'alice only (edited)' })).body.data.name).toBe('alice only (edited)');
    expect((await post(t.app, '/template/delete', { ids: [mine.id] }, aliceMate)).body.error).toBe('unauthorized_operation');
    expect((await post(t.app, '/template/delete', { ids: [mine.id] }, alice)).status).toBe(200);
    // Bob cannot run a task with another customer's template.
    const other = (await save(alice, { name: 'not for bob' })).body.data;
    const bobsSample = await uploadSample(t, bob, await testApk());
    expect((await post(t.app, '/task/create', { platform: 'android', sample_id: bobsSample, template_id: other.id }, bob)).body.error).toBe('template_not_found');
  });

  it('a template without the debuggable item makes the Android engine skip it; total_item/finish_item follow the template', async () => {
    const apk = await testApk();
    const full = await runAndroidTask(t, alice, apk);
    expect(full.task).toMatchObject({ status: 'FINISHED', template_id: defaultId, template_name: '默认模板', total_item: allItems.length, finish_item: allItems.length });
    expect(rowOf(full, DEBUGGABLE).result).toBe('fail');

    const items = allItems.filter((i) => i !== DEBUGGABLE);
    const tpl = (await save(alice, { name: 'no debuggable', items })).body.data;
    const partial = await runAndroidTask(t, alice, await testApk(), tpl.id);
    expect(partial.task).toMatchObject({ status: 'FINISHED', template_id: tpl.id, template_name: 'no debuggable', total_item: items.length, finish_item: items.length });
    expect(rowOf(partial, DEBUGGABLE)).toMatchObject({ result: 'not_executed', evidence: [] });
    expect(rowOf(partial, 'android.manifest.allow_backup').result).not.toBe('not_executed');
  }, 180_000);
});
