/** The session headers (token, user, lang) for calls that cannot go through request.ts: XHR uploads and blob downloads. */
import { TOKEN_HEADER, USER_HEADER } from '@citadel/contracts';
import { currentLang } from '../locales/i18n.ts';
import { storage } from './storage.ts';

export function sessionHeaders(): Record<string, string> {
  const h: Record<string, string> = { lang: currentLang() };
  const token = storage.getToken();
  const user = storage.getUser();
  if (token) h[TOKEN_HEADER] = token;
  if (user) h[USER_HEADER] = encodeURIComponent(user);
  return h;
}
