/**
 * Whitelists (SPEC §2 testing management, §3 whitelist entry): SO libraries,
 * resource files, debug-log functions and global entries. Each row is a glob
 * over what its file type names; enabled rows of the shared list and of the
 * task's customer reach the engines as WhitelistEntry[], and matching
 * occurrences are reported as whitelisted instead of counting.
 */
import type { WhitelistEntry, WhitelistKind } from '@citadel/engine-core';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import type { Identity } from '../auth/auth-service.ts';
import { assertGrant, assertVisible, likePattern, mayChange, mayDelete, newRowOwner, visibleScope } from './ownership.ts';
import type { WhitelistEntriesTable } from './rules-schema.ts';

/** Each whitelist screen: its permission resource and the file types its rows may have (the first is the default). */
export const WHITELIST_LISTS = {
  so: { resource: 'Whitelist_So', fileTypes: ['so'] },
  resource: { resource: 'Whitelist_Resource', fileTypes: ['resource'] },
  debuglog: { resource: 'Whitelist_DebugLog', fileTypes: ['log_function'] },
  global: { resource: 'Whitelist_Global', fileTypes: ['global', 'file', 'class', 'value', 'so', 'resource', 'log_function'] },
} as const satisfies Record<string, { resource: string; fileTypes: readonly WhitelistKind[] }>;
export type WhitelistList = keyof typeof WHITELIST_LISTS;
export const WHITELIST_LIST_NAMES = Object.keys(WHITELIST_LISTS) as WhitelistList[];

export const PATTERN_MAX = 500;

export interface WhitelistRowInput {
  id?: number;
  file_type?: string;
  pattern: string;
  remark?: string;
  enabled?: boolean;
}

export interface WhitelistView {
  id: number;
  list: string;
  file_type: string;
  pattern: string;
  remark: string;
  enabled: boolean;
  client_key: string;
  created_at: number;
  editable: boolean;
  deletable: boolean;
}

type Row = Selectable<WhitelistEntriesTable>;

export class WhitelistService {
  constructor(private readonly db: Kysely<DB>) {}

  private toView(who: Identity, r: Row): WhitelistView {
    return {
      id: r.id,
      list: r.list,
      file_type: r.file_type,
      pattern: r.pattern,
      remark: r.remark,
      enabled: r.enabled === 1,
      client_key: r.customer_id === null ? 'default' : '',
      created_at: r.created_at,
      editable: mayChange(who, r),
      deletable: mayDelete(who, r),
    };
  }

  async list(who: Identity, req: { list: WhitelistList; keyword?: string; page: number; page_size: number }): Promise<{ total: number; list: WhitelistView[] }> {
    assertGrant(who, WHITELIST_LISTS[req.list].resource, 'view');
    let q = this.db.selectFrom('whitelist_entries').where('list', '=', req.list);
    const scope = visibleScope(who);
    if (scope !== undefined) q = q.where((eb) => eb.or([eb('customer_id', 'is', null), eb('customer_id', '=', scope)]));
    if (req.keyword) q = q.where('pattern', 'like', sql<string>`${likePattern(req.keyword)} escape '\\'`);
    const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await q.selectAll().orderBy('id', 'desc').limit(req.page_size).offset((req.page - 1) * req.page_size).execute();
    return { total, list: rows.map((r) => this.toView(who, r)) };
  }

  /**
   * Adds or updates rows (the validated table sends several at once). Every
   * row must be complete ("请填写完整信息") before any is written.
   */
  async save(who: Identity, list: WhitelistList, rows: WhitelistRowInput[]): Promise<void> {
    const spec = WHITELIST_LISTS[list];
    const clean = rows.map((r) => {
      const pattern = r.pattern.trim();
      const fileType = (r.file_type ?? spec.fileTypes[0]).trim();
      if (pattern === '' || fileType === '') fail('incomplete_info');
      if (pattern.length > PATTERN_MAX) fail('illegal_parameter', 'pattern');
      if (!(spec.fileTypes as readonly string[]).includes(fileType)) fail('illegal_parameter', 'file_type');
      return { ...r, pattern, fileType, remark: (r.remark ?? '').trim().slice(0, 500) };
    });
    const needs = new Set(clean.map((r): 'add' | 'edit' => (r.id === undefined ? 'add' : 'edit')));
    for (const op of needs) assertGrant(who, spec.resource, op);
    const existing = new Map<number, Row>();
    for (const r of clean) {
      if (r.id === undefined) continue;
      const row = assertVisible(who, await this.db.selectFrom('whitelist_entries').selectAll().where('id', '=', r.id).where('list', '=', list).executeTakeFirst());
      if (!mayChange(who, row)) fail('unauthorized_operation');
      existing.set(r.id, row);
    }
    await this.db.transaction().execute(async (trx) => {
      for (const r of clean) {
        const values = { file_type: r.fileType, pattern: r.pattern, remark: r.remark, enabled: r.enabled === false ? 0 : 1 };
        if (r.id !== undefined) await trx.updateTable('whitelist_entries').set(values).where('id', '=', r.id).execute();
        else await trx.insertInto('whitelist_entries').values({ ...values, list, customer_id: newRowOwner(who), created_by: who.user.id, created_at: Date.now() }).execute();
      }
    });
  }

  async delete(who: Identity, list: WhitelistList, ids: number[]): Promise<void> {
    assertGrant(who, WHITELIST_LISTS[list].resource, 'delete');
    for (const id of ids) {
      const row = assertVisible(who, await this.db.selectFrom('whitelist_entries').selectAll().where('id', '=', id).where('list', '=', list).executeTakeFirst());
      if (!mayDelete(who, row)) fail('unauthorized_operation');
    }
    await this.db.deleteFrom('whitelist_entries').where('id', 'in', ids).execute();
  }

  /** What the engines get for a task of this customer: enabled shared and customer rows. */
  async entriesFor(customerId: number): Promise<WhitelistEntry[]> {
    const rows = await this.db
      .selectFrom('whitelist_entries')
      .select(['file_type', 'pattern'])
      .where('enabled', '=', 1)
      .where((eb) => eb.or([eb('customer_id', 'is', null), eb('customer_id', '=', customerId)]))
      .orderBy('id')
      .limit(5000)
      .execute();
    return rows.map((r) => ({ kind: r.file_type as WhitelistKind, pattern: r.pattern }));
  }
}
