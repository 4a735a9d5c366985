import { describe, expect, it } from 'vitest';
import { EngineInputError, engineConformanceProblems } from '@citadel/engine-core';
import type { ClauseResult, SdkRow } from './index.ts';
import { APP, MAIN, androidId, appSpec, assess, callInterface, callStatic, callVirtual, cls, getDeviceId, ifEqz, ins, method, provider, receiver, result, row, str } from './testing/build.ts';

const UMENG = 'Lcom/umeng/commonsdk/UMConfigure;';
const JPUSH = 'Lcn/jpush/android/api/JPushInterface;';
/** An SDK class whose static init() reads the Android ID (as analytics SDKs do). */
const umeng = cls(UMENG, 'Ljava/lang/Object;', [method('init', androidId, { static: true })]);
const initUmeng = (r: Parameters<typeof androidId>[0]) => callStatic(r, UMENG, 'init', [], 'V');
const PREFS = 'Landroid/content/SharedPreferences;';
const compliance = (a: { target: Record<string, unknown> }) => a.target.compliance as { clauses: ClauseResult[]; sdkInventory: SdkRow[]; consentGates: { method: string; detail: string }[]; policies: { source: string; chars: number }[] };

describe('personal-information call sites', () => {
  it('lists each call with its class and who makes it (the app or which SDK)', async () => {
    const a = await assess(appSpec({ classes: [umeng, cls('Lcom/example/app/Util;', 'Ljava/lang/Object;', [method('imei', getDeviceId)])] }));
    const ids = row(a, 'pi.device_id');
    expect(ids.result).toBe('find_problem');
    expect(ids.evidence).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ className: 'com.example.app.Util', method: 'imei', detail: expect.stringContaining('getDeviceId'), attribution: { kind: 'main' } }),
        expect.objectContaining({ className: 'com.umeng.commonsdk.UMConfigure', method: 'init', detail: expect.stringContaining('Android ID'), attribution: { kind: 'sdk', name: 'Umeng Analytics' } }),
      ]),
    );
    expect(result(a, 'pi.contacts')).toBe('pass');
    expect(row(a, 'sdk.pi_collection').evidence[0]).toMatchObject({ attribution: { kind: 'sdk', name: 'Umeng Analytics' }, detail: expect.stringContaining('device identifiers') });
  });

  it('Settings.Secure.getString counts only with the "android_id" constant', async () => {
    const other = cls('Lcom/example/app/S;', 'Ljava/lang/Object;', [method('s', (r) => [...str(r, 1, 'bluetooth_name'), ...callStatic(r, 'Landroid/provider/Settings$Secure;', 'getString', ['Landroid/content/ContentResolver;', 'Ljava/lang/String;'], 'Ljava/lang/String;', [0, 1])])]);
    expect(result(await assess(appSpec({ classes: [other] })), 'pi.device_id')).toBe('pass');
  });
});

