/**
 * Localised texts with fallbacks: a missing zh-TW text is converted from the
 * zh-CN one (OpenCC, see translations.ts), for catalogue items and for the texts
 * engines write per finding (summaries, evidence notes) alike; ja falls back to
 * en. ja comes from the engine's translation table; `missingTranslations` lists
 * the Japanese texts a set of items lacks (zh-TW is never missing: it is derived).
 */
import type { Locale, LocalizedText, RuleItem } from '@citadel/contracts';
import { traditionalChinese } from './translations.ts';
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
    if (typeof v === 'string' && v.trim() !== '') return locale === 'zh-TW' && l === 'zh-CN' ? traditionalChinese(v) : v;
  }
  return '';
}

/** One text field of a catalogue item in `locale`. */
export function text(item: RuleItem, field: TextField, locale: Locale): string {
  return localize(item[field], locale);
}

/** Item ids and fields whose ja text is missing (served by the English fallback). */
export function missingTranslations(items: readonly RuleItem[]): { id: string; field: TextField; locale: 'ja' }[] {
  const out: { id: string; field: TextField; locale: 'ja' }[] = [];
  for (const item of items) {
    for (const field of TEXT_FIELDS) if (!item[field]?.ja) out.push({ id: item.id, field, locale: 'ja' });
  }
  return out;
}
