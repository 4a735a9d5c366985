/**
 * The web engine's options. The portal and the CLI hand them over as
 * EngineOptions.params (string → string, e.g. `--param maxPages=50`); this
 * module documents every key, validates the values and applies defaults.
 *
 * Keys (all optional):
 *   maxPages=100  maxDepth=5            crawl limits
 *   include=REGEX,REGEX  exclude=REGEX  URL patterns (exclude also has logout/signout by default)
 *   sameOrigin=true                     stay on the start URL's origin
 *   seeds=true                          robots.txt and sitemap.xml as extra seeds
 *   render=false                        render pages with headless Chromium (playwright-core)
 *   rate=10                             requests per second (0: unlimited), over all requests in flight
 *   concurrency=4                       requests in flight at once (crawl and active checks; time-based
 *                                       SQL injection and default credentials stay one at a time)
 *   timeLimitSeconds=1800               total time limit; results are partial after it
 *   requestTimeoutMs=15000 idleTimeoutMs=8000 maxBodyBytes=1048576 maxRedirects=8
 *   active=                             comma list of active groups, or "all":
 *                                       xss, sqli, cmdi, traversal, redirect, ssrf, files, credentials, methods,
 *                                       upload (leaves a harmless test script on a vulnerable server), session
 *   sqliDelaySeconds=4                  delay asked for by time-based SQL injection payloads
 *   allowNetworks=CIDR,CIDR denyNetworks=CIDR,CIDR allowPrivate=false allowLoopback=false
 *                                       target-network policy (see net/policy.ts)
 *   authHeader="Name: value"  authCookie="a=b; c=d"
 *   loginUrl=URL loginUser=U loginPassword=P [loginUserField=F loginPasswordField=F]
 *   callbackListen=HOST:PORT            start the out-of-band SSRF listener there (only when set; port 0: any)
 *   callbackUrl=URL                     how the target reaches that listener (default http://HOST:PORT/)
 *   callbackWaitSeconds=3               how long to wait for late callbacks after the probes
 *   userAgent=...
 */
import { WEB_ACTIVE_GROUPS, type WebActiveGroup } from '@citadel/contracts';
import { EngineInputError } from '@citadel/engine-core';

/** The groups are listed in contracts, where the portal's create form reads them too. */
export const ACTIVE_GROUPS = WEB_ACTIVE_GROUPS;
export type ActiveGroup = WebActiveGroup;

export interface WebScanConfig {
  maxPages: number;
  maxDepth: number;
  include: RegExp[];
  exclude: RegExp[];
  sameOrigin: boolean;
  seeds: boolean;
  render: boolean;
  ratePerSecond: number;
  concurrency: number;
  timeLimitMs: number;
  requestTimeoutMs: number;
  idleTimeoutMs: number;
  maxBodyBytes: number;
  maxRedirects: number;
  active: Set<ActiveGroup>;
  sqliDelaySeconds: number;
  allowNetworks: string[];
  denyNetworks: string[];
  allowPrivate: boolean;
  allowLoopback: boolean;
  authHeader?: { name: string; value: string };
  authCookie?: string;
  login?: { url: string; user: string; password: string; userField?: string; passwordField?: string };
  callback?: { host: string; port: number; url?: string; waitMs: number };
  userAgent: string;
}

export const DEFAULT_EXCLUDE = [/log-?out|sign-?out|log_out|sign_out/i];

