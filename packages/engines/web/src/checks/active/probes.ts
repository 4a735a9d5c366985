/**
 * Payload-and-signature probes: command injection (shell arithmetic whose
 * result only a shell produces), path traversal / LFI (well-known file
 * contents), open redirect (Location to a foreign host, redirects not
 * followed) and SSRF: in-band indicators (the target's own connection errors
 * for an address the scanner gave it) and, when a callback listener is
 * configured, out-of-band proof (the target requests the listener's URL).
 * A signature already in the baseline never counts.
 */
import type { HttpResponse } from '../../net/http-client.ts';
import { webEvidence } from '../evidence.ts';
import { CallbackListener, callbackToken } from './callback.ts';
import { type ActiveContext, type InjectionPoint, baselineValue, eachConcurrently, requestFor, send } from './points.ts';

export const FILE_SIGNATURES: readonly { file: string; re: RegExp }[] = [
  { file: '/etc/passwd', re: /root:[x*!]?:0:0:/ },
  { file: 'win.ini', re: /\[(?:fonts|extensions|mci extensions)\]/i },
];
const TRAVERSAL_PAYLOADS = [
  '../../../../../../../../etc/passwd',
  '....//....//....//....//....//....//etc/passwd',
  '..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
  '/etc/passwd',
  'file:///etc/passwd',
  '..\\..\\..\\..\\..\\..\\windows\\win.ini',
];
const REDIRECT_HOST = 'citadel-redirect.example';
const REDIRECT_NAME = /url|redir|next|return|dest|target|goto|continue|forward|^to$|^r$|link|location/i;
const SSRF_NAME = /url|uri|link|src|source|feed|host|site|proxy|fetch|image|img|callback|webhook|endpoint|path/i;
export const SSRF_ERRORS = /ECONNREFUSED|Connection refused|connect\(\) failed|Failed to connect to|couldn't connect|ENOTFOUND|getaddrinfo|Name or service not known|Could not resolve host|EHOSTUNREACH|No route to host|cURL error \d+|java\.net\.ConnectException|socket hang up/i;

const urlish = (p: InjectionPoint, nameRe: RegExp) => nameRe.test(p.name) || /^(?:https?:)?\/\//i.test(baselineValue(p)) || baselineValue(p).startsWith('/');
const newIn = (r: HttpResponse, base: HttpResponse | undefined, re: RegExp) => re.test(r.text) && !(base && re.test(base.text));

export async function commandInjection(ctx: ActiveContext, points: readonly InjectionPoint[], baselines: Map<InjectionPoint, HttpResponse | undefined>): Promise<void> {
  await eachConcurrently(ctx, points, async (p, ctx) => {
    const x = 100 + Math.floor(Math.random() * 800);
    const y = 100 + Math.floor(Math.random() * 800);
    const expected = `ctd${x * y}ok`;
    const cmd = `echo ctd$((${x}*${y}))ok`;
    // Arithmetic only a shell evaluates; `expr` for filters that strip $ ( ) and backticks (the product alone then proves it).
    const product = new RegExp(`(?<!\\d)${x * y}(?!\\d)`);
    const payloads: [string, string | RegExp][] = [
      ...[';', '|', '&&', '\n', '$(', '`'].map((sep): [string, string] => [sep === '$(' ? `$(${cmd})` : sep === '`' ? `\`${cmd}\`` : `${sep}${cmd}`, expected]),
      ...['|', '\n'].map((sep): [string, RegExp] => [`${sep}expr ${x} \\* ${y}`, product]),
    ];
    for (const [payload, proof] of payloads) {
      const r = await send(ctx, requestFor(p, `${baselineValue(p)}${payload}`));
      const base = baselines.get(p)?.text ?? '';
      const hit = r && (typeof proof === 'string' ? r.text.includes(proof) && !base.includes(proof) : proof.test(r.text) && !proof.test(base) && !r.text.includes(`${x} \\* ${y}`));
      if (r && hit) {
        const shown = typeof proof === 'string' ? proof : String(x * y);
        ctx.b.finding('web.injection.command', webEvidence(r, { parameter: p.name, match: proof, detail: `"${payload}" in "${p.name}" printed ${shown}: the value ran in a shell` }));
        break;
      }
    }
  });
}

