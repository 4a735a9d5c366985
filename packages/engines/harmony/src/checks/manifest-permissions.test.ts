import { describe, expect, it } from 'vitest';
import { assess, result, row } from '../testing/build-hap.ts';

const fa = { model: 'fa' as const };

describe('manifest checks (Stage module.json and FA config.json)', () => {
  it('debug: app.debug / deviceConfig.*.debug true fails, false passes', async () => {
    const s = await assess({ app: { debug: true } });
    expect(s.platform).toBe('harmony_next');
    expect(result(s, 'manifest.debug')).toBe('fail');
    expect(row(s, 'manifest.debug').evidence[0]).toMatchObject({ file: 'module.json', detail: 'app.debug = true' });
    expect(result(await assess({}), 'manifest.debug')).toBe('pass');
    const f = await assess({ ...fa, deviceConfig: { default: { debug: true } } });
    expect(f.platform).toBe('harmony');
    expect(row(f, 'manifest.debug').evidence[0]).toMatchObject({ file: 'config.json', detail: 'deviceConfig.default.debug = true' });
    expect(result(await assess(fa), 'manifest.debug')).toBe('pass');
  });

  it('exported abilities: fail without a permission, pass with one, launcher only for review', async () => {
    const launcherOnly = await assess({});
    expect(result(launcherOnly, 'manifest.exported_ability')).toBe('find_problem');
    const open = await assess({ module: { abilities: [{ name: 'ShareAbility', exported: true }] } });
    expect(result(open, 'manifest.exported_ability')).toBe('fail');
    expect(row(open, 'manifest.exported_ability').evidence[0]?.className).toBe('ShareAbility');
    expect(result(await assess({ module: { abilities: [{ name: 'ShareAbility', exported: true, permissions: ['com.example.permission.SHARE'] }] } }), 'manifest.exported_ability')).toBe('pass');
    expect(result(await assess({ module: { abilities: [{ name: 'Inner', exported: false }] } }), 'manifest.exported_ability')).toBe('pass');
    const faOpen = await assess({ ...fa, module: { abilities: [{ name: '.SyncService', type: 'service', visible: true }] } });
    expect(result(faOpen, 'manifest.exported_ability')).toBe('fail');
    expect(result(await assess({ ...fa, module: { abilities: [{ name: '.Data', type: 'data', visible: true, readPermission: 'com.example.READ' }] } }), 'manifest.exported_ability')).toBe('pass');
  });

  it('exported extension abilities (Stage only): service fails, form is for review, a permission passes', async () => {
    expect(result(await assess({ module: { extensionAbilities: [{ name: 'Svc', type: 'service', exported: true }] } }), 'manifest.exported_extension_ability')).toBe('fail');
    expect(result(await assess({ module: { extensionAbilities: [{ name: 'Widget', type: 'form', exported: true }] } }), 'manifest.exported_extension_ability')).toBe('find_problem');
    expect(result(await assess({ module: { extensionAbilities: [{ name: 'Share', type: 'dataShare', exported: true, readPermission: 'ohos.permission.X' }] } }), 'manifest.exported_extension_ability')).toBe('pass');
    const f = await assess(fa);
    expect(f.findings.some((x) => x.ruleId === 'harmony.manifest.exported_extension_ability')).toBe(false);
  });

  it('old API levels: Stage below 12 and FA below 7 fail', async () => {
    expect(result(await assess({ app: { minAPIVersion: 9, targetAPIVersion: 9 } }), 'manifest.old_api_level')).toBe('fail');
    expect(result(await assess({}), 'manifest.old_api_level')).toBe('pass');
    expect(result(await assess({ ...fa, app: { apiVersion: { compatible: 5, target: 5 } } }), 'manifest.old_api_level')).toBe('fail');
    expect(result(await assess(fa), 'manifest.old_api_level')).toBe('pass');
  });

  it('cleartext traffic from config.json network settings and network_config.json', async () => {
    expect(result(await assess({ ...fa, deviceConfig: { default: { network: { cleartextTraffic: true } } } }), 'network.cleartext_traffic')).toBe('fail');
    const ds = await assess({ ...fa, deviceConfig: { default: { network: { securityConfig: { domainSettings: { cleartextPermitted: true, domains: [{ name: 'test.example.com' }] } } } } } });
    expect(row(ds, 'network.cleartext_traffic').evidence[0]?.detail).toContain('test.example.com');
    const nc = { 'network-security-config': { 'base-config': { cleartextTrafficPermitted: true } } };
    expect(result(await assess({ files: [{ name: 'resources/base/profile/network_config.json', data: JSON.stringify(nc) }] }), 'network.cleartext_traffic')).toBe('fail');
    expect(result(await assess({}), 'network.cleartext_traffic')).toBe('pass');
    expect(result(await assess(fa), 'network.cleartext_traffic')).toBe('pass');
  });
});

