/**
 * Passive header and cookie rules, one small unit per catalogue item (the ZAP
 * scan-rule shape): given one response, the evidence of the problem or nothing.
 */
import type { Evidence } from '@citadel/contracts';
import { parseSetCookie } from '../../net/cookies.ts';
import type { HttpResponse } from '../../net/http-client.ts';
import { webEvidence } from '../evidence.ts';

export interface ResponseView {
  r: HttpResponse;
  html: boolean;
  https: boolean;
}

export interface PassiveRule {
  id: string;
  /** Evidence when the response shows the problem. */
  test(v: ResponseView): Evidence[];
}

const one = (v: ResponseView, headers: string[], detail: string): Evidence[] => [webEvidence(v.r, { headers, detail })];
const isPage = (v: ResponseView) => v.html && v.r.status < 400 && !(v.r.status >= 300 && v.r.status < 400);

/** script-src (or default-src) sources of a CSP, lower case. */
export function cspScriptSources(csp: string): string[] | undefined {
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map((d) => [d[0]!.toLowerCase(), d.slice(1).map((s) => s.toLowerCase())] as const),
  );
  return directives.get('script-src') ?? directives.get('default-src');
}

function weakCsp(csp: string): string | undefined {
  const src = cspScriptSources(csp);
  if (!src) return 'no script-src or default-src directive';
  const hasNonceOrHash = src.some((s) => /^'(?:nonce|sha256|sha384|sha512)-/.test(s));
  if (src.includes("'unsafe-inline'") && !hasNonceOrHash) return "'unsafe-inline' in script-src";
  if (src.includes("'unsafe-eval'")) return "'unsafe-eval' in script-src";
  const wide = src.find((s) => s === '*' || s === 'data:' || s === 'http:' || s === 'https:');
  return wide ? `${wide} in script-src` : undefined;
}

export const HEADER_RULES: PassiveRule[] = [
  {
    id: 'web.headers.csp_missing',
    test: (v) => (isPage(v) && !v.r.headers['content-security-policy'] ? one(v, ['content-type'], 'no Content-Security-Policy header') : []),
  },
  {
    id: 'web.headers.csp_weak',
    test: (v) => {
      const csp = v.r.headers['content-security-policy'];
      const why = isPage(v) && csp ? weakCsp(csp) : undefined;
      return why ? one(v, ['content-security-policy'], why) : [];
    },
  },
  {
    id: 'web.headers.hsts_missing',
    test: (v) => {
      if (!v.https || v.r.status >= 400) return [];
      const h = v.r.headers['strict-transport-security'];
      const age = Number(/max-age\s*=\s*"?(\d+)/i.exec(h ?? '')?.[1] ?? -1);
      if (!h) return one(v, [], 'no Strict-Transport-Security header');
      return age < 15_552_000 ? one(v, ['strict-transport-security'], `max-age ${age} is shorter than 180 days`) : [];
    },
  },
  {
    id: 'web.headers.clickjacking',
    test: (v) => {
      if (!isPage(v)) return [];
      const xfo = (v.r.headers['x-frame-options'] ?? '').toLowerCase();
      const fa = /frame-ancestors/i.test(v.r.headers['content-security-policy'] ?? '');
      return !fa && !/deny|sameorigin/.test(xfo) ? one(v, ['x-frame-options', 'content-security-policy'], 'neither X-Frame-Options (DENY/SAMEORIGIN) nor CSP frame-ancestors') : [];
    },
  },
  {
    id: 'web.headers.content_type_options',
    test: (v) => (v.r.status < 300 && v.r.body.length > 0 && !/nosniff/i.test(v.r.headers['x-content-type-options'] ?? '') ? one(v, ['content-type'], 'no X-Content-Type-Options: nosniff') : []),
  },
  {
    id: 'web.headers.referrer_policy',
    test: (v) => {
      if (!isPage(v)) return [];
      const rp = (v.r.headers['referrer-policy'] ?? '').toLowerCase();
      if (!rp) return one(v, [], 'no Referrer-Policy header');
      return /unsafe-url/.test(rp) ? one(v, ['referrer-policy'], 'Referrer-Policy unsafe-url sends full URLs everywhere') : [];
    },
  },
  {
    id: 'web.headers.permissions_policy',
    test: (v) => (isPage(v) && !v.r.headers['permissions-policy'] && !v.r.headers['feature-policy'] ? one(v, [], 'no Permissions-Policy header') : []),
  },
];

function cookieRule(id: string, bad: (attrs: Map<string, string>, v: ResponseView) => string | undefined): PassiveRule {
  return {
    id,
    test: (v) => {
      const out: Evidence[] = [];
      for (const raw of v.r.setCookies) {
        const c = parseSetCookie(raw);
        if (!c) continue;
        // A deletion (empty value or expiry in the past) carries no secret.
        if (c.value === '' || c.attributes.get('max-age') === '0') continue;
        const why = bad(c.attributes, v);
        if (why) out.push(webEvidence(v.r, { headers: ['set-cookie'], parameter: c.name, detail: `cookie ${c.name}: ${why}` }));
      }
      return out;
    },
  };
}

export const COOKIE_RULES: PassiveRule[] = [
  cookieRule('web.cookies.no_secure', (a, v) => (v.https && !a.has('secure') ? 'no Secure attribute on an https site' : undefined)),
  cookieRule('web.cookies.no_httponly', (a) => (a.has('httponly') ? undefined : 'no HttpOnly attribute')),
  cookieRule('web.cookies.no_samesite', (a) => {
    const s = a.get('samesite')?.toLowerCase();
    if (s === undefined) return 'no SameSite attribute';
    return s === 'none' ? 'SameSite=None' : undefined;
  }),
];
