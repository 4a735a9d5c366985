/**
 * Where an endpoint's host is operated, for the static hint of personal
 * information leaving mainland China (PIPL art. 38–39, GB/T 35273-2020 9.8,
 * 《数据出境安全评估办法》). Facts, with their sources:
 *
 * - Country-code top-level domains are ISO 3166-1 alpha-2 codes (IANA Root Zone
 *   Database, https://www.iana.org/domains/root/db), except `.uk` (GB) and `.eu`
 *   (the European Union). The ccTLDs that Google treats as generic because they are
 *   used worldwide (Google Search Central, "Managing multi-regional and multilingual
 *   sites", list of generic ccTLDs) say nothing about a country and are left out.
 * - Cloud regions in host names: AWS (docs.aws.amazon.com, "Regions and Zones" /
 *   service endpoints), Alibaba Cloud OSS (alibabacloud.com, "Regions and endpoints"),
 *   Tencent Cloud COS (cloud.tencent.com, "地域和访问域名"). Hong Kong, Macao and
 *   Taiwan are outside the mainland for data export (《数据出境安全评估办法》), so
 *   they count as abroad here.
 * - Services by domain: the operator's country from its own imprint / privacy policy
 *   (Google LLC, Meta Platforms, Microsoft, X Corp., Branch Metrics, Amplitude,
 *   Mixpanel, Twilio Segment, Functional Software (Sentry), OneSignal, AppLovin, Unity
 *   Technologies, Flurry/Yahoo, SmartBear (Bugsnag), New Relic, PayPal, Stripe,
 *   RevenueCat, Adjust GmbH, AppsFlyer Ltd., ironSource Ltd.) — and the mainland
 *   operators of the common Chinese SDKs and services (Tencent, Alibaba, Baidu,
 *   ByteDance, Umeng, Jiguang, Getui, AutoNavi, NetEase, Sina, Xiaomi, Huawei, vivo,
 *   OPPO, DCloud, iFlytek), which the result shows as domestic.
 * A host matched by none of these has no country: it is not judged (the result says
 * how many), and literal IP addresses are not located (no IP data is bundled).
 */

/** ISO 3166-1 alpha-2, or 'EU'. 'CN' is mainland China. */
export type CountryCode = string;

export interface HostCountry {
  country: CountryCode;
  /** How it was known: the operator, the cloud region, or the domain. */
  basis: string;
}

/** ccTLDs used worldwide (Google's list of generic ccTLDs): no country. */
const GENERIC_CCTLDS = new Set(['ad', 'as', 'bz', 'cc', 'cd', 'co', 'dj', 'fm', 'io', 'la', 'me', 'ms', 'nu', 'sc', 'sr', 'su', 'tv', 'tk', 'ws', 'ai', 'gg', 'ly', 'to', 'vc']);
const CCTLD_EXCEPTIONS: Record<string, CountryCode> = { uk: 'GB', eu: 'EU' };

