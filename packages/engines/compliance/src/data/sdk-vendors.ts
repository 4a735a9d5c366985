/**
 * What a privacy policy calls an SDK, and who provides it, for the SDKs of
 * engine-core's library (keyed by the library's name). Sources: each
 * vendor's own 合规指南 / SDK 隐私政策 page (the names and operating company
 * it tells apps to list in their third-party SDK table, e.g. 极光 "JPush
 * 极光推送 深圳市和讯华谷信息技术有限公司", 高德 "高德开放平台 高德软件有限公司",
 * 友盟+ "友盟同欣（北京）科技有限公司"). SDKs not listed here are matched
 * in a policy by the words of their library name.
 */
import { type SdkDefinition, defineSdk } from '@citadel/engine-core';


export interface SdkVendor {
  /** Operating company as the vendor names it. */
  vendor: string;
  /** Names a policy may use for it (any one found counts as disclosed); case-insensitive. */
  aliases: readonly string[];
}

const v = (vendor: string, ...aliases: string[]): SdkVendor => ({ vendor, aliases });

export const SDK_VENDORS: Readonly<Record<string, SdkVendor>> = {
  'JPush (Jiguang)': v('深圳市和讯华谷信息技术有限公司', '极光', 'JPush', 'Jiguang', 'JIGUANG'),
  'JCore (Jiguang)': v('深圳市和讯华谷信息技术有限公司', '极光', 'JCore', 'Jiguang', 'JPush'),
  'JVerification (Jiguang)': v('深圳市和讯华谷信息技术有限公司', '极光', 'JVerification', '极光认证'),
  'Getui Push': v('每日互动股份有限公司', '个推', 'Getui', 'igexin', '每日互动'),
  'Umeng Analytics': v('友盟同欣（北京）科技有限公司', '友盟', 'Umeng', 'UMeng'),
  'Umeng Push': v('友盟同欣（北京）科技有限公司', '友盟', 'Umeng'),
  'Umeng Share': v('友盟同欣（北京）科技有限公司', '友盟', 'Umeng'),
  'Umeng APM (U-APM)': v('友盟同欣（北京）科技有限公司', '友盟', 'Umeng', 'U-APM'),
  'Alibaba Agoo Push (Umeng/Aliyun channel)': v('阿里巴巴集团', '友盟', 'agoo', 'ACCS', '阿里云推送'),
  'Tencent Bugly': v('深圳市腾讯计算机系统有限公司', 'Bugly'),
  'Tencent Beacon': v('深圳市腾讯计算机系统有限公司', '灯塔', 'Beacon'),
  'Tencent MTA': v('深圳市腾讯计算机系统有限公司', '腾讯移动分析', 'MTA'),
  'Tencent X5 WebView (TBS)': v('深圳市腾讯计算机系统有限公司', '腾讯浏览服务', 'TBS', 'X5'),
  'Tencent Ads (GDT, YLH)': v('深圳市腾讯计算机系统有限公司', '优量汇', '广点通', 'GDT'),
  'Tencent Location': v('深圳市腾讯计算机系统有限公司', '腾讯定位', '腾讯位置服务'),
  'Tencent Map': v('深圳市腾讯计算机系统有限公司', '腾讯地图', '腾讯位置服务'),
  'Tencent Push (TPNS, XG)': v('深圳市腾讯计算机系统有限公司', '腾讯移动推送', '信鸽', 'TPNS'),
  'WeChat OpenSDK': v('深圳市腾讯计算机系统有限公司', '微信', 'WeChat', 'OpenSDK'),
  'QQ Connect (Tencent Open SDK)': v('深圳市腾讯计算机系统有限公司', 'QQ', '腾讯开放平台', '互联'),
  'Amap (AutoNavi)': v('高德软件有限公司', '高德', 'Amap', 'AutoNavi', 'Gaode'),
  'Amap Location': v('高德软件有限公司', '高德', 'Amap', 'AutoNavi'),
  'Baidu Map': v('北京百度网讯科技有限公司', '百度地图', 'Baidu Map', '百度LBS'),
  'Baidu Location': v('北京百度网讯科技有限公司', '百度定位', '百度地图', 'Baidu Location'),
  'Baidu Mobile Statistics': v('北京百度网讯科技有限公司', '百度统计', '百度移动统计'),
  'Baidu Mobile Ads': v('北京百度网讯科技有限公司', '百度联盟', '百青藤', 'Baidu Ads'),
  'Pangle (CSJ, ByteDance Ads)': v('北京巨量引擎网络技术有限公司', '穿山甲', 'Pangle', 'CSJ'),
  'GroMore (ByteDance mediation)': v('北京巨量引擎网络技术有限公司', 'GroMore', '穿山甲'),
  'Kuaishou Ads': v('北京快手广告有限公司', '快手', 'Kuaishou'),
  'Alipay SDK': v('支付宝（中国）网络技术有限公司', '支付宝', 'Alipay'),
  'UnionPay': v('中国银联股份有限公司', '银联', 'UnionPay'),
  'iFlytek Speech (MSC)': v('科大讯飞股份有限公司', '讯飞', '科大讯飞', 'iFlytek'),
  'uni-app (DCloud)': v('数字天堂（北京）网络技术有限公司', 'DCloud', 'uni-app', '数字天堂', 'HBuilder'),
  'Sina Weibo SDK': v('北京微梦创科网络技术有限公司', '微博', 'Weibo'),
  'ShareSDK (MobTech)': v('上海游昆信息技术有限公司', 'ShareSDK', 'MobTech', '袤博'),
  'MobPush (MobTech)': v('上海游昆信息技术有限公司', 'MobPush', 'MobTech'),
  'MobTech common': v('上海游昆信息技术有限公司', 'MobTech', 'MobSDK', '袤博'),
  'Xiaomi Push': v('北京小米移动软件有限公司', '小米推送', 'MiPush', '小米'),
  'Huawei Push': v('华为软件技术有限公司', '华为推送', 'HMS Push', 'Push Kit', '华为'),
  'Huawei HMS Core': v('华为软件技术有限公司', 'HMS', '华为'),
  'OPPO Push (HeyTap)': v('广东欢太科技有限公司', 'OPPO', 'HeyTap'),
  'vivo Push': v('维沃移动通信有限公司', 'vivo'),
  'Meizu Push': v('珠海市魅族通讯设备有限公司', '魅族', 'Meizu'),
  'Shumei device fingerprint': v('北京数美时代科技有限公司', '数美', 'Shumei'),
  'Tongdun device fingerprint': v('同盾科技有限公司', '同盾', 'Tongdun'),
  'TalkingData': v('北京腾云天下科技有限公司', 'TalkingData', '腾云天下'),
  'Sensors Data': v('神策网络科技（北京）有限公司', '神策', 'Sensors'),
  'GrowingIO': v('北京易数科技有限公司', 'GrowingIO'),
  'China Mobile one-click login': v('中移互联网有限公司', '中国移动', '一键登录', '认证SDK'),
};

