/**
 * Download records and generated report files. The report job queue is this
 * table: QUEUEING rows in queue_seq order, claimed atomically (SKIP LOCKED on
 * PostgreSQL) so two workers never render the same report; every status change
 * is a compare-and-set on the current status, so a cancel (the row deleted)
 * never gets overwritten. Every change is told to `onChange` (the WebSocket push).
 */
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { DownloadChange } from '../../jobs/task-events.ts';
import type { DownloadsTable, ReportFilesTable } from './report-schema.ts';

export type DownloadRecord = Selectable<DownloadsTable>;
export type ReportFileRecord = Selectable<ReportFilesTable>;
export const DOWNLOAD_STATUSES = ['QUEUEING', 'PROCESSING', 'READY', 'DOWNLOADING', 'FINISHED', 'ERROR'] as const;
export type DownloadStatus = (typeof DOWNLOAD_STATUSES)[number];

export interface ReportKey {
  task_id: number;
  range: string;
  format: string;
  language: string;
  catalogue_version: string;
}

export type NewDownload = Omit<DownloadRecord, 'id' | 'error' | 'percentage' | 'queue_seq' | 'size' | 'attempts' | 'lease_owner' | 'lease_expires_at' | 'created_at' | 'updated_at'> & { size?: number };

export class DownloadRepository {
  private lastSeq = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
    private readonly onChange: (change: DownloadChange) => void = () => undefined,
  ) {}

  private told<T extends Pick<DownloadRecord, 'id' | 'user_id' | 'status' | 'percentage'> | undefined>(row: T): T {
    if (row) this.onChange({ id: row.id, user_id: row.user_id, status: row.status, percentage: row.percentage });
    return row;
  }

  private nextSeq(): number {
    this.lastSeq = Math.max(this.lastSeq + 1, Date.now() * 1000);
    return this.lastSeq;
  }

  async create(d: NewDownload): Promise<DownloadRecord> {
    const now = Date.now();
    return this.told(
      await this.db
      .insertInto('downloads')
        .values({ ...d, size: d.size ?? 0, error: '', percentage: 0, queue_seq: this.nextSeq(), attempts: 0, lease_owner: null, lease_expires_at: null, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  }

  byId(id: number): Promise<DownloadRecord | undefined> {
    return this.db.selectFrom('downloads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listForUser(userId: number, limit = 200): Promise<DownloadRecord[]> {
    return this.db.selectFrom('downloads').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
  }

  /** Moves a record from `from` to `to` only if it is still in `from`; undefined when it changed or was deleted first. */
  async transition(id: number, from: DownloadStatus, to: DownloadStatus, patch: Partial<Pick<DownloadRecord, 'error' | 'percentage' | 'storage_key' | 'size' | 'lease_owner' | 'lease_expires_at'>> = {}): Promise<DownloadRecord | undefined> {
    return this.told(
      await this.db
        .updateTable('downloads')
        .set({ ...patch, status: to, updated_at: Date.now(), ...(to === 'QUEUEING' ? { queue_seq: this.nextSeq(), lease_owner: null, lease_expires_at: null } : {}) })
        .where('id', '=', id)
        .where('status', '=', from)
        .returningAll()
        .executeTakeFirst(),
    );
  }

  async setPercentage(id: number, status: DownloadStatus, percentage: number): Promise<void> {
    this.told(
      await this.db
        .updateTable('downloads')
        .set({ percentage, updated_at: Date.now() })
        .where('id', '=', id)
        .where('status', '=', status)
        .returning(['id', 'user_id', 'status', 'percentage'])
        .executeTakeFirst(),
    );
  }

  async claimNext(leaseOwner: string, leaseMs: number): Promise<DownloadRecord | undefined> {
    const now = Date.now();
    const lock = this.dialect === 'postgres' ? sql`for update skip locked` : sql``;
    const result = await sql<DownloadRecord>`
      update downloads set status = 'PROCESSING', lease_owner = ${leaseOwner}, lease_expires_at = ${now + leaseMs},
        updated_at = ${now}, attempts = attempts + 1, percentage = 0
      where id = (select id from downloads where status = 'QUEUEING' order by queue_seq limit 1 ${lock})
        and status = 'QUEUEING'
      returning *`.execute(this.db);
    return this.told(result.rows[0]);
  }

  async renewLease(id: number, leaseOwner: string, leaseMs: number): Promise<boolean> {
    const r = await this.db.updateTable('downloads').set({ lease_expires_at: Date.now() + leaseMs }).where('id', '=', id).where('lease_owner', '=', leaseOwner).where('status', '=', 'PROCESSING').executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  expiredLeases(): Promise<DownloadRecord[]> {
    return this.db.selectFrom('downloads').selectAll().where('status', '=', 'PROCESSING').where('lease_expires_at', '<', Date.now()).execute();
  }

  /** queue_number (1-based) of each queued record and queue_len, the number of queued records. */
  async queueInfo(records: DownloadRecord[]): Promise<{ positions: Map<number, number>; length: number }> {
    const positions = new Map<number, number>();
    const queued = records.filter((r) => r.status === 'QUEUEING');
    if (queued.length === 0) return { positions, length: 0 };
    const { n } = await this.db.selectFrom('downloads').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'QUEUEING').executeTakeFirstOrThrow();
    for (const r of queued) {
      const { before } = await this.db
        .selectFrom('downloads')
        .select((eb) => eb.fn.countAll<number>().as('before'))
        .where('status', '=', 'QUEUEING')
        .where('queue_seq', '<', r.queue_seq)
        .executeTakeFirstOrThrow();
      positions.set(r.id, Number(before) + 1);
    }
    return { positions, length: Number(n) };
  }

  async delete(userId: number, ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const gone = await this.db.deleteFrom('downloads').where('user_id', '=', userId).where('id', 'in', ids).returning(['id']).execute();
    for (const r of gone) this.onChange({ id: r.id, user_id: userId, status: 'DELETED', percentage: 0 });
    return gone.length;
  }

  async clear(userId: number): Promise<void> {
    const gone = await this.db.deleteFrom('downloads').where('user_id', '=', userId).returning(['id']).execute();
    if (gone.length) this.onChange({ id: 0, user_id: userId, status: 'DELETED', percentage: 0 });
  }

  findFile(k: ReportKey): Promise<ReportFileRecord | undefined> {
    return this.db
      .selectFrom('report_files')
      .selectAll()
      .where('task_id', '=', k.task_id)
      .where('range', '=', k.range)
      .where('format', '=', k.format)
      .where('language', '=', k.language)
      .where('catalogue_version', '=', k.catalogue_version)
      .executeTakeFirst();
  }

  /** Records a generated file; a concurrent twin that got there first wins and is returned. */
  async saveFile(k: ReportKey, storageKey: string, size: number): Promise<ReportFileRecord> {
    try {
      return await this.db.insertInto('report_files').values({ ...k, storage_key: storageKey, size, created_at: Date.now() }).returningAll().executeTakeFirstOrThrow();
    } catch (err) {
      const existing = await this.findFile(k);
      if (existing) return existing;
      throw err;
    }
  }

  async forgetFile(id: number): Promise<void> {
    await this.db.deleteFrom('report_files').where('id', '=', id).execute();
  }
}
