/**
 * Version management in a real browser (issues 5 and 6): two finished Android
 * assessments of one package, the version view of the newer one with its
 * score trend, the default diff (opened task against the previous version),
 * swapping base and compared version, and an iOS app with a single version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD } from '../../server/src/test-support/test-app.ts';
import { buildAssessment, insertFinishedTask, twoVersions } from '../../server/src/domain/versions/test-helpers.ts';
import { type Portal, chromiumAvailable, signIn, startPortal } from './harness.ts';

const PKG = 'com.example.e2eversions';
const [V1, V2] = twoVersions(PKG);

describe.skipIf(!chromiumAvailable)('version management in the browser', () => {
  let portal: Portal;
  let v1: string;
  let v2: string;
  let ios: string;
  beforeAll(async () => {
    portal = await startPortal();
    // The tasks are stored as a worker would leave them; the embedded worker must not claim them first.
    await portal.app.services.taskRuntime.worker?.stop();
    const me = (await portal.app.services.users.findByName('admin'))!;
    const scope = { customerId: me.customer_id, userId: me.id };
    const repo = portal.app.services.taskRuntime.repo;
    v1 = (await insertFinishedTask(repo, scope, buildAssessment(V1))).task_uid;
    v2 = (await insertFinishedTask(repo, scope, buildAssessment(V2))).task_uid;
    ios = (await insertFinishedTask(repo, scope, buildAssessment({ platform: 'ios', packageName: 'com.example.ios', version: '1.0', score: 90, findings: [] }))).task_uid;
  });
  afterAll(async () => portal?.stop());

  it('shows the versions of a package, the diff of the opened version against the previous one, and swaps them', async () => {
    const page = await (await portal.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })).newPage();
    await signIn(page, portal, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('main-layout').waitFor();
    await page.goto(`${portal.url}#/safeservice/applicationResult?task_uid=${v2}`);
    await page.getByTestId('result-page').waitFor();
    await page.getByTestId('view-tab-Android-version').click();

    const manager = page.getByTestId('version-manager');
    await manager.waitFor();
    await expect(manager.getAttribute('data-count')).resolves.toBe('2');
    await expect(page.locator('[data-testid=version-trend] canvas').count()).resolves.toBeGreaterThan(0);
    await expect(page.getByTestId(`version-score-${v2}`).textContent()).resolves.toBe('72');
    // The rows are newest first.
    const rows = await page.locator('[data-testid^=version-row-]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(rows).toEqual([`version-row-${v2}`, `version-row-${v1}`]);

    const diff = page.getByTestId('version-diff');
    await expect.poll(() => diff.getAttribute('data-base')).toBe(v1);
    await expect(diff.getAttribute('data-compare')).resolves.toBe(v2);
    await expect(page.getByTestId('diff-score-delta').getAttribute('data-delta')).resolves.toBe('17');
    const count = (g: string) => page.getByTestId(`diff-group-${g}`).getAttribute('data-count');
    await expect(count('new')).resolves.toBe('1');
    await expect(count('fixed')).resolves.toBe('2');
    await expect(count('unchanged')).resolves.toBe('2');
    await expect(page.getByTestId('diff-finding-android.manifest.cleartext_traffic').textContent()).resolves.toContain('android.manifest.cleartext_traffic');
    await page.getByTestId('diff-group-fixed').click();
    await page.getByTestId('diff-finding-android.manifest.test_only').waitFor();
    await expect(page.getByTestId('diff-perm-added').textContent()).resolves.toBe('android.permission.CAMERA');
    await expect(page.getByTestId('diff-perm-removed').textContent()).resolves.toBe('android.permission.READ_CONTACTS');
    await expect(page.getByTestId('diff-sdk-+JPush').count()).resolves.toBe(1);
    await expect(page.getByTestId('diff-sdk-~Umeng').textContent()).resolves.toContain('9.4 → 9.6');

    // Swap: the newer version becomes the base.
    await page.getByTestId(`version-compare-${v1}`).click();
    await page.getByTestId(`version-base-${v2}`).click();
    await expect.poll(() => diff.getAttribute('data-base')).toBe(v2);
    await expect.poll(() => count('new')).toBe('2');
    await expect(count('fixed')).resolves.toBe('1');
    await expect(page.getByTestId('diff-score-delta').getAttribute('data-delta')).resolves.toBe('-17');
    await expect(page.getByTestId('diff-sdk--JPush').count()).resolves.toBe(1);
    await expect(page.getByTestId('diff-sdk-+Bugly').count()).resolves.toBe(1);
    await page.context().close();
  });

  it('says so when an iOS app has only one version', async () => {
    const page = await (await portal.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' })).newPage();
    await signIn(page, portal, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('main-layout').waitFor();
    await page.goto(`${portal.url}#/safeservice/IosEvaluation/result?task_uid=${ios}`);
    await page.getByTestId('result-page').waitFor();
    await page.getByTestId('view-tab-iOS-version').click();
    await page.getByTestId('version-single').waitFor();
    await expect(page.getByTestId('version-manager').getAttribute('data-count')).resolves.toBe('1');
    await page.context().close();
  });
});
