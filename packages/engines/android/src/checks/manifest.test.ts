import { describe, expect, it } from 'vitest';
import { assess, result, row } from '../testing/build-apk.ts';
import type { ElementSpec } from '../formats/testing/axml-writer.ts';
import { writeArsc } from '../formats/testing/arsc-writer.ts';
import { writeAxml } from '../formats/testing/axml-writer.ts';

const filter = (action: string, extra: ElementSpec[] = []): ElementSpec => ({ name: 'intent-filter', children: [{ name: 'action', attrs: [{ name: 'name', android: true, string: action }] }, ...extra] });
const comp = (name: string, attrs: ElementSpec['attrs'] = [], children: ElementSpec[] = []): ElementSpec => ({ name, attrs: [{ name: 'name', android: true, string: `.X${name}` }, ...(attrs ?? [])], children });

describe('manifest checks', () => {
  it('debuggable, allowBackup, testOnly, legacy storage: fail when set, pass when not', async () => {
    const bad = await assess({ manifest: { app: [{ name: 'debuggable', android: true, bool: true }, { name: 'testOnly', android: true, bool: true }, { name: 'requestLegacyExternalStorage', android: true, bool: true }] } });
    for (const r of ['debuggable', 'allow_backup', 'test_only', 'legacy_external_storage']) expect(result(bad, `android.manifest.${r}`), r).toBe('fail');
    expect(row(bad, 'android.manifest.allow_backup').evidence[0]!.detail).toMatch(/defaults to true/);
    expect(row(bad, 'android.manifest.debuggable').evidence[0]!.snippet).toMatch(/<application .*android:debuggable="true"/);
    const good = await assess({});
    for (const r of ['debuggable', 'allow_backup', 'test_only', 'legacy_external_storage']) expect(result(good, `android.manifest.${r}`), r).toBe('pass');
  });

  it('exported components: explicit, implicit through intent filters, old provider default; permission-protected ones pass', async () => {
    const bad = await assess({
      manifest: {
        minSdk: 15,
        targetSdk: 16,
        components: [comp('activity', [], [filter('com.example.VIEW')]), comp('service', [{ name: 'exported', android: true, bool: true }]), comp('receiver', [], [filter('com.example.PING')]), comp('provider', [{ name: 'authorities', android: true, string: 'com.example.p' }])],
      },
    });
    for (const k of ['activity', 'service', 'receiver', 'provider']) expect(result(bad, `android.manifest.exported_${k}`), k).toBe('fail');
    expect(row(bad, 'android.manifest.exported_activity').evidence[0]).toMatchObject({ className: 'com.example.app.Xactivity', detail: expect.stringMatching(/implicitly through its intent-filter/) });
    expect(row(bad, 'android.manifest.exported_provider').evidence[0]!.detail).toMatch(/exported by default/);
    const perm = [{ name: 'permission', android: true, string: 'com.example.SIGNED' }];
    const good = await assess({
      manifest: {
        components: [
          comp('activity', [{ name: 'exported', android: true, bool: false }], [filter('com.example.VIEW')]),
          comp('service', [{ name: 'exported', android: true, bool: true }, ...perm]),
          comp('receiver', [{ name: 'exported', android: true, bool: false }]),
          comp('provider', [{ name: 'authorities', android: true, string: 'com.example.p' }]),
          comp('activity', [], [filter('android.intent.action.MAIN', [{ name: 'category', attrs: [{ name: 'name', android: true, string: 'android.intent.category.LAUNCHER' }] }])]),
        ],
      },
    });
    for (const k of ['activity', 'service', 'receiver', 'provider']) expect(result(good, `android.manifest.exported_${k}`), k).toBe('pass');
  });

  it('weak custom permission protecting a component', async () => {
    const permission = (level: number): ElementSpec => ({ name: 'permission', attrs: [{ name: 'name', android: true, string: 'com.example.P' }, { name: 'protectionLevel', android: true, int: level, hex: true }] });
    const svc = comp('service', [{ name: 'exported', android: true, bool: true }, { name: 'permission', android: true, string: 'com.example.P' }]);
    const bad = await assess({ manifest: { children: [permission(0)], components: [svc] } });
    expect(result(bad, 'android.manifest.weak_permission_protection')).toBe('fail');
    expect(result(bad, 'android.manifest.exported_service')).toBe('fail');
    const good = await assess({ manifest: { children: [permission(2)], components: [svc] } });
    expect(result(good, 'android.manifest.weak_permission_protection')).toBe('pass');
    expect(result(good, 'android.manifest.exported_service')).toBe('pass');
  });

  it('low minSdk, StrandHogg, task affinity, intent priority, links', async () => {
    const browsable = (scheme: string, autoVerify?: boolean): ElementSpec => ({
      name: 'intent-filter',
      attrs: [{ name: 'priority', android: true, int: 999 }, ...(autoVerify ? [{ name: 'autoVerify', android: true, bool: true }] : [])],
      children: [
        { name: 'action', attrs: [{ name: 'name', android: true, string: 'android.intent.action.VIEW' }] },
        { name: 'category', attrs: [{ name: 'name', android: true, string: 'android.intent.category.BROWSABLE' }] },
        { name: 'data', attrs: [{ name: 'scheme', android: true, string: scheme }, { name: 'host', android: true, string: 'example.com' }] },
      ],
    });
    const bad = await assess({ manifest: { minSdk: 21, components: [comp('activity', [{ name: 'taskAffinity', android: true, string: 'com.evil' }], [browsable('https')])] } });
    for (const r of ['min_sdk_low', 'strandhogg2', 'task_hijacking', 'high_intent_priority', 'app_links_unverified']) expect(result(bad, `android.manifest.${r}`), r).toBe('fail');
    expect(result(bad, 'android.manifest.deep_links')).toBe('find_problem');
    expect(bad.target.schemes).toEqual(['https']);
    const good = await assess({ manifest: { minSdk: 29, components: [comp('activity', [{ name: 'exported', android: true, bool: false }])] } });
    for (const r of ['min_sdk_low', 'strandhogg2', 'task_hijacking', 'high_intent_priority', 'app_links_unverified', 'deep_links']) expect(result(good, `android.manifest.${r}`), r).toBe('pass');
  });

  it('cleartext: explicit attribute, old-target default; network security config items', async () => {
    expect(result(await assess({ manifest: { app: [{ name: 'usesCleartextTraffic', android: true, bool: true }] } }), 'android.manifest.cleartext_traffic')).toBe('fail');
    expect(result(await assess({ manifest: { targetSdk: 27 } }), 'android.manifest.cleartext_traffic')).toBe('fail');
    expect(result(await assess({ manifest: { targetSdk: 28 } }), 'android.manifest.cleartext_traffic')).toBe('pass');

    const nsc = (cleartext: boolean, src: string, debug: boolean): Uint8Array =>
      writeAxml({
        name: 'network-security-config',
        children: [
          { name: 'base-config', attrs: [{ name: 'cleartextTrafficPermitted', bool: cleartext }], children: [{ name: 'trust-anchors', children: [{ name: 'certificates', attrs: [{ name: 'src', string: src }] }] }] },
          { name: 'domain-config', children: [{ name: 'domain', attrs: [] }, { name: 'pin-set', children: [{ name: 'pin', attrs: [{ name: 'digest', string: 'SHA-256' }] }] }] },
          ...(debug ? [{ name: 'debug-overrides', children: [] }] : []),
        ],
      });
    const arsc = writeArsc('com.example.app', [{ type: 'xml', key: 'network_security_config', values: { '': { string: 'res/xml/network_security_config.xml' } } }]);
    const spec = (x: Uint8Array) => ({ manifest: { app: [{ name: 'networkSecurityConfig', android: true, ref: 0x7f010000 }] }, files: { 'resources.arsc': arsc, 'res/xml/network_security_config.xml': x } });
    const bad = await assess(spec(nsc(true, 'user', true)));
    for (const r of ['config_cleartext_permitted', 'config_user_certificates', 'config_debug_overrides']) expect(result(bad, `android.network.${r}`), r).toBe('fail');
    expect(row(bad, 'android.network.config_user_certificates').evidence[0]!.file).toBe('res/xml/network_security_config.xml');
    expect(result(bad, 'android.network.certificate_pinning')).toBe('safe');
    const good = await assess(spec(nsc(false, 'system', false)));
    for (const r of ['config_cleartext_permitted', 'config_user_certificates', 'config_debug_overrides']) expect(result(good, `android.network.${r}`), r).toBe('pass');
  });

  it('an unreadable manifest leaves the manifest items not executed and says why', async () => {
    const a = await assess({ manifest: Uint8Array.from([3, 0, 8, 0, 0xff, 0xff, 0, 0, 1, 2]) });
    expect(result(a, 'android.manifest.debuggable')).toBe('not_executed');
    expect(a.unreadable.some((u) => u.file === 'AndroidManifest.xml')).toBe(true);
  });
});
