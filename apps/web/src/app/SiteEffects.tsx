/** Browser-level effects of site configuration: the tab title and the favicon (SPEC §2, §3). */
import { useEffect } from 'react';
import { useSite } from './session-store.ts';

/** SPEC §2: the Chinese default title of the security service portal. */
export const DEFAULT_TITLE = '安全服务门户';

export function SiteEffects() {
  const site = useSite();
  useEffect(() => {
    document.title = site.main_title || DEFAULT_TITLE;
  }, [site.main_title]);
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
