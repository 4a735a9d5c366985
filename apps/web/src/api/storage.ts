/**
 * Local storage of the session (SPEC §9): token, user name, client key and
 * language (default zh), plus the role and the per-user SSO warning flags.
 * Logging out clears token, user name and roles (SPEC §4).
 */
const KEYS = {
  token: 'token',
  user: 'username',
  clientKey: 'client_key',
  lang: 'lang',
  roles: 'roles',
  ssoWarned: 'sso_warned_users',
} as const;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the session then lives only in memory.
  }
}

export const storage = {
  getToken: (): string | null => read(KEYS.token),
  getUser: (): string | null => read(KEYS.user),
  getClientKey: (): string | null => read(KEYS.clientKey),
  getLang: (): 'zh' | 'en' | null => {
    const v = read(KEYS.lang);
    return v === 'zh' || v === 'en' ? v : null;
  },
  setLang: (lang: 'zh' | 'en'): void => write(KEYS.lang, lang),
  getRoles: (): string | null => read(KEYS.roles),
  setRoles: (roles: string): void => write(KEYS.roles, roles),

  saveSession(token: string, user: string, clientKey: string): void {
    write(KEYS.token, token);
    write(KEYS.user, user);
    write(KEYS.clientKey, clientKey);
  },

  /** SPEC §4: logging out clears the stored token, user name and roles. */
  clearSession(): void {
    write(KEYS.token, null);
    write(KEYS.user, null);
    write(KEYS.roles, null);
  },

  hasSession(): boolean {
    return Boolean(read(KEYS.token) && read(KEYS.user));
  },

  /** SSO mode: whether this user has already seen the one-time submit warning. */
  wasSsoWarned(user: string): boolean {
    return parseList(read(KEYS.ssoWarned)).includes(user);
  },
  markSsoWarned(user: string): void {
    const list = parseList(read(KEYS.ssoWarned));
    if (!list.includes(user)) write(KEYS.ssoWarned, JSON.stringify([...list, user].slice(-200)));
  },
};

function parseList(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
