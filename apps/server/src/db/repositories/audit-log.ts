/** Security-relevant actions: who, when, from where (issue 12 adds the admin screen). */
import { type Kysely, sql } from 'kysely';
import { containsPattern } from './users.ts';
import type { DB } from '../schema.ts';

export class AuditLog {
  constructor(private readonly db: Kysely<DB>) {}

  async record(entry: { userId: number | null; userName: string; action: string; detail?: string; ip: string }): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({ at: Date.now(), user_id: entry.userId, user_name: entry.userName.slice(0, 100), action: entry.action, detail: entry.detail ?? '', ip: entry.ip })
      .execute();
  }

  /**
   * A page of the trail, newest first. `customerId` confines it to actions of
   * that customer's accounts (entries without a known account are left out).
   */
  async search(filter: { customerId?: number; userName?: string; action?: string; ip?: string; from?: number; to?: number; page: number; pageSize: number }) {
    let q = this.db.selectFrom('audit_log');
    if (filter.customerId !== undefined) {
      const customerId = filter.customerId;
      q = q.where('audit_log.user_id', 'in', (eb) => eb.selectFrom('users').select('users.id').where('users.customer_id', '=', customerId));
    }
    if (filter.userName) q = q.where(sql<boolean>`lower(audit_log.user_name) like ${containsPattern(filter.userName)} escape '!'`);
    if (filter.action) q = q.where('audit_log.action', '=', filter.action);
    if (filter.ip) q = q.where(sql<boolean>`lower(audit_log.ip) like ${containsPattern(filter.ip)} escape '!'`);
    if (filter.from !== undefined) q = q.where('audit_log.at', '>=', filter.from);
    if (filter.to !== undefined) q = q.where('audit_log.at', '<=', filter.to);
    const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const list = await q
      .select(['audit_log.id', 'audit_log.at', 'audit_log.user_name', 'audit_log.action', 'audit_log.detail', 'audit_log.ip'])
      .orderBy('audit_log.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute();
    return { total: Number(total), list };
  }

  /** The distinct actions recorded so far (the audit screen's filter options). */
  async actions(): Promise<string[]> {
    return (await this.db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute()).map((r) => r.action);
  }
}
