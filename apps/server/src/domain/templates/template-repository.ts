/** Queries of the templates table; scoping (which customer sees what) is decided by the service and passed in. */
import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { TemplatesTable } from './template-schema.ts';

export type TemplateRecord = Selectable<TemplatesTable>;
export type TemplateRow = TemplateRecord & { created_by_name: string | null; client_key: string | null };

/** undefined = every customer (admin); otherwise the shared rows plus this customer's. */
export type CustomerScope = number | undefined;

export interface NewTemplate {
  platform: string;
  name: string;
  customer_id: number | null;
  preset_template: number | null;
  preset_type: string;
  report_template: string;
  report_language: string;
  items: string[];
  created_by: number;
}

export class TemplateRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private scoped(scope: CustomerScope) {
    let q = this.db
      .selectFrom('templates as t')
      .leftJoin('users as u', 'u.id', 't.created_by')
      .leftJoin('customers as c', 'c.id', 't.customer_id')
      .selectAll('t')
      .select(['u.name as created_by_name', 'c.client_key as client_key']);
    if (scope !== undefined) q = q.where((eb) => eb.or([eb('t.customer_id', 'is', null), eb('t.customer_id', '=', scope)]));
    return q;
  }

  async list(scope: CustomerScope, platform: string, opts: { keyword?: string; page: number; pageSize: number }): Promise<{ total: number; rows: TemplateRow[] }> {
    let q = this.scoped(scope).where('t.platform', '=', platform);
    if (opts.keyword) {
      const pattern = `%${opts.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      q = q.where('t.name', 'like', sql<string>`${pattern} escape '\\'`);
    }
    const total = Number((await q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await q
      .orderBy('t.is_default', 'desc')
      .orderBy('t.id', 'desc')
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize)
      .execute();
    return { total, rows };
  }

  byId(scope: CustomerScope, id: number): Promise<TemplateRow | undefined> {
    return this.scoped(scope).where('t.id', '=', id).executeTakeFirst();
  }

  defaultOf(platform: string): Promise<TemplateRecord | undefined> {
    return this.db.selectFrom('templates').selectAll().where('platform', '=', platform).where('is_default', '=', 1).orderBy('id').executeTakeFirst();
  }

  /** Another template of the same platform and owner with this name (SPEC §8 duplicate name). */
  async nameTaken(platform: string, customerId: number | null, name: string, exceptId?: number): Promise<boolean> {
    let q = this.db.selectFrom('templates').select('id').where('platform', '=', platform).where('name', '=', name);
    q = customerId === null ? q.where('customer_id', 'is', null) : q.where((eb) => eb.or([eb('customer_id', '=', customerId), eb('customer_id', 'is', null)]));
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async create(t: NewTemplate): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('templates')
      .values({ ...t, items: JSON.stringify(t.items), is_default: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, t: Omit<NewTemplate, 'platform' | 'customer_id' | 'created_by'>): Promise<void> {
    // The default rows are never written: the guard is in the query too, not only in the service.
    await this.db
      .updateTable('templates')
      .set({ ...t, items: JSON.stringify(t.items), updated_at: Date.now() })
      .where('id', '=', id)
      .where('is_default', '=', 0)
      .execute();
  }

  async delete(ids: number[]): Promise<void> {
    if (ids.length) await this.db.deleteFrom('templates').where('id', 'in', ids).where('is_default', '=', 0).execute();
  }
}
