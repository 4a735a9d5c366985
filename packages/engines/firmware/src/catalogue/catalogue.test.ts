import { missingTranslations, catalogueProblems } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { FIRMWARE_CATALOGUE } from './index.ts';

describe('firmware catalogue', () => {
  it('is valid and speaks zh-CN, en, zh-TW and ja', () => {
    expect(FIRMWARE_CATALOGUE.items.length).toBeGreaterThan(15);
    expect(catalogueProblems(FIRMWARE_CATALOGUE.items)).toEqual([]);
    expect(missingTranslations(FIRMWARE_CATALOGUE.items)).toEqual([]);
  });
});
