/**
 * Injection points of the active checks: each query parameter of a crawled
 * URL and each field of a crawled form, with the other values kept as the
 * page gave them, so one request changes exactly one parameter.
 */
import type { AssessmentBuilder } from '@citadel/engine-core';
import type { CrawlResult, Renderer } from '../../crawl/crawler.ts';
import type { HtmlForm } from '../../crawl/html.ts';
import type { Scope } from '../../crawl/scope.ts';
import type { WebScanConfig } from '../../options.ts';
import { FetchError, type HttpClient, type HttpRequest, type HttpResponse } from '../../net/http-client.ts';
import { forEachLimit } from '../../net/pool.ts';

export interface InjectionPoint {
  source: 'query' | 'form';
  method: 'GET' | 'POST';
  /** URL without the query for GET forms; the full URL (its query replaced) for query points. */
  url: string;
  values: [string, string][];
  /** The parameter this point injects into. */
  name: string;
  form?: HtmlForm;
}

export interface ActiveContext {
  b: AssessmentBuilder;
  client: HttpClient;
  crawl: CrawlResult;
  scope: Scope;
  target: URL;
  config: WebScanConfig;
  /** The time limit: checks stop early and the assessment is partial. */
  stop: AbortSignal;
  /** The JavaScript renderer, when rendering is on (DOM-based XSS). */
  renderer?: Renderer;
}

const MAX_POINTS = 80;
const SKIP_FIELD = /csrf|xsrf|_token|authenticity|requestverification|nonce|captcha/i;

export function defaultValue(type: string, name: string): string {
  if (type === 'email' || /mail/i.test(name)) return 'citadel@example.com';
  if (type === 'number' || /^(?:id|page|num|count|qty)$/i.test(name)) return '1';
  if (type === 'password') return 'Citadel-1';
  if (/url|link|site/i.test(name)) return 'https://example.com/';
  return 'citadel';
}

/**
 * Query parameters of crawled URLs and fields of crawled forms, de-duplicated
 * by method, path and parameter names, at most MAX_POINTS, taken from the two
 * lists in turn: a big crawl's many query URLs must not crowd out its forms.
 */
export function injectionPoints(crawl: CrawlResult, scope: Scope): InjectionPoint[] {
  const seen = new Set<string>();
  const unique = (p: InjectionPoint) => {
    const key = `${p.method} ${p.url.split('?')[0]} ${p.name} ${p.values.map(([k]) => k).join('&')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const query: InjectionPoint[] = [];
  for (const page of crawl.pages) {
    const u = new URL(page.url);
    const values = [...u.searchParams];
    for (const [name] of values) query.push({ source: 'query', method: 'GET', url: page.url, values, name });
  }
  const forms: InjectionPoint[] = [];
  for (const form of crawl.forms) {
    if (!scope.admit(form.action)) continue;
    // A password change (new + confirmation) gets a different value per password field, so no probe
    // (the baselines least of all) changes the password of the account the scan signed in with.
    const passwords = form.fields.filter((f) => f.type === 'password');
    const change = passwords.length >= 2;
    const values: [string, string][] = form.fields.map((f) => [f.name, f.value || (change && f.type === 'password' ? `Citadel-${passwords.indexOf(f) + 1}` : defaultValue(f.type, f.name))]);
    for (const f of form.fields) {
      if (f.type === 'submit' || SKIP_FIELD.test(f.name)) continue;
      forms.push({ source: 'form', method: form.method, url: form.action, values, name: f.name, form });
    }
  }
  const a = query.filter(unique);
  const b = forms.filter(unique);
  const out: InjectionPoint[] = [];
  for (let i = 0; out.length < MAX_POINTS && (i < a.length || i < b.length); i++) {
    if (i < a.length) out.push(a[i]!);
    if (i < b.length && out.length < MAX_POINTS) out.push(b[i]!);
  }
  return out;
}

/** The request that sends `value` in the point's parameter (and the page's values elsewhere). */
export function requestFor(p: InjectionPoint, value: string, extra: Partial<HttpRequest> = {}): HttpRequest {
  const params = new URLSearchParams(p.values.map(([k, v]): [string, string] => [k, k === p.name ? value : v]));
  if (p.method === 'GET') {
    const u = new URL(p.url);
    u.search = params.toString();
    return { method: 'GET', url: u.href, ...extra };
  }
  return { method: 'POST', url: p.url, body: params.toString(), ...extra };
}

export function baselineValue(p: InjectionPoint): string {
  return p.values.find(([k]) => k === p.name)?.[1] ?? '';
}

/** One request; transport failures of a single probe are skipped (undefined), cancellation propagates. */
export async function send(ctx: ActiveContext, req: HttpRequest): Promise<HttpResponse | undefined> {
  if (ctx.stop.aborted) return undefined;
  try {
    return await ctx.client.request(req);
  } catch (e) {
    if (e instanceof FetchError && e.kind !== 'aborted') return undefined;
    if (ctx.stop.aborted) return undefined;
    throw e;
  }
}

/**
 * `task` for each item, `config.concurrency` at a time (the client's rate
 * limit covers them all). Each task gets a context whose findings are held
 * back and recorded in item order once all have run, so a report lists its
 * evidence in the same order however the answers interleaved.
 */
export async function eachConcurrently<T>(ctx: ActiveContext, items: readonly T[], task: (item: T, ctx: ActiveContext) => Promise<void>): Promise<void> {
  const held: (() => void)[][] = items.map(() => []);
  try {
    await forEachLimit(items, ctx.config.concurrency, (item, i) => task(item, { ...ctx, b: holdResults(ctx.b, held[i]!) }));
  } finally {
    for (const list of held) for (const record of list) record();
  }
}

const RESULT_METHODS = new Set<PropertyKey>(['finding', 'problem', 'safe']);

function holdResults(b: AssessmentBuilder, into: (() => void)[]): AssessmentBuilder {
  return new Proxy(b, {
    get(target, key) {
      const v = Reflect.get(target, key, target) as unknown;
      if (typeof v !== 'function') return v;
      if (RESULT_METHODS.has(key)) return (...args: unknown[]) => void into.push(() => (v as (...a: unknown[]) => void).apply(target, args));
      return (v as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

/** A short random marker that survives URL and form encoding. */
export function marker(prefix = 'ctd'): string {
  return `${prefix}${Math.random().toString(36).slice(2, 10)}`;
}
