/**
 * The real samples: JPush's HBuilder demo and AMap's 3D map demo (Chinese
 * SDKs that read device identifiers), and DIVA (little personal-information
 * code). Skipped when ../shared/corpus is absent.
 */
import { describe, expect, it } from 'vitest';
import type { Assessment } from '@citadel/contracts';
import { CORPUS_DIR, hasCorpus } from '@citadel/engine-core/testing';
import { engine } from './engine.ts';
import type { SdkRow } from './index.ts';

const JPUSH = `${CORPUS_DIR}compliance/jpush-hbuilder-demo.apk`;
const AMAP = `${CORPUS_DIR}compliance/amap-3dmap-demo.apk`;
const DIVA = `${CORPUS_DIR}android/diva.apk`;
const IPA = `${CORPUS_DIR}ios/undebuggable.ipa`;
const HAP = `${CORPUS_DIR}harmony/helloworld-stage.hap`;

const run = (path: string): Promise<Assessment> => engine.run({ files: [{ path, name: path.slice(path.lastIndexOf('/') + 1) }] }, {}, {});
const row = (a: Assessment, key: string) => a.findings.find((f) => f.ruleId === `compliance.${key}`)!;
const inventory = (a: Assessment) => (a.target.compliance as { sdkInventory: SdkRow[] }).sdkInventory;

describe('real samples', () => {
  it.skipIf(!hasCorpus(JPUSH))('JPush HBuilder demo: JPush collects identifiers, location and the app list, and starts before consent', async () => {
    const a = await run(JPUSH);
    const jpush = inventory(a).find((s) => s.name === 'JPush (Jiguang)')!;
    expect(jpush.collectsTypes).toEqual(expect.arrayContaining(['device_id', 'location', 'wifi_info', 'app_list', 'running_processes']));
    expect(jpush.vendor).toBe('深圳市和讯华谷信息技术有限公司');
    expect(inventory(a).map((s) => s.name)).toEqual(expect.arrayContaining(['QQ Connect (Tencent Open SDK)', 'uni-app (DCloud)']));
    // The boot receiver reaches JPushInterface.init; the IMEI is read before any consent.
    expect(row(a, 'startup.sdk_before_consent').evidence.find((e) => e.detail === 'JPush (Jiguang)')?.snippet).toMatch(/^io\.dcloud\.feature\.aps\.NotificationReceiver\.onReceive → .* → cn\.jpush\.android\.api\.JPushInterface\.init$/);
    expect(row(a, 'startup.pre_consent_collection').evidence.some((e) => /getDeviceId$/.test(e.snippet ?? ''))).toBe(true);
    expect(row(a, 'policy.missing').result).toBe('fail');
    expect(row(a, 'sdk.undisclosed').evidence.map((e) => e.attribution)).toContainEqual({ kind: 'sdk', name: 'JPush (Jiguang)' });
    expect(row(a, 'autostart.self_start').evidence.map((e) => e.className)).toContain('cn.jpush.android.service.PushReceiver');
    expect(row(a, 'autostart.associated_start').evidence.some((e) => e.className === 'cn.jpush.android.service.DaemonService')).toBe(true);
  });

  it.skipIf(!hasCorpus(AMAP))('AMap demo: the map SDK reads IMEI, IMSI, MAC, BSSID and cell location; nothing runs before consent at start', async () => {
    const a = await run(AMAP);
    const amap = inventory(a).find((s) => s.name === 'Amap (AutoNavi)')!;
    expect(amap.collectsTypes).toEqual(expect.arrayContaining(['device_id', 'wifi_info', 'location']));
    expect(row(a, 'pi.device_id').evidence.map((e) => e.detail)).toEqual(expect.arrayContaining([expect.stringContaining('IMEI'), expect.stringContaining('IMSI'), expect.stringContaining('MAC')]));
    expect(row(a, 'pi.device_id').evidence.every((e) => e.attribution?.kind === 'sdk')).toBe(true);
    // The demo's launcher only lists demos; the map is created when one is opened.
    expect(row(a, 'startup.pre_consent_collection').result).toBe('pass');
    expect(row(a, 'transfer.cleartext').evidence.map((e) => e.snippet)).toContain('http://apiinit.amap.com/v3/log/init');
  });

  it.skipIf(!hasCorpus(DIVA))('DIVA: no third-party SDK to disclose, nothing collected before consent', async () => {
    const a = await run(DIVA);
    expect(row(a, 'startup.pre_consent_collection').result).toBe('pass');
    expect(row(a, 'sdk.undisclosed').result).toBe('pass');
    expect(row(a, 'policy.missing').result).toBe('fail');
  });

  it.skipIf(!hasCorpus(IPA))('undebuggable.ipa: read as an iOS app; no personal-information API linked; the launch code reaches none', async () => {
    const a = await run(IPA);
    expect((a.target.compliance as { inputKind: string }).inputKind).toBe('iOS');
    expect(a.findings.filter((f) => f.ruleId.startsWith('compliance.pi.')).every((f) => f.result === 'pass')).toBe(true);
    expect(row(a, 'ios.usage_description').result).toBe('pass');
    // Its arm64 executable is walked from main and the app delegate's launch methods: nothing they reach collects.
    const startup = row(a, 'startup.pre_consent_collection');
    expect(startup.result).toBe('safe');
    expect(startup.evidence[0]?.detail).toMatch(/^\d+ functions reached from 3 launch entry points; none uses a personal-information API$/);
    expect((a.target.compliance as { entries: { method: string }[] }).entries.map((e) => e.method)).toEqual(['main', '-[AppDelegate application:didFinishLaunchingWithOptions:]', '-[AppDelegate applicationDidBecomeActive:]']);
    expect((a.target.compliance as { clauses: { id: string; verdict: string }[] }).clauses.find((c) => c.id === 'rd-3-1')?.verdict).toBe('needs_dynamic');
  });

  it.skipIf(!hasCorpus(HAP))('helloworld-stage.hap: read as a HarmonyOS app; nothing collected, no permission unused', async () => {
    const a = await run(HAP);
    expect((a.target.compliance as { inputKind: string }).inputKind).toBe('HarmonyOS');
    expect(a.findings.filter((f) => f.ruleId.startsWith('compliance.pi.')).every((f) => f.result === 'pass')).toBe(true);
    expect(row(a, 'permission.declared_unused').result).toBe('pass');
  });
});
