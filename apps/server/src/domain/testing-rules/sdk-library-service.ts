/**
 * The third-party SDK library (SPEC §3: name, package prefix, enabled; plus
 * the iOS framework and class prefixes and a category). It starts as a copy of
 * the engines' built-in library (seeded rows: editable by admin, never
 * deleted, only disabled); customers add their own. The enabled rows replace
 * the engines' built-in library on the next assessment (EngineOptions.sdkLibrary).
 */
import { SDK_CATEGORIES, type SdkCategory } from '@citadel/contracts';
import { SDK_LIBRARY, type SdkDefinition } from '@citadel/engine-core';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import type { Identity } from '../auth/auth-service.ts';
import { assertGrant, assertVisible, likePattern, mayChange, mayDelete, newRowOwner, visibleScope } from './ownership.ts';
import type { SdkLibraryTable } from './rules-schema.ts';

export const SDK_RESOURCE = 'Rule_ThirdSdk';
export const SDK_PREFIX_MAX = 50;

/** A Java package prefix (com.umeng), an iOS framework (AFNetworking) or an Objective-C class prefix (GAD). */
const PATTERNS = {
  packages: /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/,
  ios_frameworks: /^[\w.+-]{1,100}$/,
  ios_class_prefixes: /^[A-Za-z_][\w]{0,99}$/,
} as const;

export interface SdkInput {
  id?: number;
  name: string;
  category: string;
  packages: string[];
  ios_frameworks: string[];
  ios_class_prefixes: string[];
  enabled?: boolean;
}

export interface SdkView {
  id: number;
  name: string;
  category: SdkCategory;
  packages: string[];
  ios_frameworks: string[];
  ios_class_prefixes: string[];
  enabled: boolean;
  is_default: boolean;
  client_key: string;
  editable: boolean;
  deletable: boolean;
}

/** The SDK list's filters (SPEC §2 search box): name, any prefix, category, enabled; `keyword` matches name or prefix. */
export interface SdkListRequest {
  keyword?: string;
  name?: string;
  prefix?: string;
  category?: string;
  enabled?: boolean;
  page: number;
  page_size: number;
}

type Row = Selectable<SdkLibraryTable>;
const list = (json: string): string[] => JSON.parse(json) as string[];

export class SdkLibraryService {
  private seeded?: Promise<void>;

  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Copies built-in SDKs missing from the table (first use, and SDKs an
   * engine update added); rows already there — possibly edited — are kept.
   */
  ensureSeeded(): Promise<void> {
    this.seeded ??= (async () => {
      const have = new Set((await this.db.selectFrom('sdk_library').select('name').where('is_default', '=', 1).execute()).map((r) => r.name));
      const now = Date.now();
      const missing = SDK_LIBRARY.filter((s) => !have.has(s.name)).map((s) => ({
        name: s.name,
        category: s.category,
        packages: JSON.stringify(s.packages ?? []),
        ios_frameworks: JSON.stringify(s.iosFrameworks ?? []),
        ios_class_prefixes: JSON.stringify(s.iosClassPrefixes ?? []),
        ohpm: JSON.stringify(s.ohpm ?? []),
        enabled: 1,
        is_default: 1,
        customer_id: null,
        created_by: null,
        created_at: now,
        updated_at: now,
      }));
      for (let i = 0; i < missing.length; i += 100) await this.db.insertInto('sdk_library').values(missing.slice(i, i + 100)).execute();
    })().catch((err: unknown) => {
      this.seeded = undefined;
      throw err;
    });
    return this.seeded;
  }

  private toView(who: Identity, r: Row): SdkView {
    return {
      id: r.id,
      name: r.name,
      category: r.category as SdkCategory,
      packages: list(r.packages),
      ios_frameworks: list(r.ios_frameworks),
      ios_class_prefixes: list(r.ios_class_prefixes),
      enabled: r.enabled === 1,
      is_default: r.is_default === 1,
      client_key: r.customer_id === null ? 'default' : '',
      editable: mayChange(who, r),
      deletable: mayDelete(who, r),
    };
  }

  async list(who: Identity, req: SdkListRequest): Promise<{ total: number; list: SdkView[] }> {
    assertGrant(who, SDK_RESOURCE, 'view');
    await this.ensureSeeded();
    let q = this.db.selectFrom('sdk_library');
    const scope = visibleScope(who);
    if (scope !== undefined) q = q.where((eb) => eb.or([eb('customer_id', 'is', null), eb('customer_id', '=', scope)]));
    if (req.category) q = q.where('category', '=', req.category);
    if (req.enabled !== undefined) q = q.where('enabled', '=', req.enabled ? 1 : 0);
    const like = (text: string) => sql<string>`${likePattern(text)} escape '\\'`;
    if (req.keyword) {
      const p = like(req.keyword);
      q = q.where((eb) => eb.or([eb('name', 'like', p), eb('packages', 'like', p), eb('ios_frameworks', 'like', p)]));
    }
    if (req.name) q = q.where('name', 'like', like(req.name));
    // Prefixes are stored as JSON arrays: a substring match over the three lists.
    if (req.prefix) {
      const p = like(req.prefix);
      q = q.where((eb) => eb.or([eb('packages', 'like', p), eb('ios_frameworks', 'like', p), eb('ios_class_prefixes', 'like', p)]));
    }
    const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await q.selectAll().orderBy('is_default', 'asc').orderBy('id', 'desc').limit(req.page_size).offset((req.page - 1) * req.page_size).execute();
    return { total, list: rows.map((r) => this.toView(who, r)) };
  }

