import type { Locale } from '@citadel/contracts';
import type { LocalizedText } from './types.ts';

/** The text in one locale: zh-TW falls back to zh-CN, ja to en (as the catalogue does). */
export function localize(t: LocalizedText, locale: Locale): string {
  if (locale === 'zh-TW') return t['zh-TW'] ?? t['zh-CN'];
  if (locale === 'ja') return t.ja ?? t.en;
  return t[locale];
}
