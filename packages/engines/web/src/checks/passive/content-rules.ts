/** Passive disclosure rules over one response: versions, stack traces, private IPs, listings, secrets. */
import type { Evidence } from '@citadel/contracts';
import { findIps, scanSecrets } from '@citadel/engine-core';
import { webEvidence } from '../evidence.ts';
import type { PassiveRule, ResponseView } from './header-rules.ts';

/** Stack-trace and debug-error signatures, as data. */
export const STACK_TRACE_PATTERNS: readonly { name: string; re: RegExp }[] = [
  { name: 'Node.js stack trace', re: /\n\s*at (?:[\w$.<>[\] ]+ )?\(?(?:\/|[A-Za-z]:\\|node:|file:)[^)\n]{1,300}:\d+:\d+\)?/ },
  { name: 'Python traceback', re: /Traceback \(most recent call last\):/ },
  { name: 'Java stack trace', re: /\bat (?:java|javax|jdk|org\.springframework|org\.apache|com\.sun)\.[\w.$]+\([\w$]+\.java:\d+\)/ },
  { name: 'Java exception', re: /\b(?:java\.lang|java\.io|java\.sql|javax\.servlet)\.[A-Z]\w*(?:Exception|Error)\b/ },
  { name: 'PHP error', re: /<b>(?:Fatal error|Warning|Parse error|Notice)<\/b>:\s.{1,300} in <b>[^<]{1,300}<\/b> on line <b>\d+/ },
  { name: '.NET error page', re: /Server Error in '[^']{0,200}' Application|System\.[\w.]+Exception:.{0,300}\n\s+at / },
  { name: 'framework debug page', re: /<title>[^<]{0,100}(?:Werkzeug Debugger|DisallowedHost|Whoops! There was an error|Django Debug)/i },
  { name: 'Ruby on Rails error', re: /ActionController::RoutingError|ActiveRecord::\w+Error/ },
];

export const DIRECTORY_LISTING = /<title>\s*Index of \/|<h1>\s*Index of \/|Directory listing for \/|\[To Parent Directory\]/i;
const FRAMEWORK_HEADERS = ['x-powered-by', 'x-aspnet-version', 'x-aspnetmvc-version', 'x-generator', 'x-drupal-dynamic-cache', 'x-backend-server'];
const TEXTUAL = /text\/|json|javascript|xml/i;

const textual = (v: ResponseView) => TEXTUAL.test(v.r.headers['content-type'] ?? 'text/html');

export function disclosureRules(targetHost: string): PassiveRule[] {
  return [
    {
      id: 'web.disclosure.server_version',
      test: (v) => {
        const s = v.r.headers.server ?? '';
        return /[A-Za-z][\w.-]*\/\d+(?:\.\d+)+/.test(s) || /\b\d+\.\d+(?:\.\d+)?\b/.test(s) ? [webEvidence(v.r, { headers: ['server'], detail: `Server: ${s}` })] : [];
      },
    },
    {
      id: 'web.disclosure.framework_version',
      test: (v) => {
        const found = FRAMEWORK_HEADERS.filter((h) => v.r.headers[h]);
        return found.length ? [webEvidence(v.r, { headers: found, detail: found.map((h) => `${h}: ${v.r.headers[h]}`).join('; ') })] : [];
      },
    },
    {
      id: 'web.disclosure.stack_trace',
      test: (v) => {
        if (!textual(v)) return [];
        const hit = STACK_TRACE_PATTERNS.find((p) => p.re.test(v.r.text));
        return hit ? [webEvidence(v.r, { match: hit.re, detail: hit.name })] : [];
      },
    },
    {
      id: 'web.disclosure.private_ip',
      test: (v) => {
        if (!textual(v)) return [];
        const ips = findIps(`${Object.values(v.r.headers).join('\n')}\n${v.r.text}`, 20).filter((ip) => ip.ipClass === 'private' && ip.value !== targetHost);
        return ips.length ? [webEvidence(v.r, { match: ips[0]!.value, detail: `private address ${[...new Set(ips.map((i) => i.value))].slice(0, 5).join(', ')}` })] : [];
      },
    },
    {
      id: 'web.disclosure.directory_listing',
      test: (v) => (v.html && v.r.status === 200 && DIRECTORY_LISTING.test(v.r.text) ? [webEvidence(v.r, { match: DIRECTORY_LISTING, detail: 'directory listing page' })] : []),
    },
    {
      id: 'web.disclosure.secrets_in_response',
      test: (v) => {
        if (!textual(v) || v.r.status >= 400) return [];
        const out: Evidence[] = [];
        for (const m of scanSecrets(v.r.text, { entropy: false, maxMatches: 20 })) {
          if (m.kind !== 'secret' || m.confidence === 'low') continue;
          out.push(webEvidence(v.r, { match: m.value, detail: `${m.description}: ${m.masked}` }));
        }
        return out;
      },
    },
  ];
}

export const CONTENT_RESPONSE_RULES: PassiveRule[] = [
  {
    id: 'web.content.cache_sensitive',
    test: (v) => {
      const cc = (v.r.headers['cache-control'] ?? '').toLowerCase();
      if (cc.includes('no-store') || cc.includes('private')) return [];
      const sensitive = (v.html && /<input[^>]+type\s*=\s*["']?password/i.test(v.r.text)) || v.r.setCookies.some((c) => !/max-age=0|=;/i.test(c));
      return sensitive && v.r.status < 400 ? [webEvidence(v.r, { headers: ['cache-control', 'pragma', 'set-cookie'], detail: 'a page with a password field or a new cookie without Cache-Control: no-store' })] : [];
    },
  },
];
