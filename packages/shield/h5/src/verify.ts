/**
 * Proof that the protected package still works: the original and the protected
 * page are loaded in headless Chromium (Debian's /usr/bin/chromium through
 * playwright-core) with the network limited to the package itself — every
 * request to the package's host is answered from the package in memory, every
 * other request is aborted — the user's interaction steps run on both, and the
 * page text, element structure, uncaught errors and console output are
 * compared. The locks are proven too: a domain-locked page is loaded on a host
 * not allowed, an expiring page with the clock past its date, and a
 * tampered script under the integrity check; each must stop working.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ShieldError, type StrategyValues, type VerificationCheck } from '@citadel/shield-core';
import { isHtml, type WebPackage } from './package-io.ts';
import { CHECKS, ERRORS } from './texts.ts';

export const CHROMIUM_PATH = process.env.CITADEL_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  cjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  wasm: 'application/wasm',
  txt: 'text/plain; charset=utf-8',
};

/** The page's visible text (whitespace collapsed) and its elements in document order (tag#id), scripts left out. */
const VIEW_SCRIPT = `(() => {
  const structure = [];
  const walk = (el) => {
    const tag = el.tagName.toLowerCase();
    if (tag === 'script') return;
    structure.push(tag + (el.id ? '#' + el.id : ''));
    for (const c of Array.from(el.children)) walk(c);
  };
  if (document.body) walk(document.body);
  return { text: (document.body ? document.body.innerText : '').replace(/\\s+/g, ' ').trim(), structure: structure.slice(0, 5000) };
})()`;

export interface Snapshot {
  loaded: boolean;
  finalUrl: string;
  text: string;
  structure: string[];
  pageErrors: string[];
  console: string[];
  consoleErrors: string[];
  loadMs: number;
}

export interface PageOptions {
  host: string;
  clockAt?: number;
  interactions: string[];
  timeoutMs: number;
  /** per-step limit (default: the page timeout, at most 10 s) */
  stepTimeoutMs?: number;
  /** the original's final view: the protected page is given up to SETTLE_MAX_MS to reach it (protected code runs slower) */
  settleTo?: { text: string; structure: string[] };
}

/** A page counts as settled when its view has not changed for this long… */
const SETTLE_QUIET_MS = 700;
/** …or, when compared with the original, when it shows the same; never waited for longer than this (or 40 % of the page timeout). */
const SETTLE_MAX_MS = 12_000;

/**
 * Waits until what the page shows stops changing (frameworks render after
 * `load`: React schedules its first render, data arrives), or, with a target,
 * until it shows the target. Control-flow flattening and string decoding make
 * a production bundle several times slower, so a fixed delay after `load`
 * compared a protected page before its first render (Citadel's own build,
 * balanced preset: rendered 1–2 s after load on a loaded machine).
 */
async function settle(page: Page, target: PageOptions['settleTo'], timeoutMs: number): Promise<void> {
  const end = Date.now() + Math.min(SETTLE_MAX_MS, timeoutMs * 0.4);
  let last = '';
  let quietSince = Date.now();
  while (Date.now() < end) {
    const view = await page.evaluate<{ text: string; structure: string[] }>(VIEW_SCRIPT).catch(() => undefined);
    if (!view) return;
    if (target && view.text === target.text && view.structure.join('|') === target.structure.join('|')) return;
    const sig = `${view.structure.length}|${view.text}`;
    if (sig !== last) {
      last = sig;
      quietSince = Date.now();
    } else if (!target && Date.now() - quietSince >= SETTLE_QUIET_MS) return;
    await page.waitForTimeout(100);
  }
}

/** The entry pages to verify: index.html first, then the other pages by depth (at most 5). */
export function entryPages(pkg: WebPackage): string[] {
  const pages = [...pkg.files.keys()].filter(isHtml);
  pages.sort((a, b) => rank(a) - rank(b) || a.split('/').length - b.split('/').length || (a < b ? -1 : 1));
  return pages.slice(0, 5);
}
const rank = (p: string) => (p === 'index.html' ? 0 : /(^|\/)index\.html?$/i.test(p) ? 1 : 2);

