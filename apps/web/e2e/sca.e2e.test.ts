/**
 * Issue 24 in a real browser: a software-component assessment from upload to
 * result — the 软件成分安全 list, its create page, the live task, and the
 * result with components (search, vulnerable filter), the dependency path of
 * a transitive vulnerable package, merged advisory ids and the verified
 * minimal upgrade; the create page's licence policy and VEX fields and what
 * they become on the result (licence verdicts, suppressed advisories), the
 * upgrade plan, the dependency tree, and the version compare of two
 * assessments of the project. The project zips and the OSV advisories are
 * built in code; the advisories are imported into the portal's database as an
 * admin would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
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

  /** Submits a project zip from the create page; returns the new task's uid once it has finished. */
  async function submit(page: Page, zip: Buffer, before?: () => Promise<void>, previous: string[] = []): Promise<string> {
    await page.goto(`${portal.url}#/special/component`);
    await page.getByTestId('sca-hint').waitFor();
    const known = new Set(previous.map((u) => `task-row-${u}`));
    await page.getByTestId('new-evaluation').click();
    await page.getByTestId('create-form').waitFor();
    await page.locator('[data-testid=create-upload] input[type=file]').setInputFiles({ name: 'shop.zip', mimeType: 'application/zip', buffer: zip });
    await before?.();
    await expect.poll(() => page.getByTestId('create-submit').isDisabled(), { timeout: 30_000 }).toBe(false);
    await page.getByTestId('create-submit').click();
    await page.getByTestId('task-table').waitFor();
    let uid = '';
    await expect
      .poll(async () => {
        const ids = await page.locator('[data-testid^=task-row-]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')));
        uid = (ids.find((id) => id && !known.has(id)) ?? '').replace('task-row-', '');
        return uid;
      }, { timeout: 30_000 })
      .not.toBe('');
    await expect.poll(() => page.getByTestId(`task-status-${uid}`).getAttribute('data-status'), { timeout: 120_000 }).toMatch(/^(FINISHED|EXCEPTION)$/);
    expect(await page.getByTestId(`task-status-${uid}`).getAttribute('data-status')).toBe('FINISHED');
    return uid;
  }

  it('uploads a project and shows its components, paths and vulnerabilities', async () => {
    const page = await (await portal.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })).newPage();
    await signIn(page, portal, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('main-layout').waitFor();
    const zip = buildZip([
      { name: 'shop/web/package-lock.json', data: npmLockfile(12, { direct: 2, extra: [{ name: 'left-pad', version: '1.1.0', license: 'WTFPL' }, { name: 'copyleft', version: '2.0.0', license: 'GPL-3.0', dev: true }] }) },
      { name: 'shop/api/requirements.txt', data: 'Django==2.1.0\nrequests>=2\n' },
      { name: 'shop/web/Dockerfile', data: 'FROM node:14-alpine\nCOPY . /app\n' },
    ]);
    const vex = JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', vulnerabilities: [{ id: 'PYSEC-2099-1', analysis: { state: 'not_affected', justification: 'code_not_reachable', detail: 'admin site disabled' }, affects: [{ ref: 'pkg:pypi/django' }] }] });
    const uid = await submit(page, zip, async () => {
      // The licence policy: a typed SPDX id and a picked one.
      await page.getByTestId('sca-licence-denied').click();
      await page.keyboard.type('GPL-3.0-only');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      await page.getByTestId('sca-licence-allowed').click();
      await page.keyboard.type('MIT');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      // Not a VEX: said at once; then a CycloneDX VEX.
      const vexInput = page.locator('.ant-upload:has([data-testid=sca-vex-upload]) input[type=file]');
      await vexInput.setInputFiles({ name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('{"hello":1}') });
      await expect.poll(() => page.getByTestId('create-form').textContent(), { timeout: 10_000 }).toContain('不是 CycloneDX 或 OpenVEX');
      await vexInput.setInputFiles({ name: 'shop.vex.json', mimeType: 'application/json', buffer: Buffer.from(vex) });
      await expect.poll(() => page.getByTestId('sca-vex-file').textContent(), { timeout: 10_000 }).toContain('CycloneDX，1 条声明');
    });
    const row = page.getByTestId(`task-row-${uid}`);
    expect(await row.textContent()).not.toContain('EXCEPTION');

    await page.getByTestId(`task-action-view-${uid}`).click();
    await page.getByTestId('result-page').waitFor();
    const components = page.getByTestId('sca-components');
    await components.waitFor();
    // Vulnerable components first (the default filter): left-pad through pkg-0, Django direct.
    await expect.poll(() => components.textContent(), { timeout: 30_000 }).toContain('left-pad');
    const text = (await components.textContent())!;
    expect(text).toContain('pkg-0@1.0.0 → left-pad@1.1.0');
    // The runtime the Dockerfile names, past its end of life (Node.js 14 ended in 2023).
    expect(await page.getByTestId('sca-runtime-eol').textContent()).toMatch(/运行环境 Node\.js 14（shop\/web\/Dockerfile）已于 \d{4}-\d\d-\d\d 停止维护/);
    // Django's only advisory is suppressed by the VEX: not in the vulnerable list.
    expect(text).not.toContain('Django');
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
    expect(vulns).not.toContain('PYSEC-2099-1');
    expect(vulns).toContain('严重');
    expect(vulns).toContain('无函数信息');
    // The suppressed advisory, with the statement's state and reasons.
    const suppressed = (await page.getByTestId('sca-suppressed').textContent())!;
    expect(suppressed).toContain('PYSEC-2099-1');
    expect(suppressed).toContain('不受影响');
    expect(suppressed).toContain('代码不可达');
    expect(suppressed).toContain('新建测评时上传的 VEX');
    // Licences with the policy's verdicts: GPL denied, WTFPL not on the allowed list.
    const licences = (await page.getByTestId('sca-licences').textContent())!;
    expect(licences).toContain('GPL-3.0-only');
    expect(licences).toContain('禁止的许可证');
    expect(licences).toContain('WTFPL');
    expect(licences).toContain('不在允许列表');
    await expect(page.getByTestId('finding-sca.licence.denied').getAttribute('data-result')).resolves.toBe('fail');
    // The upgrade plan: left-pad to 1.3.0, brought in by pkg-0.
    const plan = (await page.getByTestId('sca-upgrades').textContent())!;
    expect(plan).toContain('1.3.0');
    expect(plan).toContain('经由 pkg-0@1.0.0 引入');
    // The dependency tree: roots are the direct dependencies; opening pkg-0 shows left-pad; production-only hides the dev package.
    const tree = page.getByTestId('sca-tree');
    const pkg0 = tree.locator('[data-testid=sca-tree-node]').filter({ has: page.getByText('pkg-0@1.0.0', { exact: true }) }).first();
    await pkg0.getByTestId('sca-tree-toggle').first().click();
    await expect.poll(() => tree.textContent(), { timeout: 10_000 }).toContain('left-pad@1.1.0');
    expect(await tree.textContent()).toContain('copyleft@2.0.0');
    await page.getByTestId('sca-tree-scope').getByText('仅生产依赖').click();
    await expect.poll(() => tree.textContent(), { timeout: 10_000 }).not.toContain('copyleft@2.0.0');
    await expect(page.getByTestId('finding-sca.vulnerabilities.critical').getAttribute('data-result')).resolves.toBe('fail');
    // A Chinese page: no raw keys.
    expect(await page.getByTestId('result-page').textContent()).not.toMatch(/sca\.[a-z]|\bkind\b/);

    // The next version of the project: left-pad upgraded, copyleft removed, a new dependency with an advisory.
    const next = buildZip([
      { name: 'shop/web/package-lock.json', data: npmLockfile(12, { direct: 2, extra: [{ name: 'left-pad', version: '1.3.0', license: 'WTFPL' }, { name: 'fresh', version: '0.1.0' }] }) },
      { name: 'shop/api/requirements.txt', data: 'Django==2.1.0\nrequests>=2\n' },
    ]);
    const uid2 = await submit(page, next, undefined, [uid]);
    await page.goto(`${portal.url}#/special/component/result?task_uid=${uid2}`);
    await page.getByTestId('sca-compare-with').click();
    await page.getByTestId('sca-compare-b').waitFor();
    await page.goto(`${portal.url}#/special/component`);
    await page.getByTestId('sca-hint').waitFor();
    await page.goto(`${portal.url}#/special/component/compare?a=${uid}&b=${uid2}`);
    const result = page.getByTestId('sca-compare-result');
    await result.waitFor({ timeout: 30_000 });
    // left-pad's advisory went with the upgrade; Django's, suppressed by the first scan's VEX, counts as new in a scan without it.
    expect(await result.textContent()).toContain('已修复漏洞 (1)');
    expect(await page.getByTestId('sca-compare-new').textContent()).toContain('PYSEC-2099-1');
    await page.getByRole('tab', { name: /版本变化/ }).click();
    await expect.poll(() => page.getByTestId('sca-compare-changed').textContent(), { timeout: 10_000 }).toContain('left-pad');
    expect(await page.getByTestId('sca-compare-changed').textContent()).toContain('升级');
    await page.getByRole('tab', { name: /新增组件/ }).click();
    await expect.poll(() => page.getByTestId('sca-compare-added').textContent(), { timeout: 10_000 }).toContain('fresh');
    await page.getByRole('tab', { name: /移除组件/ }).click();
    await expect.poll(() => page.getByTestId('sca-compare-removed').textContent(), { timeout: 10_000 }).toContain('copyleft');
    expect(await page.getByTestId(`page-ComponentSecurity_Compare`).textContent()).not.toMatch(/sca\.[a-z]/);
    await page.context().close();

    // The same result in English: no Chinese word and no raw key on the SCA cards.
    const en = await (await portal.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' })).newPage();
    await en.addInitScript(() => window.localStorage.setItem('lang', 'en'));
    await signIn(en, portal, 'admin', TEST_ADMIN_PASSWORD);
    await en.getByTestId('main-layout').waitFor();
    await en.goto(`${portal.url}#/special/component/result?task_uid=${uid}`);
    await en.getByTestId('sca-components').waitFor({ timeout: 30_000 });
    for (const card of ['sca-overview', 'sca-components-card', 'sca-vulnerabilities-card', 'sca-upgrade-card', 'sca-tree-card', 'sca-licences-card', 'sca-suppressed-card']) {
      const text = (await en.getByTestId(card).textContent())!;
      expect(text, card).not.toMatch(/[\u4e00-\u9fff]/);
      expect(text, card).not.toMatch(/sca\.[a-z]/);
    }
    expect(await en.getByTestId('sca-suppressed').textContent()).toContain('Code not reachable');
    await en.context().close();
  }, 240_000);

  it('refuses a licence list with an id that is no SPDX licence, with the catalogue message', async () => {
    const page = await (await portal.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })).newPage();
    await signIn(page, portal, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('main-layout').waitFor();
    await page.goto(`${portal.url}#/special/component/create`);
    await page.getByTestId('create-form').waitFor();
    await page.locator('[data-testid=create-upload] input[type=file]').setInputFiles({ name: 'p.zip', mimeType: 'application/zip', buffer: buildZip([{ name: 'requirements.txt', data: 'Django==2.1.0\n' }]) });
    await page.getByTestId('sca-licence-allowed').click();
    await page.keyboard.type('Apache2.0x');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('create-submit').isDisabled(), { timeout: 30_000 }).toBe(false);
    await page.getByTestId('create-submit').click();
    await expect.poll(() => page.locator('body').textContent(), { timeout: 15_000 }).toContain('许可证策略中有无法识别的 SPDX 许可证标识');
    // Still on the create page: nothing was queued.
    expect(await page.getByTestId('create-form').isVisible()).toBe(true);
    await page.context().close();
  }, 60_000);
});
