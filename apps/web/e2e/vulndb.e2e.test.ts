/**
 * Issue 22 in a real browser: System → 漏洞库 in Chinese — import a zip of OSV
 * records (built here) by uploading it, follow the job to the end, see the
 * source's count, then look up a purl and see the advisory with its CVE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip } from '@citadel/engine-core';
import { TEST_ADMIN_PASSWORD } from '../../server/src/test-support/test-app.ts';
import { type Portal, chromiumAvailable, signIn, startPortal } from './harness.ts';

const zip = buildZip([
  {
    name: 'GHSA-e2e0-0001.json',
    data: JSON.stringify({
      id: 'GHSA-e2e0-0001',
      modified: '2024-03-01T00:00:00Z',
      aliases: ['CVE-2099-1234'],
      summary: 'Cross-site scripting in e2e-marked',
      database_specific: { severity: 'HIGH' },
      affected: [{ package: { ecosystem: 'npm', name: 'e2e-marked' }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '0.3.6' }] }] }],
    }),
  },
]);

describe.skipIf(!chromiumAvailable)('vulnerability data in the browser', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  }, 300_000);
  afterAll(async () => portal?.stop());

  it('uploads a zip, shows the import finishing and answers a purl look-up', async () => {
    const context = await portal.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await signIn(page, portal, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('main-layout').waitFor();
    await page.goto(`${portal.url}#/system/vulndb`);
    await page.getByTestId('page-vulndb').waitFor();
    await page.getByText('尚未导入漏洞数据').waitFor();
    await page.locator('[data-testid=vulndb-import] input[type=file]').setInputFiles({ name: 'npm-all.zip', mimeType: 'application/zip', buffer: zip });
    await expect.poll(() => page.getByTestId('vulndb-job').getAttribute('data-status'), { timeout: 30_000 }).toBe('finished');
    await expect.poll(() => page.getByTestId('vulndb-job-stats').textContent(), { timeout: 10_000 }).toContain('新增 1 条');
    await expect.poll(() => page.locator('[data-testid=vulndb-sources] tr', { hasText: 'osv:npm' }).count()).toBe(1);
    expect(await page.getByTestId('vulndb-total').textContent()).toBe('共 1 条漏洞记录');

    await page.getByTestId('vulndb-q-purl').fill('pkg:npm/e2e-marked@0.3.5');
    await page.getByTestId('vulndb-q-submit').click();
    const row = page.locator('[data-testid=vulndb-result] tr', { hasText: 'CVE-2099-1234' });
    await row.waitFor();
    expect(await row.textContent()).toContain('GHSA-e2e0-0001');
    expect(await row.textContent()).toContain('高危');
    expect(await row.textContent()).toContain('0.3.6');
    // No raw i18n keys and no English labels on the Chinese page.
    const text = (await page.getByTestId('page-vulndb').textContent()) ?? '';
    expect(text).not.toMatch(/vulndb\.[a-zA-Z]/);
    expect(text).toContain('漏洞查询');
    await context.close();
  }, 180_000);
});
