import { describe, expect, it } from 'vitest';
import type { Assessment } from '@citadel/contracts';
import type { EngineOptions } from '@citadel/engine-core';
import { alipayAmr, wechatPackage } from '@citadel/engine-miniprogram/testing/build';
import { SAFE_IMPORTS, buildIpa } from '@citadel/engine-ios/testing/build-ipa';
import { asm as a64, writeArm64Image } from '@citadel/engine-ios/testing/arm64-image-writer';
import { writeMachO } from '@citadel/engine-ios/testing/macho-writer';
import { buildHap } from '@citadel/engine-harmony/testing/build-hap';
import { type AbcRecordSpec, asm, asmCall, type CodeRefs } from '@citadel/engine-harmony/testing/abc-writer';
import { tempFile } from '@citadel/engine-android/testing/build-apk';
import { engine } from './engine.ts';
import type { ClauseResult } from './index.ts';
import { appSpec, assess, getDeviceId, result, row } from './testing/build.ts';

const run = (bytes: Uint8Array, name: string, options: EngineOptions = {}, extra: { name: string; data: string }[] = []): Promise<Assessment> =>
  engine.run({ files: [{ path: tempFile(bytes, name), name }, ...extra.map((f) => ({ path: tempFile(Buffer.from(f.data), f.name), name: f.name }))] }, options, { now: () => new Date('2026-01-01T00:00:00Z') });
const clauses = (a: Assessment) => (a.target.compliance as { clauses: ClauseResult[] }).clauses;

