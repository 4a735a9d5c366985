/**
 * The web (DAST) engine: `input.url` and `options.params` (see options.ts)
 * → Assessment. Order: network-policy pre-flight of the start URL,
 * authentication, crawl (progress per page), passive checks on every
 * response, TLS checks for https, then the active groups the options enable.
 * The user's abort signal cancels at once; the total time limit stops the
 * scan and returns partial results, said so in `unreadable`.
 */
import { setMaxListeners } from 'node:events';
import type { Assessment, Platform } from '@citadel/contracts';
import { type AssessmentBuilder, type Engine, type EngineContext, type EngineInput, EngineInputError, type EngineOptions, startAssessment } from '@citadel/engine-core';
import { WEB_CATALOGUE } from './catalogue/index.ts';
import { activeChecks } from './checks/active/index.ts';
import { passiveChecks } from './checks/passive/index.ts';
import { tlsChecks } from './checks/tls/index.ts';
import { type CrawlResult, type Renderer, crawl } from './crawl/crawler.ts';
import { loginWithForm } from './crawl/login.ts';
import { startRenderer } from './crawl/render.ts';
import { Scope } from './crawl/scope.ts';
import { FetchError, HttpClient } from './net/http-client.ts';
import { NetworkPolicy } from './net/policy.ts';
import { type WebScanConfig, parseConfig } from './options.ts';

export const ENGINE_VERSION = '0.1.0';

export class WebEngine implements Engine {
  readonly name = 'web';
  readonly version = ENGINE_VERSION;
  readonly platforms: readonly Platform[] = ['web'];
  readonly catalogue = WEB_CATALOGUE;

  /** The web engine takes a URL, never a file. */
  accepts(): Platform | undefined {
    return undefined;
  }

  async run(input: EngineInput, options: EngineOptions, ctx: EngineContext): Promise<Assessment> {
    ctx.signal?.throwIfAborted();
    const target = parseTarget(input.url);
    const config = parseConfig(options.params ?? {});
    let policy: NetworkPolicy;
    try {
      policy = new NetworkPolicy({ allow: config.allowNetworks, deny: config.denyNetworks, allowPrivate: config.allowPrivate, allowLoopback: config.allowLoopback });
    } catch (e) {
      throw new EngineInputError('missing_parameter', (e as Error).message);
    }
    const timeLimit = new AbortController();
    const timer = setTimeout(() => timeLimit.abort(new Error(`total time limit of ${config.timeLimitMs / 1000} s reached`)), config.timeLimitMs);
    const signal = ctx.signal ? AbortSignal.any([ctx.signal, timeLimit.signal]) : timeLimit.signal;
    // Every request in flight (concurrency, Chromium's sub-requests) listens on it for cancellation.
    setMaxListeners(256, signal, timeLimit.signal);
    const client = new HttpClient({
      policy,
      ratePerSecond: config.ratePerSecond,
      maxBodyBytes: config.maxBodyBytes,
      idleTimeoutMs: config.idleTimeoutMs,
      requestTimeoutMs: config.requestTimeoutMs,
      maxRedirects: config.maxRedirects,
      userAgent: config.userAgent,
      ...(config.authHeader ? { sessionHeaders: { [config.authHeader.name]: config.authHeader.value } } : {}),
      signal,
    });
    const b = startAssessment(this, 'web', options, ctx);
    let renderer: Renderer | undefined;
    try {
      await preflight(client, target);
      if (config.authCookie) client.jar.addHeader(target.hostname, config.authCookie);
      b.target.url = target.href;
      b.target.host = target.hostname;
      b.target.scheme = target.protocol.replace(':', '');
      if (config.login) {
        b.setPhase('login');
        const r = await loginWithForm(client, config.login).catch((e: unknown) => rethrowOr(e, signal, { ok: false, detail: (e as Error).message }));
        b.target.authenticated = r.ok;
        if (!r.ok) b.unreadable(config.login.url, `login failed: ${r.detail}; the scan continued without a session`);
      } else if (config.authHeader || config.authCookie) b.target.authenticated = true;

      const scope = new Scope(target, config);
      if (config.render) {
        b.setPhase('starting Chromium');
        renderer = await startRenderer(client, scope, config.requestTimeoutMs, signal).catch((e: unknown) => {
          b.unreadable('chromium', `JavaScript rendering unavailable: ${(e as Error).message.split('\n')[0]}`);
          return undefined;
        });
      }
      const result = await crawl(target.href, client, scope, {
        maxPages: config.maxPages,
        maxDepth: config.maxDepth,
        seeds: config.seeds,
        concurrency: config.concurrency,
        stop: timeLimit.signal,
        ...(renderer ? { renderer } : {}),
        onPage: (page, visited, queued) => b.setPhase(`crawl: page ${visited} (${queued} queued) ${page.url}`),
      });
      ctx.signal?.throwIfAborted();
      reportCrawl(b, result, target, config);

      b.setPhase('passive checks');
      await passiveChecks(b, result, client, target);
      if (!timeLimit.signal.aborted) await tlsChecks(b, client, target, config.requestTimeoutMs, signal);
      await activeChecks({ b, client, crawl: result, scope, target, config, stop: timeLimit.signal, ...(renderer ? { renderer } : {}) });
      b.target.requests = client.sent;
      if (timeLimit.signal.aborted) b.unreadable(target.href, `${(timeLimit.signal.reason as Error).message}: the results are partial`);
      return b.build();
    } catch (e) {
      ctx.signal?.throwIfAborted();
      throw e;
    } finally {
      clearTimeout(timer);
      await renderer?.close();
    }
  }
}

function parseTarget(url: string | undefined): URL {
  if (!url) throw new EngineInputError('missing_parameter', 'the web engine needs a target URL (input.url)');
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new EngineInputError('unsupported_format', `not a URL: ${url.slice(0, 200)}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new EngineInputError('unsupported_format', `only http and https targets can be scanned, not ${u.protocol}`);
  u.hash = '';
  u.username = '';
  u.password = '';
  return u;
}

/** The start URL must resolve to an allowed address before anything is sent. */
async function preflight(client: HttpClient, target: URL): Promise<void> {
  try {
    await client.resolve(target);
  } catch (e) {
    if (e instanceof FetchError) throw new EngineInputError('unreachable', `${target.href}: ${e.message}`);
    throw e;
  }
}

function reportCrawl(b: AssessmentBuilder, result: CrawlResult, target: URL, config: WebScanConfig): void {
  for (const p of result.problems) b.unreadable(p.url, `${p.kind}: ${p.reason}`);
  const start = result.pages.find((p) => p.depth === 0);
  if (!start) {
    const why = result.problems.find((p) => p.url === target.href) ?? result.problems[0];
    throw new EngineInputError('unreachable', `${target.href} gave no HTTP answer: ${why ? `${why.kind}: ${why.reason}` : 'nothing fetched'}`);
  }
  b.target.pages = result.pages.length;
  b.target.forms = result.forms.length;
  b.target.status = start.response.status;
  if (start.response.headers.server) b.target.server = start.response.headers.server;
  if (start.facts?.title) b.target.title = start.facts.title;
  if (result.limited) b.unreadable(target.href, `page limit of ${config.maxPages} reached: further pages were not crawled`);
}

function rethrowOr<T>(e: unknown, signal: AbortSignal, value: T): T {
  if (signal.aborted || !(e instanceof FetchError)) throw e;
  return value;
}

export const engine = new WebEngine();
