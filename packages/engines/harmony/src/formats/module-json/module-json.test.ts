import { FormatError } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { corpusEntriesAvailable, corpusHapEntry } from '../test-utils/corpus.ts';
import { readModuleJson } from './index.ts';

describe('readModuleJson', () => {
  const planted = {
    app: { bundleName: 'com.plant.app', versionCode: 2, versionName: '2.0', debug: 'true', minAPIVersion: 10, targetAPIVersion: 12, apiReleaseType: 'Release' },
    module: {
      name: 'entry',
      type: 'entry',
      deviceTypes: ['phone', 'tablet'],
      abilities: [
        { name: 'EntryAbility', srcEntrance: './ets/EntryAbility.ts', visible: true, skills: [{ actions: ['ohos.want.action.viewData'], entities: ['entity.system.browsable'], uris: [{ scheme: 'https', host: 'plant.example', port: 8443 }] }] },
        { name: 'Hidden', exported: false, permissions: ['ohos.permission.X'] },
      ],
      extensionAbilities: [{ name: 'Share', type: 'dataShare', exported: true, uri: 'datashare://com.plant.app/share', readPermission: 'ohos.permission.READ' }],
      requestPermissions: [
        { name: 'ohos.permission.CAMERA', reason: '$string:camera_reason', usedScene: { abilities: ['EntryAbility'], when: 'inuse' } },
        { name: 'ohos.permission.INTERNET' },
        { reason: 'nameless' },
      ],
    },
  };

  it('reads app, abilities, extension abilities and permission requests', () => {
    const m = readModuleJson(JSON.stringify(planted));
    expect(m.app.bundleName).toBe('com.plant.app');
    expect(m.app.debug).toBe(true);
    expect(m.app.minAPIVersion).toBe(10);
    expect(m.module.deviceTypes).toEqual(['phone', 'tablet']);
    const [entry, hidden] = m.module.abilities;
    expect(entry?.exported).toBe(true); // from the older "visible"
    expect(entry?.srcEntry).toBe('./ets/EntryAbility.ts');
    expect(entry?.skills[0]?.uris[0]).toMatchObject({ scheme: 'https', host: 'plant.example', port: '8443' });
    expect(hidden?.exported).toBe(false);
    expect(hidden?.permissions).toEqual(['ohos.permission.X']);
    expect(m.module.extensionAbilities[0]).toMatchObject({ name: 'Share', type: 'dataShare', exported: true, readPermission: 'ohos.permission.READ' });
    expect(m.module.requestPermissions.map((p) => p.name)).toEqual(['ohos.permission.CAMERA', 'ohos.permission.INTERNET']);
    expect(m.module.requestPermissions[0]?.usedScene).toEqual({ abilities: ['EntryAbility'], when: 'inuse' });
    expect(m.issues).toEqual(['$.app.debug: boolean written as the string "true"', '$.module.requestPermissions[2]: permission request without a name']);
  });

  it('reports unknown shapes instead of failing', () => {
    const m = readModuleJson(JSON.stringify({ app: { bundleName: 7, debug: 1 }, module: { abilities: 'none', deviceTypes: [1, 'phone'] } }));
    expect(m.app.bundleName).toBeUndefined();
    expect(m.module.abilities).toEqual([]);
    expect(m.module.deviceTypes).toEqual(['phone']);
    expect(m.issues.length).toBe(4);
    expect(readModuleJson('{}').issues).toEqual(['$.app: missing', '$.module: missing']);
  });

  it('refuses non-objects, invalid JSON and oversized input with FormatError', () => {
    expect(() => readModuleJson('[1]')).toThrow(FormatError);
    expect(() => readModuleJson('{"app":')).toThrow(FormatError);
    expect(() => readModuleJson(new Uint8Array(9 * 1024 * 1024).fill(0x20))).toThrow(/over the limit/);
  });
});

describe.skipIf(!corpusEntriesAvailable)('module.json of the corpus HAP', () => {
  it('has the bundle name, debug true and an exported EntryAbility', () => {
    const m = readModuleJson(corpusHapEntry('module.json'));
    expect(m.issues).toEqual([]);
    expect(m.app.bundleName).toBe('com.example.helloworld');
    expect(m.app.debug).toBe(true);
    expect(m.app.versionCode).toBe(1000000);
    expect(m.app.minAPIVersion).toBe(9);
    expect(m.app.labelId).toBe(16777216);
    expect(m.module.type).toBe('entry');
    expect(m.module.deviceTypes).toEqual(['default', 'tablet']);
    const entry = m.module.abilities.find((a) => a.name === 'EntryAbility');
    expect(entry?.exported).toBe(true);
    expect(entry?.label).toBe('$string:EntryAbility_label');
    expect(entry?.skills[0]?.actions).toEqual(['action.system.home']);
    expect(m.module.requestPermissions).toEqual([]);
  });
});
