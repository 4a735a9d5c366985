/**
 * Optional JavaScript rendering with headless Chromium (playwright-core and
 * Debian's /usr/bin/chromium). The browser never touches the network itself:
 * every request it makes is intercepted and either answered through the
 * engine's HttpClient (so the network policy, byte caps, timeouts and rate
 * limit apply to it too) when in scope, or aborted. The DOM after scripts
 * ran and the in-scope URLs the page requested go back to the crawler.
 */
import type { HttpClient, HttpResponse } from '../net/http-client.ts';
import type { Renderer } from './crawler.ts';
import type { Scope } from './scope.ts';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const DROP_HEADERS = new Set(['content-length', 'transfer-encoding', 'content-encoding', 'connection']);

export async function startRenderer(client: HttpClient, scope: Scope, timeoutMs: number, signal?: AbortSignal): Promise<Renderer> {
  const { chromium } = (await import('playwright-core')) as typeof import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true, timeout: timeoutMs });
  const close = () => browser.close().catch(() => undefined);
  // Cancellation must not wait for a page load: closing the browser ends it.
  signal?.addEventListener('abort', () => void close(), { once: true });
  const context = await browser.newContext({ serviceWorkers: 'block', ignoreHTTPSErrors: true });
  const fulfil = (r: HttpResponse) => ({
    status: r.status,
    headers: Object.fromEntries(Object.entries(r.headers).filter(([k]) => !DROP_HEADERS.has(k))),
    body: r.body,
  });
  return {
    async render(url, response) {
      const page = await context.newPage();
      const requested: string[] = [];
      try {
        await page.route('**/*', async (route) => {
          const req = route.request();
          const u = req.url();
          if (u === url && req.method() === 'GET') return route.fulfill(fulfil(response));
          if (!scope.admit(u)) return route.abort('blockedbyclient');
          if (requested.length < 200) requested.push(u);
          try {
            const r = await client.request({ url: u, method: req.method(), ...(req.postData() ? { body: req.postData()! } : {}), followRedirects: false });
            await route.fulfill(fulfil(r));
          } catch {
            await route.abort('failed').catch(() => undefined);
          }
        });
        await page.goto(url, { timeout: timeoutMs, waitUntil: 'load' });
        await page.waitForLoadState('networkidle', { timeout: Math.min(3000, timeoutMs) }).catch(() => undefined);
        return { html: await page.content(), requested };
      } finally {
        await page.close().catch(() => undefined);
      }
    },
    close,
  };
}
