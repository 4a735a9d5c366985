/**
 * Every shipped rule catalogue speaks all four report languages: zh-CN and en written by
 * the engine, zh-TW derived from zh-CN when asked for, ja from the engine's translation table. A new
 * item without its Japanese texts fails here, not in a client's report.
 */
import { CATEGORY_NAMES } from '@citadel/contracts';
import { missingTranslations } from '@citadel/engine-core';
import { describe, expect, it } from 'vitest';
import { ENGINE_PACKAGES, loadEngines } from './engines.ts';
import { PLATFORM_PACKAGES, loadEnginesFor } from './platform-engines.ts';

describe('shipped rule catalogues', async () => {
  const { registry, unavailable } = await loadEngines();

  it('loads every engine package', () => {
    expect(unavailable).toEqual([]);
    expect(registry.list().length).toBeGreaterThanOrEqual(ENGINE_PACKAGES.length);
  });

  it('imports, per platform, the package of the engine the full list would pick (engine children load only that one)', async () => {
    const covered = new Set(registry.list().flatMap((e) => e.platforms));
    for (const platform of covered) {
      // The same engines, in the same order, cover the platform either way: the CLI picks the first that accepts a file.
      const covering = (list: readonly { name: string; platforms: readonly string[] }[]) => list.filter((e) => e.platforms.includes(platform)).map((e) => e.name);
      expect(covering((await loadEnginesFor(platform)).registry.list()), platform).toEqual(covering(registry.list()));
    }
    for (const platform of Object.keys(PLATFORM_PACKAGES)) expect(covered.has(platform as never), platform).toBe(true);
    // A platform no entry names (a new engine) falls back to every package.
    expect((await loadEnginesFor('no-such-platform')).registry.list().length).toBe(registry.list().length);
  });

  for (const engine of registry.list()) {
    it(`${engine.name}: every item has zh-CN, en, zh-TW and ja texts`, () => {
      expect(engine.catalogue.items.length).toBeGreaterThan(0);
      expect(missingTranslations(engine.catalogue.items).map((m) => `${m.id} ${m.field} ${m.locale}`)).toEqual([]);
    });
    it(`${engine.name}: every item's category is named in the shared category table (result pages, reports)`, () => {
      expect(engine.catalogue.items.filter((i) => !Object.hasOwn(CATEGORY_NAMES, i.category)).map((i) => `${i.id} ${i.category}`)).toEqual([]);
    });
  }
});