export async function launch(): Promise<Browser> {
  const { chromium } = (await import('playwright-core')) as typeof import('playwright-core');
  try {
    return await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true, timeout: 60_000 });
  } catch (err) {
    throw new ShieldError('browser', ERRORS.browser, (err as Error).message.split('\n')[0]!.slice(0, 200));
  }
}

async function serve(context: BrowserContext, pkg: WebPackage, host: string): Promise<void> {
  await context.route('**/*', async (route) => {
    const u = new URL(route.request().url());
    if (u.host !== host) return route.abort('blockedbyclient');
    let p = decodeURIComponent(u.pathname).replace(/^\/+/, '');
    if (p === '' || p.endsWith('/')) p += 'index.html';
    const body = pkg.files.get(p);
    if (!body) return route.fulfill({ status: 404, body: 'not found', contentType: 'text/plain' });
    const ext = p.slice(p.lastIndexOf('.') + 1).toLowerCase();
    return route.fulfill({ status: 200, body, contentType: TYPES[ext] ?? 'application/octet-stream' });
  });
}

async function runStep(page: Page, step: string, timeoutMs: number): Promise<void> {
  const [verb, ...rest] = step.trim().split(/\s+/);
  const arg = rest.join(' ');
  if (verb === 'click') await page.click(arg, { timeout: timeoutMs });
  else if (verb === 'press') await page.keyboard.press(arg);
  else if (verb === 'wait') await page.waitForTimeout(Math.min(Number(arg) || 0, 5000));
  else if (verb === 'fill') {
    const m = /^(\S+)\s+(.*)$/.exec(arg);
    if (m) await page.fill(m[1]!, m[2]!, { timeout: timeoutMs });
  }
}

/** Loads one page of a package and records what it shows and says. */
export async function snapshot(browser: Browser, pkg: WebPackage, pagePath: string, o: PageOptions): Promise<Snapshot> {
  const context = await browser.newContext({ serviceWorkers: 'block', ignoreHTTPSErrors: true });
  const snap: Snapshot = { loaded: false, finalUrl: '', text: '', structure: [], pageErrors: [], console: [], consoleErrors: [], loadMs: 0 };
  try {
    await serve(context, pkg, o.host);
    const page = await context.newPage();
    if (o.clockAt !== undefined) await page.clock.setFixedTime(new Date(o.clockAt));
    page.on('pageerror', (e) => snap.pageErrors.length < 50 && snap.pageErrors.push(e.message.slice(0, 300)));
    page.on('console', (m) => {
      const line = `${m.type()}: ${m.text().slice(0, 300)}`;
      if (snap.console.length < 200) snap.console.push(line);
      if (m.type() === 'error' && snap.consoleErrors.length < 50) snap.consoleErrors.push(line);
    });
    const url = `https://${o.host}/${pagePath.split('/').map(encodeURIComponent).join('/')}`;
    try {
      await page.goto(url, { waitUntil: 'load', timeout: o.timeoutMs });
      snap.loaded = true;
    } catch (err) {
      snap.pageErrors.push(`load: ${(err as Error).message.split('\n')[0]!.slice(0, 200)}`);
      return snap;
    }
    await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
    await settle(page, o.interactions.length ? undefined : o.settleTo, o.timeoutMs);
    // page-side code as strings: this package is type-checked without the DOM library
    snap.loadMs = await page
      .evaluate<number>(`(() => { const n = performance.getEntriesByType('navigation')[0]; return n ? n.loadEventEnd - n.startTime : 0; })()`)
      .catch(() => 0);
    for (const step of o.interactions) {
      try {
        await runStep(page, step, o.stepTimeoutMs ?? Math.min(o.timeoutMs, 10_000));
      } catch (err) {
        // the page already differs from the script: later steps would only wait for their own timeouts
        snap.pageErrors.push(`step "${step.slice(0, 80)}": ${(err as Error).message.split('\n')[0]!.slice(0, 200)}`);
        break;
      }
    }
    if (o.interactions.length) await settle(page, o.settleTo, o.timeoutMs);
    snap.finalUrl = page.url();
    const view = await page
      .evaluate<{ text: string; structure: string[] }>(VIEW_SCRIPT)
      .catch(() => ({ text: '', structure: [] as string[] }));
    snap.text = view.text;
    snap.structure = view.structure;
    return snap;
  } finally {
    await context.close().catch(() => undefined);
  }
}