/** Domain (and its subdomains) → operator's country and name. */
export const SERVICE_DOMAINS: Record<string, [CountryCode, string]> = {
  // United States
  'google.com': ['US', 'Google'], 'googleapis.com': ['US', 'Google'], 'gstatic.com': ['US', 'Google'], 'google-analytics.com': ['US', 'Google Analytics'],
  'googleadservices.com': ['US', 'Google Ads'], 'googlesyndication.com': ['US', 'Google AdSense'], 'doubleclick.net': ['US', 'Google DoubleClick'],
  'app-measurement.com': ['US', 'Firebase Analytics'], 'firebaseio.com': ['US', 'Firebase'], 'firebaseapp.com': ['US', 'Firebase'], 'crashlytics.com': ['US', 'Firebase Crashlytics'],
  'facebook.com': ['US', 'Meta'], 'facebook.net': ['US', 'Meta'], 'fbcdn.net': ['US', 'Meta'], 'instagram.com': ['US', 'Meta'],
  'twitter.com': ['US', 'X Corp.'], 'x.com': ['US', 'X Corp.'], 'twimg.com': ['US', 'X Corp.'],
  'microsoft.com': ['US', 'Microsoft'], 'appcenter.ms': ['US', 'Microsoft App Center'], 'live.com': ['US', 'Microsoft'],
  'branch.io': ['US', 'Branch Metrics'], 'app.link': ['US', 'Branch Metrics'], 'amplitude.com': ['US', 'Amplitude'], 'mixpanel.com': ['US', 'Mixpanel'],
  'segment.io': ['US', 'Segment'], 'segment.com': ['US', 'Segment'], 'sentry.io': ['US', 'Sentry'], 'onesignal.com': ['US', 'OneSignal'],
  'applovin.com': ['US', 'AppLovin'], 'unity3d.com': ['US', 'Unity'], 'unityads.unity3d.com': ['US', 'Unity Ads'], 'flurry.com': ['US', 'Flurry'],
  'bugsnag.com': ['US', 'Bugsnag'], 'newrelic.com': ['US', 'New Relic'], 'nr-data.net': ['US', 'New Relic'], 'paypal.com': ['US', 'PayPal'],
  'stripe.com': ['US', 'Stripe'], 'revenuecat.com': ['US', 'RevenueCat'], 'vungle.com': ['US', 'Vungle'], 'chartboost.com': ['US', 'Chartboost'],
  // Europe and elsewhere
  'adjust.com': ['DE', 'Adjust'], 'adjust.io': ['DE', 'Adjust'], 'appsflyer.com': ['IL', 'AppsFlyer'], 'appsflyersdk.com': ['IL', 'AppsFlyer'],
  'ironsrc.com': ['IL', 'ironSource'], 'ironsrc.mobi': ['IL', 'ironSource'],
  // Mainland China
  'qq.com': ['CN', 'Tencent'], 'weixin.qq.com': ['CN', 'Tencent WeChat'], 'tencent.com': ['CN', 'Tencent'], 'gtimg.com': ['CN', 'Tencent'], 'tencentcloudapi.com': ['CN', 'Tencent Cloud'],
  'alipay.com': ['CN', 'Alipay'], 'taobao.com': ['CN', 'Alibaba'], 'tmall.com': ['CN', 'Alibaba'], 'aliyun.com': ['CN', 'Alibaba Cloud'], 'alicdn.com': ['CN', 'Alibaba'],
  'baidu.com': ['CN', 'Baidu'], 'bdstatic.com': ['CN', 'Baidu'], 'bytedance.com': ['CN', 'ByteDance'], 'snssdk.com': ['CN', 'ByteDance'], 'pangolin-sdk-toutiao.com': ['CN', 'ByteDance Pangle'],
  'umeng.com': ['CN', 'Umeng'], 'umengcloud.com': ['CN', 'Umeng'], 'jpush.cn': ['CN', 'Jiguang'], 'jiguang.cn': ['CN', 'Jiguang'], 'getui.com': ['CN', 'Getui'], 'igexin.com': ['CN', 'Getui'],
  'amap.com': ['CN', 'AutoNavi'], 'autonavi.com': ['CN', 'AutoNavi'], '163.com': ['CN', 'NetEase'], '126.net': ['CN', 'NetEase'], 'netease.com': ['CN', 'NetEase'],
  'weibo.com': ['CN', 'Sina Weibo'], 'weibo.cn': ['CN', 'Sina Weibo'], 'xiaomi.com': ['CN', 'Xiaomi'], 'mi.com': ['CN', 'Xiaomi'], 'huawei.com': ['CN', 'Huawei'],
  'vivo.com.cn': ['CN', 'vivo'], 'oppomobile.com': ['CN', 'OPPO'], 'dcloud.net.cn': ['CN', 'DCloud'], 'iflytek.com': ['CN', 'iFlytek'], 'xfyun.cn': ['CN', 'iFlytek'],
};