describe('WeChat mini-programs', () => {
  const CONFIG = { pages: ['pages/index/index', 'pages/shop/shop'], requiredPrivateInfos: ['getLocation'], permission: { 'scope.userLocation': { desc: '用于展示附近门店' } } };
  const wechat = (modules: Record<string, string>, appConfig: Record<string, unknown> = CONFIG) => run(wechatPackage({ appConfig, modules }), 'app.wxapkg');

  it('lists each privacy API call with its file and who makes it (the mini-program or an npm package)', async () => {
    const a = await wechat({
      'app.js': 'App({});',
      'pages/index/index.js': 'Page({ tapLocate() { wx.getLocation({ type: "gcj02" }); } });',
      'pages/shop/shop.js': 'Page({ tapPhone() {} });',
      'miniprogram_npm/umtrack-wx/index.js': 'module.exports = function () { wx.getClipboardData({ success() {} }); };',
    });
    expect(row(a, 'pi.location').evidence[0]).toMatchObject({ file: 'pages/index/index.js', snippet: expect.stringContaining('wx.getLocation({ type: "gcj02" })'), detail: 'wx.getLocation: precise location', attribution: { kind: 'main' } });
    expect(row(a, 'pi.clipboard').evidence[0]).toMatchObject({ file: 'miniprogram_npm/umtrack-wx/index.js', attribution: { kind: 'sdk', name: 'umtrack-wx' } });
    expect(row(a, 'sdk.pi_collection').evidence[0]).toMatchObject({ attribution: { kind: 'sdk', name: 'umtrack-wx' } });
    expect(result(a, 'pi.contacts')).toBe('pass');
    expect(result(a, 'startup.pre_consent_collection')).toBe('not_executed');
  });

  it('phone-number and avatar buttons in templates count', async () => {
    const a = await run(wechatPackage({ appConfig: CONFIG, modules: { 'app.js': 'App({});' }, files: [{ name: '/pages/index/index.wxml', data: '<button open-type="getPhoneNumber" bindgetphonenumber="onPhone">登录</button>' }] }), 'app.wxapkg');
    expect(row(a, 'pi.phone_number').evidence[0]).toMatchObject({ file: 'pages/index/index.wxml', detail: expect.stringContaining('getPhoneNumber') });
  });

  it('collection in App.onLaunch or the entry page\'s onLoad (through a helper) is before consent, with the path', async () => {
    const a = await wechat({
      'app.js': 'App({ onLaunch: function () { wx.getClipboardData({}); } });',
      'pages/index/index.js': 'Page({ onLoad(q) { this.locate(q); }, locate: function (q) { wx.getLocation({ type: "wgs84" }); }, tapSave() { wx.chooseAddress({}); } });',
    });
    const f = row(a, 'mini.pre_consent_collection');
    expect(f.result).toBe('fail');
    const paths = f.evidence.map((e) => e.snippet);
    expect(paths).toContain('app.js App.onLaunch → wx.getClipboardData');
    expect(paths).toContain('pages/index/index.js (entry page) Page.onLoad → locate → wx.getLocation');
    expect(paths.join()).not.toContain('chooseAddress');
    expect(clauses(a).find((c) => c.id === 'rd-3-1')?.verdict).toBe('non_compliant');
  });

  it('passes when collection waits for a tap; the privacy flow turns a launch call into a device check', async () => {
    const tap = await wechat({ 'app.js': 'App({ onLaunch() {} });', 'pages/index/index.js': 'Page({ onLoad() {}, tapLocate() { wx.getLocation({}); } });' });
    expect(result(tap, 'mini.pre_consent_collection')).toBe('pass');
    expect(result(tap, 'mini.privacy_authorization')).toBe('fail');
    const flow = await wechat({ 'app.js': 'App({ onLaunch() { wx.onNeedPrivacyAuthorization(function (resolve) { resolve({ event: "agree" }); }); wx.getLocation({}); } });', 'pages/index/index.js': 'Page({});' });
    expect(result(flow, 'mini.pre_consent_collection')).toBe('find_problem');
    expect(result(flow, 'mini.privacy_authorization')).not.toBe('fail');
    const switched = await wechat({ 'app.js': 'App({});', 'pages/index/index.js': 'Page({ tap() { wx.getLocation({}); } });' }, { ...CONFIG, __usePrivacyCheck__: true });
    expect(result(switched, 'mini.privacy_authorization')).not.toBe('fail');
  });

  it('requests to http:// addresses are cleartext transfer; https and localhost are not', async () => {
    const a = await wechat({ 'app.js': 'App({});', 'pages/index/index.js': 'Page({ t() { wx.request({ url: "http://api.example.cn/user/info", data: {} }); wx.request({ url: "https://api.example.cn/x" }); wx.request({ url: "http://127.0.0.1:8080/dev" }); } });' });
    expect(row(a, 'transfer.cleartext').evidence.map((e) => e.snippet)).toEqual(['http://api.example.cn/user/info']);
    expect(result(await wechat({ 'app.js': 'App({});', 'pages/index/index.js': 'Page({ t() { wx.request({ url: "https://api.example.cn/x" }); } });' }), 'transfer.cleartext')).toBe('pass');
  });

  it('calls through a variable holding wx count like wx calls', async () => {
    const a = await wechat({ 'app.js': 'App({});', 'pages/index/index.js': 'const w = wx; Page({ tap() { w.getLocation({}); } });' });
    expect(row(a, 'pi.location').evidence.map((e) => e.detail)).toEqual([expect.stringContaining('wx.getLocation')]);
  });

  it('requests to hosts abroad are data-export hints, with the npm package responsible', async () => {
    const a = await wechat({ 'app.js': 'App({});', 'pages/index/index.js': 'Page({ t() { wx.request({ url: "https://graph.facebook.com/v2/me" }); wx.request({ url: "https://api.example.cn/x" }); } });', 'miniprogram_npm/tracker/index.js': 'module.exports = () => wx.request({ url: "https://api2.amplitude.com/2/httpapi" });' });
    expect(row(a, 'transfer.abroad').evidence.map((e) => [e.detail, e.attribution])).toEqual([
      ['graph.facebook.com: US (Meta)', { kind: 'main' }],
      ['api2.amplitude.com: US (Amplitude)', { kind: 'sdk', name: 'tracker' }],
    ]);
  });

  it('requiredPrivateInfos and permission declared vs used', async () => {
    const a = await wechat({ 'app.js': 'App({});', 'pages/index/index.js': 'Page({ t() { wx.chooseLocation({}); wx.startLocationUpdate({}); } });' }, { pages: ['pages/index/index'], requiredPrivateInfos: ['chooseLocation', 'chooseAddress'], permission: {} });
    const details = row(a, 'mini.required_private_infos').evidence.map((e) => e.detail);
    expect(details).toEqual(expect.arrayContaining([expect.stringContaining('startLocationUpdate is called but app.json requiredPrivateInfos'), expect.stringContaining('scope.userLocation, which has no description')]));
    expect(details.join()).not.toContain('chooseLocation is called');
    expect(row(a, 'permission.declared_unused').evidence[0]).toMatchObject({ snippet: 'requiredPrivateInfos: chooseAddress' });
    const ok = await wechat({ 'app.js': 'App({});', 'pages/index/index.js': 'Page({ t() { wx.getLocation({}); } });' });
    expect(result(ok, 'mini.required_private_infos')).toBe('pass');
    expect(result(ok, 'permission.declared_unused')).toBe('pass');
  });
});

