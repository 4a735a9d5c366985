/**
 * The crawler: breadth-first from the start URL (plus robots.txt and
 * sitemap.xml seeds), within the Scope, up to maxDepth and maxPages, with
 * up to `concurrency` requests in flight through the HttpClient (which
 * enforces the network policy, caps and the rate limit). Links, frames, meta refreshes and form
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
  /** Requests in flight at once (default 1); the client's rate limit still applies to all of them. */
  concurrency?: number;
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

  const visit = async ({ url, depth }: { url: string; depth: number }): Promise<CrawledPage | undefined> => {
    let response: HttpResponse;
    try {
      response = await client.request({ url });
    } catch (e) {
      if (o.stop?.aborted) return undefined;
      if (!(e instanceof FetchError) || e.kind === 'aborted') throw e;
      result.problems.push({ url, kind: e.kind, reason: e.message });
      return undefined;
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
      for (const f of page.facts.forms) if (f.method === 'GET') enqueue(f.action, depth + 1);
    }
    return page;
  };

  // `concurrency` workers take URLs from the one queue. A worker that finds the queue empty while
  // others are still fetching waits for them (their pages may queue more); the page limit counts
  // pages started, so it is never exceeded however many workers run.
  const done: { seq: number; page: CrawledPage }[] = [];
  let started = 0;
  let inFlight = 0;
  let failure: { error: unknown } | undefined;
  let waiting: (() => void)[] = [];
  const wakeAll = () => {
    const w = waiting;
    waiting = [];
    for (const f of w) f();
  };
  const worker = async (): Promise<void> => {
    for (;;) {
      if (o.stop?.aborted || failure) return;
      if (queue.length === 0) {
        if (inFlight === 0) return;
        await new Promise<void>((r) => waiting.push(r));
        continue;
      }
      if (started >= o.maxPages) {
        result.limited = true;
        return;
      }
      const item = queue.shift()!;
      const seq = started++;
      inFlight++;
      try {
        const page = await visit(item);
        if (page) {
          done.push({ seq, page });
          o.onPage?.(page, done.length, queue.length);
        }
      } catch (error) {
        failure ??= { error };
      } finally {
        inFlight--;
        wakeAll();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, o.concurrency ?? 1) }, worker));
  if (failure) throw failure.error;

  // Pages and forms in the order the URLs were taken from the queue, whatever order the answers came in.
  done.sort((a, b) => a.seq - b.seq);
  for (const { page } of done) {
    result.pages.push(page);
    for (const f of page.facts?.forms ?? []) {
      const key = `${f.method} ${f.action} ${f.fields.map((x) => x.name).join(',')}`;
      if (!formKeys.has(key) && scope.admit(f.action)) {
        formKeys.add(key);
        result.forms.push(f);
      }
    }
  }
  if (queue.length > 0 && started >= o.maxPages) result.limited = true;
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
