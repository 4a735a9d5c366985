/**
 * Localised catalogue texts with fallbacks: zh-TW falls back to zh-CN and ja
 * to en when a translation is missing. Catalogues defined with defineCatalogue
 * always carry zh-TW (converted from zh-CN, see translations.ts); ja comes from
 * the engine's translation table, and `missingTranslations` lists what it lacks.
 */
import type { Locale, LocalizedText, RuleItem } from '@citadel/contracts';
import { TEXT_FIELDS, type TextField } from './validate.ts';

const FALLBACK: Record<Locale, ('zh-CN' | 'en' | 'zh-TW' | 'ja')[]> = {
  'zh-CN': ['zh-CN', 'en'],
  en: ['en', 'zh-CN'],
  'zh-TW': ['zh-TW', 'zh-CN', 'en'],
  ja: ['ja', 'en', 'zh-CN'],
};

/** Any LocalizedText in `locale`, following the fallback chain. */
export function localize(text: LocalizedText | undefined, locale: Locale): string {
  if (!text) return '';
  for (const l of FALLBACK[locale]) {
    const v = text[l];
    if (typeof v === 'string' && v.trim() !== '') return v;
  }
  return '';
}

/** One text field of a catalogue item in `locale`. */
export function text(item: RuleItem, field: TextField, locale: Locale): string {
  return localize(item[field], locale);
}

/** Item ids and fields whose zh-TW or ja text is missing (served by fallback). */
export function missingTranslations(items: readonly RuleItem[]): { id: string; field: TextField; locale: 'zh-TW' | 'ja' }[] {
  const out: { id: string; field: TextField; locale: 'zh-TW' | 'ja' }[] = [];
  for (const item of items) {
    for (const field of TEXT_FIELDS) {
      for (const locale of ['zh-TW', 'ja'] as const) if (!item[field]?.[locale]) out.push({ id: item.id, field, locale });
    }
  }
  return out;
}
