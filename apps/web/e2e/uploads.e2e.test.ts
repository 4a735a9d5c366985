/**
 * Issue 3 in a real browser: a file goes through the drag-and-drop component
 * (chunked protocol, MD5 shown), appears in the sample list with its formatted
 * size, downloads under its Chinese name with the same bytes, and a file
 * outside the accept list is refused before any byte is sent.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { UPLOAD_CHUNK_SIZE, formatFileSize } from '@citadel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apkBytes } from '../../server/src/domain/uploads/test-helpers.ts';
import { TEST_ADMIN_PASSWORD } from '../../server/src/test-support/test-app.ts';
import type { Route } from 'playwright-core';
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

  it('resumes an interrupted upload after a reload, sending only the missing chunks, and cancels cleanly', async () => {
    // A real file on disk: the browser's lastModified (part of the resume key) stays the same across selections.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'citadel-resume-'));
    const file = path.join(dir, '续传.apk');
    const content = apkBytes(undefined, 3 * UPLOAD_CHUNK_SIZE - 1000); // three chunks
    writeFileSync(file, content);
    const md5 = createHash('md5').update(content).digest('hex');

    const context = await portal.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await signIn(page, portal, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('main-layout').waitFor();
    await page.goto(`${portal.url}#/tools/samples`);
    await page.getByTestId('page-samples').waitFor();

    // First attempt: one chunk reaches the server, the others hang until the page goes away.
    let passed = 0;
    await page.route('**/file/upload/part', (route) => {
      if (passed++ === 0) return route.continue();
      return undefined; // never answered
    });
    await page.locator('[data-testid=sample-upload] input[type=file]').setInputFiles(file);
    const received = async () =>
      Number(
        (
          await portal.app.services.database.db
            .selectFrom('upload_chunks')
            .innerJoin('uploads', 'uploads.uid', 'upload_chunks.uid')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('uploads.name', '=', '续传.apk')
            .executeTakeFirstOrThrow()
        ).n,
      );
    await expect.poll(received, { timeout: 20_000 }).toBe(1);

    // Reload (the transfers die with the page) and choose the same file again: only two chunks go.
    // (Unrouting first would let the held requests through.)
    await page.reload();
    await page.getByTestId('page-samples').waitFor();
    await page.unroute('**/file/upload/part');
    expect(await received()).toBe(1);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/file/upload/part')) sent.push(r.url());
      if (r.url().endsWith('/file/upload/id')) sent.push('new-upload');
    });
    await page.locator('[data-testid=sample-upload] input[type=file]').setInputFiles(file);
    await expect.poll(() => page.getByTestId('sample-upload-md5').textContent(), { timeout: 30_000 }).toContain(md5);
    expect(sent.filter((u) => u === 'new-upload')).toEqual([]);
    expect(sent).toHaveLength(2);

    // Cancel: the row goes, and the next selection starts a new upload instead of resuming.
    const other = path.join(dir, '取消.apk');
    writeFileSync(other, apkBytes(undefined, 2 * UPLOAD_CHUNK_SIZE));
    const held: Route[] = [];
    await page.route('**/file/upload/part', (route) => void held.push(route));
    await page.locator('[data-testid=sample-upload] input[type=file]').setInputFiles(other);
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await page.getByTestId('sample-upload-cancel').click();
    await expect.poll(() => page.getByTestId('sample-upload-cancel').count()).toBe(0);
    await page.unroute('**/file/upload/part');
    await Promise.all(held.map((r) => r.abort().catch(() => undefined)));
    sent.length = 0;
    await page.locator('[data-testid=sample-upload] input[type=file]').setInputFiles(other);
    await expect.poll(() => page.locator('[data-testid=sample-table] tr', { hasText: '取消.apk' }).count(), { timeout: 30_000 }).toBe(1);
    expect(sent[0]).toBe('new-upload');
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
