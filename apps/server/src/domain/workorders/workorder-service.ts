/**
 * What users do with work orders: submit one (a request that someone assess a
 * target by a due date), list the pending / completed ones they submitted or
 * handle and the customer's ledger, remind handlers (one or many at once),
 * link the tasks that answer an order, delete. An order completes when a linked
 * task has finished and none is still in progress: on every task event, and
 * again on read (an event lost to a restart is caught up by the next list).
 */
import { TERMINAL_STATUSES, type TaskStatus, type WorkOrderRow, type WorkOrderView, can } from '@citadel/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import type { TaskEvents } from '../../jobs/task-events.ts';
import type { Identity } from '../auth/auth-service.ts';
import { type WorkOrderRecord, WorkOrderRepository } from './workorder-repository.ts';

export interface CreateWorkOrder {
  title: string;
  platform: string;
  target?: string;
  description?: string;
  handler_id?: number;
  due_at?: number;
}

const VIEW_RESOURCE: Record<WorkOrderView, string> = { pending: 'Workbench_Pending', completed: 'Workbench_Completed', ledger: 'Tools_WorkOrderLedger' };

export class WorkOrderService {
  readonly repo: WorkOrderRepository;

  constructor(
    private readonly db: Kysely<DB>,
    events: TaskEvents,
    private readonly onError: (err: unknown) => void = (err) => process.emitWarning(`work-order completion check failed: ${String(err)}`),
  ) {
    this.repo = new WorkOrderRepository(db);
    events.on('task', (task) => {
      if (!TERMINAL_STATUSES.includes(task.status as TaskStatus)) return;
      this.repo
        .ordersOfTask(task.id)
        .then((ids) => this.repo.completeFinished(ids))
        .catch(this.onError);
    });
  }

  private subject(who: Identity) {
    return { isAdmin: who.isAdmin, permissions: who.permissions };
  }

  /** Ledger managers (edit on the ledger) and admin act on any order of their scope; others on orders they submitted or handle. */
  private manages(who: Identity): boolean {
    return can(this.subject(who), 'Tools_WorkOrderLedger', 'edit');
  }

  private async visible(who: Identity, ids: number[]): Promise<WorkOrderRecord[]> {
    const rows = await this.repo.byIds(ids);
    if (rows.length !== ids.length || rows.some((r) => !who.isAdmin && r.customer_id !== who.user.customer_id)) fail('not_found');
    return rows;
  }

  private async userInScope(who: Identity, userId: number): Promise<void> {
    const u = await this.db.selectFrom('users').select(['customer_id', 'enabled']).where('id', '=', userId).executeTakeFirst();
    if (!u || u.enabled !== 1 || (!who.isAdmin && u.customer_id !== who.user.customer_id)) fail('user_not_found');
  }

  async create(who: Identity, req: CreateWorkOrder): Promise<WorkOrderRecord> {
    if (req.handler_id !== undefined) await this.userInScope(who, req.handler_id);
    return this.repo.create({
      title: req.title.trim(),
      platform: req.platform,
      target: (req.target ?? '').trim(),
      description: (req.description ?? '').trim(),
      customer_id: who.user.customer_id,
      submitter_id: who.user.id,
      handler_id: req.handler_id ?? null,
      due_at: req.due_at ?? null,
    });
  }

  async list(who: Identity, view: WorkOrderView, page: number, pageSize: number, keyword?: string): Promise<{ total: number; list: WorkOrderRow[] }> {
    if (!can(this.subject(who), VIEW_RESOURCE[view], 'view')) fail('no_permission');
    const customerId = who.isAdmin ? undefined : who.user.customer_id;
    await this.repo.completeFinished();
    return this.repo.list({
      ...(customerId !== undefined ? { customerId } : {}),
      ...(view === 'ledger' ? {} : { status: view, involving: who.user.id }),
      ...(keyword ? { keyword } : {}),
      page,
      pageSize,
    });
  }

  /** Batch reminder ("确认批量催单吗？"): the submitter (or a ledger manager) nudges the handlers of pending orders. */
  async remind(who: Identity, ids: number[]): Promise<number> {
    const rows = await this.visible(who, ids);
    if (!this.manages(who) && rows.some((r) => r.submitter_id !== who.user.id)) fail('unauthorized_operation');
    return (await this.repo.remind(ids)).length;
  }

  /** The handler (or a ledger manager) links a task that answers the order; the order may complete at once. */
  async linkTask(who: Identity, id: number, taskUid: string): Promise<void> {
    const [order] = await this.visible(who, [id]);
    if (order!.status !== 'pending') fail('illegal_operation');
    if (!this.manages(who) && order!.handler_id !== who.user.id && order!.submitter_id !== who.user.id) fail('unauthorized_operation');
    const task = await this.db.selectFrom('tasks').select(['id', 'customer_id']).where('task_uid', '=', taskUid).executeTakeFirst();
    if (!task || task.customer_id !== order!.customer_id) fail('task_not_found');
    await this.repo.link(id, task.id);
    await this.repo.completeFinished([id]);
  }

  async delete(who: Identity, ids: number[]): Promise<void> {
    const rows = await this.visible(who, ids);
    if (!who.isAdmin && rows.some((r) => r.submitter_id !== who.user.id)) fail('unauthorized_operation');
    await this.repo.delete(ids);
  }

  /** People an order can be given to: enabled accounts of the caller's customer (admin: every customer). */
  async handlers(who: Identity): Promise<{ id: number; name: string }[]> {
    let q = this.db.selectFrom('users').select(['id', 'real_name', 'name']).where('enabled', '=', 1);
    if (!who.isAdmin) q = q.where('customer_id', '=', who.user.customer_id);
    return (await q.orderBy('id').limit(500).execute()).map((u) => ({ id: u.id, name: u.real_name || u.name }));
  }
}