describe('collection before consent', () => {
  it('reports the path from Application.onCreate through the SDK to the API', async () => {
    const a = await assess(appSpec({ classes: [umeng], appOnCreate: initUmeng }));
    const f = row(a, 'startup.pre_consent_collection');
    expect(f.result).toBe('fail');
    expect(f.evidence[0]).toMatchObject({ attribution: { kind: 'sdk', name: 'Umeng Analytics' }, snippet: 'com.example.app.App.onCreate → com.umeng.commonsdk.UMConfigure.init → android.provider.Settings$Secure.getString("android_id")' });
    expect(row(a, 'startup.sdk_before_consent').evidence[0]).toMatchObject({ detail: 'Umeng Analytics', snippet: 'com.example.app.App.onCreate → com.umeng.commonsdk.UMConfigure.init' });
    expect(compliance(a).clauses.find((c) => c.id === 'rd-3-1')?.verdict).toBe('non_compliant');
    expect(compliance(a).sdkInventory.find((s) => s.name === 'Umeng Analytics')).toMatchObject({ startsBeforeConsent: true, collectsTypes: ['device_id'], vendor: expect.stringContaining('友盟') });
  });

  it('passes when the init comes after a consent flag is read', async () => {
    const gated = (r: Parameters<typeof androidId>[0]) => [...str(r, 1, 'privacy_agreed'), ...ins.const4(2, 0), ...callInterface(r, PREFS, 'getBoolean', ['Ljava/lang/String;', 'Z'], 'Z', [0, 1, 2]), ...ins.moveResultObject(3), ...ifEqz(3, 5), ...initUmeng(r)];
    const a = await assess(appSpec({ classes: [umeng], appOnCreate: gated }));
    expect(result(a, 'startup.pre_consent_collection')).toBe('pass');
    expect(result(a, 'startup.sdk_before_consent')).toBe('pass');
    expect(compliance(a).consentGates[0]).toMatchObject({ method: 'com.example.app.App.onCreate', detail: expect.stringContaining('privacy_agreed') });
    // The SDK still reads the ID: listed, just not before consent.
    expect(result(a, 'pi.device_id')).toBe('find_problem');
  });

  it('recognises a small consent getter called before init (obfuscated names)', async () => {
    const PREF = 'Lcom/example/app/a;';
    const getter = cls(PREF, 'Ljava/lang/Object;', [method('a', (r) => [...str(r, 1, 'agree_privacy_v2'), ...ins.const4(2, 0), ...callInterface(r, PREFS, 'getBoolean', ['Ljava/lang/String;', 'Z'], 'Z', [0, 1, 2])], { static: true })]);
    const onCreate = (r: Parameters<typeof androidId>[0]) => [...callStatic(r, PREF, 'a', [], 'V'), ...ins.moveResultObject(3), ...ifEqz(3, 5), ...initUmeng(r)];
    const a = await assess(appSpec({ classes: [umeng, getter], appOnCreate: onCreate }));
    expect(result(a, 'startup.pre_consent_collection')).toBe('pass');
    expect(compliance(a).consentGates[0]?.detail).toContain('agree_privacy_v2');
  });

  it('recognises a vendor consent switch called before init', async () => {
    const gated = (r: Parameters<typeof androidId>[0]) => [...callStatic(r, 'Lcom/umeng/commonsdk/UMConfigure;', 'submitPolicyGrantResult', ['Landroid/content/Context;', 'Z'], 'V', [0, 1]), ...initUmeng(r)];
    expect(result(await assess(appSpec({ classes: [umeng], appOnCreate: gated })), 'startup.pre_consent_collection')).toBe('pass');
  });

  it('follows reflection with constant class and method names', async () => {
    const reflect = (r: Parameters<typeof androidId>[0]) => [
      ...str(r, 0, 'android.telephony.TelephonyManager'),
      ...callStatic(r, 'Ljava/lang/Class;', 'forName', ['Ljava/lang/String;'], 'Ljava/lang/Class;', [0]),
      ...ins.moveResultObject(1),
      ...str(r, 2, 'getDeviceId'),
      ...callVirtual(r, 'Ljava/lang/Class;', 'getMethod', ['Ljava/lang/String;', '[Ljava/lang/Class;'], 'Ljava/lang/reflect/Method;', [1, 2, 3]),
    ];
    const a = await assess(appSpec({ mainOnCreate: reflect }));
    expect(row(a, 'startup.pre_consent_collection').evidence[0]).toMatchObject({ detail: expect.stringContaining('(reflection)'), snippet: 'com.example.app.Main.onCreate → android.telephony.TelephonyManager.getDeviceId' });
  });

  it('follows static initialisers, threads, interface calls and SDK ContentProviders', async () => {
    const TASK = 'Lcom/example/app/Task;';
    const HOLDER = 'Lcom/example/app/Holder;';
    const IFACE = 'Lcom/example/app/Collector;';
    const classes = [
      // Main.onCreate: new Task() — its run() reads the IMEI on a thread.
      cls(TASK, 'Ljava/lang/Thread;', [method('run', (r) => [...callStatic(r, HOLDER, 'touch', [], 'V')])]),
      // Holder.<clinit> runs on first use and calls through an interface.
      cls(HOLDER, 'Ljava/lang/Object;', [method('<clinit>', (r) => callInterface(r, IFACE, 'collect', [], 'V', [0]), { static: true }), method('touch', () => [], { static: true })]),
      cls(IFACE, 'Ljava/lang/Object;', []),
      cls('Lcom/example/app/ImeiCollector;', 'Ljava/lang/Object;', [method('collect', getDeviceId)], [IFACE]),
      // An SDK provider starts itself with the process.
      cls('Lcn/jpush/android/service/DataProvider;', 'Landroid/content/ContentProvider;', [method('onCreate', (r) => callStatic(r, JPUSH, 'init', [], 'V'))]),
      cls(JPUSH, 'Ljava/lang/Object;', [method('init', (r) => callVirtual(r, 'Landroid/net/wifi/WifiManager;', 'getScanResults', [], 'Ljava/util/List;', [0]), { static: true })]),
    ];
    const mainOnCreate = (r: Parameters<typeof androidId>[0]) => [...ins.newInstance(0, r.type(TASK)), ...ins.invoke(2, r.method(TASK, '<init>', [], 'V'), [0])];
    const a = await assess(appSpec({ classes, mainOnCreate, components: [provider('cn.jpush.android.service.DataProvider', 'com.example.app.DataProvider')] }));
    const snippets = row(a, 'startup.pre_consent_collection').evidence.map((e) => e.snippet);
    expect(snippets).toContain('com.example.app.Main.onCreate → com.example.app.Task.run → com.example.app.Holder.<clinit> → com.example.app.ImeiCollector.collect → android.telephony.TelephonyManager.getDeviceId');
    expect(snippets).toContain('cn.jpush.android.service.DataProvider.onCreate → cn.jpush.android.api.JPushInterface.init → android.net.wifi.WifiManager.getScanResults');
    expect(row(a, 'startup.sdk_before_consent').evidence.map((e) => e.detail)).toContain('JPush (Jiguang)');
    // The interface call was resolved to its implementation by class hierarchy: said so; the provider path is direct.
    const detailOf = (api: string) => row(a, 'startup.pre_consent_collection').evidence.find((e) => e.snippet?.endsWith(api))?.detail;
    expect(detailOf('getDeviceId')).toContain('class hierarchy');
    expect(detailOf('getScanResults')).not.toContain('class hierarchy');
  });

  it('a build library reached only through class-hierarchy dispatch is not collection before consent', async () => {
    const DELEGATE = 'Landroidx/appcompat/app/AppCompatDelegate;';
    const classes = [
      cls(DELEGATE, 'Ljava/lang/Object;', [method('applyDayNight', () => [])]),
      cls('Landroidx/appcompat/app/AppCompatDelegateImpl;', DELEGATE, [method('applyDayNight', (r) => callVirtual(r, 'Landroid/location/LocationManager;', 'getLastKnownLocation', ['Ljava/lang/String;'], 'Landroid/location/Location;', [0, 1]))]),
    ];
    const a = await assess(appSpec({ classes, mainOnCreate: (r) => callVirtual(r, DELEGATE, 'applyDayNight', [], 'V', [0]) }));
    expect(result(a, 'startup.pre_consent_collection')).toBe('pass');
    expect(row(a, 'pi.location').evidence[0]?.attribution).toEqual({ kind: 'sdk', name: 'AndroidX' });
    expect(result(a, 'sdk.pi_collection')).toBe('pass');
  });

  it('a boot receiver is an entry point; its receiver is self-start', async () => {
    const boot = cls('Lcom/example/app/Boot;', 'Landroid/content/BroadcastReceiver;', [method('onReceive', getDeviceId, { params: ['Landroid/content/Context;', 'Landroid/content/Intent;'] })]);
    const a = await assess(appSpec({ classes: [boot], components: [receiver('com.example.app.Boot', ['android.intent.action.BOOT_COMPLETED'])] }));
    expect(row(a, 'startup.pre_consent_collection').evidence[0]?.snippet).toBe('com.example.app.Boot.onReceive → android.telephony.TelephonyManager.getDeviceId');
    expect(row(a, 'autostart.self_start').evidence[0]).toMatchObject({ className: 'com.example.app.Boot', detail: 'android.intent.action.BOOT_COMPLETED', attribution: { kind: 'main' } });
    expect(compliance(a).clauses.find((c) => c.id === 'miit-164-6')?.verdict).toBe('non_compliant');
  });

  it('runtime permission requests and wake-ups at start-up', async () => {
    const main = (r: Parameters<typeof androidId>[0]) => [
      ...callVirtual(r, 'Landroid/app/Activity;', 'requestPermissions', ['[Ljava/lang/String;', 'I'], 'V', [7, 0, 1]),
      ...callVirtual(r, 'Landroid/os/PowerManager$WakeLock;', 'acquire', [], 'V', [0]),
    ];
    const a = await assess(appSpec({ mainOnCreate: main }));
    expect(row(a, 'startup.permission_request').evidence[0]?.snippet).toBe('com.example.app.Main.onCreate → android.app.Activity.requestPermissions');
    expect(result(a, 'startup.wakeups')).toBe('fail');
    const clean = await assess(appSpec());
    for (const k of ['startup.pre_consent_collection', 'startup.sdk_before_consent', 'startup.permission_request', 'startup.wakeups', 'autostart.self_start']) expect(result(clean, k)).toBe('pass');
  });
});

