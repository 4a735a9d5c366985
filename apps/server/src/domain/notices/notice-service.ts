/**
 * Platform notices (SPEC §1, §3, §7, §8): administrators write them (title,
 * Markdown content, banner or floating, one attachment, target customers and
 * roles, display window, draft or published); each signed-in user receives the
 * published notices aimed at them (notice/getClientUserNotice) and marks them
 * read. Every change to a published notice is announced on `events` so the
 * socket can push it live to the users it targets.
 */
import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { fail } from '../../http/app-error.ts';
import type { ObjectStorage } from '../../storage/index.ts';
import type { Identity } from '../auth/auth-service.ts';
import { safeFileName } from '../uploads/index.ts';
import { checkAttachment } from './attachment-rules.ts';
import type { NoticeStatus, NoticesDB, NoticesTable } from './schema.ts';

export interface NoticeInput {
  title: string;
  content: string;
  is_float: boolean;
  customer_ids: number[];
  role_ids: number[];
  start_at: number | null;
  end_at: number | null;
  status: NoticeStatus;
}

/** What the administrator's table shows. */
export interface NoticeView extends Omit<NoticeInput, 'is_float'> {
  id: number;
  is_float: boolean;
  attachment_name: string;
  attachment_size: number;
  created_by_name: string;
  created_at: number;
  updated_at: number;
  published_at: number | null;
}

/** What a user receives (SPEC §3 notice fields plus id, read state and time). */
export interface ClientNotice {
  id: number;
  title: string;
  content: string;
  is_float: boolean;
  /** Path of the attachment download (needs a ticket: notice/attachmentTicket), '' when none. */
  attachment: string;
  attachment_name: string;
  published_at: number;
  read: boolean;
}

type Row = Omit<NoticesTable, 'id'> & { id: number };

/** Who a notice is for; the socket asks the same question before pushing. */
export function isTargeted(row: Pick<Row, 'customer_ids' | 'role_ids'>, who: Identity): boolean {
  const customers = idList(row.customer_ids);
  const roles = idList(row.role_ids);
  return (customers.length === 0 || customers.includes(who.user.customer_id)) && (roles.length === 0 || roles.includes(who.user.role_id));
}

/** Whether a published notice is inside its display window now. */
export function isShowing(row: Pick<Row, 'status' | 'start_at' | 'end_at'>, now: number): boolean {
  return row.status === 'published' && (row.start_at === null || row.start_at <= now) && (row.end_at === null || row.end_at > now);
}

