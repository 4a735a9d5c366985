/**
 * Work orders on a real database (both dialects): submit with a handler and a
 * due date, pending and completed lists per person, the ledger per customer,
 * batch reminders, the pending → completed transition on a task event and on
 * read, and the rules on who may do what.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_ADMIN_PASSWORD, login, post, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../../test-support/users.ts';
import { scriptTask } from '../dashboard/test-helpers.ts';
import { TaskRepository } from '../tasks/task-repository.ts';

const WORKBENCH = [
  { resources: 'Workbench_Pending', operations: ['view', 'edit'] },
  { resources: 'Workbench_Completed', operations: ['view'] },
] as const;

describe.each(DIALECTS)('work orders on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let submitter: Record<string, string>;
  let handler: Record<string, string>;
  let outsider: Record<string, string>;
  let handlerId: number;
  let submitterId: number;
  let outsiderId: number;
  let custA: number;

  beforeAll(async () => {
    t = await startTestApp(dialect, { CITADEL_EMBEDDED_WORKER: '0' });
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
    const grants = WORKBENCH.map((g) => ({ resources: g.resources, operations: [...g.operations] }));
    submitterId = await createUser(t, 'wo-sub', { customerKey: 'wo-a', grants });
    handlerId = await createUser(t, 'wo-han', { customerKey: 'wo-a', grants: grants.map((g) => ({ ...g })) });
    outsiderId = await createUser(t, 'wo-out', { customerKey: 'wo-b', grants: grants.map((g) => ({ ...g })) });
    submitter = (await login(t, 'wo-sub', TEST_USER_PASSWORD)).headers;
    handler = (await login(t, 'wo-han', TEST_USER_PASSWORD)).headers;
    outsider = (await login(t, 'wo-out', TEST_USER_PASSWORD)).headers;
    custA = (await t.services.customers.findByKey('wo-a'))!.id;
  }, 60_000);
  afterAll(async () => t?.stop());

  const list = async (view: string, h: Record<string, string>) => (await post(t.app, '/workorder/list', { view, page: 1, page_size: 50 }, h)).body.data;
  const create = (body: object, h = submitter) => post(t.app, '/workorder/create', body, h);

  it('submits orders to a handler of the same customer only', async () => {
    expect((await create({ title: '测评 App', platform: 'android', handler_id: outsiderId })).body.error).toBe('user_not_found');
    expect((await create({ title: '   ', platform: 'android' })).body.error).toBe('illegal_parameter');
    const handlers = (await post(t.app, '/workorder/handlers', {}, submitter)).body.data.list.map((u: { id: number }) => u.id);
    expect(handlers).toEqual(expect.arrayContaining([submitterId, handlerId]));
    expect(handlers).not.toContain(outsiderId);
  });

  it('moves an order from pending to completed when its linked task finishes (event and read paths)', async () => {
    const db = t.services.database.db;
    const due = Date.now() - 60_000;
    const one = (await create({ title: 'Order one', platform: 'android', target: 'com.example.one', handler_id: handlerId, due_at: due })).body.data.id;
    const two = (await create({ title: 'Order two', platform: 'web', target: 'https://example.com', handler_id: handlerId })).body.data.id;
    const pendingForHandler = await list('pending', handler);
    expect(pendingForHandler.list.map((o: { id: number }) => o.id)).toEqual([two, one]);
    expect(pendingForHandler.list[1]).toMatchObject({ submitter_id: submitterId, handler_id: handlerId, overdue: true, reminders: 0, status: 'pending' });
    expect((await list('pending', outsider)).total).toBe(0);

    // Linking: the outsider cannot see the order; a task of another customer cannot be linked.
    const task = await scriptTask(db, dialect, { platform: 'android', customerId: custA, userId: handlerId, status: 'PROCESSING' });
    const foreign = await scriptTask(db, dialect, { platform: 'android', customerId: (await t.services.customers.findByKey('wo-b'))!.id, userId: outsiderId, status: 'QUEUEING' });
    expect((await post(t.app, '/workorder/link', { id: one, task_uid: task.uid }, outsider)).body.error).toBe('not_found');
    expect((await post(t.app, '/workorder/link', { id: one, task_uid: foreign.uid }, handler)).body.error).toBe('task_not_found');
    expect((await post(t.app, '/workorder/link', { id: one, task_uid: task.uid }, handler)).status).toBe(200);
    expect((await list('pending', handler)).total).toBe(2);

    // Event path: the task finishes and the event reaches the service.
    const repo = new TaskRepository(db, dialect);
    const finished = await repo.finishWithResult(task.id, 'script', { counts: '{}', lease_owner: null }, '{}');
    t.services.taskEvents.changed(finished);
    await expect.poll(async () => (await db.selectFrom('work_orders').select('status').where('id', '=', one).executeTakeFirst())?.status).toBe('completed');

    // Read path: a finished task linked without any event is caught up by the next list.
    const done = await scriptTask(db, dialect, { platform: 'web', customerId: custA, userId: handlerId, status: 'FINISHED' });
    await db.insertInto('work_order_tasks').values({ work_order_id: two, task_id: done.id }).execute();
    expect((await list('pending', submitter)).total).toBe(0);
    const completed = await list('completed', submitter);
    expect(completed.list.map((o: { id: number }) => o.id)).toEqual([two, one]);
    expect(completed.list[1]).toMatchObject({ overdue: false, completed_at: expect.any(Number), tasks: [{ task_uid: task.uid, status: 'FINISHED' }] });
    // A completed order takes no more tasks.
    expect((await post(t.app, '/workorder/link', { id: one, task_uid: done.uid }, handler)).body.error).toBe('illegal_operation');
  });

  it('reminds pending orders in a batch: the submitter may, the handler may not; the ledger shows the customer', async () => {
    const ids: number[] = [];
    for (const title of ['R1', 'R2']) ids.push((await create({ title, platform: 'ios', handler_id: handlerId })).body.data.id);
    expect((await post(t.app, '/workorder/remind', { ids }, handler)).body.error).toBe('unauthorized_operation');
    expect((await post(t.app, '/workorder/remind', { ids }, outsider)).body.error).toBe('not_found');
    expect((await post(t.app, '/workorder/remind', { ids }, submitter)).body.data.reminded).toBe(2);
    expect((await post(t.app, '/workorder/remind', { ids: [ids[0]] }, submitter)).body.data.reminded).toBe(1);
    const pending = (await list('pending', handler)).list;
    expect(pending.find((o: { id: number }) => o.id === ids[0])).toMatchObject({ reminders: 2, last_reminded_at: expect.any(Number) });
    expect(pending.find((o: { id: number }) => o.id === ids[1])).toMatchObject({ reminders: 1 });

    // The ledger: workbench users have no ledger grant; admin sees every customer's orders and counts.
    expect((await post(t.app, '/workorder/list', { view: 'ledger', page: 1, page_size: 10 }, submitter)).status).toBe(403);
    const ledger = await list('ledger', admin);
    expect(ledger.total).toBe(4);
    const home = (await post(t.app, '/home/homepage', {}, admin)).body.data;
    expect(home.work_orders).toEqual({ pending: 2, completed: 2, overdue: 0 });
    expect((await post(t.app, '/workorder/delete', { ids: [ids[1]] }, admin)).status).toBe(200);
    expect((await list('ledger', admin)).total).toBe(3);
  });
});