describe('permissions, associated start, transfer', () => {
  it('a dangerous permission with no API use is reported; one that is used is not', async () => {
    const util = cls('Lcom/example/app/Util;', 'Ljava/lang/Object;', [method('imei', getDeviceId)]);
    const a = await assess(appSpec({ classes: [util], permissions: ['android.permission.READ_PHONE_STATE', 'android.permission.READ_CONTACTS', 'android.permission.INTERNET'] }));
    expect(row(a, 'permission.unused').evidence.map((e) => e.detail)).toEqual([expect.stringMatching(/^android\.permission\.READ_CONTACTS: no call of contacts APIs/)]);
  });

  it('starting another app by constant package name is associated start', async () => {
    const body = (r: Parameters<typeof androidId>[0]) => [
      ...str(r, 1, 'com.other.app'),
      ...str(r, 2, 'com.other.app.WakeService'),
      ...callVirtual(r, 'Landroid/content/Intent;', 'setClassName', ['Ljava/lang/String;', 'Ljava/lang/String;'], 'Landroid/content/Intent;', [0, 1, 2]),
      ...callVirtual(r, 'Landroid/content/Context;', 'startService', ['Landroid/content/Intent;'], 'Landroid/content/ComponentName;', [7, 0]),
    ];
    const own = (r: Parameters<typeof androidId>[0]) => [...str(r, 1, 'com.example.app'), ...str(r, 2, 'com.example.app.Main'), ...callVirtual(r, 'Landroid/content/Intent;', 'setClassName', ['Ljava/lang/String;', 'Ljava/lang/String;'], 'Landroid/content/Intent;', [0, 1, 2]), ...callVirtual(r, 'Landroid/content/Context;', 'startActivity', ['Landroid/content/Intent;'], 'V', [7, 0])];
    const a = await assess(appSpec({ classes: [cls('Lcom/example/app/W;', 'Ljava/lang/Object;', [method('wake', body), method('self', own)])] }));
    const details = row(a, 'autostart.associated_start').evidence.map((e) => e.detail);
    expect(details).toContain('com.other.app (android.content.Context.startService)');
    expect(details.some((d) => d?.startsWith('com.example.app'))).toBe(false);
  });

  it('cleartext endpoints and usesCleartextTraffic; namespaces are not endpoints', async () => {
    const body = (r: Parameters<typeof androidId>[0]) => [...str(r, 0, 'http://collect.example-tracker.cn/v1/device'), ...str(r, 1, 'http://schemas.android.com/apk/res/android')];
    const a = await assess(appSpec({ classes: [cls('Lcom/example/app/Net;', 'Ljava/lang/Object;', [method('send', body)])], appAttrs: [{ name: 'usesCleartextTraffic', android: true, bool: true }] }));
    const snippets = row(a, 'transfer.cleartext').evidence.map((e) => e.snippet ?? e.detail);
    expect(snippets).toEqual(['android:usesCleartextTraffic="true"', 'http://collect.example-tracker.cn/v1/device']);
  });

  it('endpoints abroad are data-export hints with who is responsible; mainland and unplaced hosts are not', async () => {
    const body = (r: Parameters<typeof androidId>[0]) => [
      ...str(r, 0, 'https://api.mixpanel.com/track'),
      ...str(r, 1, 'https://my-bucket.s3.ap-southeast-1.amazonaws.com/upload'),
      ...str(r, 2, 'https://oss-cn-hangzhou.aliyuncs.com/x'),
      ...str(r, 3, 'http://collect.example-tracker.cn/v1/device'),
      ...str(r, 4, 'https://203.0.113.7/api'),
    ];
    const a = await assess(appSpec({ classes: [cls('Lcom/example/app/Net;', 'Ljava/lang/Object;', [method('send', body)]), cls('Lcom/umeng/commonsdk/UMConfigure;', 'Ljava/lang/Object;', [method('init', (r) => str(r, 0, 'https://ulogs.umengcloud.com/unify_logs'), { static: true })])] }));
    const f = row(a, 'transfer.abroad');
    expect(f.result).toBe('find_problem');
    expect(f.evidence.map((e) => e.detail)).toEqual(['api.mixpanel.com: US (Mixpanel)', 'my-bucket.s3.ap-southeast-1.amazonaws.com: SG (AWS ap-southeast-1)']);
    expect(f.evidence[0]).toMatchObject({ className: 'com.example.app.Net.send', snippet: 'https://api.mixpanel.com/track', attribution: { kind: 'main' } });
    expect(compliance(a).clauses.find((c) => c.id === 'pipl-38-39')?.items.map((i) => i.ruleId)).toContain('compliance.transfer.abroad');
    const home = await assess(appSpec({ classes: [cls('Lcom/example/app/Net;', 'Ljava/lang/Object;', [method('send', (r) => str(r, 0, 'https://api.example.cn/v1'))])] }));
    expect(result(home, 'transfer.abroad')).toBe('safe');
  });

  it('personal information read where a request is made is a transfer hint', async () => {
    const body = (r: Parameters<typeof androidId>[0]) => [...getDeviceId(r), ...callVirtual(r, 'Ljava/net/URL;', 'openConnection', [], 'Ljava/net/URLConnection;', [1])];
    const a = await assess(appSpec({ classes: [cls('Lcom/example/app/Up;', 'Ljava/lang/Object;', [method('upload', body)])] }));
    expect(row(a, 'transfer.pi_to_network').evidence[0]).toMatchObject({ className: 'com.example.app.Up', detail: 'IMEI/MEID → java.net.URL.openConnection' });
  });
});