function idList(json: string): number[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

/** A change other parts (the socket) announce: the row as it is now, or as it was before deletion. */
export interface NoticeChange {
  notice: Row;
  /** 'shown': users should see it now; 'withdrawn': it no longer shows (unpublished, deleted, expired). */
  kind: 'shown' | 'withdrawn';
}

export class NoticeService {
  readonly events = new EventEmitter();

  constructor(
    private readonly db: Kysely<NoticesDB>,
    private readonly storage: ObjectStorage,
    private readonly now: () => number = Date.now,
  ) {
    this.events.setMaxListeners(0);
  }

  private validate(input: NoticeInput): void {
    if (!input.content.trim() && !input.title.trim()) fail('field_required', 'title');
    if (input.start_at !== null && input.end_at !== null && input.end_at <= input.start_at) fail('illegal_parameter', 'end_at');
  }

  private async checkTargets(input: NoticeInput): Promise<void> {
    if (input.customer_ids.length) {
      const found = await this.db.selectFrom('customers').select('id').where('id', 'in', input.customer_ids).execute();
      if (found.length !== new Set(input.customer_ids).size) fail('customer_not_found');
    }
    if (input.role_ids.length) {
      const found = await this.db.selectFrom('roles').select('id').where('id', 'in', input.role_ids).execute();
      if (found.length !== new Set(input.role_ids).size) fail('role_not_found');
    }
  }

  private async row(id: number): Promise<Row> {
    return (await this.db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst()) ?? fail('not_found');
  }

  private announce(before: Row | undefined, after: Row | undefined): void {
    const now = this.now();
    if (after && isShowing(after, now)) this.events.emit('change', { notice: after, kind: 'shown' } satisfies NoticeChange);
    else if (before && isShowing(before, now)) this.events.emit('change', { notice: before, kind: 'withdrawn' } satisfies NoticeChange);
  }

  async list(req: { keyword?: string; page: number; page_size: number }): Promise<{ total: number; list: NoticeView[] }> {
    let q = this.db.selectFrom('notices as n').leftJoin('users as u', 'u.id', 'n.created_by');
    if (req.keyword) q = q.where('n.title', 'like', `%${req.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`);
    const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirst())?.c ?? 0);
    const rows = await q.selectAll('n').select('u.name as user_name').orderBy('n.id', 'desc').limit(req.page_size).offset((req.page - 1) * req.page_size).execute();
    return {
      total,
      list: rows.map((r) => ({
        id: r.id,
        title: r.title,
        content: r.content,
        is_float: r.is_float === 1,
        customer_ids: idList(r.customer_ids),
        role_ids: idList(r.role_ids),
        start_at: r.start_at === null ? null : Number(r.start_at),
        end_at: r.end_at === null ? null : Number(r.end_at),
        status: r.status,
        attachment_name: r.attachment_name ?? '',
        attachment_size: Number(r.attachment_size ?? 0),
        created_by_name: r.user_name ?? '',
        created_at: Number(r.created_at),
        updated_at: Number(r.updated_at),
        published_at: r.published_at === null ? null : Number(r.published_at),
      })),
    };
  }

  async create(who: Identity, input: NoticeInput): Promise<{ id: number }> {
    this.validate(input);
    await this.checkTargets(input);
    const now = this.now();
    const inserted = await this.db
      .insertInto('notices')
      .values({ ...this.columns(input), created_by: who.user.id, created_at: now, updated_at: now, published_at: input.status === 'published' ? now : null })
      .returning('id')
      .executeTakeFirstOrThrow();
    this.announce(undefined, await this.row(inserted.id));
    return { id: inserted.id };
  }

  async update(id: number, input: NoticeInput): Promise<void> {
    this.validate(input);
    await this.checkTargets(input);
    const before = await this.row(id);
    const now = this.now();
    // Publishing again (or editing a published notice) makes it new to everyone: read marks are cleared.
    const republished = input.status === 'published';
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('notices').set({ ...this.columns(input), updated_at: now, published_at: republished ? now : before.published_at }).where('id', '=', id).execute();
      if (republished) await trx.deleteFrom('notice_reads').where('notice_id', '=', id).execute();
    });
    this.announce(before, await this.row(id));
  }

  async setStatus(id: number, status: NoticeStatus): Promise<void> {
    const before = await this.row(id);
    if (before.status === status) return;
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('notices').set({ status, updated_at: now, ...(status === 'published' ? { published_at: now } : {}) }).where('id', '=', id).execute();
      if (status === 'published') await trx.deleteFrom('notice_reads').where('notice_id', '=', id).execute();
    });
    this.announce(before, await this.row(id));
  }

  async remove(ids: number[]): Promise<void> {
    const rows = await this.db.selectFrom('notices').selectAll().where('id', 'in', ids).execute();
    if (rows.length !== ids.length) fail('not_found');
    await this.db.deleteFrom('notices').where('id', 'in', ids).execute();
    for (const r of rows) {
      this.announce(r, undefined);
      if (r.attachment_key) await this.dropObjectIfUnused(r.attachment_key);
    }
  }

  /** Stores an attachment (checked by the upload rules) on a notice, replacing any earlier one. */
  async attach(id: number, rawName: string, bytes: Buffer): Promise<{ name: string; size: number }> {
    const name = safeFileName(rawName);
    checkAttachment(name, bytes);
    const before = await this.row(id);
    const stored = await this.storage.put(Readable.from([bytes]));
    await this.db.updateTable('notices').set({ attachment_key: stored.key, attachment_name: name, attachment_size: stored.size, updated_at: this.now() }).where('id', '=', id).execute();
    if (before.attachment_key && before.attachment_key !== stored.key) await this.dropObjectIfUnused(before.attachment_key);
    this.announce(undefined, await this.row(id));
    return { name, size: stored.size };
  }

  async detach(id: number): Promise<void> {
    const before = await this.row(id);
    await this.db.updateTable('notices').set({ attachment_key: null, attachment_name: null, attachment_size: null, updated_at: this.now() }).where('id', '=', id).execute();
    if (before.attachment_key) await this.dropObjectIfUnused(before.attachment_key);
    this.announce(undefined, await this.row(id));
  }

  /** Storage is content-addressed: another notice (or a sample) may hold the same bytes. */
  private async dropObjectIfUnused(key: string): Promise<void> {
    const other = await this.db.selectFrom('notices').select('id').where('attachment_key', '=', key).executeTakeFirst();
    if (other) return;
    const sample = await this.db.selectFrom('samples').select('id').where('storage_key', '=', key).executeTakeFirst();
    if (!sample) await this.storage.delete(key);
  }

  /** SPEC §7 getClientUserNotice: the published notices aimed at this user and showing now, newest first. */
  async forUser(who: Identity): Promise<ClientNotice[]> {
    const now = this.now();
    const rows = await this.db
      .selectFrom('notices as n')
      .leftJoin('notice_reads as r', (j) => j.onRef('r.notice_id', '=', 'n.id').on('r.user_id', '=', who.user.id))
      .selectAll('n')
      .select('r.read_at')
      .where('n.status', '=', 'published')
      .where((eb) => eb.or([eb('n.start_at', 'is', null), eb('n.start_at', '<=', now)]))
      .where((eb) => eb.or([eb('n.end_at', 'is', null), eb('n.end_at', '>', now)]))
      .orderBy('n.published_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(200)
      .execute();
    return rows.filter((r) => isTargeted(r, who)).slice(0, 50).map((r) => toClient(r, r.read_at !== null));
  }

  async markRead(who: Identity, ids: number[]): Promise<void> {
    const visible = new Set((await this.forUser(who)).map((n) => n.id));
    const now = this.now();
    for (const id of ids) {
      if (!visible.has(id)) continue;
      await this.db.insertInto('notice_reads').values({ notice_id: id, user_id: who.user.id, read_at: now }).onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing()).execute();
    }
  }

  /** The attachment of a notice the caller may see (admin: any notice). */
  async attachment(who: Identity, id: number): Promise<{ key: string; name: string; size: number }> {
    const row = await this.row(id);
    if (!who.isAdmin && !(isShowing(row, this.now()) && isTargeted(row, who))) fail('not_found');
    if (!row.attachment_key) fail('file_not_found');
    return { key: row.attachment_key, name: row.attachment_name ?? 'attachment', size: Number(row.attachment_size ?? 0) };
  }

  private columns(input: NoticeInput) {
    return {
      title: input.title.trim(),
      content: input.content,
      is_float: (input.is_float ? 1 : 0) as 0 | 1,
      customer_ids: JSON.stringify([...new Set(input.customer_ids)]),
      role_ids: JSON.stringify([...new Set(input.role_ids)]),
      start_at: input.start_at,
      end_at: input.end_at,
      status: input.status,
    };
  }
}

export function toClient(r: Row, read: boolean): ClientNotice {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    is_float: r.is_float === 1,
    attachment: r.attachment_key ? `/notice/attachment?id=${r.id}` : '',
    attachment_name: r.attachment_key ? (r.attachment_name ?? '') : '',
    published_at: Number(r.published_at ?? r.created_at),
    read,
  };
}
