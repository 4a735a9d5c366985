/** The foundation's calls (SPEC §7): site config, captcha, login key, sign-in, session, passwords, logout. */
import type {
  CaptchaAnswer,
  ChangePasswordRequest,
  CheckLoginAnswer,
  CheckPasswordAnswer,
  LoginAnswer,
  LoginKey,
  LoginRequest,
  SiteConfig,
  UserPermissionsAnswer,
} from '@citadel/contracts';
import { ApiRequestError, get, post, type RequestOptions } from './request.ts';
import { encryptPassword, hmacHex } from './crypto.ts';
import { storage } from './storage.ts';

/** Site information; a failure is swallowed (SPEC §8) and the caller keeps defaults. */
export const getSiteConfig = (): Promise<Partial<SiteConfig>> => post<Partial<SiteConfig>>('/ui/get_ui', {}, { silent: true });

export const getCaptcha = (): Promise<CaptchaAnswer> => post<CaptchaAnswer>('/captcha/captchaDight');

export const verifyCaptcha = (captcha_id: string, code: string): Promise<{ valid: boolean }> =>
  post<{ valid: boolean }>('/captcha/verifyCode', { captcha_id, code }, { quiet: true });

export const getLoginKey = (): Promise<LoginKey> => post<LoginKey>('/aa/loginKey', {}, { quiet: true });

/** Run a call that seals secrets with the login key; on `key_expired` fetch a new key and retry once. */
async function withLoginKey<T>(run: (key: LoginKey) => Promise<T>): Promise<T> {
  try {
    return await run(await getLoginKey());
  } catch (err) {
    if (err instanceof ApiRequestError && err.is('key_expired')) return run(await getLoginKey());
    throw err;
  }
}

export interface Credentials {
  username: string;
  password: string;
  captcha_id: string;
  captcha_code: string;
  client_key?: string;
}

/** Sign in with a freshly sealed password. Errors are not shown here (the login page does). */
export function login(c: Credentials): Promise<LoginAnswer> {
  return withLoginKey(async (key) => {
    const body: LoginRequest = {
      agent: 'web',
      username: c.username,
      password: await encryptPassword(c.password, key.public_key),
      key_id: key.key_id,
      captcha_id: c.captcha_id,
      captcha_code: c.captcha_code,
      ...(c.client_key ? { client_key: c.client_key } : {}),
    };
    // No session exists yet: errors such as a disabled account are shown on the form, not as a forced logout.
    return post<LoginAnswer>('/aa/login', body, { quiet: true, ignoreSessionErrors: true });
  });
}

export function checkLogin(opts: RequestOptions = {}): Promise<CheckLoginAnswer> {
  return post<CheckLoginAnswer>('/aa/checkLogin', { user: storage.getUser() ?? '', token: storage.getToken() ?? '', agent: 'web' }, opts);
}

export function userPermissions(user: string, client_key: string, opts: RequestOptions = {}): Promise<UserPermissionsAnswer> {
  return post<UserPermissionsAnswer>('/ext/userPermissions', { user, client_key }, opts);
}

/** Server-side policy check of a candidate password (SPEC §5). Errors are not shown here. */
export function checkPasswordPolicy(password: string): Promise<CheckPasswordAnswer> {
  return withLoginKey(async (key) => {
    const sealed = await encryptPassword(password, key.public_key);
    const signature = await hmacHex(storage.getToken() ?? '', sealed);
    return post<CheckPasswordAnswer>('/aa/asyncCheckPassword', { password: sealed, key_id: key.key_id, signature }, { quiet: true });
  });
}

/** Change the signed-in user's password. Errors are not shown here (the dialog does). */
export function changePassword(oldPassword: string, newPassword: string): Promise<unknown> {
  return withLoginKey(async (key) => {
    const old_password = await encryptPassword(oldPassword, key.public_key);
    const new_password = await encryptPassword(newPassword, key.public_key);
    const signature = await hmacHex(storage.getToken() ?? '', `${old_password}.${new_password}`);
    const body: ChangePasswordRequest = { old_password, new_password, key_id: key.key_id, signature };
    return post<unknown>('/aa/changePwd', body, { quiet: true });
  });
}

/** Revoke the token on the server; a failure does not keep the user signed in. */
export async function logoutOnServer(): Promise<void> {
  await get<unknown>('/user/logout', {}, { quiet: true, silent: true, ignoreSessionErrors: true }).catch(() => undefined);
}