describe('privacy policy and SDK disclosure', () => {
  const jpush = cls(JPUSH, 'Ljava/lang/Object;', [method('init', getDeviceId, { static: true })]);
  const sdks = { classes: [umeng, jpush] };

  it('no policy anywhere: the policy is missing and every collecting SDK is undisclosed', async () => {
    const a = await assess(appSpec(sdks));
    expect(result(a, 'policy.missing')).toBe('fail');
    expect(row(a, 'sdk.undisclosed').evidence.map((e) => e.attribution)).toEqual(expect.arrayContaining([{ kind: 'sdk', name: 'Umeng Analytics' }, { kind: 'sdk', name: 'JPush (Jiguang)' }]));
    expect(compliance(a).clauses.find((c) => c.id === 'rd-1-1')?.verdict).toBe('non_compliant');
  });

  it('a policy in assets names one SDK: the other is undisclosed', async () => {
    const html = '<html><head><style>p{}</style></head><body><h1>隐私政策</h1><p>我们接入了友盟+ SDK（友盟同欣（北京）科技有限公司），收集设备标识符。</p></body></html>';
    const a = await assess(appSpec({ ...sdks, files: { 'assets/privacy.html': html } }));
    expect(result(a, 'policy.missing')).toBe('pass');
    const f = row(a, 'sdk.undisclosed');
    expect(f.evidence.map((e) => e.attribution)).toEqual([{ kind: 'sdk', name: 'JPush (Jiguang)' }]);
    expect(f.evidence[0]?.snippet).toBe('not named in assets/privacy.html');
    expect(compliance(a).sdkInventory.find((s) => s.name === 'Umeng Analytics')?.disclosedAs).toBe('友盟');
  });

  it('a policy given with the task wins over the package', async () => {
    const a = await assess(appSpec(sdks), [{ name: 'policy.txt', data: 'Privacy policy. Third parties: JPush (Jiguang push), Umeng analytics.' }]);
    expect(result(a, 'sdk.undisclosed')).toBe('pass');
    const pdf = await assess(appSpec(sdks), [{ name: 'policy.pdf', data: '%PDF-1.4' }]);
    expect(pdf.unreadable).toEqual([expect.objectContaining({ file: 'policy.pdf' })]);
  });

  it('a policy sent as the task parameter (the portal\'s create page) is read like a file: HTML reduced to text, named by its file name', async () => {
    const html = '<html><body><h1>隐私政策</h1><p>第三方：极光推送 JPush，友盟 Umeng。</p></body></html>';
    const a = await assess(appSpec(sdks), [], { params: { privacyPolicy: html, privacyPolicyName: 'our-policy.html' } });
    expect(result(a, 'policy.missing')).toBe('pass');
    expect(result(a, 'sdk.undisclosed')).toBe('pass');
    expect(compliance(a).policies).toEqual([expect.objectContaining({ source: 'our-policy.html' })]);
    const partial = await assess(appSpec(sdks), [], { params: { privacyPolicy: 'Privacy policy: we use Umeng analytics.' } });
    expect(row(partial, 'sdk.undisclosed').evidence.map((e) => e.attribution)).toEqual([{ kind: 'sdk', name: 'JPush (Jiguang)' }]);
    const binary = await assess(appSpec(sdks), [], { params: { privacyPolicy: 'a\u0000b', privacyPolicyName: 'x.txt' } });
    expect(binary.unreadable).toEqual([expect.objectContaining({ file: 'x.txt' })]);
  });

  it('what needs a device is not executed, saying so; clauses carry their verdicts', async () => {
    const a = await assess(appSpec());
    for (const k of ['dynamic.consent_popup', 'dynamic.policy_reachability', 'dynamic.network_capture', 'dynamic.collection_frequency']) {
      expect(row(a, k)).toMatchObject({ result: 'not_executed', evidence: [{ detail: expect.stringContaining('needs a dynamic check on a device') }] });
    }
    const clauses = compliance(a).clauses;
    expect(clauses.find((c) => c.id === 'rd-1-2')?.verdict).toBe('needs_dynamic');
    expect(clauses.find((c) => c.id === 'rd-3-1')).toMatchObject({ verdict: 'compliant', refs: expect.arrayContaining(['认定方法 三.1', 'GB/T 41391-2022 6.4']) });
  });
});

