/**
 * The only way the engine talks to a target: a bounded HTTP/1.1 client.
 *
 * - Every hop (the first request and each redirect) resolves the host, checks
 *   the resolved address against the NetworkPolicy and connects to exactly
 *   that address (no second lookup).
 * - Bodies are read while streaming up to a byte cap, then the connection is
 *   dropped and the response marked truncated (a 1 GB body never gets read).
 * - An idle timeout (no byte for N ms) and a total timeout per request bound
 *   slow-drip servers; too many redirects, non-HTTP answers, TLS failures and
 *   policy refusals are FetchErrors with a kind, never hangs.
 * - `Accept-Encoding: identity`: no decompression, so no decompression bombs.
 * - The rate limiter is taken before each hop; the abort signal ends a
 *   request in flight at once.
 */
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { CookieJar } from './cookies.ts';
import type { NetworkPolicy } from './policy.ts';
import { RateLimiter } from './rate-limit.ts';

export type FetchErrorKind = 'policy' | 'scheme' | 'dns' | 'connect' | 'timeout' | 'idle' | 'redirects' | 'not_http' | 'tls' | 'aborted' | 'other';

export class FetchError extends Error {
  constructor(
    readonly kind: FetchErrorKind,
    message: string,
    readonly url: string,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

export interface HttpRequest {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** Follow 3xx Location (default true); each hop is checked against the policy. */
  followRedirects?: boolean;
  /** Send the session (cookie jar and auth header); default true. */
  session?: boolean;
}

export interface RedirectHop {
  url: string;
  status: number;
  location: string;
}

export interface HttpResponse {
  /** URL of the final hop. */
  url: string;
  status: number;
  statusText: string;
  /** Lower-case names; repeated headers joined with ", " except set-cookie (see setCookies). */
  headers: Record<string, string>;
  setCookies: string[];
  body: Buffer;
  text: string;
  /** The body was cut at the byte cap. */
  truncated: boolean;
  redirects: RedirectHop[];
  elapsedMs: number;
  /** The final hop's request as sent, for evidence. */
  requestText: string;
}

export interface HttpClientOptions {
  policy: NetworkPolicy;
  /** Requests per second (≤ 0: unlimited). */
  ratePerSecond: number;
  maxBodyBytes: number;
  idleTimeoutMs: number;
  requestTimeoutMs: number;
  maxRedirects: number;
  userAgent: string;
  /** Sent with every in-session request, e.g. { Authorization: 'Bearer …' }. */
  sessionHeaders?: Record<string, string>;
  signal?: AbortSignal;
}

export class HttpClient {
  readonly jar = new CookieJar();
  private readonly limiter: RateLimiter;
  /** Requests sent (hops), for figures. */
  sent = 0;

  constructor(readonly o: HttpClientOptions) {
    this.limiter = new RateLimiter(o.ratePerSecond);
  }

  async request(req: HttpRequest): Promise<HttpResponse> {
    const started = Date.now();
    const redirects: RedirectHop[] = [];
    let method = (req.method ?? 'GET').toUpperCase();
    let body = req.body;
    let url = parseUrl(req.url);
    for (;;) {
      const hop = await this.hop(method, url, req, body);
      const location = hop.headers.location;
      if (req.followRedirects === false || !location || hop.status < 300 || hop.status >= 400 || hop.status === 304) {
        return { ...hop, redirects, elapsedMs: Date.now() - started };
      }
      if (redirects.length >= this.o.maxRedirects) throw new FetchError('redirects', `more than ${this.o.maxRedirects} redirects (last: ${url.href} → ${location})`, req.url);
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        return { ...hop, redirects, elapsedMs: Date.now() - started };
      }
      redirects.push({ url: url.href, status: hop.status, location: next.href });
      if (hop.status === 303 || ((hop.status === 301 || hop.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
      url = next;
    }
  }

  /** The address a URL's host resolves to, checked against the policy. */
  async resolve(url: URL): Promise<{ address: string; family: number }> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) {
      const v = this.o.policy.check(host);
      if (!v.ok) throw new FetchError('policy', `refused by the network policy: ${v.reason}`, url.href);
      return { address: host, family: isIP(host) };
    }
    let addrs: { address: string; family: number }[];
    try {
      addrs = await lookup(host, { all: true, verbatim: true });
    } catch (e) {
      throw new FetchError('dns', `cannot resolve ${host}: ${(e as Error).message}`, url.href);
    }
    let firstRefusal: string | undefined;
    for (const a of addrs) {
      const v = this.o.policy.check(a.address);
      if (v.ok) return a;
      firstRefusal ??= v.reason;
    }
    throw new FetchError('policy', `refused by the network policy: ${host} resolves to ${firstRefusal ?? 'nothing'}`, url.href);
  }

  private async hop(method: string, url: URL, req: HttpRequest, body: string | undefined): Promise<Omit<HttpResponse, 'redirects' | 'elapsedMs'>> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError('scheme', `unsupported scheme ${url.protocol}`, url.href);
    this.o.signal?.throwIfAborted();
    const { address, family } = await this.resolve(url);
    await this.limiter.take(this.o.signal);
    const headers: Record<string, string> = {
      Host: url.host,
      'User-Agent': this.o.userAgent,
      Accept: '*/*',
      'Accept-Encoding': 'identity',
      Connection: 'close',
    };
    if (req.session !== false) {
      Object.assign(headers, this.o.sessionHeaders ?? {});
      const cookie = this.jar.header(url.hostname);
      if (cookie) headers.Cookie = cookie;
    }
    for (const [k, v] of Object.entries(req.headers ?? {})) {
      const existing = Object.keys(headers).find((h) => h.toLowerCase() === k.toLowerCase());
      if (existing) delete headers[existing];
      headers[k] = v;
    }
    if (body !== undefined) {
      headers['Content-Length'] = String(Buffer.byteLength(body));
      if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    }
    const path = `${url.pathname}${url.search}`;
    const requestText = `${method} ${path} HTTP/1.1\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n')}\r\n\r\n${body ?? ''}`;
    this.sent++;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const result = await this.send(url, { method, address, family, headers, body, sni: isIP(host) ? undefined : host, path });
    if (req.session !== false && result.setCookies.length > 0) this.jar.store(url.hostname, result.setCookies);
    return { ...result, url: url.href, requestText };
  }

  private send(
    url: URL,
    p: { method: string; address: string; family: number; headers: Record<string, string>; body: string | undefined; sni: string | undefined; path: string },
  ): Promise<{ status: number; statusText: string; headers: Record<string, string>; setCookies: string[]; body: Buffer; text: string; truncated: boolean }> {
    const { maxBodyBytes, idleTimeoutMs, requestTimeoutMs } = this.o;
    return new Promise((resolve, reject) => {
      let settled = false;
      const chunks: Buffer[] = [];
      let size = 0;
      const mod = url.protocol === 'https:' ? https : http;
      const request = mod.request({
        host: p.address,
        family: p.family,
        port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80,
        method: p.method,
        path: p.path || '/',
        headers: p.headers,
        agent: false,
        // Certificate problems are findings of the TLS checks, not a reason to stop crawling.
        rejectUnauthorized: false,
        ...(p.sni ? { servername: p.sni } : {}),
        maxHeaderSize: 64 * 1024,
        insecureHTTPParser: false,
      });
      const fail = (e: FetchError) => {
        if (settled) return;
        settled = true;
        cleanup();
        request.destroy();
        reject(e);
      };
      const total = setTimeout(() => fail(new FetchError('timeout', `no complete answer within ${requestTimeoutMs} ms`, url.href)), requestTimeoutMs);
      const onAbort = () => fail(new FetchError('aborted', 'scan cancelled', url.href));
      this.o.signal?.addEventListener('abort', onAbort, { once: true });
      const cleanup = () => {
        clearTimeout(total);
        this.o.signal?.removeEventListener('abort', onAbort);
      };
      request.setTimeout(idleTimeoutMs, () => fail(new FetchError('idle', `no data for ${idleTimeoutMs} ms`, url.href)));
      request.on('error', (e: NodeJS.ErrnoException) => fail(classify(e, url.href)));
      request.on('response', (res) => {
        const headers: Record<string, string> = {};
        const setCookies: string[] = [];
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
          const k = res.rawHeaders[i]!.toLowerCase();
          const v = res.rawHeaders[i + 1]!;
          if (k === 'set-cookie') setCookies.push(v);
          else headers[k] = headers[k] === undefined ? v : `${headers[k]}, ${v}`;
        }
        const finish = (truncated: boolean) => {
          if (settled) return;
          settled = true;
          cleanup();
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers, setCookies, body, text: body.toString('utf8'), truncated });
          if (truncated) request.destroy();
        };
        if (p.method === 'HEAD') {
          finish(false);
          return;
        }
        res.on('data', (chunk: Buffer) => {
          if (settled) return;
          const room = maxBodyBytes - size;
          if (chunk.length >= room) {
            chunks.push(chunk.subarray(0, room));
            size = maxBodyBytes;
            finish(true);
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => finish(false));
        res.on('aborted', () => finish(true));
        res.on('error', (e: NodeJS.ErrnoException) => (size > 0 ? finish(true) : fail(classify(e, url.href))));
      });
      if (p.body !== undefined) request.write(p.body);
      request.end();
    });
  }
}

function classify(e: NodeJS.ErrnoException, url: string): FetchError {
  const code = e.code ?? '';
  if (code.startsWith('HPE_')) return new FetchError('not_http', `the service did not answer HTTP (${code}: ${e.message})`, url);
  if (code.startsWith('ERR_SSL') || code === 'EPROTO' || /SSL|TLS|certificate/i.test(e.message)) return new FetchError('tls', `TLS failed: ${e.message}`, url);
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EPIPE') return new FetchError('connect', `connection failed: ${code}`, url);
  if (code === 'ABORT_ERR') return new FetchError('aborted', 'scan cancelled', url);
  return new FetchError('other', `${code || 'error'}: ${e.message}`, url);
}

function parseUrl(s: string): URL {
  try {
    return new URL(s);
  } catch {
    throw new FetchError('scheme', `not a URL: ${s.slice(0, 200)}`, s);
  }
}