/** The names to look for in a policy: the table's aliases, else the distinctive words of the library name. */
export function policyNames(sdkName: string): string[] {
  const known = SDK_VENDORS[sdkName];
  if (known) return [...known.aliases];
  const base = sdkName.replace(/\(.*?\)/g, ' ').trim();
  const words = base.split(/[\s/]+/).filter((w) => w.length >= 4 && !/^(?:sdk|android|mobile|google|library|common|core|kit)$/i.test(w));
  return [base, ...words];
}

/**
 * Libraries the app is built with that send nothing to a third party (Google's
 * support and Jetpack libraries, the Kotlin runtime): their calls are listed
 * with their name, but they are not third-party SDKs a policy must name.
 */
export const BUILD_LIBRARIES: ReadonlySet<string> = new Set(['AndroidX', 'Android Support Library', 'Material Components', 'Kotlin standard library', 'Kotlin coroutines', 'Kotlin serialization']);

/**
 * Package prefixes the built-in SDK library lacks, seen in the real samples
 * (the obfuscated core of iFlytek's MSC lives under com.iflytek.a…, outside
 * com.iflytek.cloud/com.iflytek.msc). They go before the library, so an
 * administrator's entries still win.
 */
export const EXTRA_SDK_PREFIXES: readonly SdkDefinition[] = [defineSdk('iFlytek Speech (MSC)', 'other', ['com.iflytek'])];
