/**
 * Testing rules end to end on a real database and the real Android engine run
 * by the worker: a whitelisted .so is reported whitelisted, sensitive words are
 * found with their location, the edited SDK library reaches the engine, and
 * evaluation settings pick the default template — each scoped by customer.
 */
import type { Operation, PermissionEntry } from '@citadel/contracts';
import { buildElf } from '@citadel/engine-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_ADMIN_PASSWORD, login, post, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../../test-support/users.ts';
import { appClass, rowOf, runAndroidTask, str, testApk } from '../templates/test-helpers.ts';

const ALL: Operation[] = ['view', 'add', 'edit', 'delete'];
const grants = (customerKey: string): { customerKey: string; grants: PermissionEntry[] } => ({
  customerKey,
  grants: [
    ...['Whitelist_So', 'Whitelist_Global', 'Rule_ThirdSdk', 'Rule_SensitiveWords', 'Template_Android'].map((resources) => ({ resources, operations: ALL })),
    { resources: 'Prod_AndroidAudit', operations: ['view', 'add'] },
  ],
});
const weakLib = () => buildElf({ bits: 64, gnuStack: 'rwx', relro: false, imports: ['strcpy'] });
/** The editable fields of a listed SDK row. */
const sdkInput = ({ id, name, category, packages, ios_frameworks, ios_class_prefixes }: Record<string, unknown>) => ({ id, name, category, packages, ios_frameworks, ios_class_prefixes });
const NATIVE = ['android.native.nx', 'android.native.relro', 'android.native.dangerous_functions'];

