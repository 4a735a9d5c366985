import { describe, expect, it } from 'vitest';
import { hostCountry, isAbroad } from './host-countries.ts';

describe('host countries (data/host-countries.ts)', () => {
  it('places hosts by operator, cloud region and country-code domain', () => {
    expect(hostCountry('api.mixpanel.com')).toEqual({ country: 'US', basis: 'Mixpanel' });
    expect(hostCountry('ulogs.umengcloud.com')?.country).toBe('CN');
    expect(hostCountry('restapi.amap.com')?.country).toBe('CN');
    expect(hostCountry('bucket.s3.eu-central-1.amazonaws.com')).toEqual({ country: 'DE', basis: 'AWS eu-central-1' });
    expect(hostCountry('s3.amazonaws.com')?.country).toBe('US');
    expect(hostCountry('x.s3.cn-north-1.amazonaws.com.cn')?.country).toBe('CN');
    expect(hostCountry('b.oss-cn-hongkong.aliyuncs.com')).toEqual({ country: 'HK', basis: 'Alibaba Cloud cn-hongkong' });
    expect(hostCountry('b.oss-cn-shanghai.aliyuncs.com')?.country).toBe('CN');
    expect(hostCountry('b.oss-us-west-1.aliyuncs.com')?.country).toBe('US');
    expect(hostCountry('b-125.cos.ap-singapore.myqcloud.com')?.country).toBe('SG');
    expect(hostCountry('b-125.cos.ap-guangzhou.myqcloud.com')?.country).toBe('CN');
    expect(hostCountry('www.example.co.jp')?.country).toBe('JP');
    expect(hostCountry('www.bbc.co.uk')?.country).toBe('GB');
    expect(hostCountry('shop.example.com.cn')?.country).toBe('CN');
  });

  it('leaves out what says nothing: generic ccTLDs, gTLDs, IP addresses, bare names', () => {
    for (const h of ['api.example.io', 'cdn.example.tv', 'api.example.com', 'api.example.net', '203.0.113.7', 'localhost', 'bad host']) expect(hostCountry(h), h).toBeUndefined();
  });

  it('counts Hong Kong, Macao and Taiwan as abroad for data export', () => {
    expect(['HK', 'MO', 'TW', 'US'].map(isAbroad)).toEqual([true, true, true, true]);
    expect(isAbroad('CN')).toBe(false);
  });
});
