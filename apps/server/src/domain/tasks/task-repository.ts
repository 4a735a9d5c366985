/**
 * Task rows: creation, listing, and every status change as a compare-and-set
 * on the current status, checked against the state diagram of contracts.
 * The embedded queue claims from here too (claimNext).
 */
import { randomBytes } from 'node:crypto';
import { type FailKind, type TaskStatus, canTransition } from '@citadel/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { TasksTable } from './task-schema.ts';
import { declaredTarget, withDeclaredTarget } from './declared-fields.ts';

export type TaskRecord = Selectable<TasksTable>;

/** A transition the state diagram does not allow: a bug, so it fails loudly. */
export class IllegalTransitionError extends Error {
  constructor(
    readonly from: TaskStatus,
    readonly to: TaskStatus,
    readonly taskUid: string,
  ) {
    super(`illegal task transition ${from} → ${to} (task ${taskUid})`);
    this.name = 'IllegalTransitionError';
  }
}

export interface NewTask {
  platform: string;
  sample_id: number | null;
  url: string;
  file_name: string;
  size: number;
  md5: string;
  template_id: number | null;
  template_name: string;
  fields: Record<string, string>;
  params: Record<string, string>;
  selected: string[] | null;
  created_by: number;
  customer_id: number;
}

export interface ListFilter {
  customerId?: number;
  createdBy?: number;
  platforms?: string[];
  status?: TaskStatus;
  keyword?: string;
  page: number;
  pageSize: number;
}

/** What a status change may also write. */
export type TaskPatch = Partial<Pick<TaskRecord, 'fail_kind' | 'fail_msg' | 'finish_item' | 'total_item' | 'started_at' | 'finished_at' | 'lease_owner' | 'lease_expires_at' | 'app_name' | 'package_name' | 'version' | 'score' | 'risk_level' | 'counts' | 'engine_version' | 'attempts' | 'queue_seq'>>;

