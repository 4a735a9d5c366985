/**
 * Browser-test harness: builds the web app if it is stale, starts the real
 * server (SQLite in a temp folder, test hooks on) on 127.0.0.1 with a free
 * port, and drives Debian's Chromium through playwright-core. No browser is
 * ever downloaded.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type Page, chromium } from 'playwright-core';
import { startTestApp, type TestApp } from '../../server/src/test-support/test-app.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const CHROMIUM = process.env.CITADEL_CHROMIUM ?? '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM);

export interface Portal {
  app: TestApp;
  url: string;
  browser: Browser;
  stop(): Promise<void>;
}

function ensureWebBuild(): void {
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--build-only'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`web build failed:\n${r.stdout}\n${r.stderr}`);
}

export async function startPortal(): Promise<Portal> {
  ensureWebBuild();
  const app = await startTestApp('sqlite', { CITADEL_WEB_DIR: path.join(root, 'apps/web/dist') });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
  });
  return {
    app,
    url: `http://127.0.0.1:${address.port}/`,
    browser,
    async stop() {
      await browser.close();
      await app.stop();
    },
  };
}

/** Signs in through the login page, reading the captcha answer through the test hook. */
export async function signIn(page: Page, portal: Portal, username: string, password: string): Promise<void> {
  await page.goto(`${portal.url}#/login`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await fillCaptcha(page, portal);
  await page.getByTestId('login-submit').click();
}

export async function fillCaptcha(page: Page, portal: Portal, wrong = false): Promise<void> {
  // The image element appears once the captcha is loaded (a placeholder span stands in before).
  const image = page.locator('img[data-testid=login-captcha-image]');
  await image.waitFor();
  const id = await image.getAttribute('data-captcha-id');
  const res = await fetch(`${portal.url}__test/captcha/${id}`);
  const answer: string = (await res.json()).data.answer;
  await page.getByTestId('login-captcha').fill(wrong ? String((Number(answer) + 1) % 10000).padStart(4, '0') : answer);
}