export function parseConfig(params: Readonly<Record<string, string>>): WebScanConfig {
  const p = params;
  const int = (k: string, d: number, min: number, max: number): number => {
    const v = p[k];
    if (v === undefined || v === '') return d;
    const n = Number(v);
    if (!Number.isFinite(n) || n < min || n > max) throw new EngineInputError('missing_parameter', `parameter ${k} must be a number from ${min} to ${max}, not "${v}"`);
    return n;
  };
  const bool = (k: string, d: boolean): boolean => {
    const v = p[k]?.trim().toLowerCase();
    if (v === undefined || v === '') return d;
    if (['1', 'true', 'yes', 'on'].includes(v)) return true;
    if (['0', 'false', 'no', 'off'].includes(v)) return false;
    throw new EngineInputError('missing_parameter', `parameter ${k} must be true or false, not "${p[k]}"`);
  };
  const list = (k: string): string[] =>
    (p[k] ?? '')
      .split(/[,\n]/)
      .map((s) => s.trim())
      .filter(Boolean);
  const regexes = (k: string): RegExp[] =>
    list(k).map((s) => {
      try {
        return new RegExp(s, 'i');
      } catch {
        throw new EngineInputError('missing_parameter', `parameter ${k}: "${s}" is not a valid pattern`);
      }
    });
  const activeRaw = list('active').map((s) => s.toLowerCase());
  const active = new Set<ActiveGroup>();
  for (const g of activeRaw) {
    if (g === 'all' || g === 'true') ACTIVE_GROUPS.forEach((x) => active.add(x));
    else if ((ACTIVE_GROUPS as readonly string[]).includes(g)) active.add(g as ActiveGroup);
    else throw new EngineInputError('missing_parameter', `parameter active: unknown group "${g}" (known: all, ${ACTIVE_GROUPS.join(', ')})`);
  }
  let authHeader: WebScanConfig['authHeader'];
  if (p.authHeader) {
    const i = p.authHeader.indexOf(':');
    if (i <= 0 || /[\r\n]/.test(p.authHeader)) throw new EngineInputError('missing_parameter', 'parameter authHeader must look like "Name: value"');
    authHeader = { name: p.authHeader.slice(0, i).trim(), value: p.authHeader.slice(i + 1).trim() };
  }
  if (p.authCookie && /[\r\n]/.test(p.authCookie)) throw new EngineInputError('missing_parameter', 'parameter authCookie must be one line');
  let login: WebScanConfig['login'];
  if (p.loginUrl) {
    if (!p.loginUser || p.loginPassword === undefined) throw new EngineInputError('missing_parameter', 'loginUrl needs loginUser and loginPassword');
    login = { url: p.loginUrl, user: p.loginUser, password: p.loginPassword, ...(p.loginUserField ? { userField: p.loginUserField } : {}), ...(p.loginPasswordField ? { passwordField: p.loginPasswordField } : {}) };
  }
  let callback: WebScanConfig['callback'];
  if (p.callbackListen) {
    const m = /^(?:\[([0-9a-f:.]+)\]|([^:[\]]+)):(\d{1,5})$/i.exec(p.callbackListen.trim());
    if (!m || Number(m[3]) > 65535) throw new EngineInputError('missing_parameter', `parameter callbackListen must look like HOST:PORT, not "${p.callbackListen}"`);
    if (p.callbackUrl && !/^https?:\/\/[^\s]+$/i.test(p.callbackUrl)) throw new EngineInputError('missing_parameter', 'parameter callbackUrl must be an http(s) URL');
    callback = { host: m[1] ?? m[2]!, port: Number(m[3]), ...(p.callbackUrl ? { url: p.callbackUrl } : {}), waitMs: int('callbackWaitSeconds', 3, 0, 120) * 1000 };
  }
  return {
    maxPages: int('maxPages', 100, 1, 100_000),
    maxDepth: int('maxDepth', 5, 0, 100),
    include: regexes('include'),
    exclude: [...DEFAULT_EXCLUDE, ...regexes('exclude')],
    sameOrigin: bool('sameOrigin', true),
    seeds: bool('seeds', true),
    render: bool('render', false),
    ratePerSecond: int('rate', 10, 0, 10_000),
    concurrency: int('concurrency', 4, 1, 32),
    timeLimitMs: int('timeLimitSeconds', 1800, 1, 7 * 86400) * 1000,
    requestTimeoutMs: int('requestTimeoutMs', 15_000, 100, 600_000),
    idleTimeoutMs: int('idleTimeoutMs', 8_000, 100, 600_000),
    maxBodyBytes: int('maxBodyBytes', 1 << 20, 1024, 64 << 20),
    maxRedirects: int('maxRedirects', 8, 0, 50),
    active,
    sqliDelaySeconds: int('sqliDelaySeconds', 4, 1, 30),
    allowNetworks: list('allowNetworks'),
    denyNetworks: list('denyNetworks'),
    allowPrivate: bool('allowPrivate', false),
    allowLoopback: bool('allowLoopback', false),
    ...(authHeader ? { authHeader } : {}),
    ...(p.authCookie ? { authCookie: p.authCookie } : {}),
    ...(login ? { login } : {}),
    ...(callback ? { callback } : {}),
    userAgent: p.userAgent || 'Mozilla/5.0 (compatible; CitadelScanner/0.1)',
  };
}
