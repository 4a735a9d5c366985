/** Browser-level effects of site configuration: the tab title and the favicon (SPEC §2, §3). */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from './session-store.ts';

/** SPEC §2: the default title of the security service portal, in the reader's language (app.defaultTitle). */

export function SiteEffects() {
  const site = useSite();
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.title = site.main_title || t('app.defaultTitle');
  }, [site.main_title, i18n.language, t]);
  useEffect(() => {
    if (!site.bar_logo) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.removeAttribute('type');
    link.href = site.bar_logo;
  }, [site.bar_logo]);
  return null;
}
