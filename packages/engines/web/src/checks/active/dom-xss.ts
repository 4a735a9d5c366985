/**
 * DOM-based XSS, with the JavaScript renderer (option render=true): a GET
 * parameter gets markup that leaves the usual surrounding elements and adds
 * an element with a unique name. The page is fetched, then rendered in Chromium
 * from that very answer; the finding is the element in the DOM after the
 * scripts ran while the raw answer does not contain it as markup (otherwise
 * it is reflected XSS, reported by that check): the page's own script put it
 * there from the URL.
 */
import { webEvidence } from '../evidence.ts';
import { type ActiveContext, type InjectionPoint, eachConcurrently, marker, requestFor, send } from './points.ts';

const MAX_DOM_POINTS = 20;

export async function domXss(ctx: ActiveContext, points: readonly InjectionPoint[]): Promise<void> {
  const renderer = ctx.renderer;
  if (!renderer) {
    ctx.b.notExecuted('web.injection.xss_dom', 'DOM-based XSS needs JavaScript rendering (option render=true)');
    return;
  }
  const candidates = points.filter((p) => p.method === 'GET').slice(0, MAX_DOM_POINTS);
  await eachConcurrently(ctx, candidates, async (p, ctx) => {
    const id = marker('ctddom');
    // Only characters decodeURI() gives back (no "/", "=", spaces): scripts often decode location.href that way.
    // <input> ends an open <select> (the parser's own rule); the marker element follows as markup.
    const tag = `<${id}>`;
    const payload = `'"><input>${tag}`;
    const r = await send(ctx, requestFor(p, payload));
    if (!r || r.status >= 400 || r.text.includes(tag)) return;
    const rendered = await renderer.render(r.url, r).catch(() => undefined);
    if (!rendered?.html.includes(tag)) return;
    ctx.b.finding(
      'web.injection.xss_dom',
      webEvidence(r, {
        parameter: p.name,
        headers: ['content-type', 'content-security-policy'],
        detail: `the page's script wrote ${payload} from "${p.name}" into the DOM as markup: after rendering it holds the element ${tag}, the answer itself does not`,
      }),
    );
  });
}
