/**
 * Issue 11 in a real browser: after a scripted set of tasks and samples in two
 * customers, the overview shows exactly what the database holds — for admin
 * (every customer) and for a customer's evaluator — with its charts drawn; the
 * workbench's batch reminder asks "确认批量催单吗？" and counts the reminder;
 * the statistics page shows the same task total as the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptTask, truthFromTables } from '../../server/src/domain/dashboard/test-helpers.ts';
import type { ViewScope } from '../../server/src/domain/dashboard/scope.ts';
import { TEST_ADMIN_PASSWORD } from '../../server/src/test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../../server/src/test-support/users.ts';
import { type Portal, chromiumAvailable, signIn, startPortal } from './harness.ts';

describe.skipIf(!chromiumAvailable)('dashboard in the browser', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  }, 300_000);
  afterAll(async () => portal?.stop());

  it('shows the numbers the database holds, per scope, and the workbench batch reminder', async () => {
    const { db, dialect } = portal.app.services.database;
    // Scripted tasks walk the state diagram through the repository: the embedded worker must not claim them meanwhile.
    await (portal.app.services.taskRuntime.worker as { stop(): Promise<void> } | undefined)?.stop();
    const adminRow = await db.selectFrom('users').select(['id', 'customer_id']).where('name', '=', 'admin').executeTakeFirstOrThrow();
    const evalId = await createUser(portal.app, 'dash-e2e', { customerKey: 'dash-e2e-cust' });
    const cust = (await portal.app.services.customers.findByKey('dash-e2e-cust'))!.id;
    const plan = [
      { platform: 'android', customerId: adminRow.customer_id, userId: adminRow.id, status: 'FINISHED', counts: { serious: 1, high: 3, medium: 2, info: 1 }, app: 'bank' },
      { platform: 'ios', customerId: adminRow.customer_id, userId: adminRow.id, status: 'FINISHED', counts: { low: 4 }, app: 'shop' },
      { platform: 'web', customerId: adminRow.customer_id, userId: adminRow.id, status: 'EXCEPTION' },
      { platform: 'android', customerId: cust, userId: evalId, status: 'FINISHED', counts: { medium: 6, low: 1 }, app: 'maps' },
      { platform: 'harmony', customerId: cust, userId: evalId, status: 'CANCELED', daysAgo: 50 },
      { platform: 'android', customerId: cust, userId: evalId, status: 'FINISHED', counts: { info: 3 }, app: 'notes', daysAgo: 2 },
    ] as const;
    for (const p of plan) await scriptTask(db, dialect, { ...p, counts: 'counts' in p ? { ...p.counts } : undefined });
    const now = Date.now();
    for (const [i, c] of [adminRow.customer_id, cust, cust].entries()) {
      await portal.app.services.samples.repo.insert({ name: `e2e${i}.apk`, size: 1000 * (i + 1), md5: `e2e${i}`.padStart(32, '0'), sha256: '0'.repeat(64), extension: 'apk', category: 'install', storage_key: `e2e${i}`, uploader_id: null, uploader_name: 'x', customer_id: c, created_at: now });
    }

    const context = await portal.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    const read = async (testId: string) => Number(await page.getByTestId(testId).getAttribute('data-value'));
    const expectShown = async (scope: ViewScope) => {
      const truth = await truthFromTables(db, scope);
      await page.getByTestId('dashboard').waitFor();
      expect(await read('kpi-tasks')).toBe(truth.totals.tasks);
      expect(await read('kpi-tasksThisMonth')).toBe(truth.totals.tasks_this_month);
      expect(await read('kpi-risks')).toBe(truth.totals.risks);
      expect(await read('kpi-issues')).toBe(truth.totals.issues);
      expect(await read('stat-finished')).toBe(truth.totals.finished);
      expect(await read('stat-failed')).toBe(truth.totals.failed);
      expect(await read('stat-samples')).toBe(truth.totals.samples);
      expect(await read('stat-sample-bytes')).toBe(truth.totals.sample_bytes);
      // Charts are drawn (a canvas each), and the recent tasks list the scope's rows.
      for (const chart of ['chart-risk', 'chart-platforms', 'chart-status', 'chart-trend']) await page.locator(`[data-testid=${chart}] canvas`).first().waitFor();
      expect(await page.locator('[data-testid=recent-tasks] tbody tr.ant-table-row').count()).toBe(Math.min(8, truth.totals.tasks));
      return truth;
    };

    await signIn(page, portal, 'admin', TEST_ADMIN_PASSWORD);
    await page.getByTestId('main-layout').waitFor();
    const all = await expectShown({});
    expect(all.totals).toMatchObject({ tasks: 6, risks: 17, issues: 3, samples: 3 });

    // Workbench: two pending orders, reminded in one batch behind the spec's confirmation.
    // (Created through the service: signing in through the API would end the browser's admin session.)
    for (const title of ['E2E order 1', 'E2E order 2']) {
      await portal.app.services.workOrders.repo.create({ title, platform: 'android', target: '', description: '', customer_id: adminRow.customer_id, submitter_id: adminRow.id, handler_id: adminRow.id, due_at: null });
    }
    await page.goto(`${portal.url}#/workbench/pending`);
    await page.getByTestId('wo-table').waitFor();
    await expect.poll(() => page.locator('[data-testid=wo-table] tbody tr.ant-table-row').count()).toBe(2);
    await page.locator('[data-testid=wo-table] thead .ant-checkbox-input').check();
    await page.getByTestId('wo-batch-remind').click();
    await page.locator('.ant-modal-confirm-title', { hasText: '确认批量催单吗？' }).waitFor();
    await page.getByTestId('wo-remind-ok').click();
    await expect.poll(async () => (await db.selectFrom('work_orders').select('reminders').execute()).map((r) => r.reminders)).toEqual([1, 1]);
    await expect.poll(() => page.locator('[data-testid^=wo-reminders-]').allTextContents()).toEqual(['1', '1']);

    // At 1280 px the key columns stay readable and, scrolled to the end, the last time column ends where the
    // sticky actions begin (before, title and target collapsed to 0 px and the time slid under the actions).
    await page.setViewportSize({ width: 1280, height: 900 });
    const layout = () =>
      page.evaluate(() => {
        const row = document.querySelector('[data-testid=wo-table] tbody tr.ant-table-row')!;
        const cells = [...row.querySelectorAll('td')];
        const width = (el: Element | null | undefined) => (el ? el.getBoundingClientRect().width : 0);
        const title = row.querySelector('[data-testid^=wo-row-]')?.closest('td');
        const fixed = cells.find((c) => c.classList.contains('ant-table-cell-fix-end'))!;
        const scroller = [...document.querySelectorAll('[data-testid=wo-table] .ant-table-content, [data-testid=wo-table] .ant-table-body')].find((e) => e.scrollWidth > e.clientWidth);
        if (scroller) scroller.scrollLeft = scroller.scrollWidth;
        const when = cells[cells.indexOf(fixed) - 1]!;
        return { title: width(title), target: width(cells[cells.indexOf(title!) + 2]), whenRight: when.getBoundingClientRect().right, fixedLeft: fixed.getBoundingClientRect().left };
      });
    await expect.poll(async () => (await layout()).title).toBeGreaterThanOrEqual(150);
    const cols = await layout();
    expect(cols.target).toBeGreaterThanOrEqual(150);
    expect(cols.whenRight).toBeLessThanOrEqual(cols.fixedLeft + 1);
    await page.setViewportSize({ width: 1920, height: 1080 });

    // Reports: the admin's own finished tasks, each opening the report dialog.
    await page.goto(`${portal.url}#/workbench/reports`);
    await page.getByTestId('reports-table').waitFor();
    const mineFinished = await db.selectFrom('tasks').select('task_uid').where('created_by', '=', adminRow.id).where('status', '=', 'FINISHED').execute();
    await expect.poll(() => page.locator('[data-testid=reports-table] tbody tr.ant-table-row').count()).toBe(mineFinished.length);
    await page.getByTestId(`report-download-${mineFinished[0]!.task_uid}`).click();
    await page.locator('.ant-modal').filter({ hasText: 'WORD' }).waitFor();
    await page.keyboard.press('Escape');

    // Statistics: the task total of the last 30 days equals the database's.
    await page.goto(`${portal.url}#/analysis/analysisdemo`);
    await page.getByTestId('analysis-table').waitFor();
    const since = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    const recent = (await db.selectFrom('tasks').select('created_at').execute()).filter((r) => new Date(r.created_at).toISOString().slice(0, 10) >= since).length;
    await expect.poll(async () => Number(await page.getByTestId('analysis-total-tasks').textContent())).toBe(recent);
    await context.close();

    // A customer's evaluator sees only that customer's figures.
    const context2 = await portal.browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN' });
    const page2 = await context2.newPage();
    await signIn(page2, portal, 'dash-e2e', TEST_USER_PASSWORD);
    await page2.getByTestId('main-layout').waitFor();
    const readOn = async (testId: string) => Number(await page2.getByTestId(testId).getAttribute('data-value'));
    await page2.getByTestId('dashboard').waitFor();
    const own = await truthFromTables(db, { customerId: cust });
    expect(await readOn('kpi-tasks')).toBe(own.totals.tasks);
    expect(await readOn('kpi-risks')).toBe(own.totals.risks);
    expect(await readOn('kpi-issues')).toBe(own.totals.issues);
    expect(await readOn('stat-samples')).toBe(own.totals.samples);
    expect(own.totals).toMatchObject({ tasks: 3, risks: 7, issues: 1, samples: 2 });
    await context2.close();
  }, 240_000);
});
