import { FormatError } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { corpusEntriesAvailable, corpusHapEntry, mutations } from '../test-utils/corpus.ts';
import { buildResourcesIndex, packKey } from '../test-utils/resource-index-writer.ts';
import { findResource, parseResourcesIndex, resolveResource } from './index.ts';

const STRING = 9;
const table = buildResourcesIndex([
  {
    keys: [],
    items: [
      { id: 0x01000000, type: STRING, name: 'app_name', value: 'Planted' },
      { id: 0x01000001, type: STRING, name: 'label', value: '$string:app_name' },
      { id: 0x01000002, type: STRING, name: 'loop', value: '$string:loop' },
    ],
  },
  {
    keys: [
      [0, packKey('zh')],
      [1, packKey('CN')],
    ],
    items: [{ id: 0x01000000, type: STRING, name: 'app_name', value: '种植' }],
  },
  { keys: [[4, 0], [6, 0]], items: [] },
]);

describe('parseResourcesIndex and resolveResource', () => {
  it('reads configs with readable qualifiers and items', () => {
    const idx = parseResourcesIndex(table);
    expect(idx.version).toBe('Restool 2.010');
    expect(idx.configs.map((c) => c.qualifier)).toEqual(['base', 'zh_CN', 'phone-dark']);
    expect(idx.configs[0]?.entries.map((e) => e.name)).toEqual(['app_name', 'label', 'loop']);
  });

  it('resolves references, ids and chains for the default and a chosen locale', () => {
    const idx = parseResourcesIndex(table);
    expect(resolveResource(idx, '$string:app_name')).toBe('Planted');
    expect(resolveResource(idx, '$string:label')).toBe('Planted');
    expect(resolveResource(idx, 0x01000000)).toBe('Planted');
    expect(resolveResource(idx, '$string:app_name', 'zh_CN')).toBe('种植');
    expect(resolveResource(idx, '$string:missing')).toBeUndefined();
    expect(resolveResource(idx, '$string:loop')).toBeUndefined();
    expect(resolveResource(idx, 'plain text')).toBe('plain text');
    expect(findResource(idx, '$string:label')?.id).toBe(0x01000001);
  });

  it('refuses hostile tables with FormatError', () => {
    const patch = (at: number, v: number) => {
      const b = table.slice();
      new DataView(b.buffer).setUint32(at, v, true);
      return b;
    };
    expect(() => parseResourcesIndex(table.subarray(0, 100))).toThrow(FormatError);
    expect(() => parseResourcesIndex(patch(132, 0x7fffffff))).toThrow(/configs/);
    expect(() => parseResourcesIndex(patch(140, 0xfffffff0))).toThrow(FormatError); // id set offset
    expect(() => parseResourcesIndex(patch(144, 1000))).toThrow(FormatError); // key count
    const v2 = table.slice();
    v2.set(new TextEncoder().encode('RestoolV2 6.1'), 0);
    expect(() => parseResourcesIndex(v2)).toThrow(/not supported/);
  });
});

describe.skipIf(!corpusEntriesAvailable)('resources.index of the corpus HAP', () => {
  const bytes = corpusEntriesAvailable ? corpusHapEntry('resources.index') : new Uint8Array();

  it('resolves the app name and the EntryAbility label', () => {
    const idx = parseResourcesIndex(bytes);
    expect(idx.configs.map((c) => c.qualifier)).toEqual(['base', 'en_US', 'zh_CN']);
    expect(resolveResource(idx, '$string:app_name')).toBe('HelloWorld');
    expect(resolveResource(idx, 16777216)).toBe('HelloWorld');
    expect(resolveResource(idx, '$string:EntryAbility_label')).toBe('HelloWorld');
    expect(resolveResource(idx, '$string:module_desc', 'zh_CN')).toBe('模块描述');
    expect(resolveResource(idx, '$color:start_window_background')).toBe('#FFFFFF');
    expect(resolveResource(idx, '$media:app_icon')).toBe('entry/resources/base/media/app_icon.png');
  });

  it('survives 300 mutations: parses or throws FormatError', () => {
    for (const m of mutations(bytes, 300, 0x7e5)) {
      try {
        parseResourcesIndex(m);
      } catch (e) {
        if (!(e instanceof FormatError)) throw e;
      }
    }
  });
});