describe('accepts', () => {
  it('meets the engine contract', async () => {
    const { engine } = await import('./engine.ts');
    expect(engineConformanceProblems(engine)).toEqual([]);
  });

  it('takes Android, iOS and HarmonyOS packages, mini-programs and policies named as such, nothing else', async () => {
    const { engine } = await import('./engine.ts');
    const zip = Buffer.from('PK\x03\x04rest');
    expect(engine.accepts('app.apk', zip)).toBe('compliance');
    expect(engine.accepts('privacy-policy.html', Buffer.from('<html>'))).toBe('compliance');
    expect(engine.accepts('隐私政策.txt', Buffer.from('text'))).toBe('compliance');
    expect(engine.accepts('index.html', Buffer.from('<html>'))).toBeUndefined();
    expect(engine.accepts('app.ipa', zip)).toBe('compliance');
    expect(engine.accepts('entry.hap', zip)).toBe('compliance');
    expect(engine.accepts('app.amr', zip)).toBe('compliance');
    expect(engine.accepts('app.zip', zip)).toBeUndefined();
    expect(engine.accepts('app.ipa', Buffer.from('not a zip'))).toBeUndefined();
    expect(engine.accepts('policy.txt', Buffer.from([1, 0, 2]))).toBeUndefined();
  });
});

describe('hostile and unsupported input', () => {
  it('a truncated APK or a file that is not one is an input error, not a crash', async () => {
    const bytes = await (await import('@citadel/engine-android/testing/build-apk')).buildApk(appSpec());
    await expect(assess(bytes.subarray(0, bytes.length >> 1))).rejects.toBeInstanceOf(EngineInputError);
    await expect(assess(Buffer.from('not a zip at all'))).rejects.toBeInstanceOf(EngineInputError);
    await expect(assess(bytes, [], {}, 'app.ipa')).rejects.toMatchObject({ code: 'unsupported_format' });
  });

  it('garbage DEX is listed as unreadable and the rest is still assessed', async () => {
    const a = await assess({ manifest: appSpec().manifest!, files: { 'classes.dex': Buffer.from('dex\n035\0garbage'.padEnd(200, '\0')) } });
    expect(a.unreadable.length).toBeGreaterThan(0);
    expect(result(a, 'policy.missing')).toBe('fail');
  });
});

// Unused helpers kept referenced so the builder's exports stay checked.
void APP;
void MAIN;
