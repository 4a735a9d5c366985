import { describe, expect, it } from 'vitest';
import { FormatError } from '@citadel/engine-core';
import { parseArsc } from './parse-arsc.ts';
import { writeArsc } from '../testing/arsc-writer.ts';
import { corpusApk, corpusAvailable, extractEntry } from '../testing/corpus.ts';

const table = writeArsc('com.example.app', [
  { type: 'string', key: 'app_name', values: { '': { string: 'Example' }, fr: { string: 'Exemple' }, zh: { string: '示例' } } },
  { type: 'string', key: 'alias', values: { '': { ref: 0x7f010000 } } },
  { type: 'xml', key: 'network_security_config', values: { '': { string: 'res/xml/network_security_config.xml' } } },
]);

describe('parseArsc', () => {
  it('resolves a label in the default configuration and lists its translations', () => {
    const t = parseArsc(table);
    expect(t.packages).toEqual([{ id: 0x7f, name: 'com.example.app' }]);
    expect(t.resolveString(0x7f010000)).toBe('Example');
    expect(t.resourceName(0x7f010000)).toBe('string/app_name');
    expect(t.localizedStrings(0x7f010000)).toEqual([
      { qualifiers: '', value: 'Example' },
      { qualifiers: 'fr', value: 'Exemple' },
      { qualifiers: 'zh', value: '示例' },
    ]);
    expect(t.resolveString(0x7f010000, 'fr')).toBe('Exemple');
  });

  it('follows references and resolves res/xml file paths', () => {
    const t = parseArsc(table);
    expect(t.resolveString(0x7f010001)).toBe('Example');
    expect(t.resolveFilePath(0x7f020000)).toBe('res/xml/network_security_config.xml');
    expect(t.findId('xml', 'network_security_config')).toBe(0x7f020000);
    expect(t.values(0x7f7f0000)).toEqual([]);
    expect(t.values(0x01010000)).toEqual([]);
  });

  it('stops on reference loops', () => {
    const loop = parseArsc(writeArsc('p', [{ type: 'string', key: 'a', values: { '': { ref: 0x7f010000 } } }]));
    expect(loop.resolveString(0x7f010000)).toBeUndefined();
    expect(loop.warnings.join()).toMatch(/too long/);
  });

  it('refuses non-tables', () => {
    expect(() => parseArsc(new Uint8Array(8))).toThrow(FormatError);
    expect(() => parseArsc(Uint8Array.from([3, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0]))).toThrow(/not a resource table/);
  });
});

describe('resources.arsc of the real corpus', () => {
  it.skipIf(!corpusAvailable('diva.apk'))('DIVA: app label and localized AppCompat strings', async () => {
    const t = parseArsc(await extractEntry(corpusApk('diva.apk'), 'resources.arsc'));
    expect(t.packages).toEqual([{ id: 0x7f, name: 'jakhar.aseem.diva' }]);
    expect(t.resolveString(0x7f060023)).toBe('Diva');
    const id = t.findId('string', 'abc_action_mode_done')!;
    expect(id).toBeDefined();
    const localized = t.localizedStrings(id);
    expect(localized.length).toBeGreaterThan(50);
    expect(localized.find((l) => l.qualifiers === '')?.value).toBe('Done');
    expect(localized.some((l) => l.qualifiers.startsWith('zh'))).toBe(true);
    expect(t.resolveFilePath(0x7f030000)).toMatch(/^res\/mipmap-.*\/ic_launcher\.png$/);
  });

  it.skipIf(!corpusAvailable('uncrackable-level1.apk'))('UnCrackable Level 1: app label', async () => {
    const t = parseArsc(await extractEntry(corpusApk('uncrackable-level1.apk'), 'resources.arsc'));
    expect(t.resolveString(0x7f060001)).toBe('Uncrackable1');
    expect(t.resolveFilePath(t.findId('layout', 'activity_main')!)).toBe('res/layout/activity_main.xml');
  });
});
