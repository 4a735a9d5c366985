import { SDK_CATEGORIES } from '@citadel/contracts';
import { describe, expect, it } from 'vitest';
import { CORPUS, hasCorpus } from '../test-support/corpus.ts';
import { hasUnzip, unzipEntry } from '../test-support/unzip-entry.ts';
import { SDK_LIBRARY } from './library/index.ts';
import { SdkMatcher, attributionOf, collectSdks, defaultSdkMatcher, packageSegments, swiftModuleOf } from './matcher.ts';
import { defineSdk } from './types.ts';

const PACKAGE = /^[a-z][a-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)*$/;

describe('SDK library', () => {
  it('is well formed: unique names, known categories, valid prefixes, no prefix claimed twice', () => {
    const names = new Set<string>();
    const prefixes = new Map<string, string>();
    const frameworks = new Map<string, string>();
    for (const s of SDK_LIBRARY) {
      expect(names.has(s.name), `duplicate name ${s.name}`).toBe(false);
      names.add(s.name);
      expect(SDK_CATEGORIES).toContain(s.category);
      expect(s.packages?.length || s.iosFrameworks?.length || s.iosClassPrefixes?.length || s.ohpm?.length, s.name).toBeTruthy();
      for (const p of s.packages ?? []) {
        expect(p, s.name).toMatch(PACKAGE);
        expect(prefixes.get(p), `${p} claimed by ${prefixes.get(p)} and ${s.name}`).toBeUndefined();
        prefixes.set(p, s.name);
      }
      for (const f of s.iosFrameworks ?? []) {
        expect(frameworks.get(f.toLowerCase()), `${f} claimed twice`).toBeUndefined();
        frameworks.set(f.toLowerCase(), s.name);
      }
      for (const c of s.iosClassPrefixes ?? []) expect(c, s.name).toMatch(/^[A-Za-z][A-Za-z0-9_]{1,40}$/);
      if (s.website) expect(s.website).toMatch(/^https:\/\//);
    }
  });

  it('seeds at least 150 Android SDKs (including the major Chinese ones) and 80 iOS SDKs', () => {
    const android = SDK_LIBRARY.filter((s) => s.packages?.length);
    const ios = SDK_LIBRARY.filter((s) => s.iosFrameworks?.length || s.iosClassPrefixes?.length);
    expect(android.length).toBeGreaterThanOrEqual(150);
    expect(ios.length).toBeGreaterThanOrEqual(80);
    const m = defaultSdkMatcher();
    const expected: [string, string, string][] = [
      ['com.umeng.analytics.MobclickAgent', 'Umeng Analytics', 'statistics'],
      ['com.tencent.bugly.crashreport.CrashReport', 'Tencent Bugly', 'statistics'],
      ['com.igexin.sdk.PushManager', 'Getui Push', 'push'],
      ['cn.jpush.android.api.JPushInterface', 'JPush (Jiguang)', 'push'],
      ['com.alipay.sdk.app.PayTask', 'Alipay SDK', 'payment'],
      ['com.tencent.mm.opensdk.openapi.WXAPIFactory', 'WeChat OpenSDK', 'social'],
      ['com.baidu.mapapi.SDKInitializer', 'Baidu Map', 'map'],
      ['com.baidu.location.LocationClient', 'Baidu Location', 'map'],
      ['com.amap.api.maps.AMap', 'Amap (AutoNavi)', 'map'],
      ['com.amap.api.location.AMapLocationClient', 'Amap Location', 'map'],
      ['com.bytedance.sdk.openadsdk.TTAdSdk', 'Pangle (CSJ, ByteDance Ads)', 'advertising'],
      ['com.qq.e.ads.splash.SplashAD', 'Tencent Ads (GDT, YLH)', 'advertising'],
      ['com.kwad.sdk.api.KsAdSDK', 'Kuaishou Ads', 'advertising'],
      ['com.sina.weibo.sdk.auth.AuthInfo', 'Sina Weibo SDK', 'social'],
      ['com.tencent.tauth.Tencent', 'QQ Connect (Tencent Open SDK)', 'social'],
      ['com.huawei.hms.push.HmsMessageService', 'Huawei Push', 'push'],
      ['com.xiaomi.mipush.sdk.MiPushClient', 'Xiaomi Push', 'push'],
      ['com.heytap.msp.push.HeytapPushManager', 'OPPO Push (HeyTap)', 'push'],
      ['com.vivo.push.PushClient', 'vivo Push', 'push'],
      ['com.meizu.cloud.pushsdk.PushManager', 'Meizu Push', 'push'],
      ['com.sensorsdata.analytics.android.sdk.SensorsDataAPI', 'Sensors Data', 'statistics'],
      ['com.growingio.android.sdk.collection.GrowingIO', 'GrowingIO', 'statistics'],
      ['com.tendcloud.tenddata.TCAgent', 'TalkingData', 'statistics'],
      ['com.google.firebase.messaging.FirebaseMessagingService', 'Firebase Cloud Messaging', 'push'],
      ['com.google.android.gms.ads.MobileAds', 'Google Mobile Ads (AdMob)', 'advertising'],
      ['com.google.android.gms.common.GoogleApiAvailability', 'Google Play services', 'other'],
      ['com.facebook.login.LoginManager', 'Facebook SDK', 'social'],
      ['com.facebook.drawee.view.SimpleDraweeView', 'Fresco', 'other'],
      ['com.appsflyer.AppsFlyerLib', 'AppsFlyer', 'statistics'],
      ['com.adjust.sdk.Adjust', 'Adjust', 'statistics'],
      ['okhttp3.OkHttpClient', 'OkHttp', 'other'],
      ['retrofit2.Retrofit', 'Retrofit', 'other'],
      ['com.bumptech.glide.Glide', 'Glide', 'other'],
    ];
    for (const [cls, name, category] of expected) {
      const hit = m.matchPackage(cls);
      expect(hit?.sdk.name, cls).toBe(name);
      expect(hit?.sdk.category, cls).toBe(category);
    }
  });
});

describe('SdkMatcher', () => {
  const m = new SdkMatcher([
    defineSdk('Umeng', 'statistics', ['com.umeng']),
    defineSdk('Umeng Push', 'push', ['com.umeng.message']),
    defineSdk('Play services', 'other', ['com.google.android.gms']),
    defineSdk('AdMob', 'advertising', ['com.google.android.gms.ads'], { iosFrameworks: ['GoogleMobileAds'], iosClassPrefixes: ['GAD'] }),
    defineSdk('Alamofire', 'other', [], { iosFrameworks: ['Alamofire'] }),
  ]);

  it('matches whole segments only, longest prefix first', () => {
    expect(m.matchPackage('com.umeng.analytics.A')?.sdk.name).toBe('Umeng');
    expect(m.matchPackage('com.umeng.message.PushAgent')?.sdk.name).toBe('Umeng Push');
    expect(m.matchPackage('com.umengx.analytics.A')).toBeUndefined();
    expect(m.matchPackage('com.umeng')?.matched).toBe('com.umeng');
    expect(m.matchPackage('com')).toBeUndefined();
    expect(m.matchPackage('com.google.android.gms.ads.AdView')?.sdk.name).toBe('AdMob');
    expect(m.matchPackage('com.google.android.gms.adsx.AdView')?.sdk.name).toBe('Play services');
    expect(m.matchPackage('com.google.android.gmsx.Foo')).toBeUndefined();
  });

  it('accepts DEX descriptors, paths and inner classes', () => {
    expect(packageSegments('Lcom/umeng/message/PushAgent$1;')).toEqual(['com', 'umeng', 'message', 'PushAgent']);
    expect(m.matchPackage('Lcom/umeng/message/PushAgent$1;')?.sdk.name).toBe('Umeng Push');
    expect(m.matchPackage('smali/com/umeng/A.smali')).toBeUndefined();
    expect(m.matchPackage('com/umeng/A.class')?.sdk.name).toBe('Umeng');
    expect(m.matchPackage('')).toBeUndefined();
  });

  it('matches iOS frameworks, class prefixes at word boundaries and Swift modules', () => {
    expect(m.matchIosFramework('Payload/App.app/Frameworks/GoogleMobileAds.framework/GoogleMobileAds')?.sdk.name).toBe('AdMob');
    expect(m.matchIosFramework('googlemobileads')?.sdk.name).toBe('AdMob');
    expect(m.matchIosFramework('Other.framework')).toBeUndefined();
    expect(m.matchIosClass('GADBannerView')?.sdk.name).toBe('AdMob');
    expect(m.matchIosClass('GAD')?.sdk.name).toBe('AdMob');
    expect(m.matchIosClass('GADget')).toBeUndefined();
    expect(swiftModuleOf('_TtC9Alamofire7Session')).toBe('Alamofire');
    expect(m.matchIosClass('_TtC9Alamofire7Session')?.sdk.name).toBe('Alamofire');
    expect(m.matchIosClass('Alamofire.Session')?.sdk.name).toBe('Alamofire');
    expect(m.matchIosClass('MyApp.ViewController')).toBeUndefined();
  });

  it('matches ohpm names exactly or by scope', () => {
    const h = new SdkMatcher([defineSdk('Vendor kit', 'other', [], { ohpm: ['@vendor/*'] }), defineSdk('Axios', 'other', [], { ohpm: ['@ohos/axios'] })]);
    expect(h.matchOhpm('@ohos/axios')?.sdk.name).toBe('Axios');
    expect(h.matchOhpm('@vendor/anything')?.sdk.name).toBe('Vendor kit');
    expect(h.matchOhpm('@ohos/other')).toBeUndefined();
  });

  it('later definitions override earlier ones; attribution and collection', () => {
    const custom = new SdkMatcher([defineSdk('Umeng', 'statistics', ['com.umeng']), defineSdk('Umeng (custom)', 'other', ['com.umeng'])]);
    expect(custom.matchPackage('com.umeng.A')?.sdk.name).toBe('Umeng (custom)');
    expect(attributionOf(m.matchPackage('com.app.Main'))).toEqual({ kind: 'main' });
    expect(attributionOf(m.matchPackage('com.umeng.A'))).toEqual({ kind: 'sdk', name: 'Umeng' });
    const found = collectSdks(['com.app.Main', 'com.umeng.B', 'com.umeng.C', 'com.google.android.gms.ads.X'], (n) => m.matchPackage(n));
    expect(found).toEqual([
      { name: 'Umeng', category: 'statistics', matched: 'com.umeng' },
      { name: 'AdMob', category: 'advertising', matched: 'com.google.android.gms.ads' },
    ]);
  });

  it('handles very long and hostile names quickly', () => {
    const long = `com.${'a.'.repeat(100000)}B`;
    expect(m.matchPackage(long)).toBeUndefined();
    expect(swiftModuleOf('_TtC99999999999x')).toBeUndefined();
  });
});

describe('real sample', () => {
  const diva = CORPUS.diva;

  it.skipIf(!hasUnzip || !hasCorpus(diva))('DIVA classes.dex type descriptors: the support library is an SDK, the app body is MAIN', () => {
    // Test-only shortcut: type descriptors read straight from the DEX string data (the DEX reader is another module).
    const dex = unzipEntry(diva, 'classes.dex').toString('latin1');
    const descriptors = [...new Set(dex.match(/L[a-z][\w/$]*;/g) ?? [])];
    const m = defaultSdkMatcher();
    const sdks = collectSdks(descriptors, (d) => m.matchPackage(d));
    expect(sdks.map((s) => s.name)).toContain('Android Support Library');
    expect(attributionOf(m.matchPackage('Ljakhar/aseem/diva/MainActivity;'))).toEqual({ kind: 'main' });
    expect(descriptors.filter((d) => d.startsWith('Ljakhar/aseem/diva/')).every((d) => m.matchPackage(d) === undefined)).toBe(true);
  });
});
