/**
 * Reflected and stored XSS. A unique marker tag is injected; the finding is
 * the marker coming back as markup (unencoded "<marker>") in an HTML
 * response: right away (reflected) or on a later plain GET of a crawled page
 * (stored), so encoded output never counts.
 */
import { isHtml } from '../../crawl/html.ts';
import { webEvidence } from '../evidence.ts';
import { type ActiveContext, type InjectionPoint, eachConcurrently, marker, requestFor, send } from './points.ts';

const MAX_REVISITS = 40;

export async function reflectedXss(ctx: ActiveContext, points: readonly InjectionPoint[]): Promise<void> {
  await eachConcurrently(ctx, points, async (p, ctx) => {
    const m = marker('xss');
    const tag = `<${m}>`;
    const r = await send(ctx, requestFor(p, `"'>${tag}`));
    if (r && isHtml(r.headers['content-type'], r.text) && r.text.includes(tag)) {
      ctx.b.finding('web.injection.xss_reflected', webEvidence(r, { parameter: p.name, match: tag, headers: ['content-type', 'content-security-policy'], detail: `the tag ${tag} sent in "${p.name}" came back unencoded` }));
    }
  });
}

export async function storedXss(ctx: ActiveContext, points: readonly InjectionPoint[]): Promise<void> {
  const planted = new Map<string, { point: InjectionPoint; request: string; url: string }>();
  await eachConcurrently(ctx, points, async (p, ctx) => {
    if (p.source !== 'form' || p.method !== 'POST') return;
    const m = marker('sxss');
    const r = await send(ctx, requestFor(p, `<${m}>`));
    if (r) planted.set(m, { point: p, request: r.requestText, url: p.url });
  });
  if (planted.size === 0) return;
  // The pages of the forms first (a guestbook shows its entries under its form), then the rest of the crawl.
  const pages = [...new Set([...[...planted.values()].map((x) => x.point.form?.page ?? x.url), ...ctx.crawl.pages.filter((x) => x.facts).map((x) => x.url)])].slice(0, MAX_REVISITS);
  const found = new Set<string>();
  await eachConcurrently(ctx, pages, async (url, ctx) => {
    const r = await send(ctx, { url });
    if (!r || !isHtml(r.headers['content-type'], r.text)) return;
    for (const [m, src] of planted) {
      if (found.has(m) || !r.text.includes(`<${m}>`)) continue;
      found.add(m);
      ctx.b.finding(
        'web.injection.xss_stored',
        webEvidence(r, {
          parameter: src.point.name,
          match: `<${m}>`,
          detail: `the tag <${m}> submitted in "${src.point.name}" to ${src.url} is served unencoded by ${r.url}; submitted with:\n${src.request}`,
        }),
      );
    }
  });
}
