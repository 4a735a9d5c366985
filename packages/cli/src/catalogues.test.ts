/**
 * Every shipped rule catalogue speaks all four report languages: zh-CN and en written by
 * the engine, zh-TW derived from zh-CN when asked for, ja from the engine's translation table. A new
 * item without its Japanese texts fails here, not in a client's report.
 */
import { missingTranslations } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { ENGINE_PACKAGES, loadEngines } from './engines.ts';

describe('shipped rule catalogues', async () => {
  const { registry, unavailable } = await loadEngines();

  it('loads every engine package', () => {
    expect(unavailable).toEqual([]);
    expect(registry.list().length).toBeGreaterThanOrEqual(ENGINE_PACKAGES.length);
  });

  for (const engine of registry.list()) {
    it(`${engine.name}: every item has zh-CN, en, zh-TW and ja texts`, () => {
      expect(engine.catalogue.items.length).toBeGreaterThan(0);
      expect(missingTranslations(engine.catalogue.items).map((m) => `${m.id} ${m.field} ${m.locale}`)).toEqual([]);
    });
  }
});
