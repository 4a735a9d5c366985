/**
 * Issue 18 item 6 in a real browser: the portal answers with a Content Security
 * Policy, and the built web app satisfies it — signing in, the WebSocket, and a
 * walk through the main screens in zh and en log no CSP violation.
 */
import { walkRoutes } from '@citadel/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD } from '../../server/src/test-support/test-app.ts';
import { type Portal, chromiumAvailable, signIn, startPortal } from './harness.ts';

describe.skipIf(!chromiumAvailable)('security headers in the browser', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => portal?.stop());

  /** A page that records every CSP violation (the DOM event and Chromium's console report). */
  async function watchedPage(locale: string): Promise<{ page: Page; violations: string[] }> {
    const context = await portal.browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
    const violations: string[] = [];
    await context.exposeFunction('__cspViolation', (v: string) => violations.push(v));
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { __cspViolation(v: string): void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    const page = await context.newPage();
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    return { page, violations };
  }

  it('sends the policy and the app runs under it in zh and en', async () => {
    const res = await fetch(`${portal.url}/`);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');

    const pages = walkRoutes()
      .filter((n) => n.path?.includes('/') && !n.hidden && !n.path.includes(':'))
      .map((n) => n.path as string)
      .slice(0, 16);
    for (const locale of ['zh-CN', 'en-US']) {
      const { page, violations } = await watchedPage(locale);
      await signIn(page, portal, 'admin', TEST_ADMIN_PASSWORD);
      await page.getByTestId('main-layout').waitFor();
      for (const p of pages) {
        await page.goto(`${portal.url}#${p.startsWith('/') ? p : `/${p}`}`);
        await page.waitForLoadState('networkidle');
      }
      expect(violations, locale).toEqual([]);
      await page.context().close();
    }
  }, 240_000);
});
