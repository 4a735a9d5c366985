/**
 * Issue 24 in a real browser: a software-component assessment from upload to
 * result — the 软件成分安全 list, its create page, the live task, and the
 * result with components (search, vulnerable filter), the dependency path of
 * a transitive vulnerable package, merged advisory ids and the verified
 * minimal upgrade. The project zip and the OSV advisories are built in code;
 * the advisories are imported into the portal's database as an admin would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip } from '@citadel/engine-core';
import { importIntoDatabase } from '@citadel/vulndb';
import { npmLockfile, osvFolder } from '@citadel/engine-sca/testing';
import { TEST_ADMIN_PASSWORD } from '../../server/src/test-support/test-app.ts';
import { type Portal, chromiumAvailable, signIn, startPortal } from './harness.ts';

describe.skipIf(!chromiumAvailable)('software-component assessment in the browser', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
    const folder = osvFolder([
      { id: 'GHSA-aaaa-bbbb-cccc', aliases: ['CVE-2099-0001'], ecosystem: 'npm', name: 'left-pad', fixed: '1.3.0', cvss: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' },
      { id: 'PYSEC-2099-1', ecosystem: 'PyPI', name: 'django', introduced: '2.0', fixed: '2.2.10', severity: 'HIGH' },
    ]);
    await importIntoDatabase(portal.app.testDb.database.db as never, folder);
  });
  afterAll(async () => portal?.stop());

  it('uploads a project and shows its components, paths and vulnerabilities', async () => {
    const page = await (await portal.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })).newPage();
    await signIn(page, portal, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('main-layout').waitFor();
    await page.goto(`${portal.url}#/special/component`);
    await page.getByTestId('sca-hint').waitFor();
    await page.getByTestId('new-evaluation').click();
    await page.getByTestId('create-form').waitFor();
    const zip = buildZip([
      { name: 'shop/web/package-lock.json', data: npmLockfile(12, { direct: 2, extra: [{ name: 'left-pad', version: '1.1.0' }] }) },
      { name: 'shop/api/requirements.txt', data: 'Django==2.1.0\nrequests>=2\n' },
    ]);
    await page.locator('[data-testid=create-upload] input[type=file]').setInputFiles({ name: 'shop.zip', mimeType: 'application/zip', buffer: zip });
    await expect.poll(() => page.getByTestId('create-submit').isDisabled(), { timeout: 30_000 }).toBe(false);
    await page.getByTestId('create-submit').click();

    await page.getByTestId('task-table').waitFor();
    const row = page.locator('[data-testid^=task-row-]').first();
    await row.waitFor();
    const uid = (await row.getAttribute('data-testid'))!.replace('task-row-', '');
    await expect.poll(() => page.getByTestId(`task-status-${uid}`).getAttribute('data-status'), { timeout: 120_000 }).toMatch(/^(FINISHED|EXCEPTION)$/);
    expect(await row.textContent()).not.toContain('EXCEPTION');

    await page.getByTestId(`task-action-view-${uid}`).click();
    await page.getByTestId('result-page').waitFor();
    const components = page.getByTestId('sca-components');
    await components.waitFor();
    // Vulnerable components first (the default filter): left-pad through pkg-0, Django direct.
    await expect.poll(() => components.textContent(), { timeout: 30_000 }).toContain('left-pad');
    const text = (await components.textContent())!;
    expect(text).toContain('pkg-0@1.0.0 → left-pad@1.1.0');
    expect(text).toContain('Django');
    expect(text).toContain('1.3.0');
    expect(text).toContain('间接依赖');
    expect(text).not.toContain('pkg-5');
    // All components, then a search.
    await page.getByTestId('sca-filter').getByText('全部组件').click();
    await expect.poll(() => components.textContent(), { timeout: 15_000 }).toContain('pkg-5');
    await page.getByTestId('sca-search').locator('input').fill('requests');
    await expect.poll(() => page.getByTestId('sca-component-name').allTextContents(), { timeout: 15_000 }).toEqual(['requests']);
    expect(await components.textContent()).toContain('版本未锁定');
    const vulns = (await page.getByTestId('sca-vulnerabilities').textContent())!;
    expect(vulns).toContain('CVE-2099-0001');
    expect(vulns).toContain('GHSA-aaaa-bbbb-cccc');
    expect(vulns).toContain('PYSEC-2099-1');
    expect(vulns).toContain('严重');
    await expect(page.getByTestId('finding-sca.vulnerabilities.critical').getAttribute('data-result')).resolves.toBe('fail');
    // A Chinese page: no raw keys.
    expect(await page.getByTestId('result-page').textContent()).not.toMatch(/sca\.(levels|filter|name)|\bkind\b/);
    await page.context().close();
  }, 180_000);
});