describe('permission checks', () => {
  const scene = { abilities: ['EntryAbility'], when: 'inuse' };

  it('a system_basic user_grant permission: system level, user grant, over-privileged for apl normal', async () => {
    const a = await assess({ strings: { reason_contacts: 'To pick a contact' }, module: { requestPermissions: [{ name: 'ohos.permission.READ_CONTACTS', reason: '$string:reason_contacts', usedScene: scene }] } });
    expect(result(a, 'permissions.system_level')).toBe('fail');
    expect(result(a, 'permissions.user_grant')).toBe('find_problem');
    expect(result(a, 'permissions.missing_reason')).toBe('pass');
    expect(row(a, 'permissions.over_privileged').evidence[0]?.detail).toContain('never granted');
    const acl = await assess({ strings: { reason_contacts: 'x' }, module: { requestPermissions: [{ name: 'ohos.permission.READ_CONTACTS', reason: '$string:reason_contacts', usedScene: scene }] }, sign: { profile: { acls: { 'allowed-acls': ['ohos.permission.READ_CONTACTS'] } } } });
    expect(result(acl, 'permissions.over_privileged')).toBe('pass');
  });

  it('normal system_grant permissions pass everything', async () => {
    const a = await assess({ module: { requestPermissions: [{ name: 'ohos.permission.INTERNET' }] } });
    for (const k of ['permissions.system_level', 'permissions.user_grant', 'permissions.over_privileged', 'permissions.missing_reason']) expect(result(a, k), k).toBe('pass');
  });

  it('missing reason or usedScene, or a reason that does not resolve, fails for user_grant (Stage and FA)', async () => {
    expect(row(await assess({ module: { requestPermissions: [{ name: 'ohos.permission.CAMERA' }] } }), 'permissions.missing_reason').evidence[0]?.detail).toBe('ohos.permission.CAMERA: no reason; no usedScene');
    expect(row(await assess({ module: { requestPermissions: [{ name: 'ohos.permission.CAMERA', reason: '$string:nope', usedScene: scene }] } }), 'permissions.missing_reason').evidence[0]?.detail).toContain('does not resolve');
    expect(result(await assess({ ...fa, module: { reqPermissions: [{ name: 'ohos.permission.MICROPHONE' }] } }), 'permissions.missing_reason')).toBe('fail');
    expect(result(await assess({ ...fa, module: { reqPermissions: [{ name: 'ohos.permission.MICROPHONE', reason: 'calls', usedScene: { ability: ['.MainAbility'], when: 'always' } }] } }), 'permissions.missing_reason')).toBe('pass');
  });

  it('over-privilege hint: camera requested but no camera module imported by the bytecode', async () => {
    const perms = { requestPermissions: [{ name: 'ohos.permission.CAMERA', reason: 'scan', usedScene: scene }] };
    const unused = await assess({ module: perms, abc: { records: [{ name: 'com.example.app/entry/ets/pages/Index', methods: ['func_main_0'], module: { requests: ['@ohos:hilog'] } }] } });
    expect(result(unused, 'permissions.over_privileged')).toBe('find_problem');
    const used = await assess({ module: perms, abc: { records: [{ name: 'com.example.app/entry/ets/pages/Scan', methods: ['func_main_0'], module: { requests: ['@ohos:multimedia.camera'] } }] } });
    expect(result(used, 'permissions.over_privileged')).toBe('pass');
  });
});
