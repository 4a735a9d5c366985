/**
 * The overview and statistics on a real database (both dialects): after a
 * scripted set of tasks and samples across two customers, every homepage figure
 * equals what the base tables hold, for admin, for each customer and for a user
 * limited to one platform; statistics and the top-10 follow the filters; the
 * Excel export is a workbook that unzips and holds the figures.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_ADMIN_PASSWORD, login, post, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../../test-support/users.ts';
import { DAY_MS, dayKey, dayOf } from './days.ts';
import type { ViewScope } from './scope.ts';
import { type ScriptedTask, scriptTask, truthFromTables } from './test-helpers.ts';

describe.each(DIALECTS)('dashboard on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let userA: Record<string, string>;
  let userB: Record<string, string>;
  let androidOnly: Record<string, string>;
  let custA: number;
  let custB: number;
  let idA: number;
  let idB: number;

  beforeAll(async () => {
    t = await startTestApp(dialect, { CITADEL_EMBEDDED_WORKER: '0' });
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
    idA = await createUser(t, 'dash-a', { customerKey: 'dash-cust-a' });
    idB = await createUser(t, 'dash-b', { customerKey: 'dash-cust-b' });
    await createUser(t, 'dash-l', { customerKey: 'dash-cust-a', grants: [{ resources: 'home', operations: ['view'] }, { resources: 'Prod_AndroidAudit', operations: ['view'] }] });
    userA = (await login(t, 'dash-a', TEST_USER_PASSWORD)).headers;
    userB = (await login(t, 'dash-b', TEST_USER_PASSWORD)).headers;
    androidOnly = (await login(t, 'dash-l', TEST_USER_PASSWORD)).headers;
    custA = (await t.services.customers.findByKey('dash-cust-a'))!.id;
    custB = (await t.services.customers.findByKey('dash-cust-b'))!.id;
  }, 60_000);
  afterAll(async () => t?.stop());

  const homepage = async (h: Record<string, string>) => {
    const res = await post(t.app, '/home/homepage', {}, h);
    expect(res.status).toBe(200);
    return res.body.data;
  };

  it('shows honest zeros before anything exists', async () => {
    const data = await homepage(userB);
    expect(data.totals).toMatchObject({ tasks: 0, risks: 0, issues: 0, samples: 0 });
    expect(data.recent).toEqual([]);
    expect(data.trend).toHaveLength(30);
  });

  it('equals the base tables after a scripted set of tasks and samples, for every scope', async () => {
    const db = t.services.database.db;
    const plan: ScriptedTask[] = [
      { platform: 'android', customerId: custA, userId: idA, status: 'FINISHED', counts: { serious: 1, high: 2, medium: 3, low: 1, info: 4 }, app: 'alpha' },
      { platform: 'android', customerId: custA, userId: idA, status: 'FINISHED', counts: { high: 1 }, app: 'alpha' },
      { platform: 'android', customerId: custA, userId: idA, status: 'FINISHED', counts: { info: 2 }, app: 'beta', daysAgo: 40 },
      { platform: 'web', customerId: custA, userId: idA, status: 'FINISHED', counts: { medium: 5 }, app: 'portal' },
      { platform: 'web', customerId: custA, userId: idA, status: 'EXCEPTION' },
      { platform: 'ios', customerId: custA, userId: idA, status: 'QUEUEING' },
      { platform: 'ios', customerId: custA, userId: idA, status: 'PROCESSING', daysAgo: 3 },
      { platform: 'ios', customerId: custB, userId: idB, status: 'FINISHED', counts: { serious: 2, low: 7 }, app: 'gamma' },
      { platform: 'ios', customerId: custB, userId: idB, status: 'CANCELED', daysAgo: 100 },
      { platform: 'harmony', customerId: custB, userId: idB, status: 'FINISHED', counts: {}, app: 'delta' },
    ];
    const made = [];
    for (const p of plan) made.push(await scriptTask(db, dialect, p));
    // A retried task and a deleted one: the summaries follow updates and deletes too.
    const retry = await scriptTask(db, dialect, { platform: 'web', customerId: custA, userId: idA, status: 'CANCELED' });
    const { TaskRepository } = await import('../tasks/task-repository.ts');
    await new TaskRepository(db, dialect).transition(retry.id, 'CANCELED', 'QUEUEING');
    await new TaskRepository(db, dialect).delete([made[1]!.id]);

    const now = Date.now();
    for (const [i, [cust, size, age]] of ([[custA, 1000, 0], [custA, 2500, 45], [custB, 7, 0]] as const).entries()) {
      await t.services.samples.repo.insert({ name: `s${i}.apk`, size, md5: `${i}`.padStart(32, '0'), sha256: '0'.repeat(64), extension: 'apk', category: 'install', storage_key: `k${i}`, uploader_id: null, uploader_name: 'x', customer_id: cust, created_at: now - age * DAY_MS });
    }

    const scopes: [Record<string, string>, ViewScope][] = [
      [admin, {}],
      [userA, { customerId: custA }],
      [userB, { customerId: custB }],
      [androidOnly, { customerId: custA, platforms: ['android'] }],
    ];
    for (const [who, scope] of scopes) {
      const data = await homepage(who);
      const truth = await truthFromTables(db, scope);
      expect(data.totals).toEqual(truth.totals);
      expect(data.risk_levels).toEqual(truth.risk_levels);
      expect(data.tasks_by_status).toEqual(truth.tasks_by_status);
      expect(Object.fromEntries(data.platforms.map((p: { platform: string; tasks: number }) => [p.platform, p.tasks]))).toEqual(truth.platforms);
      for (const d of data.trend) expect(d.tasks, d.day).toBe(truth.trend[d.day] ?? 0);
      expect(data.recent.length).toBe(Math.min(8, truth.totals.tasks));
    }
    // Hand-checked figures for customer A (the retried task is queued again; the second alpha run was deleted).
    const a = await homepage(userA);
    expect(a.totals).toMatchObject({ tasks: 7, finished: 3, failed: 1, running: 3, risks: 7 + 5, issues: 2, samples: 2, sample_bytes: 3500 });
    expect(a.risk_levels).toEqual({ serious: 1, high: 2, medium: 8, low: 1, info: 6 });
    const l = await homepage(androidOnly);
    expect(l.totals.tasks).toBe(2);
    expect(l.recent.every((r: { platform: string }) => r.platform === 'android')).toBe(true);
    const b = await homepage(userB);
    expect(b.recent.every((r: { client_key: string }) => r.client_key === 'dash-cust-b')).toBe(true);
    expect(b.trend.find((d: { day: string }) => d.day === dayKey(dayOf(Date.now())))?.risks).toBe(9);
  });

  it('ranks apps and buckets statistics by period inside the filters, and exports them to Excel', async () => {
    const stats = async (body: object, h = admin) => (await post(t.app, '/analysis/stats', body, h)).body.data;
    const day = await stats({ period: 'day' });
    expect(day.buckets).toHaveLength(30);
    expect(day.top_by_assessments).toContainEqual({ app: 'com.example.alpha', platform: 'android', assessments: 1, risks: 7 });
    expect(day.top_by_risks[0]).toMatchObject({ app: 'com.example.gamma', risks: 9 });
    const month = await stats({ period: 'month' });
    expect(month.buckets).toHaveLength(12);
    expect(month.totals.tasks).toBeGreaterThanOrEqual(day.totals.tasks);
    const week = await stats({ period: 'week', customer_id: custB });
    expect(week.buckets).toHaveLength(12);
    expect(week.top_by_assessments.map((r: { app: string }) => r.app)).toEqual(expect.arrayContaining(['com.example.gamma', 'com.example.delta']));
    expect(week.top_by_assessments.some((r: { app: string }) => r.app.includes('alpha'))).toBe(false);
    // The evaluator role has no statistics grant; a customer filter cannot widen a non-admin's scope.
    expect((await post(t.app, '/analysis/stats', { period: 'day' }, userA)).status).toBe(403);
    await createUser(t, 'dash-s', { customerKey: 'dash-cust-a', grants: [{ resources: 'analysisdemo', operations: ['view'] }, { resources: 'Tools_TaskLedger', operations: ['view'] }] });
    const analyst = (await login(t, 'dash-s', TEST_USER_PASSWORD)).headers;
    const own = await stats({ period: 'day', customer_id: custB }, analyst);
    expect(own.customers.map((c: { id: number }) => c.id)).toEqual([custA]);
    expect(own.top_by_assessments.some((r: { app: string }) => r.app.includes('gamma'))).toBe(false);
    expect(own.totals.tasks).toBe((await truthFromTables(t.services.database.db, { customerId: custA })).trend[dayKey(dayOf(Date.now()))]! + 1);
    const mine = await stats({ period: 'day', platform: 'web' }, admin);
    expect(mine.top_by_risks.every((r: { platform: string }) => r.platform === 'web')).toBe(true);

    const res = await t.app.inject({ method: 'POST', url: '/analysis/export', payload: { period: 'day' }, headers: { ...admin, lang: 'en' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'citadel-xlsx-'));
    const file = path.join(dir, 'stats.xlsx');
    writeFileSync(file, res.rawPayload);
    const sheet1 = execFileSync('unzip', ['-p', file, 'xl/worksheets/sheet1.xml'], { encoding: 'utf8' });
    const shared = execFileSync('unzip', ['-p', file, 'xl/sharedStrings.xml'], { encoding: 'utf8' });
    expect(sheet1).toContain('<sheetData>');
    expect(shared).toContain('Period start');
    expect(shared).toContain(day.buckets[29].start);
    expect(sheet1).toContain(`<v>${day.totals.tasks}</v>`);
    const sheet2 = execFileSync('unzip', ['-p', file, 'xl/worksheets/sheet2.xml'], { encoding: 'utf8' });
    expect(sheet2).toContain('<v>9</v>');
    expect(shared).toContain('com.example.gamma');
  });

  it('lists the caller’s finished tasks as reports and the registered devices of their scope', async () => {
    const reports = (await post(t.app, '/home/reports', { page: 1, page_size: 10 }, userA)).body.data;
    expect(reports.list.length).toBe(reports.total);
    expect(reports.list.every((r: { status: string; created_by: number }) => r.status === 'FINISHED' && r.created_by === idA)).toBe(true);
    expect((await post(t.app, '/device/list', {}, admin)).body.data.list).toEqual([]);
    const now = Date.now();
    await t.services.database.db
      .insertInto('devices')
      .values([
        { name: 'Pixel A', model: 'Pixel 7', os: 'android', os_version: '14', serial: 'A1', state: 'online', customer_id: custA, created_at: now, updated_at: now },
        { name: 'iPhone B', model: 'iPhone 13', os: 'ios', os_version: '17', serial: 'B1', state: 'busy', customer_id: custB, created_at: now, updated_at: now },
      ])
      .execute();
    const seen = (await post(t.app, '/device/list', {}, admin)).body.data.list;
    expect(seen.map((d: { name: string }) => d.name)).toEqual(['Pixel A', 'iPhone B']);
    // Bringing devices online needs the device farm, which is not connected in this version.
    expect((await post(t.app, '/device/online_all', {}, admin)).body.error).toBe('device_farm_unreachable');
    // The evaluator role has no phone grant.
    expect((await post(t.app, '/device/list', {}, userA)).status).toBe(403);
  });
});
