/** Work-order rows, their linked tasks, and the pending → completed rule applied in one statement per order. */
import { RUNNING_STATUSES, type TaskStatus, type WorkOrderRow, type WorkOrderStatus } from '@citadel/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { containsPattern } from '../dashboard/like.ts';
import type { WorkOrdersTable } from './workorder-schema.ts';

export type WorkOrderRecord = Selectable<WorkOrdersTable>;

export interface WorkOrderFilter {
  customerId?: number;
  status?: WorkOrderStatus;
  /** Orders this user submitted or handles (the workbench lists). */
  involving?: number;
  keyword?: string;
  page: number;
  pageSize: number;
}

export interface NewWorkOrder {
  title: string;
  platform: string;
  target: string;
  description: string;
  customer_id: number;
  submitter_id: number;
  handler_id: number | null;
  due_at: number | null;
}

/** Linked tasks still queued or running keep an order pending. */
const IN_PROGRESS: readonly TaskStatus[] = ['QUEUEING', ...RUNNING_STATUSES];

export class WorkOrderRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async create(o: NewWorkOrder): Promise<WorkOrderRecord> {
    const now = Date.now();
    return this.db
      .insertInto('work_orders')
      .values({ ...o, status: 'pending', reminders: 0, last_reminded_at: null, created_at: now, updated_at: now, completed_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  byIds(ids: number[]): Promise<WorkOrderRecord[]> {
    return ids.length ? this.db.selectFrom('work_orders').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]);
  }

  async list(f: WorkOrderFilter, now = Date.now()): Promise<{ total: number; list: WorkOrderRow[] }> {
    let q = this.db.selectFrom('work_orders as w');
    if (f.customerId !== undefined) q = q.where('w.customer_id', '=', f.customerId);
    if (f.status) q = q.where('w.status', '=', f.status);
    if (f.involving !== undefined) q = q.where((eb) => eb.or([eb('w.submitter_id', '=', f.involving!), eb('w.handler_id', '=', f.involving!)]));
    if (f.keyword) {
      const like = containsPattern(f.keyword);
      q = q.where((eb) => eb.or([eb('w.title', 'like', like), eb('w.target', 'like', like)]));
    }
    const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const rows = await q
      .leftJoin('users as s', 's.id', 'w.submitter_id')
      .leftJoin('users as h', 'h.id', 'w.handler_id')
      .selectAll('w')
      .select(['s.real_name as submitter_name', 'h.real_name as handler_name'])
      .orderBy('w.id', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute();
    const ids = rows.map((r) => r.id);
    const links = ids.length
      ? await this.db
          .selectFrom('work_order_tasks as l')
          .innerJoin('tasks as t', 't.id', 'l.task_id')
          .select(['l.work_order_id', 't.task_uid', 't.status', 't.app_name', 't.file_name', 't.url'])
          .where('l.work_order_id', 'in', ids)
          .orderBy('t.id')
          .execute()
      : [];
    return {
      total: Number(total),
      list: rows.map((r) => ({
        id: r.id,
        title: r.title,
        platform: r.platform,
        target: r.target,
        description: r.description,
        status: r.status as WorkOrderStatus,
        submitter_id: r.submitter_id,
        submitter_name: r.submitter_name ?? '',
        handler_id: r.handler_id,
        handler_name: r.handler_name ?? '',
        due_at: r.due_at,
        overdue: r.status === 'pending' && r.due_at !== null && r.due_at < now,
        reminders: r.reminders,
        last_reminded_at: r.last_reminded_at,
        created_at: r.created_at,
        completed_at: r.completed_at,
        tasks: links.filter((l) => l.work_order_id === r.id).map((l) => ({ task_uid: l.task_uid, status: l.status as TaskStatus, name: l.app_name || l.file_name || l.url })),
      })),
    };
  }

  /** Adds one reminder to each pending order; returns the ids that were reminded. */
  async remind(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const now = Date.now();
    const rows = await this.db
      .updateTable('work_orders')
      .set((eb) => ({ reminders: eb('reminders', '+', 1), last_reminded_at: now, updated_at: now }))
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  async link(orderId: number, taskId: number): Promise<void> {
    await this.db.insertInto('work_order_tasks').values({ work_order_id: orderId, task_id: taskId }).onConflict((oc) => oc.doNothing()).execute();
  }

  async delete(ids: number[]): Promise<void> {
    if (ids.length) await this.db.deleteFrom('work_orders').where('id', 'in', ids).execute();
  }

  ordersOfTask(taskId: number): Promise<number[]> {
    return this.db.selectFrom('work_order_tasks').select('work_order_id').where('task_id', '=', taskId).execute().then((r) => r.map((x) => x.work_order_id));
  }

  /**
   * pending → completed for the given orders (all pending orders when omitted)
   * that have a finished linked task and none still queued or running. A
   * single conditional UPDATE, so concurrent checks complete an order once.
   */
  async completeFinished(ids?: number[]): Promise<number[]> {
    if (ids && ids.length === 0) return [];
    const now = Date.now();
    let q = this.db
      .updateTable('work_orders')
      .set({ status: 'completed', completed_at: now, updated_at: now })
      .where('status', '=', 'pending')
      .where(({ exists, selectFrom }) => exists(selectFrom('work_order_tasks as l').innerJoin('tasks as t', 't.id', 'l.task_id').select(sql`1`.as('one')).whereRef('l.work_order_id', '=', 'work_orders.id').where('t.status', '=', 'FINISHED')))
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('work_order_tasks as l').innerJoin('tasks as t', 't.id', 'l.task_id').select(sql`1`.as('one')).whereRef('l.work_order_id', '=', 'work_orders.id').where('t.status', 'in', IN_PROGRESS))),
      );
    if (ids) q = q.where('id', 'in', ids);
    return (await q.returning('id').execute()).map((r) => r.id);
  }
}