function firstDifference(a: string[], b: string[]): string {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return `#${i}: ${JSON.stringify((a[i] ?? '(none)').slice(0, 120))} → ${JSON.stringify((b[i] ?? '(none)').slice(0, 120))}`;
  return '';
}

function textDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return `at ${i}: ${JSON.stringify(a.slice(Math.max(0, i - 30), i + 60))} → ${JSON.stringify(b.slice(Math.max(0, i - 30), i + 60))}`;
}

/** The checks comparing one page's original and protected snapshots. */
export function compare(page: string, before: Snapshot, after: Snapshot, consoleCompared: boolean): VerificationCheck[] {
  const checks: VerificationCheck[] = [];
  checks.push({
    id: `load:${page}`,
    title: CHECKS.load,
    ok: before.loaded && after.loaded,
    detail: `${page}: ${after.loaded ? 'loaded' : `protected page did not load (${after.pageErrors[0] ?? ''})`}${before.loaded ? '' : '; original page did not load'}`,
  });
  const newErrors = after.pageErrors.length > before.pageErrors.length;
  checks.push({
    id: `errors:${page}`,
    title: CHECKS.errors,
    ok: !newErrors,
    detail: `${page}: uncaught errors ${before.pageErrors.length} → ${after.pageErrors.length}${newErrors ? `; first new: ${after.pageErrors[before.pageErrors.length] ?? after.pageErrors[0]}` : ''}`,
  });
  const sameText = before.text === after.text;
  const sameStructure = before.structure.join('|') === after.structure.join('|');
  checks.push({
    id: `dom:${page}`,
    title: CHECKS.dom,
    ok: sameText && sameStructure && where(after.finalUrl) === where(before.finalUrl),
    detail: `${page}: ${before.text.length} characters, ${before.structure.length} elements${sameText ? '' : `; text differs ${textDifference(before.text, after.text)}`}${sameStructure ? '' : `; elements differ ${firstDifference(before.structure, after.structure)}`}${after.finalUrl.startsWith('about:') ? `; protected page left for ${after.finalUrl}` : ''}`,
  });
  if (consoleCompared) {
    const same = before.console.join('\n') === after.console.join('\n');
    checks.push({ id: `console:${page}`, title: CHECKS.console, ok: same, detail: `${page}: ${before.console.length} messages${same ? '' : `; differ ${firstDifference(before.console, after.console)}`}` });
  }
  return checks;
}

/** Where a page ended up, without its host (the original and the protected copy may be served on different hosts). */
function where(u: string): string {
  try {
    const x = new URL(u);
    return x.protocol === 'https:' ? `${x.pathname}${x.search}${x.hash}` : u;
  } catch {
    return u;
  }
}

/** True when a snapshot shows the page working as the original did. */
export function behavesAs(before: Snapshot, after: Snapshot): boolean {
  return after.loaded && where(after.finalUrl) === where(before.finalUrl) && after.text === before.text && after.structure.join('|') === before.structure.join('|') && after.pageErrors.length <= before.pageErrors.length;
}

export function hostFor(strategy: StrategyValues): string {
  const d = (strategy.domainLock as string[] | undefined)?.[0];
  return d ? d.replace(/^\*?\./, '') : 'h5-shield.test';
}