describe('Alipay mini-programs', () => {
  it('reads my.* calls, getAuthCode scopes and the phone-number button', async () => {
    const amr = alipayAmr({
      'app.json': JSON.stringify({ pages: ['pages/index/index'] }),
      'app.js': 'App({ onLaunch() { my.getAuthCode({ scopes: "auth_user", success() {} }); } });',
      'pages/index/index.js': 'Page({ onLoad() {}, tap() { my.getLocation({}); } });',
      'pages/index/index.axml': '<button open-type="getAuthorize" scope="phoneNumber" onGetAuthorize="onPhone">授权</button>',
    });
    const a = await run(amr, 'app.amr');
    expect(row(a, 'pi.user_profile').evidence[0]?.detail).toContain('member information (auth_user)');
    expect(result(a, 'pi.location')).toBe('find_problem');
    expect(row(a, 'pi.phone_number').evidence[0]?.file).toBe('pages/index/index.axml');
    expect(row(a, 'mini.pre_consent_collection').evidence[0]?.snippet).toBe('app.js App.onLaunch → my.getAuthCode');
    expect(result(a, 'mini.required_private_infos')).toBe('not_executed');
  });

  it('a plain zip is an Alipay mini-program when the task says so (input=alipay_miniprogram), refused otherwise', async () => {
    const zip = alipayAmr({ 'app.json': JSON.stringify({ pages: ['pages/index/index'] }), 'app.js': 'App({});', 'pages/index/index.js': 'Page({ t() { my.getLocation({}); } });' });
    expect(result(await run(zip, 'app.zip', { params: { input: 'alipay_miniprogram' } }), 'pi.location')).toBe('find_problem');
    await expect(run(zip, 'app.zip')).rejects.toMatchObject({ code: 'unsupported_format' });
  });
});

