/**
 * The options a user can give a web (DAST) assessment on its create page, and the engine
 * parameters they become (CreateTaskRequest.params; the web engine's options.ts documents
 * every key). Active checks send attack payloads, so none runs unless ticked. Network
 * policy, the callback listener and the rate ceiling are the administrator's
 * (configuration), whatever a task asks.
 */

/** Active check groups of the web engine, in the order the form lists them. */
export const WEB_ACTIVE_GROUPS = ['xss', 'sqli', 'cmdi', 'traversal', 'redirect', 'ssrf', 'files', 'credentials', 'methods', 'upload', 'session'] as const;
export type WebActiveGroup = (typeof WEB_ACTIVE_GROUPS)[number];

export type WebAuthMode = 'none' | 'header' | 'cookie' | 'form';

export interface WebScanOptions {
  active?: WebActiveGroup[];
  /** Render pages in headless Chromium (JavaScript-built pages, DOM XSS). */
  render?: boolean;
  maxPages?: number;
  maxDepth?: number;
  /** Requests per second. */
  rate?: number;
  /** Regular expressions, one per line. */
  include?: string;
  exclude?: string;
  auth?: WebAuthMode;
  /** "Name: value" */
  authHeader?: string;
  /** "a=b; c=d" */
  authCookie?: string;
  loginUrl?: string;
  loginUser?: string;
  loginPassword?: string;
}

const lines = (s: string | undefined): string[] =>
  (s ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** The engine parameters for these options; keys left at their defaults are not sent. */
export function webScanParams(o: WebScanOptions | undefined): Record<string, string> {
  if (!o) return {};
  const out: Record<string, string> = {};
  const active = (o.active ?? []).filter((g) => (WEB_ACTIVE_GROUPS as readonly string[]).includes(g));
  if (active.length > 0) out.active = active.join(',');
  if (o.render) out.render = 'true';
  if (o.maxPages !== undefined && o.maxPages !== null) out.maxPages = String(o.maxPages);
  if (o.maxDepth !== undefined && o.maxDepth !== null) out.maxDepth = String(o.maxDepth);
  if (o.rate !== undefined && o.rate !== null) out.rate = String(o.rate);
  // One pattern per line, as the form takes them (the engine splits on line breaks and commas).
  const include = lines(o.include);
  const exclude = lines(o.exclude);
  if (include.length > 0) out.include = include.join('\n');
  if (exclude.length > 0) out.exclude = exclude.join('\n');
  if (o.auth === 'header' && o.authHeader?.trim()) out.authHeader = o.authHeader.trim();
  if (o.auth === 'cookie' && o.authCookie?.trim()) out.authCookie = o.authCookie.trim();
  if (o.auth === 'form' && o.loginUrl?.trim()) {
    out.loginUrl = o.loginUrl.trim();
    out.loginUser = o.loginUser ?? '';
    out.loginPassword = o.loginPassword ?? '';
  }
  return out;
}
