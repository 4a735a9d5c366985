/** Security-relevant actions: who, when, from where (issue 12 adds the admin screen). */
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

export class AuditLog {
  constructor(private readonly db: Kysely<DB>) {}

  async record(entry: { userId: number | null; userName: string; action: string; detail?: string; ip: string }): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({ at: Date.now(), user_id: entry.userId, user_name: entry.userName.slice(0, 100), action: entry.action, detail: entry.detail ?? '', ip: entry.ip })
      .execute();
  }
}