describe('iOS apps', () => {
  const ipa = (imports: string[], info: Record<string, string>, frameworks: { name: string; binary?: { imports?: string[]; strings?: string[] } }[] = []) => run(buildIpa({ main: { imports: [...SAFE_IMPORTS, ...imports] }, info, frameworks }), 'app.ipa');

  it('imported classes are personal-information APIs of the binary that links them', async () => {
    const a = await ipa(['_OBJC_CLASS_$_CLLocationManager'], { NSLocationWhenInUseUsageDescription: '用于展示附近的门店和距离' }, [{ name: 'AnalyticsKit', binary: { strings: ['ASIdentifierManager'] } }]);
    expect(row(a, 'pi.location').evidence[0]).toMatchObject({ file: 'Payload/Example.app/Example', snippet: '_OBJC_CLASS_$_CLLocationManager', attribution: { kind: 'main' } });
    expect(row(a, 'pi.device_id').evidence[0]).toMatchObject({ file: expect.stringContaining('AnalyticsKit.framework'), attribution: { kind: 'sdk', name: 'AnalyticsKit' }, snippet: expect.stringContaining('looked up by name') });
    // Location is described; the framework's IDFA lookup is not.
    expect(row(a, 'ios.usage_description').evidence.map((e) => e.detail)).toEqual([expect.stringContaining('IDFA (advertisingIdentifier) is linked but Info.plist has no NSUserTrackingUsageDescription')]);
    expect(result(a, 'startup.pre_consent_collection')).toBe('not_executed');
  });

  it('a linked protected resource without its usage description, or a placeholder text, fails', async () => {
    const a = await ipa(['_OBJC_CLASS_$_CNContactStore'], { NSCameraUsageDescription: 'TODO' });
    const d = row(a, 'ios.usage_description').evidence.map((e) => e.detail);
    expect(d).toEqual(expect.arrayContaining([expect.stringContaining('no NSContactsUsageDescription'), expect.stringContaining('NSCameraUsageDescription does not say')]));
    expect(row(a, 'permission.declared_unused').evidence[0]).toMatchObject({ snippet: 'NSCameraUsageDescription' });
  });

  it('selectors the executable sends: identifierForVendor is the IDFV, read although only UIDevice is imported', async () => {
    const main = (selectors: string[]) => writeMachO({
      filetype: 2,
      flags: 0x200085,
      cputype: 0x0100000c,
      segments: [{ name: '__TEXT', sections: [{ name: '__text', data: new Uint8Array([0xc0, 0x03, 0x5f, 0xd6]) }, { name: '__objc_methname', data: Buffer.from(selectors.map((x) => `${x}\0`).join('')), flags: 2 }] }],
      dylibs: [{ name: '/usr/lib/libSystem.B.dylib' }],
      symbols: [...SAFE_IMPORTS, '_OBJC_CLASS_$_UIDevice'].map((name) => ({ name, kind: 'import' as const, library: 1 })),
      main: true,
    });
    const a = await run(buildIpa({ mainBytes: main(['systemVersion', 'identifierForVendor', 'UUIDString']) }), 'app.ipa');
    expect(row(a, 'pi.device_id').evidence[0]).toMatchObject({ snippet: 'identifierForVendor (__objc_methname)', detail: expect.stringContaining('IDFV'), attribution: { kind: 'main' } });
    expect(result(await run(buildIpa({ mainBytes: main(['systemVersion', 'model']) }), 'app.ipa'), 'pi.device_id')).toBe('pass');
  });

  it('start-up call graph of the arm64 executable: what the launch code reaches, with its path', async () => {
    const exe = writeArm64Image({
      functions: [
        { name: 'launch', code: [...a64.send('setupServices'), a64.ret()] },
        { name: 'setup', code: [...a64.cls(0, 'CLLocationManager'), ...a64.send('new'), a64.bl('fn:wifi'), ...a64.send('trackDevice'), a64.ret()] },
        { name: 'wifi', code: [a64.bl('stub:_CNCopyCurrentNetworkInfo'), a64.ret()] },
        { name: 'track', code: [...a64.cls(0, 'UIDevice'), ...a64.send('currentDevice'), ...a64.send('identifierForVendor'), a64.ret()] },
        // Reached only from a button: not start-up.
        { name: 'tap', code: [...a64.cls(0, 'CNContactStore'), ...a64.send('new'), a64.ret()] },
      ],
      classes: [
        { name: 'AppDelegate', methods: [{ selector: 'application:didFinishLaunchingWithOptions:', fn: 'launch' }, { selector: 'setupServices', fn: 'setup' }] },
        { name: 'Tracker', methods: [{ selector: 'trackDevice', fn: 'track' }] },
        { name: 'ContactsViewController', methods: [{ selector: 'importTapped:', fn: 'tap' }] },
      ],
      importedClasses: ['CLLocationManager', 'CNContactStore', 'UIDevice'],
      importedFunctions: ['_CNCopyCurrentNetworkInfo'],
      relativeMethodLists: true,
    });
    const a = await run(buildIpa({ mainBytes: exe, info: { NSLocationWhenInUseUsageDescription: '用于展示附近的门店' } }), 'app.ipa');
    const f = row(a, 'startup.pre_consent_collection');
    expect(f.result).toBe('find_problem');
    expect(f.evidence.map((e) => e.snippet)).toEqual([
      '-[AppDelegate application:didFinishLaunchingWithOptions:] → -[AppDelegate setupServices] → CLLocationManager',
      '-[AppDelegate application:didFinishLaunchingWithOptions:] → -[AppDelegate setupServices] → sub_' + f.evidence[1]!.snippet!.split('sub_')[1]!.split(' ')[0] + ' → CNCopyCurrentNetworkInfo',
      '-[AppDelegate application:didFinishLaunchingWithOptions:] → -[AppDelegate setupServices] → -[Tracker trackDevice] → identifierForVendor',
    ]);
    expect(f.evidence[0]?.detail).toContain('confirm on a device');
    expect(JSON.stringify(f.evidence)).not.toContain('CNContactStore');
    // No launch code at all: not executed, saying why.
    expect(result(await run(buildIpa({ mainBytes: writeArm64Image({ functions: [{ name: 'f', code: [a64.ret()] }] }) }), 'app.ipa'), 'startup.pre_consent_collection')).toBe('not_executed');
  });

  it('IDFA without App Tracking Transparency fails; with ATT and its description it passes', async () => {
    expect(result(await ipa(['_OBJC_CLASS_$_ASIdentifierManager'], {}), 'ios.idfa_without_att')).toBe('fail');
    const ok = await ipa(['_OBJC_CLASS_$_ASIdentifierManager', '_OBJC_CLASS_$_ATTrackingManager'], { NSUserTrackingUsageDescription: '用于向您推荐更相关的广告内容' });
    expect(result(ok, 'ios.idfa_without_att')).not.toBe('fail');
    expect(result(ok, 'ios.usage_description')).toBe('pass');
  });
});

