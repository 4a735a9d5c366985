/**
 * Issue 23 in a real browser: two firmware images (built in code: TP-Link
 * header, gzip "kernel", squashfs 4.0) uploaded from the 固件测评 list, the
 * live tasks, the preview (file tree, search, per-file findings, components,
 * the text and hex viewer) and the compare page (component versions changed,
 * findings fixed, a changed text file's line diff).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildImage } from '@citadel/engine-firmware/testing';
import { TEST_ADMIN_PASSWORD } from '../../server/src/test-support/test-app.ts';
import { type Portal, chromiumAvailable, signIn, startPortal } from './harness.ts';

// MD5-crypt of "admin" with salt "saltsalt" (a default password: cracked and shown masked).
const ADMIN_HASH = '$1$saltsalt$Y3BMhxQHmg7scgLILa56u1';
// A text over one viewer window (256 KiB): paged, each page numbered from its first line.
const BIG_TEXT = Array.from({ length: 30_000 }, (_, i) => `option_${i + 1}=value\n`).join('');
const image = (busybox: string, shadow: string) =>
  Buffer.from(
    buildImage({
      type: 'dir',
      children: {
        bin: { type: 'dir', children: { busybox: { type: 'file', data: `\0BusyBox v${busybox} multi-call binary\0` } } },
        etc: { type: 'dir', children: { shadow: { type: 'file', data: `root:${shadow}:15502:0:99999:7:::\n` }, inittab: { type: 'file', data: '::sysinit:/usr/sbin/telnetd -l /bin/sh\n' }, 'big.conf': { type: 'file', data: BIG_TEXT } } },
      },
    }),
  );

async function submit(page: Page, portal: Portal, name: string, bytes: Buffer): Promise<string> {
  await page.goto(`${portal.url}#/special/firmware`);
  await page.getByTestId('firmware-hint').waitFor();
  const before = await page.locator('[data-testid^=task-row-]').count();
  await page.getByTestId('new-evaluation').click();
  await page.getByTestId('create-form').waitFor();
  await page.locator('[data-testid=create-upload] input[type=file]').setInputFiles({ name, mimeType: 'application/octet-stream', buffer: bytes });
  await expect.poll(() => page.getByTestId('create-submit').isDisabled(), { timeout: 30_000 }).toBe(false);
  await page.getByTestId('create-submit').click();
  await page.getByTestId('task-table').waitFor();
  await expect.poll(() => page.locator('[data-testid^=task-row-]').count(), { timeout: 30_000 }).toBeGreaterThan(before);
  const uid = (await page.locator('[data-testid^=task-row-]').first().getAttribute('data-testid'))!.replace('task-row-', '');
  await expect.poll(() => page.getByTestId(`task-status-${uid}`).getAttribute('data-status'), { timeout: 120_000 }).toMatch(/^(FINISHED|EXCEPTION)$/);
  await expect(page.getByTestId(`task-status-${uid}`).getAttribute('data-status')).resolves.toBe('FINISHED');
  return uid;
}

describe.skipIf(!chromiumAvailable)('firmware assessment in the browser', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => portal?.stop());

  it('uploads two images, previews one (tree, search, per-file findings) and compares them', async () => {
    const page = await (await portal.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })).newPage();
    await signIn(page, portal, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('main-layout').waitFor();
    const a = await submit(page, portal, 'router-old.bin', image('1.01', ADMIN_HASH));
    const b = await submit(page, portal, 'router-new.bin', image('1.36.1', '*'));

    // The task table's view opens the preview page (the first preview loads every engine's rule texts on the server: slow under load).
    await page.getByTestId(`task-action-view-${a}`).click();
    await page.getByTestId('result-page').waitFor({ timeout: 90_000 });
    expect(page.url()).toContain(`/special/firmware/preview?task_uid=${a}`);
    await page.getByTestId('firmware-tree').waitFor();
    expect(await page.getByTestId('firmware-components').textContent()).toContain('1.01');
    await page.getByTestId('firmware-file-search').locator('input').fill('shadow');
    await page.getByTestId('firmware-tree').getByText('shadow', { exact: true }).click();
    const detail = page.getByTestId('firmware-file-detail');
    await detail.waitFor();
    expect(await detail.textContent()).toContain('/etc/shadow');
    const findings = await page.getByTestId('firmware-file-findings').textContent();
    expect(findings).toContain('firmware.accounts.default_password');
    expect(findings).toContain('root: a***n');
    expect(findings).not.toContain('root: admin');
    // The viewer: the file's contents re-carved from the stored image, as text with line numbers.
    const text = page.getByTestId('firmware-viewer-text');
    await text.waitFor({ timeout: 60_000 });
    expect(await text.textContent()).toContain(`root:${ADMIN_HASH}:15502:0:99999:7:::`);
    expect(await page.getByTestId('firmware-viewer').textContent()).toContain('下载文件');
    // A Chinese page: no raw keys (before the busybox file, whose findings name the rule firmware.components.inventory).
    expect(await page.getByTestId('result-page').textContent()).not.toMatch(/firmware\.(tree|search|components|pickFile|viewer)\b/);
    // A binary-looking file opens in the hex viewer (offset | hex | ascii).
    await page.getByTestId('firmware-file-search').locator('input').fill('busybox');
    await page.getByTestId('firmware-tree').getByText('busybox', { exact: true }).click();
    const hex = page.getByTestId('firmware-viewer-hex');
    await hex.waitFor({ timeout: 30_000 });
    expect(await hex.textContent()).toMatch(/^00000000 {2}00 42 75 73 79 42 6f 78/);
    // A text over 256 KiB: the second page goes on where the first stopped, with its own line numbers.
    await page.getByTestId('firmware-file-search').locator('input').fill('big.conf');
    await page.getByTestId('firmware-tree').getByText('big.conf', { exact: true }).click();
    await page.getByTestId('firmware-viewer-text-pager').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('firmware-viewer-text').textContent()).toContain('option_1=value');
    await page.getByTestId('firmware-viewer-text-pager').locator('.ant-pagination-next').click();
    await page.getByTestId('firmware-viewer-text-window').filter({ hasText: `第 ${256 * 1024}` }).waitFor({ timeout: 30_000 });
    const second = (await page.getByTestId('firmware-viewer-text').locator('pre').first().textContent()) ?? '';
    const firstLine = Number(second.split('\n')[0]);
    // Line numbers count from the page's first line: line n holds option_n.
    expect(firstLine).toBe(BIG_TEXT.slice(0, 256 * 1024).split('\n').length);
    expect(await page.getByTestId('firmware-viewer-text').textContent()).toContain(`option_${firstLine + 1}=value`);

    await page.goto(`${portal.url}#/special/firmware/compare?a=${a}&b=${b}`);
    const result = page.getByTestId('compare-result');
    await result.waitFor({ timeout: 30_000 });
    await page.getByText('软件组件', { exact: true }).click();
    expect(await page.getByTestId('compare-components').textContent()).toContain('busybox: 1.01 → 1.36.1');
    await page.getByText(/^已修复问题/).click();
    expect(await page.getByTestId('compare-fixed').textContent()).toContain('firmware.accounts.default_password');
    // A changed text file shows its line diff, re-carved from both stored images.
    await page.getByText(/^已变更/).click();
    await page.getByTestId('compare-changed').locator('tr', { hasText: '/etc/shadow' }).locator('.ant-table-row-expand-icon').click();
    const diff = page.getByTestId('compare-diff');
    await diff.waitFor({ timeout: 60_000 });
    expect(await diff.textContent()).toContain(`-root:${ADMIN_HASH}:15502`);
    expect(await diff.textContent()).toContain('+root:*:15502');
    await page.context().close();
  }, 300_000);
});
