/**
 * The signed-in session in memory: user, permission list (SPEC §6), the
 * button-permission list ('resource-operation') and the site configuration.
 * Filled after checkLogin; cleared on logout or a session error.
 */
import { type AccessSubject, DEFAULT_SITE_CONFIG, type PermissionEntry, type SessionUser, type SiteConfig } from '@citadel/contracts';
import { createStore, useStore } from './store.ts';

export interface SessionState {
  user: SessionUser | null;
  permissions: PermissionEntry[];
  buttons: string[];
  expiresAt: number;
}

const EMPTY: SessionState = { user: null, permissions: [], buttons: [], expiresAt: 0 };

export const DEFAULT_SITE: SiteConfig = DEFAULT_SITE_CONFIG;

export const sessionStore = createStore<SessionState>(EMPTY);
export const siteStore = createStore<SiteConfig>(DEFAULT_SITE);

export function resetSession(): void {
  sessionStore.set(EMPTY);
}

export const useSession = (): SessionState => useStore(sessionStore);
export const useSite = (): SiteConfig => useStore(siteStore);

/** The subject of the access rules (contracts/access.ts) for the current session. */
export function accessSubject(session: SessionState, site: SiteConfig): AccessSubject {
  return {
    isAdmin: session.user?.is_admin ?? false,
    permissions: session.permissions,
    siteCustomer: site.customer,
    behaviourUrl: site.behaviour_url,
  };
}