export class TaskRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  private lastSeq = 0;

  /**
   * Queue order: microsecond-scaled time, strictly increasing within a process
   * (two tasks queued in the same millisecond keep their order); across servers
   * it is FIFO to the clock's precision.
   */
  private nextSeq(): number {
    this.lastSeq = Math.max(this.lastSeq + 1, Date.now() * 1000);
    return this.lastSeq;
  }

  async create(t: NewTask): Promise<TaskRecord> {
    const now = Date.now();
    const row = await this.db
      .insertInto('tasks')
      .values({
        task_uid: randomBytes(12).toString('hex'),
        platform: t.platform,
        status: 'QUEUEING',
        fail_kind: null,
        fail_msg: '',
        finish_item: 0,
        total_item: 0,
        queue_seq: this.nextSeq(),
        sample_id: t.sample_id,
        url: t.url,
        file_name: t.file_name,
        template_id: t.template_id,
        template_name: t.template_name,
        fields: JSON.stringify(t.fields),
        params: JSON.stringify(t.params),
        selected: t.selected ? JSON.stringify(t.selected) : null,
        created_by: t.created_by,
        customer_id: t.customer_id,
        created_at: now,
        started_at: null,
        finished_at: null,
        updated_at: now,
        app_name: declaredTarget(t.fields).app_name,
        package_name: '',
        version: declaredTarget(t.fields).version,
        size: t.size,
        md5: t.md5,
        score: null,
        risk_level: null,
        counts: null,
        engine_version: '',
        attempts: 0,
        lease_owner: null,
        lease_expires_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return row;
  }

  byUid(uid: string): Promise<TaskRecord | undefined> {
    return this.db.selectFrom('tasks').selectAll().where('task_uid', '=', uid).executeTakeFirst();
  }

  byId(id: number): Promise<TaskRecord | undefined> {
    return this.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Moves a task from `from` to `to` only if it is still in `from` (and, for a
   * worker, still leased by it). Returns the updated row, or undefined when
   * someone else changed it first (a cancel racing a finish).
   */
  async transition(id: number, from: TaskStatus, to: TaskStatus, patch: TaskPatch = {}, leaseOwner?: string): Promise<TaskRecord | undefined> {
    const uid = (await this.byId(id))?.task_uid ?? String(id);
    if (!canTransition(from, to)) throw new IllegalTransitionError(from, to, uid);
    let q = this.db
      .updateTable('tasks')
      .set({ ...patch, status: to, updated_at: Date.now(), ...(to === 'QUEUEING' ? { queue_seq: this.nextSeq(), lease_owner: null, lease_expires_at: null } : {}) })
      .where('id', '=', id)
      .where('status', '=', from);
    if (leaseOwner) q = q.where('lease_owner', '=', leaseOwner);
    return q.returningAll().executeTakeFirst();
  }

  /** Progress and lease renewal while a worker runs the task. */
  async heartbeat(id: number, leaseOwner: string, leaseMs: number, progress?: { done: number; total: number }): Promise<TaskRecord | undefined> {
    return this.db
      .updateTable('tasks')
      .set({ lease_expires_at: Date.now() + leaseMs, updated_at: Date.now(), ...(progress ? { finish_item: progress.done, total_item: progress.total } : {}) })
      .where('id', '=', id)
      .where('lease_owner', '=', leaseOwner)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Claims the oldest queued task for a worker: one atomic statement, so two
   * workers never get the same task (PostgreSQL skips rows another claim holds).
   */
  async claimNext(leaseOwner: string, leaseMs: number): Promise<TaskRecord | undefined> {
    const now = Date.now();
    const lock = this.dialect === 'postgres' ? sql`for update skip locked` : sql``;
    const result = await sql<TaskRecord>`
      update tasks set status = 'DOWNLOADING', lease_owner = ${leaseOwner}, lease_expires_at = ${now + leaseMs},
        started_at = ${now}, updated_at = ${now}, attempts = attempts + 1, fail_kind = null, fail_msg = ''
      where id = (select id from tasks where status = 'QUEUEING' order by queue_seq limit 1 ${lock})
        and status = 'QUEUEING'
      returning *`.execute(this.db);
    return result.rows[0];
  }

  /** Claims one specific queued task (the BullMQ worker is told which); undefined when it is not queued any more. */
  async claimById(id: number, leaseOwner: string, leaseMs: number): Promise<TaskRecord | undefined> {
    const now = Date.now();
    return this.db
      .updateTable('tasks')
      .set((eb) => ({ status: 'DOWNLOADING', lease_owner: leaseOwner, lease_expires_at: now + leaseMs, started_at: now, updated_at: now, attempts: eb('attempts', '+', 1), fail_kind: null, fail_msg: '' }))
      .where('id', '=', id)
      .where('status', '=', 'QUEUEING')
      .returningAll()
      .executeTakeFirst();
  }

  /** Running tasks whose worker stopped renewing its lease (it died): they go back to the queue. */
  async expiredLeases(): Promise<TaskRecord[]> {
    return this.db
      .selectFrom('tasks')
      .selectAll()
      .where('status', 'in', ['DOWNLOADING', 'PROCESSING', 'REPORT_GENERATING', 'SCRIPT_EXECUTING', 'WAITING_PHONE'])
      .where('lease_expires_at', '<', Date.now())
      .execute();
  }

  /** 1-based queue positions of the given queued tasks: a count over the (status, queue_seq) index each. */
  async queuePositions(tasks: Pick<TaskRecord, 'id' | 'status' | 'queue_seq'>[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    for (const t of tasks) {
      if (t.status !== 'QUEUEING') continue;
      const { n } = await this.db
        .selectFrom('tasks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'QUEUEING')
        .where('queue_seq', '<', t.queue_seq)
        .executeTakeFirstOrThrow();
      out.set(t.id, Number(n) + 1);
    }
    return out;
  }

  async list(f: ListFilter): Promise<{ total: number; rows: (TaskRecord & { created_by_name: string; client_key: string })[] }> {
    let q = this.db.selectFrom('tasks');
    if (f.customerId !== undefined) q = q.where('tasks.customer_id', '=', f.customerId);
    if (f.createdBy !== undefined) q = q.where('tasks.created_by', '=', f.createdBy);
    if (f.platforms) q = q.where('tasks.platform', 'in', f.platforms.length ? f.platforms : ['-']);
    if (f.status) q = q.where('tasks.status', '=', f.status);
    if (f.keyword) {
      const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) =>
        eb.or([
          eb('tasks.file_name', 'like', like),
          eb('tasks.app_name', 'like', like),
          eb('tasks.package_name', 'like', like),
          eb('tasks.url', 'like', like),
          eb('tasks.md5', '=', f.keyword!.toLowerCase()),
        ]),
      );
    }
    const total = f.createdBy === undefined && !f.keyword ? await this.totalFromStats(f) : Number((await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total);
    const rows = await q
      .innerJoin('users', 'users.id', 'tasks.created_by')
      .innerJoin('customers', 'customers.id', 'tasks.customer_id')
      .selectAll('tasks')
      .select(['users.real_name as created_by_name', 'customers.client_key as client_key'])
      .orderBy('tasks.id', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute();
    return { total, rows };
  }

  /**
   * The total of a list filtered only by customer, platform and status, read from the
   * trigger-kept task_stats (migration 007: a few rows per customer) instead of a count(*)
   * over every matching task — on PostgreSQL the unfiltered admin list at 100,000 tasks had
   * a 172 ms p99 from that count alone. Triggers update task_stats in the same transaction
   * as the task, so the total is exactly what count(*) would say.
   */
  private async totalFromStats(f: Pick<ListFilter, 'customerId' | 'platforms' | 'status'>): Promise<number> {
    let q = this.db.selectFrom('task_stats').select((eb) => eb.fn.sum<number | string>('tasks').as('n'));
    if (f.customerId !== undefined) q = q.where('customer_id', '=', f.customerId);
    if (f.platforms) q = q.where('platform', 'in', f.platforms.length ? f.platforms : ['-']);
    if (f.status) q = q.where('status', '=', f.status);
    const row = await q.executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** One task with its creator's name and customer key (and name, for report covers), as task tables show it. */
  detail(id: number): Promise<(TaskRecord & { created_by_name: string; client_key: string; customer_name: string }) | undefined> {
    return this.db
      .selectFrom('tasks')
      .innerJoin('users', 'users.id', 'tasks.created_by')
      .innerJoin('customers', 'customers.id', 'tasks.customer_id')
      .selectAll('tasks')
      .select(['users.real_name as created_by_name', 'customers.client_key as client_key', 'customers.name as customer_name'])
      .where('tasks.id', '=', id)
      .executeTakeFirst();
  }

  /**
   * PROCESSING → FINISHED and the stored assessment in one transaction: no reader
   * ever sees a finished task without its result, and a worker that lost the task
   * (cancelled, or re-queued after its lease ran out) writes nothing.
   */
  async finishWithResult(id: number, leaseOwner: string, patch: TaskPatch, assessmentJson: string): Promise<TaskRecord | undefined> {
    if (!canTransition('PROCESSING', 'FINISHED')) throw new IllegalTransitionError('PROCESSING', 'FINISHED', String(id));
    return this.db.transaction().execute(async (trx) => {
      // What the user declared in the create form names the target (web, source): it wins over the engine's guess.
      const declared = declaredTarget((await trx.selectFrom('tasks').select('fields').where('id', '=', id).executeTakeFirst())?.fields);
      if (declared.app_name) patch = { ...patch, app_name: declared.app_name };
      if (declared.version) patch = { ...patch, version: declared.version };
      assessmentJson = withDeclaredTarget(assessmentJson, declared);
      const row = await trx
        .updateTable('tasks')
        .set({ ...patch, status: 'FINISHED', updated_at: Date.now() })
        .where('id', '=', id)
        .where('status', '=', 'PROCESSING')
        .where('lease_owner', '=', leaseOwner)
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      await trx.deleteFrom('task_results').where('task_id', '=', id).execute();
      await trx.insertInto('task_results').values({ task_id: id, assessment: assessmentJson, created_at: Date.now() }).execute();
      return row;
    });
  }

  async result(taskId: number): Promise<string | undefined> {
    return (await this.db.selectFrom('task_results').select('assessment').where('task_id', '=', taskId).executeTakeFirst())?.assessment;
  }

  async delete(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('task_results').where('task_id', 'in', ids).execute();
      await trx.deleteFrom('tasks').where('id', 'in', ids).execute();
    });
  }
}

export type { FailKind };
