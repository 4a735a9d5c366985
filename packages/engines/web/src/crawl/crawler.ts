/**
 * The crawler: breadth-first from the start URL (plus robots.txt and
 * sitemap.xml seeds), within the Scope, up to maxDepth and maxPages, one
 * request at a time through the HttpClient (which enforces the network
 * policy, caps and the rate limit). Links, frames, meta refreshes and form
 * actions are followed; each page is reported to `onPage` as it arrives, so
 * progress is per page. Failures (policy refusals, redirect loops, timeouts,
 * truncated bodies, non-HTTP answers) are collected as problems, never thrown.
 */
import { FetchError, type HttpClient, type HttpResponse } from '../net/http-client.ts';
import { type HtmlForm, type PageFacts, isHtml, parseHtml } from './html.ts';
import type { Scope } from './scope.ts';
import { parseRobots, parseSitemap } from './seeds.ts';

export interface CrawledPage {
  url: string;
  depth: number;
  response: HttpResponse;
  /** Parsed HTML (after rendering when a renderer is used). */
  facts?: PageFacts;
}

export interface CrawlProblem {
  url: string;
  kind: string;
  reason: string;
}

export interface Renderer {
  /** The DOM after scripts ran, and the in-scope URLs the page requested. */
  render(url: string, response: HttpResponse): Promise<{ html: string; requested: string[] } | undefined>;
  close(): Promise<void>;
}

export interface CrawlOptions {
  maxPages: number;
  maxDepth: number;
  seeds: boolean;
  renderer?: Renderer;
  /** Stops the crawl (time limit); the pages so far are kept. */
  stop?: AbortSignal;
  onPage?: (page: CrawledPage, visited: number, queued: number) => void;
}

export interface CrawlResult {
  pages: CrawledPage[];
  forms: HtmlForm[];
  problems: CrawlProblem[];
  /** The crawl ended at the page limit with URLs still queued. */
  limited: boolean;
}

// Non-page resources are not fetched (images, fonts, media, archives); scripts are, for their secrets.
const SKIP_EXT = /\.(?:png|jpe?g|gif|webp|ico|bmp|svg|woff2?|ttf|otf|eot|mp[34]|webm|avi|mov|pdf|zip|gz|tgz|rar|7z|exe|dmg|iso|apk|ipa)$/i;
const MAX_VARIANTS_PER_PATH = 5;

export async function crawl(start: string, client: HttpClient, scope: Scope, o: CrawlOptions): Promise<CrawlResult> {
  const result: CrawlResult = { pages: [], forms: [], problems: [], limited: false };
  const seen = new Set<string>();
  const variants = new Map<string, number>();
  const formKeys = new Set<string>();
  const queue: { url: string; depth: number }[] = [];
  const enqueue = (href: string, depth: number) => {
    const url = scope.admit(href);
    if (!url || seen.has(url) || depth > o.maxDepth) return;
    const u = new URL(url);
    if (SKIP_EXT.test(u.pathname)) return;
    // Calendars and faceted search produce endless query variants of one path: keep a few.
    const shape = `${u.origin}${u.pathname}?${[...u.searchParams.keys()].sort().join('&')}`;
    const n = variants.get(shape) ?? 0;
    if (u.search && n >= MAX_VARIANTS_PER_PATH) return;
    variants.set(shape, n + 1);
    seen.add(url);
    queue.push({ url, depth });
  };

  enqueue(start, 0);
  if (o.seeds) await addSeeds(start, client, (u) => enqueue(u, 1), result, o.stop);

  while (queue.length > 0) {
    if (o.stop?.aborted) break;
    if (result.pages.length >= o.maxPages) {
      result.limited = true;
      break;
    }
    const { url, depth } = queue.shift()!;
    let response: HttpResponse;
    try {
      response = await client.request({ url });
    } catch (e) {
      if (o.stop?.aborted) break;
      if (!(e instanceof FetchError) || e.kind === 'aborted') throw e;
      result.problems.push({ url, kind: e.kind, reason: e.message });
      continue;
    }
    if (response.truncated) result.problems.push({ url, kind: 'truncated', reason: `response larger than ${response.body.length} bytes: read up to the cap, the rest was not downloaded` });
    const page: CrawledPage = { url, depth, response };
    // A redirect can leave the scope: keep the response (for its headers) but do not follow its links.
    const finalInScope = scope.admit(response.url) !== undefined;
    if (finalInScope && isHtml(response.headers['content-type'], response.text)) {
      let html = response.text;
      if (o.renderer) {
        try {
          const rendered = await o.renderer.render(response.url, response);
          if (rendered) {
            html = rendered.html;
            for (const r of rendered.requested) enqueue(r, depth + 1);
          }
        } catch (e) {
          result.problems.push({ url, kind: 'render', reason: `rendering failed: ${(e as Error).message.slice(0, 300)}` });
        }
      }
      page.facts = parseHtml(html, response.url);
      for (const link of page.facts.links) enqueue(link, depth + 1);
      for (const s of page.facts.scripts) enqueue(s.src, depth + 1);
      for (const f of page.facts.forms) {
        const key = `${f.method} ${f.action} ${f.fields.map((x) => x.name).join(',')}`;
        if (!formKeys.has(key) && scope.admit(f.action)) {
          formKeys.add(key);
          result.forms.push(f);
        }
        if (f.method === 'GET') enqueue(f.action, depth + 1);
      }
    }
    result.pages.push(page);
    o.onPage?.(page, result.pages.length, queue.length);
  }
  if (queue.length > 0 && result.pages.length >= o.maxPages) result.limited = true;
  return result;
}

async function addSeeds(start: string, client: HttpClient, add: (u: string) => void, result: CrawlResult, stop?: AbortSignal): Promise<void> {
  const base = new URL(start);
  const get = async (url: string): Promise<HttpResponse | undefined> => {
    if (stop?.aborted) return undefined;
    try {
      const r = await client.request({ url });
      return r.status === 200 ? r : undefined;
    } catch (e) {
      if (!(e instanceof FetchError) || e.kind === 'aborted') throw e;
      result.problems.push({ url, kind: e.kind, reason: e.message });
      return undefined;
    }
  };
  const robots = await get(new URL('/robots.txt', base).href);
  const sitemaps = [new URL('/sitemap.xml', base).href];
  if (robots && !isHtml(robots.headers['content-type'], robots.text)) {
    const r = parseRobots(robots.text, base);
    r.paths.forEach(add);
    sitemaps.push(...r.sitemaps.filter((s) => new URL(s).origin === base.origin));
  }
  for (const sm of [...new Set(sitemaps)].slice(0, 5)) {
    const r = await get(sm);
    if (!r || !/<(?:urlset|sitemapindex)/i.test(r.text.slice(0, 4096))) continue;
    for (const loc of parseSitemap(r.text)) add(loc);
  }
}
