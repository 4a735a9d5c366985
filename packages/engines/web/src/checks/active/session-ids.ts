/**
 * Predictable session identifiers. The pages that set cookies (fetched
 * without the session, so the server issues a fresh one each time) and the
 * POST forms (submitted in session with the page's values, as a "generate"
 * button would be) are requested a few times; the values one session-like
 * cookie takes are then tested for a counter (constant step), the current
 * Unix time, or MD5/SHA-1 of a small integer or of the current time
 * (DVWA's weak session IDs at low, medium and high).
 */
import { createHash } from 'node:crypto';
import { parseSetCookie } from '../../net/cookies.ts';
import type { HttpRequest, HttpResponse } from '../../net/http-client.ts';
import { webEvidence } from '../evidence.ts';
import { type ActiveContext, defaultValue, eachConcurrently, send } from './points.ts';

const SESSION_NAME = /sess|sid|token|auth|^id$|uid|user/i;
const SAMPLES = 4;
const MAX_SOURCES = 16;
const MAX_PAGES = 4;
const SMALL_INT = 10_000;

/** Why a cookie's successive values are predictable, or undefined. */
export function predictability(values: readonly string[], nowSeconds = Date.now() / 1000): string | undefined {
  if (values.length < 3) return undefined;
  // Times repeat within a second, so they may repeat here; anything else must change between samples.
  if (values.every((v) => /^\d{1,19}$/.test(v))) {
    const n = values.map(Number);
    if (n.every((v) => Math.abs(v - nowSeconds) < 2 * 86400)) return 'the current Unix time in seconds';
    if (n.every((v) => Math.abs(v / 1000 - nowSeconds) < 2 * 86400)) return 'the current Unix time in milliseconds';
    const steps = n.slice(1).map((v, i) => v - n[i]!);
    if (steps[0] !== 0 && steps.every((d) => d === steps[0]) && Math.abs(steps[0]!) <= 1000) return `a counter (step ${steps[0]})`;
    return undefined;
  }
  if (new Set(values).size < 2) return undefined;
  const algo = values.every((v) => /^[0-9a-f]{32}$/i.test(v)) ? 'md5' : values.every((v) => /^[0-9a-f]{40}$/i.test(v)) ? 'sha1' : undefined;
  if (!algo) return undefined;
  const hash = (s: string) => createHash(algo).update(s).digest('hex');
  const wanted = new Set(values.map((v) => v.toLowerCase()));
  const found = new Map<string, string>();
  for (let i = 0; i <= SMALL_INT && found.size < wanted.size; i++) if (wanted.has(hash(String(i)))) found.set(hash(String(i)), String(i));
  const now = Math.floor(nowSeconds);
  for (let t = now - 3600; t <= now + 60 && found.size < wanted.size; t++) if (wanted.has(hash(String(t)))) found.set(hash(String(t)), String(t));
  return found.size === wanted.size ? `${algo.toUpperCase()} of ${[...found.values()].join(', ')}` : undefined;
}

interface Source {
  what: string;
  request: HttpRequest;
}

export async function predictableSessionIds(ctx: ActiveContext): Promise<void> {
  // Forms first (a "new session" or "generate" button), then a few pages that set cookies.
  const sources: Source[] = [];
  for (const f of ctx.crawl.forms) {
    if (f.method !== 'POST' || (f.fileFields?.length ?? 0) > 0 || f.fields.some((x) => x.type === 'password')) continue;
    const body = new URLSearchParams(f.fields.map((x): [string, string] => [x.name, x.value || defaultValue(x.type, x.name)])).toString();
    sources.push({ what: `POST ${f.action}`, request: { method: 'POST', url: f.action, body, followRedirects: false } });
  }
  const cookiePages = ctx.crawl.pages.filter((p) => p.response.setCookies.length > 0 && p.response.status < 400);
  for (const p of cookiePages.slice(0, MAX_PAGES)) sources.push({ what: `GET ${p.url}`, request: { url: p.url, session: false, followRedirects: false } });
  const reported = new Set<string>();
  // Each source's samples in order (a counter only shows when its requests do not interleave).
  await eachConcurrently(ctx, sources.slice(0, MAX_SOURCES), async (src, ctx) => {
    const values = new Map<string, string[]>();
    let last: HttpResponse | undefined;
    for (let i = 0; i < SAMPLES; i++) {
      const r = await send(ctx, src.request);
      if (!r) return;
      last = r;
      for (const raw of r.setCookies) {
        const c = parseSetCookie(raw);
        if (!c || !c.value || !SESSION_NAME.test(c.name)) continue;
        values.set(c.name, [...(values.get(c.name) ?? []), c.value]);
      }
    }
    for (const [name, vs] of values) {
      const why = predictability(vs);
      if (!why || reported.has(name) || !last) continue;
      reported.add(name);
      ctx.b.finding('web.session.predictable_id', webEvidence(last, { parameter: name, headers: ['set-cookie'], detail: `${src.what} ${SAMPLES} times set ${name} = ${vs.join(', ')}: ${why}` }));
    }
  });
}
