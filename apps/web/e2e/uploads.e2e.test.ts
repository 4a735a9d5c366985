/**
 * Issue 3 in a real browser: a file goes through the drag-and-drop component
 * (chunked protocol, MD5 shown), appears in the sample list with its formatted
 * size, downloads under its Chinese name with the same bytes, and a file
 * outside the accept list is refused before any byte is sent.
 */
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { formatFileSize } from '@citadel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apkBytes } from '../../server/src/domain/uploads/test-helpers.ts';
import { TEST_ADMIN_PASSWORD } from '../../server/src/test-support/test-app.ts';
import { type Portal, chromiumAvailable, signIn, startPortal } from './harness.ts';

describe.skipIf(!chromiumAvailable)('uploads and samples in the browser', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => portal?.stop());

  it('uploads through the component, lists the sample and downloads it', async () => {
    const context = await portal.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, portal, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('main-layout').waitFor();
    await page.goto(`${portal.url}#/tools/samples`);
    await page.getByTestId('page-samples').waitFor();
    await expect(page.getByTestId('sample-upload-hint').textContent()).resolves.toContain('只能上传.apk');

    // Refused before upload: not in the accept list.
    await page.locator('[data-testid=sample-upload] input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect.poll(() => page.getByText('File only supports').count()).toBeGreaterThan(0);

    const content = apkBytes(undefined, 200_000);
    const md5 = createHash('md5').update(content).digest('hex');
    await page.locator('[data-testid=sample-upload] input[type=file]').setInputFiles({ name: '测试应用.apk', mimeType: 'application/octet-stream', buffer: content });
    await expect.poll(() => page.getByTestId('sample-upload-md5').textContent(), { timeout: 20_000 }).toContain(md5);

    const row = page.locator('[data-testid=sample-table] tr', { hasText: '测试应用.apk' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(formatFileSize(content.length));
    await expect(row.textContent()).resolves.toContain(md5);

    // The search box filters the list (back on page 1) and Reset shows everything again.
    await page.getByTestId('sample-search').fill('  no-such-sample  ');
    await page.getByTestId('search-query').click();
    await expect.poll(() => row.count()).toBe(0);
    await page.getByTestId('sample-search').fill('测试应用');
    await page.getByTestId('search-query').click();
    await expect.poll(() => row.count()).toBe(1);
    await page.getByTestId('search-reset').click();
    await expect.poll(() => row.count()).toBe(1);

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('sample-download').click()]);
    expect(download.suggestedFilename()).toBe('测试应用.apk');
    // A plain link with a single-use ticket: the browser streams the file, page memory never holds it.
    expect(download.url()).toMatch(/\/file\/download\?id=\d+&ticket=/);
    const saved = await download.path();
    expect(createHash('md5').update(readFileSync(saved)).digest('hex')).toBe(md5);

    // Delete behind the SPEC confirmation.
    await row.getByTestId('sample-delete').click();
    await expect.poll(() => page.getByText('此操作将永久删除该数据, 是否继续?').count()).toBeGreaterThan(0);
    await page.getByTestId('sample-delete-ok').click();
    await expect.poll(() => page.locator('[data-testid=sample-table] tr', { hasText: '测试应用.apk' }).count()).toBe(0);
    await context.close();
  });
});
