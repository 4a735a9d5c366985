import { describe, expect, it } from 'vitest';
import { corpusEntriesAvailable, corpusHapEntry } from '../test-utils/corpus.ts';
import { readPackInfo } from './index.ts';

describe('readPackInfo', () => {
  it('reads an .app bundle summary with several packages', () => {
    const p = readPackInfo(
      JSON.stringify({
        summary: { app: { bundleName: 'com.b', version: { code: 1, name: '1' } }, modules: [{ distro: { moduleName: 'entry', moduleType: 'entry' } }, { distro: { moduleName: 'lib', moduleType: 'shared' } }] },
        packages: [{ name: 'entry-default', moduleType: 'entry' }, { name: 'lib', moduleType: 'shared' }],
      }),
    );
    expect(p.modules.map((m) => m.moduleType)).toEqual(['entry', 'shared']);
    expect(p.packages.map((x) => x.name)).toEqual(['entry-default', 'lib']);
  });

  it.skipIf(!corpusEntriesAvailable)('reads the corpus HAP pack.info', () => {
    const p = readPackInfo(corpusHapEntry('pack.info'));
    expect(p.issues).toEqual([]);
    expect(p.bundleName).toBe('com.example.helloworld');
    expect(p.versionName).toBe('1.0.0');
    expect(p.modules[0]).toMatchObject({ name: 'entry', moduleType: 'entry', mainAbility: 'EntryAbility', apiCompatible: 9, apiTarget: 9 });
    expect(p.packages[0]?.name).toBe('entry-default');
  });
});
