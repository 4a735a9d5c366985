import { describe, expect, it } from 'vitest';
import { requestKey, sourceKey } from './startup.ts';

describe('HarmonyOS record and module-request names', () => {
  it('gives one source key for the bundle/module/path and the normalized OHM url record names', () => {
    expect(sourceKey('com.example.app/entry/ets/pages/Index')).toBe('ets/pages/Index');
    expect(sourceKey('&entry/src/main/ets/pages/Index&1.0.0')).toBe('ets/pages/Index');
    expect(sourceKey('&entry/src/main/ets/pages/Index&')).toBe('ets/pages/Index');
    expect(sourceKey('@ohos:geoLocationManager')).toBeUndefined();
  });

  it('resolves relative, @bundle and @normalized requests to the app\'s own files only', () => {
    expect(requestKey('ets/entryability/EntryAbility', '../common/Services')).toBe('ets/common/Services');
    expect(requestKey('ets/pages/Index', './util/Log.ets')).toBe('ets/pages/util/Log');
    expect(requestKey('ets/pages/Index', '@bundle:com.example.app/entry/ets/common/Sdk')).toBe('ets/common/Sdk');
    expect(requestKey('ets/pages/Index', '@normalized:N&&&entry/src/main/ets/common/Sdk&')).toBe('ets/common/Sdk');
    expect(requestKey('ets/pages/Index', '@ohos:router')).toBeUndefined();
    expect(requestKey('ets/pages/Index', '@umeng/common')).toBeUndefined();
  });
});