  async save(who: Identity, input: SdkInput): Promise<SdkView> {
    await this.ensureSeeded();
    assertGrant(who, SDK_RESOURCE, input.id === undefined ? 'add' : 'edit');
    const name = input.name.trim();
    if (name === '' || !(SDK_CATEGORIES as readonly string[]).includes(input.category)) fail('incomplete_info');
    const clean = (key: keyof typeof PATTERNS) => {
      const values = [...new Set(input[key].map((v) => v.trim()).filter((v) => v !== ''))];
      if (values.length > SDK_PREFIX_MAX) fail('illegal_parameter', key);
      for (const v of values) if (!PATTERNS[key].test(v)) fail('illegal_parameter', `${key}: ${v.slice(0, 100)}`);
      return values;
    };
    const packages = clean('packages');
    const frameworks = clean('ios_frameworks');
    const classPrefixes = clean('ios_class_prefixes');
    // Without any prefix the SDK could never be recognised.
    if (packages.length + frameworks.length + classPrefixes.length === 0) fail('incomplete_info');
    const existing = input.id === undefined ? undefined : assertVisible(who, await this.db.selectFrom('sdk_library').selectAll().where('id', '=', input.id).executeTakeFirst());
    if (existing && !mayChange(who, existing)) fail('unauthorized_operation');
    const owner = existing ? existing.customer_id : newRowOwner(who);
    let dup = this.db.selectFrom('sdk_library').select('id').where('name', '=', name);
    dup = owner === null ? dup.where('customer_id', 'is', null) : dup.where('customer_id', '=', owner);
    if (existing) dup = dup.where('id', '!=', existing.id);
    if (await dup.executeTakeFirst()) fail('sdk_exists');
    const values = {
      name,
      category: input.category,
      packages: JSON.stringify(packages),
      ios_frameworks: JSON.stringify(frameworks),
      ios_class_prefixes: JSON.stringify(classPrefixes),
      enabled: input.enabled === false ? 0 : 1,
      updated_at: Date.now(),
    };
    let id: number;
    if (existing) {
      await this.db.updateTable('sdk_library').set(values).where('id', '=', existing.id).execute();
      id = existing.id;
    } else {
      const row = await this.db
        .insertInto('sdk_library')
        .values({ ...values, ohpm: '[]', is_default: 0, customer_id: owner, created_by: who.user.id, created_at: values.updated_at })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    }
    return this.toView(who, (await this.db.selectFrom('sdk_library').selectAll().where('id', '=', id).executeTakeFirst())!);
  }

  async delete(who: Identity, ids: number[]): Promise<void> {
    assertGrant(who, SDK_RESOURCE, 'delete');
    for (const id of ids) {
      const row = assertVisible(who, await this.db.selectFrom('sdk_library').selectAll().where('id', '=', id).executeTakeFirst());
      if (row.is_default === 1) fail('default_row_protected');
      if (!mayDelete(who, row)) fail('unauthorized_operation');
    }
    await this.db.deleteFrom('sdk_library').where('id', 'in', ids).execute();
  }

  /** The library the engines use for a task of this customer: enabled shared rows, then the customer's (which win on the same prefix). */
  async libraryFor(customerId: number): Promise<SdkDefinition[]> {
    await this.ensureSeeded();
    const rows = await this.db
      .selectFrom('sdk_library')
      .selectAll()
      .where('enabled', '=', 1)
      .where((eb) => eb.or([eb('customer_id', 'is', null), eb('customer_id', '=', customerId)]))
      .orderBy('id')
      .limit(20_000)
      .execute();
    // Shared rows first: the matcher lets later definitions win on the same prefix.
    const ordered = [...rows.filter((r) => r.customer_id === null), ...rows.filter((r) => r.customer_id !== null)];
    return ordered.map((r) => {
      const [packages, frameworks, classes, ohpm] = [list(r.packages), list(r.ios_frameworks), list(r.ios_class_prefixes), list(r.ohpm)];
      return {
        name: r.name,
        category: r.category as SdkCategory,
        ...(packages.length ? { packages } : {}),
        ...(frameworks.length ? { iosFrameworks: frameworks } : {}),
        ...(classes.length ? { iosClassPrefixes: classes } : {}),
        ...(ohpm.length ? { ohpm } : {}),
      };
    });
  }
}