describe.each(DIALECTS)('testing rules on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let alice: Record<string, string>;
  let bob: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp(dialect, { CITADEL_WORKER_CONCURRENCY: '2', CITADEL_TASK_TIMEOUT_SECONDS: '120', CITADEL_TASK_MEMORY_MB: '400' });
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
    await createUser(t, `alice-${dialect}`, grants('rules-a'));
    await createUser(t, `bob-${dialect}`, grants('rules-b'));
    alice = (await login(t, `alice-${dialect}`, TEST_USER_PASSWORD)).headers;
    bob = (await login(t, `bob-${dialect}`, TEST_USER_PASSWORD)).headers;
  }, 60_000);
  afterAll(async () => t?.stop());

  it('a whitelisted .so produces no native findings of its own: reported whitelisted, for its customer only', async () => {
    expect((await post(t.app, '/rules/whitelistSave', { list: 'so', rows: [{ pattern: 'libthird.so' }, { pattern: '  ' }] }, alice)).body).toEqual({ error: 'incomplete_info', message: '请填写完整信息' });
    expect((await post(t.app, '/rules/whitelistSave', { list: 'so', rows: [{ pattern: 'x.so', file_type: 'value' }] }, alice)).body.error).toBe('illegal_parameter');
    expect((await post(t.app, '/rules/whitelistSave', { list: 'so', rows: [{ pattern: '  libthird.so ', remark: 'vendor' }] }, alice)).status).toBe(200);
    const listed = (await post(t.app, '/rules/whitelistList', { list: 'so' }, alice)).body.data;
    expect(listed.list).toEqual([expect.objectContaining({ pattern: 'libthird.so', file_type: 'so', enabled: true, remark: 'vendor' })]);
    expect((await post(t.app, '/rules/whitelistList', { list: 'so' }, bob)).body.data.total).toBe(0);

    const onlyThird = await testApk({ classes: [appClass((r) => str(r, 1, 'x'))], files: { 'lib/arm64-v8a/libthird.so': weakLib() } });
    const a = await runAndroidTask(t, alice, onlyThird);
    for (const id of NATIVE) {
      const row = rowOf(a, id);
      expect(row, id).toMatchObject({ result: 'fail', whitelisted: true });
      expect(row.evidence.every((e) => e.file === 'lib/arm64-v8a/libthird.so')).toBe(true);
    }
    // With the app's own weak library too, the row counts only that one.
    const mixed = await runAndroidTask(t, alice, await testApk({ classes: [appClass((r) => str(r, 1, 'x'))], files: { 'lib/arm64-v8a/libthird.so': weakLib(), 'lib/arm64-v8a/libown.so': weakLib() } }));
    expect(rowOf(mixed, 'android.native.nx').whitelisted).toBeUndefined();
    expect(rowOf(mixed, 'android.native.nx').evidence.map((e) => e.file)).toEqual(['lib/arm64-v8a/libown.so']);
    // Another customer's assessment is not affected.
    const b = await runAndroidTask(t, bob, onlyThird);
    expect(rowOf(b, 'android.native.nx')).toMatchObject({ result: 'fail' });
    expect(rowOf(b, 'android.native.nx').whitelisted).toBeUndefined();
    // A disabled entry no longer applies.
    const id = listed.list[0].id;
    await post(t.app, '/rules/whitelistSave', { list: 'so', rows: [{ id, pattern: 'libthird.so', enabled: false }] }, alice);
    expect(rowOf(await runAndroidTask(t, alice, onlyThird), 'android.native.nx').whitelisted).toBeUndefined();
    expect((await post(t.app, '/rules/whitelistDelete', { list: 'so', ids: [id] }, bob)).body.error).toBe('not_found');
    expect((await post(t.app, '/rules/whitelistDelete', { list: 'so', ids: [id] }, alice)).status).toBe(200);
  }, 240_000);

  it('finds a sensitive word planted in a built APK with its location; English commas only', async () => {
    expect((await post(t.app, '/rules/sensitiveWordsSave', { words: 'falcon，orbit' }, alice)).body).toEqual({ error: 'sensitive_words_separator', message: '多个敏感词请用英文逗号分隔' });
    const saved = (await post(t.app, '/rules/sensitiveWordsSave', { words: ' falcon , orbit ,, falcon' }, alice)).body.data;
    expect(saved).toEqual({ words: 'falcon,orbit', shared: [] });
    await post(t.app, '/rules/sensitiveWordsSave', { words: 'zephyr' }, admin);
    expect((await post(t.app, '/rules/sensitiveWordsGet', {}, alice)).body.data).toEqual({ words: 'falcon,orbit', shared: ['zephyr'] });

    const apk = await testApk({ classes: [appClass((r) => str(r, 1, 'Project Falcon build'))], files: { 'assets/notes.txt': 'line one\nzephyr here\n' } });
    const a = await runAndroidTask(t, alice, apk);
    const row = rowOf(a, 'android.secrets.sensitive_words');
    expect(row.result).toBe('find_problem');
    expect(row.evidence).toEqual(expect.arrayContaining([expect.objectContaining({ className: 'com.example.app.Main', method: 'run' }), expect.objectContaining({ file: 'assets/notes.txt', line: 2 })]));
    // Bob's customer has only the shared word.
    const b = await runAndroidTask(t, bob, apk);
    const bobRow = rowOf(b, 'android.secrets.sensitive_words');
    expect(bobRow.evidence.some((e) => e.className === 'com.example.app.Main')).toBe(false);
    expect(bobRow.evidence.some((e) => e.file === 'assets/notes.txt')).toBe(true);
  }, 240_000);

  it('seeds the SDK library from the engines; edits and own entries reach the engine on the next assessment', async () => {
    const seeded = (await post(t.app, '/rules/sdkList', { keyword: 'Bugly' }, alice)).body.data;
    expect(seeded.list[0]).toMatchObject({ is_default: true, client_key: 'default', enabled: true, editable: false, deletable: false });
    const buglyId = seeded.list[0].id;
    expect((await post(t.app, '/rules/sdkSave', { ...sdkInput(seeded.list[0]), enabled: false }, alice)).body.error).toBe('unauthorized_operation');
    expect((await post(t.app, '/rules/sdkDelete', { ids: [buglyId] }, admin)).body.error).toBe('default_row_protected');
    expect((await post(t.app, '/rules/sdkSave', { name: 'Acme Pay', category: 'payment', packages: [], ios_frameworks: [], ios_class_prefixes: [] }, alice)).body.error).toBe('incomplete_info');
    expect((await post(t.app, '/rules/sdkSave', { name: 'Acme Pay', category: 'payment', packages: ['com..acme'], ios_frameworks: [], ios_class_prefixes: [] }, alice)).body.error).toBe('illegal_parameter');
    const acme = (await post(t.app, '/rules/sdkSave', { name: ' Acme Pay ', category: 'payment', packages: [' com.acme.pay '], ios_frameworks: [], ios_class_prefixes: ['ACP'] }, alice)).body.data;
    expect(acme).toMatchObject({ name: 'Acme Pay', packages: ['com.acme.pay'], is_default: false, editable: true, deletable: true });
    expect((await post(t.app, '/rules/sdkSave', { name: 'Acme Pay', category: 'payment', packages: ['com.acme.x'], ios_frameworks: [], ios_class_prefixes: [] }, alice)).body.error).toBe('sdk_exists');

    const apk = await testApk({ classes: [appClass((r) => str(r, 1, 'x'), { name: 'Lcom/acme/pay/Wallet;' }), appClass((r) => str(r, 1, 'y'), { name: 'Lcom/tencent/bugly/crashreport/CrashReport;' })] });
    const a = await runAndroidTask(t, alice, apk);
    expect(a.assessment!.sdks.map((s) => s.name)).toEqual(expect.arrayContaining(['Acme Pay', expect.stringMatching(/Bugly/i)]));
    const b = await runAndroidTask(t, bob, apk);
    expect(b.assessment!.sdks.map((s) => s.name)).not.toContain('Acme Pay');

    // Admin disables a seeded SDK for everyone.
    expect((await post(t.app, '/rules/sdkSave', { ...sdkInput(seeded.list[0]), enabled: false }, admin)).body.data.enabled).toBe(false);
    const after = await runAndroidTask(t, alice, apk);
    expect(after.assessment!.sdks.map((s) => s.name).join()).not.toMatch(/Bugly/i);
    expect((await post(t.app, '/rules/sdkDelete', { ids: [acme.id] }, bob)).body.error).toBe('not_found');
    expect((await post(t.app, '/rules/sdkDelete', { ids: [acme.id] }, alice)).status).toBe(200);
  }, 240_000);

  it('evaluation settings: admin only, validated, and the default template of a platform used by tasks created without one', async () => {
    expect((await post(t.app, '/rules/settingsGet', {}, alice)).body.error).toBe('no_permission');
    const before = (await post(t.app, '/rules/settingsGet', {}, admin)).body.data;
    expect(before).toMatchObject({ task_timeout_seconds: 120, concurrency: 2, retention_days: 90, report_language: 'zh-CN' });
    expect((await post(t.app, '/rules/settingsSave', { retention_days: 0 }, admin)).body.error).toBe('illegal_parameter');
    const saved = (await post(t.app, '/rules/settingsSave', { retention_days: 30, report_language: 'ja' }, admin)).body.data;
    expect(saved).toMatchObject({ retention_days: 30, report_language: 'ja', concurrency: 2 });
    expect(await t.services.rules.settings.retentionDays()).toBe(30);

    const items = ['android.manifest.debuggable', 'android.manifest.allow_backup'];
    // A customer's private template is never a platform default (issue 18): it answers like a missing one.
    const mine = (await post(t.app, '/template/save', { platform: 'android', name: 'quick', preset_type: 'quick', report_template: 'brief', report_language: 'en', items }, alice)).body.data;
    expect((await post(t.app, '/rules/settingsSave', { default_templates: { android: mine.id } }, admin)).body.error).toBe('template_not_found');
    expect((await post(t.app, '/rules/settingsSave', { default_templates: { android: 999_999 } }, admin)).body.error).toBe('template_not_found');
    // A shared template (no customer) is one every customer can use.
    const shared = await t.services.database.db
      .insertInto('templates')
      .values({ platform: 'android', name: 'shared quick', customer_id: null, is_default: 0, preset_template: null, preset_type: 'quick', report_template: 'brief', report_language: 'en', items: JSON.stringify(items), created_by: null, created_at: Date.now(), updated_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await post(t.app, '/rules/settingsSave', { default_templates: { ios: shared.id } }, admin)).body.error).toBe('template_not_found');
    expect((await post(t.app, '/rules/settingsSave', { default_templates: { android: shared.id } }, admin)).body.data.default_templates).toEqual({ android: shared.id });
    const a = await runAndroidTask(t, alice, await testApk());
    expect(a.task).toMatchObject({ status: 'FINISHED', template_id: shared.id, total_item: 2, finish_item: 2 });
    const b = await runAndroidTask(t, bob, await testApk());
    expect(b.task).toMatchObject({ status: 'FINISHED', template_id: shared.id, total_item: 2 });
  }, 240_000);
});
