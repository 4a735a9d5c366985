/**
 * The catalogue's zh-TW and ja texts.
 *
 * Engines write every item in zh-CN and en (define-items.ts). Japanese texts come from
 * per-engine translation tables (`<engine>/src/catalogue/ja.ts`), keyed by the item id
 * without its platform prefix ("manifest.debuggable" serves android.manifest.debuggable
 * and its android_sdk twin), so twins share one translation. A table key that matches no
 * item is an error at import: a renamed item cannot keep a stale translation.
 *
 * Traditional Chinese is derived from the zh-CN text with OpenCC (Simplified → Taiwan
 * standard with Taiwanese phrases: 软件 → 軟體, 调试 → 除錯), the converter Chinese
 * software uses for this, unless an item or a table gives a zh-TW text of its own. A
 * character table alone gets common words wrong, which is why the phrase dictionaries are
 * worth it; building them takes 0.2–0.6 s, so it happens on the first zh-TW text asked
 * for (text.ts), not when a catalogue is defined: engine processes never pay for it.
 */
import type { LocalizedText, RuleItem } from '@citadel/contracts';
import { Converter } from 'opencc-js/cn2t';
import { TEXT_FIELDS, type TextField } from './validate.ts';

export type TranslatedLocale = 'zh-TW' | 'ja';
/** Item key (id without the platform prefix) → field → text. */
export type TranslationTable = Readonly<Record<string, Partial<Record<TextField, string>>>>;
export type CatalogueTranslations = Partial<Record<TranslatedLocale, TranslationTable>>;

/** "android_sdk.manifest.debuggable" → "manifest.debuggable". */
export const translationKey = (id: string): string => id.slice(id.indexOf('.') + 1);

let toTaiwan: ((s: string) => string) | undefined;
/** Conversions already done: catalogue texts repeat across findings and reports. Bounded. */
const converted = new Map<string, string>();
const MAX_REMEMBERED = 20_000;

/** zh-CN → zh-TW (Taiwan standard, Taiwanese phrases). */
export function traditionalChinese(simplified: string): string {
  const known = converted.get(simplified);
  if (known !== undefined) return known;
  toTaiwan ??= Converter({ from: 'cn', to: 'twp' });
  const out = toTaiwan(simplified);
  if (converted.size >= MAX_REMEMBERED) converted.clear();
  converted.set(simplified, out);
  return out;
}

/** Table keys that match no item of the catalogue, as problems. */
export function staleTranslationKeys(items: readonly RuleItem[], translations: CatalogueTranslations): string[] {
  const keys = new Set(items.map((i) => translationKey(i.id)));
  const out: string[] = [];
  for (const [locale, table] of Object.entries(translations)) {
    for (const key of Object.keys(table ?? {})) if (!keys.has(key)) out.push(`${locale} translation for unknown item "${key}"`);
  }
  return out;
}

/** The items with the tables' texts filled in where an item has none of its own. */
export function withTranslations(items: readonly RuleItem[], translations: CatalogueTranslations = {}): RuleItem[] {
  const stale = staleTranslationKeys(items, translations);
  if (stale.length > 0) throw new Error(`invalid rule catalogue:\n  ${stale.join('\n  ')}`);
  return items.map((item) => {
    const key = translationKey(item.id);
    const out: RuleItem = { ...item };
    for (const field of TEXT_FIELDS) {
      const current = item[field];
      if (!current) continue;
      const text: LocalizedText = { ...current };
      for (const locale of ['zh-TW', 'ja'] as const) {
        const given = translations[locale]?.[key]?.[field];
        if (!text[locale] && given) text[locale] = given;
      }
      (out as Record<TextField, LocalizedText>)[field] = text;
    }
    return out;
  });
}
