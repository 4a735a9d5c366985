/**
 * Payloads of the foundation's API calls (SPEC §7). Every answer is an envelope:
 * `{ data }` on success, `{ error, message }` (see errors.ts) on failure.
 * Authenticated calls carry the `token` and `user` headers.
 */
import type { PermissionEntry } from './access.ts';

export type Envelope<T> = { data: T };

export const TOKEN_HEADER = 'token';
export const USER_HEADER = 'user';

/** POST /ui/get_ui: site configuration (SPEC §3). */
export interface SiteConfig {
  lang: 'zh' | 'en';
  bar_logo: string;
  customer: string;
  main_title: string;
  logo_bottom: string;
  sso: boolean;
  /** The external compliance platform for the behaviour-detection entry (airline customer only). */
  behaviour_url: string;
  /** Whether the header shows the language switch. */
  lang_switch: boolean;
}

/** What a site shows before anything is configured (the browser's fallback too). */
export const DEFAULT_SITE_CONFIG: SiteConfig = {
  lang: 'zh',
  bar_logo: '',
  customer: '',
  main_title: '',
  logo_bottom: '',
  sso: false,
  behaviour_url: '',
  lang_switch: true,
};

/** POST /captcha/captchaDight: a new digit captcha image. */
export interface CaptchaAnswer {
  captcha_id: string;
  /** data:image/png;base64,… */
  image: string;
  expires_in: number;
}

/** POST /aa/loginKey: the server's RSA public key that passwords are encrypted with (RSA-OAEP, SHA-256). */
export interface LoginKey {
  key_id: string;
  /** SubjectPublicKeyInfo, PEM. */
  public_key: string;
}

/**
 * What the browser encrypts with the login key: the password plus a timestamp and
 * a nonce, so a captured ciphertext cannot be replayed.
 */
export interface SealedSecret {
  p: string;
  ts: number;
  nonce: string;
}

export interface LoginRequest {
  agent: 'web';
  username: string;
  /** base64 RSA-OAEP(SHA-256) ciphertext of a JSON SealedSecret. */
  password: string;
  key_id: string;
  captcha_id: string;
  captcha_code: string;
  /** Company login: sign in under this customer key. */
  client_key?: string;
}

export interface SessionUser {
  user_id: number;
  name: string;
  real_name: string;
  client_key: string;
  customer_name: string;
  submit_type: number;
  is_admin: boolean;
  role: string;
  /** Set when the password was issued by an administrator and must be changed. */
  must_change_password: boolean;
}

export interface LoginAnswer {
  token: string;
  user: SessionUser;
  expires_at: number;
}

/** POST /aa/checkLogin */
export interface CheckLoginRequest {
  user: string;
  token: string;
  agent: 'web';
}
export interface CheckLoginAnswer {
  user: SessionUser;
  extra: { expires_at: number; permissions: PermissionEntry[]; buttons: string[] };
}

/** POST /aa/asyncCheckPassword: server-side policy check of a candidate password. */
export interface CheckPasswordRequest {
  password: string;
  key_id: string;
  /** hex HMAC-SHA256 of the password ciphertext keyed with the session token. */
  signature: string;
}
export interface CheckPasswordAnswer {
  pass: boolean;
  msg: string;
}

/** POST /aa/changePwd */
export interface ChangePasswordRequest {
  old_password: string;
  new_password: string;
  key_id: string;
  signature: string;
}

/** POST /ext/userPermissions */
export interface UserPermissionsAnswer {
  permissions: PermissionEntry[];
  is_admin: boolean;
}
