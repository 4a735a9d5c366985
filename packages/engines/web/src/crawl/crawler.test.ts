import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../net/http-client.ts';
import { NetworkPolicy } from '../net/policy.ts';
import { crawl } from './crawler.ts';
import { Scope } from './scope.ts';

/** A site of pages /n/<id>, each linking to three children (a tree), answered after a short delay. */
async function startTree(delayMs: number): Promise<{ url: string; arrivals: number[]; maxInFlight: () => number; close: () => Promise<void> }> {
  const arrivals: number[] = [];
  let inFlight = 0;
  let max = 0;
  const server = http.createServer((req, res) => {
    arrivals.push(performance.now());
    inFlight++;
    max = Math.max(max, inFlight);
    const id = Number(/^\/n\/(\d+)$/.exec(req.url ?? '')?.[1] ?? 0);
    const links = [1, 2, 3].map((k) => `<a href="/n/${id * 3 + k}">child</a>`).join('');
    setTimeout(() => {
      inFlight--;
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(`<!doctype html><html><head><title>node ${id}</title></head><body>${links}</body></html>`);
    }, delayMs);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/n/0`,
    arrivals,
    maxInFlight: () => max,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

function client(rate: number, signal?: AbortSignal): HttpClient {
  return new HttpClient({
    policy: new NetworkPolicy({ allow: ['127.0.0.1'] }),
    ratePerSecond: rate,
    maxBodyBytes: 1 << 20,
    idleTimeoutMs: 5000,
    requestTimeoutMs: 10_000,
    maxRedirects: 3,
    userAgent: 'test',
    ...(signal ? { signal } : {}),
  });
}

describe('crawler concurrency', () => {
  let site: Awaited<ReturnType<typeof startTree>>;
  beforeAll(async () => {
    site = await startTree(80);
  });
  afterAll(() => site.close());
  const scope = () => new Scope(new URL(site.url), { sameOrigin: true, include: [], exclude: [] });

  it('keeps up to `concurrency` requests in flight, never more, and stops at the page limit', async () => {
    site.arrivals.length = 0;
    const r = await crawl(site.url, client(0), scope(), { maxPages: 12, maxDepth: 5, seeds: false, concurrency: 4 });
    expect(r.pages).toHaveLength(12);
    expect(site.arrivals).toHaveLength(12);
    expect(r.limited).toBe(true);
    expect(site.maxInFlight()).toBeGreaterThanOrEqual(2);
    expect(site.maxInFlight()).toBeLessThanOrEqual(4);
    // Breadth-first order is kept in the result whatever order the answers came in.
    expect(r.pages.map((p) => p.depth)).toEqual([...r.pages.map((p) => p.depth)].sort((a, b) => a - b));
    expect(r.pages[0]!.url).toBe(site.url);
  });

  it('honours the depth limit with several workers', async () => {
    const r = await crawl(site.url, client(0), scope(), { maxPages: 100, maxDepth: 2, seeds: false, concurrency: 6 });
    expect(r.pages).toHaveLength(1 + 3 + 9);
    expect(Math.max(...r.pages.map((p) => p.depth))).toBe(2);
    expect(r.limited).toBe(false);
  });

  it('keeps the request-rate limit over all workers', async () => {
    site.arrivals.length = 0;
    await crawl(site.url, client(25), scope(), { maxPages: 10, maxDepth: 5, seeds: false, concurrency: 8 });
    // 25 per second: ten requests take at least nine intervals of 40 ms (a lower bound; load only adds to it).
    const span = site.arrivals.at(-1)! - site.arrivals[0]!;
    expect(span).toBeGreaterThanOrEqual(9 * 40 * 0.75);
  });

  it('stops at once when cancelled, with requests in flight', async () => {
    const ctrl = new AbortController();
    const run = crawl(site.url, client(0, ctrl.signal), scope(), { maxPages: 1000, maxDepth: 10, seeds: false, concurrency: 4 });
    setTimeout(() => ctrl.abort(new Error('cancelled')), 200);
    const outcome = await Promise.race([run.then(() => 'finished', (e: Error) => e.message), new Promise((r) => setTimeout(() => r('still running'), 1200))]);
    expect(outcome).toMatch(/cancelled/);
  });
});
