/** Sample rows: one per customer and content (MD5), listed per customer unless the reader is admin. */
import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB, SamplesTable } from '../../db/schema.ts';

export type SampleRow = Selectable<SamplesTable>;
export type NewSample = Omit<SampleRow, 'id' | 'cleaned' | 'cleaned_at' | 'task_count'>;

/** Who is looking: admin sees every customer's samples, everyone else only their own customer's. */
export interface SampleScope {
  isAdmin: boolean;
  customerId: number;
}

export interface SampleQuery {
  page: number;
  pageSize: number;
  /** Matched against name and MD5. */
  search?: string;
}

export class SamplesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private scoped(scope: SampleScope) {
    const q = this.db.selectFrom('samples');
    return scope.isAdmin ? q : q.where('customer_id', '=', scope.customerId);
  }

  findByMd5(customerId: number, md5: string): Promise<SampleRow | undefined> {
    return this.db.selectFrom('samples').selectAll().where('customer_id', '=', customerId).where('md5', '=', md5).executeTakeFirst();
  }

  findById(scope: SampleScope, id: number): Promise<SampleRow | undefined> {
    return this.scoped(scope).selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A live (not cleaned) sample of this content that the scope may read. */
  findByKey(scope: SampleScope, key: string): Promise<SampleRow | undefined> {
    return this.scoped(scope).selectAll().where('storage_key', '=', key).where('cleaned', '=', 0).orderBy('id').executeTakeFirst();
  }

  /** Inserts, or returns undefined when the (customer, MD5) row already exists (a concurrent upload won). */
  async insert(sample: NewSample): Promise<SampleRow | undefined> {
    const row = await this.db
      .insertInto('samples')
      .values({ ...sample, cleaned: 0, cleaned_at: null })
      .onConflict((oc) => oc.columns(['customer_id', 'md5']).doNothing())
      .returningAll()
      .executeTakeFirst();
    return row;
  }

  /** A cleaned sample uploaded again: it points at the stored object and counts from now. */
  async revive(id: number, patch: Pick<SampleRow, 'storage_key' | 'name' | 'uploader_id' | 'uploader_name' | 'created_at'>): Promise<SampleRow> {
    return this.db.updateTable('samples').set({ ...patch, cleaned: 0, cleaned_at: null }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  }

  async list(scope: SampleScope, query: SampleQuery): Promise<{ total: number; list: SampleRow[] }> {
    let q = this.scoped(scope).where('category', '!=', 'image');
    const search = query.search?.trim();
    if (search) {
      const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) => eb.or([eb('name', 'like', sql<string>`${pattern} escape '\\'`), eb('md5', '=', search.toLowerCase())]));
    }
    const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const list = await q
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute();
    return { total: Number(total), list };
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('samples').where('id', '=', id).execute();
  }

  /** Whether any live sample (of any customer) still uses this stored object. */
  async keyInUse(key: string): Promise<boolean> {
    const row = await this.db.selectFrom('samples').select('id').where('storage_key', '=', key).where('cleaned', '=', 0).executeTakeFirst();
    return row !== undefined;
  }

  /** Live samples of the given retention classes uploaded before `before`. */
  expired(categories: readonly string[], before: number, limit: number): Promise<SampleRow[]> {
    return this.db
      .selectFrom('samples')
      .selectAll()
      .where('cleaned', '=', 0)
      .where('category', 'in', categories as string[])
      .where('created_at', '<', before)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async markCleaned(id: number, at: number): Promise<void> {
    await this.db.updateTable('samples').set({ cleaned: 1, cleaned_at: at }).where('id', '=', id).execute();
  }
}