describe('HarmonyOS apps', () => {
  const coded = (name: string, imports: string[], method: string, calls: (r: CodeRefs) => number[][]): AbcRecordSpec => ({
    name,
    methods: ['func_main_0', { name: method, code: (r) => [...calls(r).flat(), ...asm('returnundefined')] }],
    module: { requests: imports, regularImports: imports.map((m, i) => ({ localName: m.replace(/^.*[.:]/, ''), importName: 'default', requestIdx: i })) },
  });
  const imp = (i: number) => asm('ldexternalmodulevar', i);
  const perms = (...names: string[]) => names.map((name) => ({ name, reason: '$string:reason', usedScene: { abilities: ['EntryAbility'], when: 'inuse' } }));

  it('decoded module calls are sites of the record that makes them; requested permissions without use fail', async () => {
    const hap = buildHap({
      module: { requestPermissions: perms('ohos.permission.APPROXIMATELY_LOCATION', 'ohos.permission.LOCATION', 'ohos.permission.READ_CONTACTS') },
      abc: {
        records: [
          coded('com.example.app/entry/ets/pages/Index', ['@ohos:geoLocationManager'], 'locate', (r) => [asmCall(r, imp(0), ['getCurrentLocation'], [])]),
          coded('com.example.app/entry/ets/pages/Apps', ['@ohos:bundle.bundleManager'], 'list', (r) => [asmCall(r, imp(0), ['getBundleInfoForSelf'], [1])]),
        ],
      },
    });
    const a = await run(hap, 'app.hap');
    expect(row(a, 'pi.location').evidence[0]).toMatchObject({ className: 'com.example.app/entry/ets/pages/Index', method: 'locate', detail: expect.stringContaining('geoLocationManager.getCurrentLocation'), attribution: { kind: 'main' } });
    // bundleManager counts only for its listing calls.
    expect(result(a, 'pi.app_list')).toBe('pass');
    const unused = row(a, 'permission.declared_unused');
    expect(unused.result).toBe('fail');
    expect(unused.evidence.map((e) => e.snippet)).toEqual(['ohos.permission.READ_CONTACTS']);
  });
});

describe('HarmonyOS start-up', () => {
  const imp = (i: number) => asm('ldexternalmodulevar', i);
  // ArkTS methods get FunctionObject, NewTarget and this after their 16 registers: this is v18.
  const thisCall = (r: CodeRefs, name: string) => asmCall(r, asm('lda', 18), [name], []);
  /** EntryAbility: onCreate → this.init() → geoLocationManager.getCurrentLocation; tap() reads the pasteboard. */
  const ability = (gate: boolean): AbcRecordSpec => ({
    name: 'com.example.app/entry/ets/entryability/EntryAbility',
    methods: [
      'func_main_0',
      { name: 'onCreate', code: (r) => [...thisCall(r, 'init'), ...asm('returnundefined')] },
      { name: 'init', code: (r) => [...(gate ? asm('lda.str', r.str('privacy_agreed')) : []), ...asmCall(r, imp(0), ['getCurrentLocation'], []), ...asm('returnundefined')] },
      { name: 'tap', code: (r) => [...asmCall(r, imp(1), ['getSystemPasteboard'], []), ...asmCall(r, imp(1), ['getData'], []), ...asm('returnundefined')] },
    ],
    module: { requests: ['@ohos:geoLocationManager', '@ohos:pasteboard'], regularImports: [{ localName: 'geoLocationManager', importName: 'default', requestIdx: 0 }, { localName: 'pasteboard', importName: 'default', requestIdx: 1 }] },
  });

  it('a location read reached from the main ability\'s onCreate is before consent, with the path; a later tap is not', async () => {
    const a = await run(buildHap({ abc: { records: [ability(false)] } }), 'app.hap');
    const f = row(a, 'harmony.pre_consent_collection');
    expect(f.result).toBe('fail');
    expect(f.evidence.map((e) => e.snippet)).toEqual(['EntryAbility.onCreate → init → geoLocationManager.getCurrentLocation(…)']);
    expect(result(a, 'pi.clipboard')).toBe('find_problem');
    expect(clauses(a).find((c) => c.id === 'rd-3-1')?.verdict).toBe('non_compliant');
    const gated = await run(buildHap({ abc: { records: [ability(true)] } }), 'app.hap');
    expect(result(gated, 'harmony.pre_consent_collection')).toBe('find_problem');
  });

  it('follows functions imported from the app\'s other files into their records', async () => {
    const entry: AbcRecordSpec = {
      name: 'com.example.app/entry/ets/entryability/EntryAbility',
      // initServices() of a named import: the module variable in the accumulator, then callarg0.
      methods: ['func_main_0', { name: 'onCreate', code: () => [...imp(0), ...asm('callarg0', 0), ...asm('returnundefined')] }],
      module: { requests: ['../common/Services'], regularImports: [{ localName: 'initServices', importName: 'initServices', requestIdx: 0 }] },
    };
    const services: AbcRecordSpec = {
      name: 'com.example.app/entry/ets/common/Services',
      methods: ['func_main_0', { name: 'initServices', code: (r) => [...asmCall(r, imp(0), ['getCurrentLocation'], []), ...asm('returnundefined')] }],
      module: { requests: ['@ohos:geoLocationManager'], regularImports: [{ localName: 'geoLocationManager', importName: 'default', requestIdx: 0 }] },
    };
    const a = await run(buildHap({ abc: { records: [entry, services] } }), 'app.hap');
    expect(row(a, 'harmony.pre_consent_collection').evidence.map((e) => e.snippet)).toEqual(['EntryAbility.onCreate → Services.initServices → geoLocationManager.getCurrentLocation(…)']);
  });
});

