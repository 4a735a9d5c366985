/**
 * The request layer (SPEC §7, §8): a fetch wrapper that adds the token and user
 * headers from local storage, unwraps the `{ data }` envelope and reacts to
 * failures:
 * - `{ error, message }` → the message, translated by code (except silent errors);
 * - session errors → clear the stored session, show the message, reload to /login after 1 s;
 * - duplicate name '字段值重复:[Name]' → shown and handed to the caller's error handler;
 * - error-less or non-JSON HTTP failures → /404, /403, /502, else /503.
 */
import { ERROR_CATALOGUE, SESSION_ERRORS, SILENT_ERRORS, isErrorCode, type ErrorCode } from '@citadel/contracts';
import i18n, { currentLang } from '../locales/i18n.ts';
import { sessionHeaders } from './session-headers.ts';
import { storage } from './storage.ts';
import { feedback } from '../app/feedback.ts';
import { goTo, reloadToLogin } from '../app/navigation.ts';
import { resetSession } from '../app/session-store.ts';

export class ApiRequestError extends Error {
  constructor(
    /** Catalogue code, or 'http_<status>' / 'network' when the server gave none. */
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
  is(code: ErrorCode): boolean {
    return this.code === code;
  }
}

export interface RequestOptions {
  /** The caller shows the error itself (no message here). Session errors are still handled. */
  quiet?: boolean;
  /** Neither a message nor an error page (e.g. reading site information, SPEC §8). */
  silent?: boolean;
  /** Skip the forced logout on session errors (signing out, where the session may already be gone). */
  ignoreSessionErrors?: boolean;
  /** Called with the error before the promise rejects (SPEC §8 duplicate-name handler). */
  onError?: (err: ApiRequestError) => void;
}

/** The message for an error code in the current language, else the server's text. */
export function translateError(code: string, serverMessage?: string): string {
  if (code === 'duplicate_field' && serverMessage) return serverMessage;
  if (isErrorCode(code)) return ERROR_CATALOGUE[code][currentLang()];
  return serverMessage || i18n.t('common.networkError');
}

let sessionEnding = false;

function endSession(text: string): void {
  if (sessionEnding) return;
  sessionEnding = true;
  storage.clearSession();
  resetSession();
  feedback.error(text);
  window.setTimeout(reloadToLogin, 1000);
}

function statusPage(status: number): string {
  if (status === 404) return '/404';
  if (status === 403) return '/403';
  if (status === 502) return '/502';
  return '/503';
}

async function send<T>(url: string, init: RequestInit, opts: RequestOptions): Promise<T> {
  const fail = (err: ApiRequestError, show: boolean): never => {
    if (show && !opts.quiet && !opts.silent) feedback.error(err.message);
    opts.onError?.(err);
    throw err;
  };

  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { ...sessionHeaders(), ...(init.headers as Record<string, string> | undefined) } });
  } catch {
    return fail(new ApiRequestError('network', i18n.t('common.networkError'), 0), true);
  }

  let body: unknown = undefined;
  const text = await response.text().catch(() => '');
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }

  if (body && typeof body === 'object' && 'error' in body && (body as { error: unknown }).error) {
    const { error, message } = body as { error: unknown; message?: unknown };
    const code = String(error);
    const err = new ApiRequestError(code, translateError(code, typeof message === 'string' ? message : undefined), response.status);
    if (!opts.ignoreSessionErrors && (SESSION_ERRORS as readonly string[]).includes(code)) {
      endSession(err.message);
      throw err;
    }
    const sessionError = (SESSION_ERRORS as readonly string[]).includes(code);
    return fail(err, !sessionError && !(SILENT_ERRORS as readonly string[]).includes(code));
  }

  if (!response.ok || body === undefined) {
    const status = response.ok ? 503 : response.status;
    const err = new ApiRequestError(`http_${status}`, i18n.t('common.networkError'), status);
    if (!opts.silent) goTo(statusPage(status));
    opts.onError?.(err);
    throw err;
  }

  return (body as { data: T }).data;
}

/**
 * Show an error the caller received from a `quiet` call, unless the request layer
 * already dealt with it (session errors, error pages) or it is a silent error.
 */
export function reportError(err: unknown): void {
  if (!(err instanceof ApiRequestError)) return;
  if (err.code.startsWith('http_')) return;
  if ((SESSION_ERRORS as readonly string[]).includes(err.code) || (SILENT_ERRORS as readonly string[]).includes(err.code)) return;
  feedback.error(err.message);
}

/** POST a JSON payload; resolves with the envelope's `data`. */
export function post<T>(url: string, payload: object = {}, opts: RequestOptions = {}): Promise<T> {
  return send<T>(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) }, opts);
}

/** GET with query parameters; resolves with the envelope's `data`. */
export function get<T>(url: string, params: Record<string, string> = {}, opts: RequestOptions = {}): Promise<T> {
  const qs = new URLSearchParams(params).toString();
  return send<T>(qs ? `${url}?${qs}` : url, { method: 'GET' }, opts);
}
