/** The session headers (token, user, lang) of every call: request.ts, XHR uploads and blob downloads. */
import { TOKEN_HEADER, USER_HEADER } from '@citadel/contracts';
import { currentLang } from '../locales/i18n.ts';
import { storage } from './storage.ts';

export function sessionHeaders(): Record<string, string> {
  // The server answers messages in the UI language (its `lang` header).
  const h: Record<string, string> = { lang: currentLang() };
  const token = storage.getToken();
  const user = storage.getUser();
  if (token) h[TOKEN_HEADER] = token;
  // Header values must be ISO-8859-1; user names are ASCII (SPEC §5) but encode defensively.
  if (user) h[USER_HEADER] = encodeURIComponent(user);
  return h;
}
