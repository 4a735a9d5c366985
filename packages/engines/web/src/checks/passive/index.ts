/**
 * Passive checks: every crawled response through the header, cookie,
 * disclosure and content rules, then the site-level rules over links and
 * forms (CSRF tokens, sensitive URL parameters, mixed content, SRI), and the
 * CORS probe (a plain GET with a foreign Origin header; no attack payload).
 * Findings are de-duplicated by rule and URL (cookies also by name).
 */
import type { Evidence } from '@citadel/contracts';
import type { AssessmentBuilder } from '@citadel/engine-core';
import type { CrawlResult } from '../../crawl/crawler.ts';
import type { HtmlForm } from '../../crawl/html.ts';
import { isHtml } from '../../crawl/html.ts';
import { FetchError, type HttpClient } from '../../net/http-client.ts';
import { webEvidence } from '../evidence.ts';
import { CONTENT_RESPONSE_RULES, disclosureRules } from './content-rules.ts';
import { COOKIE_RULES, HEADER_RULES, type PassiveRule } from './header-rules.ts';

const CSRF_FIELD = /csrf|xsrf|_token|authenticity|requestverification|nonce|^token$/i;
const SENSITIVE_PARAM = /^(?:pass(?:word|wd)?|pwd|secret|token|access_token|api[_-]?key|apikey|session(?:id)?|sid|auth|jsessionid|phpsessid)$/i;
export const CORS_PROBE_ORIGIN = 'https://citadel-cors-probe.example';
const CORS_PROBES = 6;

export async function passiveChecks(b: AssessmentBuilder, crawl: CrawlResult, client: HttpClient, target: URL): Promise<void> {
  const https = target.protocol === 'https:';
  const rules: PassiveRule[] = [...HEADER_RULES, ...COOKIE_RULES, ...disclosureRules(target.hostname), ...CONTENT_RESPONSE_RULES];
  for (const rule of rules) {
    await b.check(rule.id, () => {
      const seen = new Set<string>();
      for (const page of crawl.pages) {
        const r = page.response;
        const view = { r, html: isHtml(r.headers['content-type'], r.text), https: r.url.startsWith('https:') || (https && r.url.startsWith(target.origin)) };
        for (const e of rule.test(view)) {
          const key = `${e.file} ${e.detail?.split(' · ')[0] ?? ''}`;
          if (seen.has(key)) continue;
          seen.add(key);
          b.finding(rule.id, e);
        }
      }
    });
  }

  await b.check('web.content.csrf_missing', () => {
    for (const f of crawl.forms) {
      // GET forms change state too when they set a password (a new one and its confirmation).
      const passwordChange = f.method === 'GET' && f.fields.filter((x) => x.type === 'password').length >= 2;
      if ((f.method !== 'POST' && !passwordChange) || f.fields.some((x) => x.type === 'hidden' && CSRF_FIELD.test(x.name))) continue;
      const page = crawl.pages.find((p) => p.url === f.page || p.response.url === f.page);
      b.finding('web.content.csrf_missing', formEvidence(f, page?.response, passwordChange ? 'GET form that changes a password, without an anti-CSRF token field' : 'POST form without a hidden anti-CSRF token field'));
    }
  });

  await b.check('web.disclosure.sensitive_url_params', () => {
    const seen = new Set<string>();
    for (const p of crawl.pages) {
      for (const [k] of new URL(p.url).searchParams) {
        if (!SENSITIVE_PARAM.test(k) || seen.has(`${p.url}`)) continue;
        seen.add(p.url);
        b.finding('web.disclosure.sensitive_url_params', webEvidence(p.response, { parameter: k, headers: [], detail: `parameter "${k}" in the URL` }));
      }
    }
    for (const f of crawl.forms) {
      const bad = f.fields.find((x) => x.type === 'password' || SENSITIVE_PARAM.test(x.name));
      if (f.method === 'GET' && bad) b.finding('web.disclosure.sensitive_url_params', formEvidence(f, undefined, `GET form sends "${bad.name}" in the URL`, bad.name));
    }
  });

  await b.check(['web.content.mixed_content', 'web.content.sri_missing'], () => {
    const seenSri = new Set<string>();
    for (const p of crawl.pages) {
      if (!p.facts) continue;
      if (p.response.url.startsWith('https:')) {
        const insecure = p.facts.resources.filter((x) => x.url.startsWith('http:'));
        if (insecure.length) b.finding('web.content.mixed_content', webEvidence(p.response, { match: insecure[0]!.url, detail: `${insecure.length} resource(s) over http: ${insecure.slice(0, 3).map((x) => `<${x.tag}> ${x.url}`).join(', ')}` }));
      }
      const pageHost = new URL(p.response.url).host;
      for (const s of p.facts.scripts) {
        if (new URL(s.src).host === pageHost || s.integrity || seenSri.has(`${p.url} ${s.src}`)) continue;
        seenSri.add(`${p.url} ${s.src}`);
        b.finding('web.content.sri_missing', webEvidence(p.response, { match: s.src, detail: `script from ${new URL(s.src).host} without integrity` }));
      }
    }
  });

  await b.check('web.content.cors_misconfig', async () => {
    const candidates = [...new Set([target.href, ...crawl.pages.filter((p) => p.response.status < 400).map((p) => p.url)])].slice(0, CORS_PROBES);
    for (const url of candidates) {
      let r;
      try {
        r = await client.request({ url, headers: { Origin: CORS_PROBE_ORIGIN }, followRedirects: false });
      } catch (e) {
        if (e instanceof FetchError && e.kind !== 'aborted') continue;
        throw e;
      }
      const acao = r.headers['access-control-allow-origin'] ?? '';
      const creds = /true/i.test(r.headers['access-control-allow-credentials'] ?? '');
      const headers = ['access-control-allow-origin', 'access-control-allow-credentials'];
      if (acao === CORS_PROBE_ORIGIN && creds) b.finding('web.content.cors_misconfig', webEvidence(r, { headers, detail: 'the request Origin is echoed in Access-Control-Allow-Origin with credentials allowed' }));
      else if (acao === CORS_PROBE_ORIGIN || (acao === 'null' && creds)) b.problem('web.content.cors_misconfig', webEvidence(r, { headers, detail: `Access-Control-Allow-Origin: ${acao} for a foreign origin` }));
    }
  });
}

export function formEvidence(f: HtmlForm, page: import('../../net/http-client.ts').HttpResponse | undefined, detail: string, parameter?: string): Evidence {
  const fields = f.fields.map((x) => `${x.name} (${x.type})`).join(', ');
  const base: Evidence = page ? webEvidence(page, { match: /<form/i, headers: ['content-type'], detail, ...(parameter ? { parameter } : {}) }) : { file: f.page, detail: `${parameter ? `parameter: ${parameter} · ` : ''}${detail}` };
  return { ...base, file: f.page, snippet: `<form method="${f.method}" action="${f.action}"> fields: ${fields}` };
}
