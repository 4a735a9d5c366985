/**
 * Issue 4 in a real browser: an Android evaluation from upload to result —
 * the create page ("new evaluation"), the live task list (status pushed over the
 * WebSocket), and the generic result page rendering the engine's findings.
 * Uses the real DIVA sample; skipped when the shared corpus is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD } from '../../server/src/test-support/test-app.ts';
import { type Portal, chromiumAvailable, signIn, startPortal } from './harness.ts';

const DIVA = fileURLToPath(new URL('../../../../shared/corpus/android/diva.apk', import.meta.url));

describe.skipIf(!chromiumAvailable || !existsSync(DIVA))('Android evaluation in the browser', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => portal?.stop());

  it('uploads DIVA, follows the task live to FINISHED and shows its findings', async () => {
    const page = await (await portal.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })).newPage();
    await signIn(page, portal, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('main-layout').waitFor();
    await page.goto(`${portal.url}#/safeservice/AndroidEvaluation`);
    await page.getByTestId('new-evaluation').click();
    await page.getByTestId('create-form').waitFor();
    await expect(page.getByTestId('create-submit').isDisabled()).resolves.toBe(true);
    await page.locator('[data-testid=create-upload] input[type=file]').setInputFiles({ name: 'diva.apk', mimeType: 'application/vnd.android.package-archive', buffer: readFileSync(DIVA) });
    await expect.poll(() => page.getByTestId('create-upload-md5').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('create-submit').isDisabled()).toBe(false);
    await page.getByTestId('create-submit').click();

    await page.getByTestId('task-table').waitFor();
    const row = page.locator('[data-testid^=task-row-]').first();
    await row.waitFor();
    const uid = (await row.getAttribute('data-testid'))!.replace('task-row-', '');
    // The status cell changes without a reload: pushed over the WebSocket.
    await expect.poll(() => page.getByTestId(`task-status-${uid}`).getAttribute('data-status'), { timeout: 60_000 }).toBe('FINISHED');
    await expect(page.getByTestId(`task-progress-${uid}`).getAttribute('data-percent')).resolves.toBe('100');
    // Summary fields (package, score) arrive with the reload that follows the final push.
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('jakhar.aseem.diva');

    await page.getByTestId(`task-action-view-${uid}`).click();
    await page.getByTestId('result-page').waitFor();
    await expect.poll(() => page.getByTestId('result-score').getAttribute('data-band')).toMatch(/^(high|medium|low)$/);
    const debuggable = page.getByTestId('finding-android.manifest.debuggable');
    await expect(debuggable.getAttribute('data-result')).resolves.toBe('fail');
    await expect(page.getByTestId('result-page').textContent()).resolves.toContain('jakhar.aseem.diva');
    await page.context().close();
  });
});
