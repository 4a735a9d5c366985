/**
 * Catalogues as TS data: an engine writes `export const catalogue =
 * defineCatalogue([...])` (one file or folder per platform, beside the engine)
 * and gets a validated, indexed, frozen catalogue. An invalid catalogue throws
 * at import, so a broken one can never ship silently.
 */
import type { Platform, RiskLevel, RuleItem } from '@citadel/contracts';
import { type CatalogueTranslations, withTranslations } from './translations.ts';
import { assertValidCatalogue } from './validate.ts';

export interface Catalogue {
  readonly items: readonly RuleItem[];
  /** The item with this id, or undefined. */
  find(id: string): RuleItem | undefined;
  /** The item with this id; throws when unknown (a programming error in the engine). */
  get(id: string): RuleItem;
  has(id: string): boolean;
  ids(): string[];
}

/**
 * Fills in the zh-TW and ja texts (translations.ts), then validates, freezes and indexes
 * the items. Throws an Error listing every problem.
 */
export function defineCatalogue(items: readonly RuleItem[], translations?: CatalogueTranslations): Catalogue {
  const translated = withTranslations(items, translations);
  assertValidCatalogue(translated);
  const frozen = Object.freeze(translated.map((i) => deepFreeze(structuredClone(i))));
  const byId = new Map(frozen.map((i) => [i.id, i]));
  return {
    items: frozen,
    find: (id) => byId.get(id),
    get(id) {
      const item = byId.get(id);
      if (!item) throw new Error(`unknown rule id "${id}"`);
      return item;
    },
    has: (id) => byId.has(id),
    ids: () => [...byId.keys()],
  };
}

/** Several catalogues as one (e.g. android + android_sdk); ids must stay unique across them. */
export function mergeCatalogues(...catalogues: Catalogue[]): Catalogue {
  return defineCatalogue(catalogues.flatMap((c) => c.items));
}

/** Counts of items per risk level and per category, for documentation and template pickers. */
export function catalogueSummary(c: Catalogue): { total: number; byRisk: Partial<Record<RiskLevel, number>>; byCategory: Record<string, number>; platforms: Platform[] } {
  const byRisk: Partial<Record<RiskLevel, number>> = {};
  const byCategory: Record<string, number> = {};
  const platforms = new Set<Platform>();
  for (const i of c.items) {
    byRisk[i.risk] = (byRisk[i.risk] ?? 0) + 1;
    byCategory[i.category] = (byCategory[i.category] ?? 0) + 1;
    platforms.add(i.platform);
  }
  return { total: c.items.length, byRisk, byCategory, platforms: [...platforms] };
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object') {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}
