/** Session life cycle: site information, the checkLogin round trip, signing out. */
import { getSiteConfig, checkLogin, logoutOnServer } from '../api/auth.ts';
import { storage } from '../api/storage.ts';
import type { RequestOptions } from '../api/request.ts';
import { applySiteDefaultLang } from '../locales/i18n.ts';
import { DEFAULT_SITE, resetSession, sessionStore, siteStore } from './session-store.ts';
import { goTo } from './navigation.ts';
import { ssoLogout } from '../pages/login/sso.ts';

/** Read site information; failures are swallowed and the defaults stay (SPEC §8). */
export async function loadSite(): Promise<void> {
  try {
    const site = await getSiteConfig();
    siteStore.set({ ...DEFAULT_SITE, ...site });
    applySiteDefaultLang(site.lang);
  } catch {
    // SPEC §8: a failure to read site information is swallowed.
  }
}

let inFlight: Promise<void> | null = null;

/** Confirm the stored token with the server and load user, permissions and button list (one call at a time). */
export function loadSession(opts: RequestOptions = {}): Promise<void> {
  inFlight ??= fetchSession(opts).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function fetchSession(opts: RequestOptions): Promise<void> {
  const answer = await checkLogin(opts);
  storage.setRoles(answer.user.role);
  sessionStore.set({
    user: answer.user,
    permissions: answer.extra.permissions,
    buttons: answer.extra.buttons,
    expiresAt: answer.extra.expires_at,
  });
}

/** Forget the session locally (token, user name, roles: SPEC §4). */
export function clearLocalSession(): void {
  storage.clearSession();
  resetSession();
}

/** Log out: revoke the token on the server, forget it here, go to the sign-in page. */
export async function signOut(): Promise<void> {
  // SSO mode: /uass/logout ends the session and names the provider's sign-out page when the session came through it.
  const providerLogout = siteStore.get().sso ? await ssoLogout() : '';
  if (!providerLogout) await logoutOnServer();
  clearLocalSession();
  if (providerLogout) return window.location.assign(providerLogout);
  goTo('/login', true);
}

/**
 * Re-confirm the session in the background (on navigation and when the window
 * regains focus), so a revoked or expired token ends the session promptly
 * (the request layer handles session errors) and role changes reach the menu.
 */
export function revalidateSession(): void {
  if (!storage.hasSession()) return;
  loadSession({ quiet: true, silent: true }).catch(() => undefined);
}