/** Cloud region codes in host names → country. */
const REGION_COUNTRY: [RegExp, CountryCode][] = [
  [/^(?:cn-(?:north|northwest)-\d)$/, 'CN'], // AWS China (amazonaws.com.cn)
  [/^us-(?:east|west|gov-east|gov-west)-\d$/, 'US'], [/^ca-(?:central|west)-\d$/, 'CA'], [/^sa-east-\d$/, 'BR'],
  [/^eu-west-1$/, 'IE'], [/^eu-west-2$/, 'GB'], [/^eu-west-3$/, 'FR'], [/^eu-central-1$/, 'DE'], [/^eu-central-2$/, 'CH'], [/^eu-north-1$/, 'SE'], [/^eu-south-1$/, 'IT'], [/^eu-south-2$/, 'ES'],
  [/^ap-east-1$/, 'HK'], [/^ap-northeast-1$/, 'JP'], [/^ap-northeast-2$/, 'KR'], [/^ap-northeast-3$/, 'JP'], [/^ap-southeast-1$/, 'SG'], [/^ap-southeast-2$/, 'AU'], [/^ap-southeast-3$/, 'ID'], [/^ap-south-1$/, 'IN'],
  [/^me-(?:south|central)-1$/, 'AE'], [/^af-south-1$/, 'ZA'],
];
/** Alibaba Cloud OSS `oss-<region>` and Tencent COS `<region>` names. */
const ALIYUN_REGION: [RegExp, CountryCode][] = [[/^cn-hongkong$/, 'HK'], [/^cn-/, 'CN'], [/^us-/, 'US'], [/^ap-southeast-1$/, 'SG'], [/^ap-southeast-[23567]$/, 'MY'], [/^ap-northeast-1$/, 'JP'], [/^ap-south-1$/, 'IN'], [/^eu-central-1$/, 'DE'], [/^eu-west-1$/, 'GB'], [/^me-east-1$/, 'AE']];
const TENCENT_REGION: [RegExp, CountryCode][] = [[/^ap-hongkong$/, 'HK'], [/^ap-(?:beijing|shanghai|guangzhou|chengdu|chongqing|nanjing|shenzhen-fsi|shanghai-fsi|beijing-fsi)$/, 'CN'], [/^ap-singapore$/, 'SG'], [/^ap-tokyo$/, 'JP'], [/^ap-seoul$/, 'KR'], [/^ap-bangkok$/, 'TH'], [/^ap-mumbai$/, 'IN'], [/^na-(?:siliconvalley|ashburn)$/, 'US'], [/^na-toronto$/, 'CA'], [/^eu-frankfurt$/, 'DE']];

const lookup = (table: [RegExp, CountryCode][], region: string): CountryCode | undefined => table.find(([re]) => re.test(region))?.[1];

/** The country of a host name, or undefined when nothing tells (IP addresses included). */
export function hostCountry(hostInput: string): HostCountry | undefined {
  const host = hostInput.toLowerCase().replace(/\.$/, '');
  if (!/^[a-z0-9.-]+$/.test(host) || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host) || !host.includes('.')) return undefined;
  const labels = host.split('.');
  // Cloud storage and compute endpoints name their region.
  if (host.endsWith('.amazonaws.com.cn')) return { country: 'CN', basis: 'AWS China region' };
  if (host.endsWith('.amazonaws.com')) {
    const region = labels.find((l) => REGION_COUNTRY.some(([re]) => re.test(l)));
    const country = region ? lookup(REGION_COUNTRY, region) : 'US'; // no region: the global endpoints in us-east-1
    return { country: country!, basis: region ? `AWS ${region}` : 'AWS (us-east-1)' };
  }
  if (host.endsWith('.aliyuncs.com')) {
    const region = labels.map((l) => /^oss-(.+?)(?:-internal)?$/.exec(l)?.[1] ?? (/^(?:cn|us|ap|eu|me)-[a-z0-9-]+$/.test(l) ? l : undefined)).find(Boolean);
    const country = region ? lookup(ALIYUN_REGION, region) : undefined;
    return country ? { country, basis: `Alibaba Cloud ${region}` } : { country: 'CN', basis: 'Alibaba Cloud' };
  }
  if (host.endsWith('.myqcloud.com')) {
    const region = labels.find((l) => TENCENT_REGION.some(([re]) => re.test(l)));
    const country = region ? lookup(TENCENT_REGION, region) : undefined;
    return country ? { country, basis: `Tencent Cloud ${region}` } : { country: 'CN', basis: 'Tencent Cloud' };
  }
  for (let i = 0; i < labels.length - 1; i++) {
    const domain = labels.slice(i).join('.');
    const known = SERVICE_DOMAINS[domain];
    if (known) return { country: known[0], basis: known[1] };
  }
  const tld = labels.at(-1)!;
  if (CCTLD_EXCEPTIONS[tld]) return { country: CCTLD_EXCEPTIONS[tld]!, basis: `.${tld}` };
  if (tld.length === 2 && !GENERIC_CCTLDS.has(tld)) return { country: tld.toUpperCase(), basis: `.${tld}` };
  return undefined;
}

/** Whether a country is outside mainland China (Hong Kong, Macao and Taiwan included, as for data export). */
export function isAbroad(country: CountryCode): boolean {
  return country !== 'CN';
}
