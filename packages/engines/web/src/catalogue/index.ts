/**
 * The web (DAST) rule catalogue as data: ids web.<category>.<name>, risk, CWE,
 * OWASP Top 10 2021 ids, zh-CN/en texts (titles also zh-TW/ja). Passive
 * (headers, cookies, disclosure, content), TLS and active (injection,
 * exposure, auth, session, methods) items; which checks implement them is in checks/.
 */
import { type Catalogue, defineKeyedCatalogue } from '@citadel/engine-core';
import { AUTH_ITEMS, EXPOSURE_ITEMS, INJECTION_ITEMS, METHOD_ITEMS, SESSION_ITEMS } from './active.ts';
import { CONTENT_ITEMS, DISCLOSURE_ITEMS } from './disclosure.ts';
import { COOKIE_ITEMS, HEADER_ITEMS } from './headers.ts';
import { JA_TEXTS } from './ja.ts';
import { TLS_ITEMS } from './tls.ts';

export const WEB_CATALOGUE: Catalogue = defineKeyedCatalogue([
  ...HEADER_ITEMS,
  ...COOKIE_ITEMS,
  ...DISCLOSURE_ITEMS,
  ...CONTENT_ITEMS,
  ...TLS_ITEMS,
  ...INJECTION_ITEMS,
  ...EXPOSURE_ITEMS,
  ...AUTH_ITEMS,
  ...SESSION_ITEMS,
  ...METHOD_ITEMS,
], undefined, { ja: JA_TEXTS });

export const PASSIVE_CATEGORIES = ['headers', 'cookies', 'disclosure', 'content'] as const;
export const ACTIVE_CATEGORIES = ['injection', 'exposure', 'auth', 'session', 'methods'] as const;
