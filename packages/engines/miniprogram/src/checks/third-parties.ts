/**
 * Known third-party services by domain (statistics, maps, cloud storage,
 * monitoring), and platform APIs that only a server should call. Matching
 * is on the URL host: the domain itself or any sub-domain of it.
 */
import type { SdkCategory } from '@citadel/contracts';

export interface ThirdPartyService {
  name: string;
  category: SdkCategory;
  domains: readonly string[];
}

export const THIRD_PARTY_SERVICES: readonly ThirdPartyService[] = [
  { name: 'Baidu Tongji', category: 'statistics', domains: ['hm.baidu.com'] },
  { name: 'Umeng', category: 'statistics', domains: ['umeng.com', 'umengcloud.com', 'umindex.com'] },
  { name: 'GrowingIO', category: 'statistics', domains: ['growingio.com'] },
  { name: 'Sensors Data', category: 'statistics', domains: ['sensorsdata.cn', 'sensorsdata.com'] },
  { name: 'TalkingData', category: 'statistics', domains: ['talkingdata.com', 'talkingdata.net'] },
  { name: 'Aldwx (Aladdin)', category: 'statistics', domains: ['aldwx.com'] },
  { name: 'Zhuge', category: 'statistics', domains: ['zhugeio.com'] },
  { name: 'Tencent Location Service', category: 'map', domains: ['apis.map.qq.com'] },
  { name: 'AMap', category: 'map', domains: ['restapi.amap.com', 'webapi.amap.com'] },
  { name: 'Baidu Map', category: 'map', domains: ['api.map.baidu.com'] },
  { name: 'Alibaba Cloud OSS', category: 'other', domains: ['aliyuncs.com'] },
  { name: 'Tencent Cloud COS', category: 'other', domains: ['myqcloud.com'] },
  { name: 'Qiniu', category: 'other', domains: ['qiniucdn.com', 'qbox.me', 'qiniup.com'] },
  { name: 'Sentry', category: 'other', domains: ['sentry.io'] },
  { name: 'Fundebug', category: 'other', domains: ['fundebug.net', 'fundebug.com'] },
];

export interface ServerOnlyApi {
  /** Host, and a path prefix when only part of the host is server-only. */
  host: string;
  path?: string;
  what: string;
}

export const SERVER_ONLY_APIS: readonly ServerOnlyApi[] = [
  { host: 'api.weixin.qq.com', path: '/sns/jscode2session', what: 'WeChat code2Session (needs the AppSecret)' },
  { host: 'api.weixin.qq.com', path: '/cgi-bin/token', what: 'WeChat access_token (needs the AppSecret)' },
  { host: 'api.weixin.qq.com', path: '/cgi-bin/stable_token', what: 'WeChat stable access_token (needs the AppSecret)' },
  { host: 'api.mch.weixin.qq.com', what: 'WeChat Pay merchant API (needs the merchant key)' },
  { host: 'openapi.alipay.com', path: '/gateway.do', what: 'Alipay open-platform gateway (needs the application private key)' },
];

export function hostMatches(host: string, domain: string): boolean {
  const h = host.toLowerCase();
  return h === domain || h.endsWith(`.${domain}`);
}

export function thirdPartyOf(host: string): ThirdPartyService | undefined {
  return THIRD_PARTY_SERVICES.find((s) => s.domains.some((d) => hostMatches(host, d)));
}

export function serverOnlyApiOf(host: string, path: string): ServerOnlyApi | undefined {
  return SERVER_ONLY_APIS.find((a) => host.toLowerCase() === a.host && (!a.path || path.startsWith(a.path)));
}
