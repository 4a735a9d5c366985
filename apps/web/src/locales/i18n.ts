/**
 * i18n setup: react-i18next with zh (default) and en. The language comes from
 * local storage, else from the site default (get_ui), else zh.
 */
import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { Title } from '@citadel/contracts';
import { zh } from './zh.ts';
import { en } from './en.ts';
import { storage } from '../api/storage.ts';

export type Lang = 'zh' | 'en';
export const LANGS: readonly Lang[] = ['zh', 'en'];

export function isLang(v: unknown): v is Lang {
  return v === 'zh' || v === 'en';
}

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh }, en: { translation: en } },
  lng: storage.getLang() ?? 'zh',
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function currentLang(): Lang {
  return isLang(i18n.language) ? i18n.language : 'zh';
}

/** Apply the site default when the user has not chosen a language yet. */
export function applySiteDefaultLang(siteLang: unknown): void {
  if (storage.getLang() === null && isLang(siteLang) && siteLang !== currentLang()) void i18n.changeLanguage(siteLang);
}

export async function switchLang(lang: Lang): Promise<void> {
  storage.setLang(lang);
  await i18n.changeLanguage(lang);
}

/** The current language, re-rendering on change. */
export function useLang(): Lang {
  const { i18n: instance } = useTranslation();
  return isLang(instance.language) ? instance.language : 'zh';
}

/** A route table title in the current language. */
export function useTitle(): (title: Title) => string {
  const lang = useLang();
  return (title) => title[lang];
}

export default i18n;