export async function pathTraversal(ctx: ActiveContext, points: readonly InjectionPoint[], baselines: Map<InjectionPoint, HttpResponse | undefined>): Promise<void> {
  await eachConcurrently(ctx, points, async (p, ctx) => {
    for (const payload of TRAVERSAL_PAYLOADS) {
      const r = await send(ctx, requestFor(p, payload));
      const hit = r ? FILE_SIGNATURES.find((s) => newIn(r, baselines.get(p), s.re)) : undefined;
      if (r && hit) {
        ctx.b.finding('web.injection.path_traversal', webEvidence(r, { parameter: p.name, match: hit.re, detail: `"${payload}" in "${p.name}" returned the content of ${hit.file}` }));
        break;
      }
    }
  });
}

export async function openRedirect(ctx: ActiveContext, points: readonly InjectionPoint[]): Promise<void> {
  await eachConcurrently(ctx, points, async (p, ctx) => {
    if (!urlish(p, REDIRECT_NAME)) return;
    for (const payload of [`https://${REDIRECT_HOST}/`, `//${REDIRECT_HOST}/`, `https:%2f%2f${REDIRECT_HOST}/`]) {
      const r = await send(ctx, requestFor(p, payload, { followRedirects: false }));
      if (!r) continue;
      const location = r.headers.location ?? '';
      let host = '';
      try {
        host = new URL(location, r.url).hostname;
      } catch {
        /* not a URL */
      }
      const refresh = new RegExp(`http-equiv=["']?refresh[^>]{0,100}url=['"]?(?:https?:)?//${REDIRECT_HOST.replace(/\./g, '\\.')}`, 'i');
      if ((r.status >= 300 && r.status < 400 && host === REDIRECT_HOST) || refresh.test(r.text)) {
        ctx.b.finding('web.injection.open_redirect', webEvidence(r, { parameter: p.name, headers: ['location'], match: REDIRECT_HOST, detail: `"${payload}" in "${p.name}" redirects to ${REDIRECT_HOST}` }));
        break;
      }
    }
  });
}

export async function ssrfIndicators(ctx: ActiveContext, points: readonly InjectionPoint[], baselines: Map<InjectionPoint, HttpResponse | undefined>): Promise<void> {
  await eachConcurrently(ctx, points, async (p, ctx) => {
    if (!urlish(p, SSRF_NAME)) return;
    // Port 1 on the target's own loopback is closed almost everywhere: a refusal message means the server connected.
    for (const payload of ['http://127.0.0.1:1/ctd-ssrf', 'http://citadel-ssrf-probe.invalid/']) {
      const r = await send(ctx, requestFor(p, payload));
      if (r && newIn(r, baselines.get(p), SSRF_ERRORS)) {
        ctx.b.finding('web.injection.ssrf', webEvidence(r, { parameter: p.name, match: SSRF_ERRORS, detail: `"${payload}" in "${p.name}" produced a connection error from the server: it fetches URLs it is given` }));
        break;
      }
    }
  });
}

/** Blind SSRF: each URL-like point gets the callback listener's URL with its own token; a request for it is the proof. */
export async function ssrfOutOfBand(ctx: ActiveContext, points: readonly InjectionPoint[]): Promise<void> {
  const cb = ctx.config.callback;
  if (!cb) return;
  let listener: CallbackListener;
  try {
    listener = await CallbackListener.start(cb, cb.url);
  } catch (e) {
    ctx.b.unreadable(`${cb.host}:${cb.port}`, `the out-of-band SSRF listener could not start (${(e as Error).message}); only in-band SSRF indicators were checked`);
    return;
  }
  try {
    const candidates = points.filter((p) => urlish(p, SSRF_NAME));
    const sent: ({ token: string; url: string; r: HttpResponse } | undefined)[] = candidates.map(() => undefined);
    await eachConcurrently(ctx, candidates, async (p) => {
      const token = callbackToken();
      const url = listener.urlFor(token);
      // Redirects are not followed: a point that redirects to the URL would make the scanner itself call back.
      const r = await send(ctx, requestFor(p, url, { followRedirects: false }));
      if (r) sent[candidates.indexOf(p)] = { token, url, r };
    });
    try {
      await listener.settle(sent.flatMap((s) => (s ? [s.token] : [])), cb.waitMs, ctx.client.o.signal);
    } catch (e) {
      if (!ctx.stop.aborted) throw e;
    }
    candidates.forEach((p, i) => {
      const s = sent[i];
      const hit = s && listener.hitsFor(s.token)[0];
      if (!s || !hit) return;
      ctx.b.finding(
        'web.injection.ssrf',
        webEvidence(s.r, { parameter: p.name, headers: [], detail: `"${s.url}" in "${p.name}" made the target request it (out of band): ${hit.method} ${hit.path} from ${hit.from}${hit.userAgent ? `, User-Agent ${hit.userAgent}` : ''}` }),
      );
    });
  } finally {
    await listener.close();
  }
}
