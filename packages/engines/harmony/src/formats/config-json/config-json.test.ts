import { FormatError } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { readConfigJson } from './index.ts';

const faConfig = {
  app: { bundleName: 'com.fa.demo', vendor: 'fa', version: { code: 3, name: '1.2.0' }, apiVersion: { compatible: 5, target: 6, releaseType: 'Release' } },
  deviceConfig: {
    default: {
      debug: true,
      network: { cleartextTraffic: true, securityConfig: { domainSettings: { cleartextPermitted: true, domains: [{ subdomains: true, name: 'example.com' }] } } },
    },
    phone: 'bad',
  },
  module: {
    package: 'com.fa.demo',
    name: '.MyApplication',
    mainAbility: 'com.fa.demo.MainAbility',
    deviceType: ['phone'],
    distro: { moduleType: 'entry', moduleName: 'entry' },
    abilities: [
      { name: 'com.fa.demo.MainAbility', type: 'page', visible: true, skills: [{ actions: ['action.system.home'], entities: ['entity.system.home'] }] },
      { name: 'com.fa.demo.DataAbility', type: 'data', visible: true, uri: 'dataability://com.fa.demo.DataAbility' },
    ],
    reqPermissions: [{ name: 'ohos.permission.LOCATION', reason: 'map', usedScene: { ability: ['com.fa.demo.MainAbility'], when: 'always' } }],
  },
};

describe('readConfigJson (FA model)', () => {
  it('reads app versions, deviceConfig network settings, abilities and reqPermissions', () => {
    const c = readConfigJson(JSON.stringify(faConfig));
    expect(c.app).toMatchObject({ bundleName: 'com.fa.demo', versionCode: 3, versionName: '1.2.0', apiCompatible: 5, apiTarget: 6 });
    expect(c.deviceConfig['default']?.debug).toBe(true);
    expect(c.deviceConfig['default']?.network?.cleartextTraffic).toBe(true);
    expect(c.deviceConfig['default']?.network?.securityConfig?.domainSettings).toEqual({ cleartextPermitted: true, domains: [{ name: 'example.com', subdomains: true }] });
    expect(c.module.abilities.map((a) => [a.type, a.visible])).toEqual([
      ['page', true],
      ['data', true],
    ]);
    expect(c.module.abilities[1]?.uri).toBe('dataability://com.fa.demo.DataAbility');
    expect(c.module.reqPermissions[0]?.usedScene).toEqual({ abilities: ['com.fa.demo.MainAbility'], when: 'always' });
    expect(c.module.moduleType).toBe('entry');
    expect(c.issues).toEqual(['$.deviceConfig.phone: expected object']);
  });

  it('refuses what is not a JSON object', () => {
    expect(() => readConfigJson('"x"')).toThrow(FormatError);
  });
});