describe('permissions beyond the app type (《常见类型移动互联网应用程序必要个人信息范围规定》)', () => {
  it('device identifiers are beyond a news app\'s needs but within an app store\'s; no category: not executed', async () => {
    const spec = appSpec({ mainOnCreate: getDeviceId, permissions: ['android.permission.READ_PHONE_STATE'] });
    const news = await assess(spec, [], { params: { category: 'news' } });
    expect(row(news, 'permission.beyond_category').evidence[0]).toMatchObject({ detail: expect.stringContaining('beyond what a News app (新闻资讯类) needs') });
    expect(clauses(news).find((c) => c.id === 'necessary-pi')?.items).toEqual([{ ruleId: 'compliance.permission.beyond_category', result: 'find_problem' }]);
    expect(result(await assess(spec, [], { params: { category: '应用商店类' } }), 'permission.beyond_category')).toBe('pass');
    expect(result(await assess(spec), 'permission.beyond_category')).toBe('not_executed');
  });

  it('applies to mini-programs too (location in a utilities mini-program)', async () => {
    const a = await run(wechatPackage({ appConfig: { pages: ['p/i'], requiredPrivateInfos: ['getLocation'] }, modules: { 'app.js': 'App({});', 'p/i.js': 'Page({ t() { wx.getLocation({}); } });' } }), 'tool.wxapkg', { params: { category: 'utilities' } });
    expect(result(a, 'permission.beyond_category')).toBe('find_problem');
    expect(result(await run(wechatPackage({ appConfig: { pages: ['p/i'] }, modules: { 'app.js': 'App({});', 'p/i.js': 'Page({ t() { wx.getLocation({}); } });' } }), 'map.wxapkg', { params: { category: 'map_navigation' } }), 'permission.beyond_category')).toBe('pass');
  });
});

describe('hostile input on the new platforms', () => {
  it('truncated or fake IPA, HAP and wxapkg end in an input error, not a crash', async () => {
    const ipa = buildIpa({ main: { imports: [...SAFE_IMPORTS, '_OBJC_CLASS_$_CLLocationManager'] } });
    const hap = buildHap({});
    const wx = wechatPackage({ appConfig: { pages: ['p/i'] }, modules: { 'app.js': 'App({});' } });
    for (const [bytes, name] of [[ipa.subarray(0, ipa.length >> 1), 'cut.ipa'], [hap.subarray(0, hap.length >> 1), 'cut.hap'], [wx.subarray(0, 40), 'cut.wxapkg'], [Buffer.from('PK\x03\x04 nothing else'), 'fake.ipa']] as const) {
      const err = await run(bytes, name).then(() => undefined, (e: unknown) => e);
      expect(err, name).toBeInstanceOf(Error);
      expect((err as { code?: string }).code, `${name}: ${(err as Error).message}`).toMatch(/unsupported_format|corrupt|too_large|invalid/);
    }
  });

  it('a hostile script (deep nesting, unclosed braces) is read without a crash', async () => {
    const deep = `${'function a(){'.repeat(5000)}wx.getLocation({});`;
    const a = await run(wechatPackage({ appConfig: { pages: ['p/i'] }, modules: { 'app.js': `App({ onLaunch() { ${deep}`, 'p/i.js': 'Page({ onLoad() { this.x(' } }), 'deep.wxapkg');
    expect(result(a, 'pi.location')).toBe('find_problem');
  });
});
