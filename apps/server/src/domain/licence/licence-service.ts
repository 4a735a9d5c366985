/**
 * The licence in force (issue 30, SPEC §8 licence and product errors).
 * Without an uploaded licence the product works as it always has; with one:
 * - task creation is held to the licence window, the product's window and its
 *   usage counts (per product and per user), counted by a conditional increment
 *   inside one transaction (two counters move together or not at all, and two
 *   concurrent creations can never both take the last unit); a creation that
 *   then fails gives its units back;
 * - modules (top-level menu groups) the licence does not list answer
 *   service_unauthorized on every route of theirs.
 */
import { type Kysely, sql } from 'kysely';
import { ROUTES, type RouteNode } from '@citadel/contracts';
import { fail } from '../../http/app-error.ts';
import type { Identity } from '../auth/auth-service.ts';
import { type LicencePayload, readLicence } from './format.ts';
import type { LicenceDB } from './schema.ts';

/** Days before expiry when every user sees the grace banner. */
export const GRACE_DAYS = 30;
const DAY = 86_400_000;
/** Modules that stay open whatever the licence says: the overview, user management (where the licence is uploaded), about and help. */
export const ALWAYS_OPEN = new Set(['home', 'system', 'about']);
/** How long the active licence is cached (other portals on the same database see an upload within this time). */
const CACHE_MS = 15_000;

export type LicenceState = 'none' | 'valid' | 'not_yet' | 'expired';

export interface LicenceStatus {
  state: LicenceState;
  customer: string;
  not_after: number | null;
  days_left: number | null;
  /** Inside the grace period before expiry. */
  grace: boolean;
}

export interface Reservation {
  licenceId: string;
  scopes: string[];
}

/** Top-level menu key of every route key. */
const MODULE_OF = new Map<string, string>();
for (const top of ROUTES) {
  const walk = (n: RouteNode) => {
    MODULE_OF.set(n.key, top.key);
    n.children?.forEach(walk);
  };
  walk(top);
}
export const moduleOf = (resource: string): string | undefined => MODULE_OF.get(resource);

export class LicenceService {
  private cache: { at: number; value: LicencePayload | null } | undefined;

  constructor(
    private readonly db: Kysely<LicenceDB>,
    private readonly publicKey: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The active licence, verified again from its stored document; null when none. */
  async active(): Promise<LicencePayload | null> {
    const now = this.now();
    if (this.cache && now - this.cache.at < CACHE_MS) return this.cache.value;
    const row = await this.db.selectFrom('licences').select('document').where('active', '=', 1).orderBy('id', 'desc').executeTakeFirst();
    // A stored document that no longer verifies (tampered in the database) counts as a wrong licence, not as none.
    const value = row ? readLicence(row.document, this.publicKey) : null;
    this.cache = { at: now, value };
    return value;
  }

  async upload(who: Identity, document: string): Promise<LicencePayload> {
    const payload = readLicence(document, this.publicKey);
    const current = await this.active().catch(() => null);
    if (current && current.customer !== payload.customer) fail('licence_customer_mismatch');
    const seen = await this.db.selectFrom('licences').select('id').where('licence_id', '=', payload.licence_id).executeTakeFirst();
    if (seen) fail('licence_exists');
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx.updateTable('licences').set({ active: 0 }).where('active', '=', 1).execute();
        await trx.insertInto('licences').values({ licence_id: payload.licence_id, customer: payload.customer, document, not_before: payload.not_before, not_after: payload.not_after, active: 1, uploaded_by: who.user.id, uploaded_at: this.now() }).execute();
      });
    } catch {
      fail('authorization_update_failed');
    }
    this.cache = undefined;
    return payload;
  }

  async remove(): Promise<void> {
    const res = await this.db.updateTable('licences').set({ active: 0 }).where('active', '=', 1).executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) fail('licence_delete_failed');
    this.cache = undefined;
  }

  async status(): Promise<LicenceStatus> {
    let lic: LicencePayload | null;
    try {
      lic = await this.active();
    } catch {
      return { state: 'expired', customer: '', not_after: null, days_left: 0, grace: false };
    }
    if (!lic) return { state: 'none', customer: '', not_after: null, days_left: null, grace: false };
    const now = this.now();
    const daysLeft = Math.max(0, Math.ceil((lic.not_after - now) / DAY));
    const state: LicenceState = now < lic.not_before ? 'not_yet' : now >= lic.not_after ? 'expired' : 'valid';
    return { state, customer: lic.customer, not_after: lic.not_after, days_left: daysLeft, grace: state === 'valid' && daysLeft <= GRACE_DAYS };
  }

  /** The licence with its counters, for System → licence. */
  async info(): Promise<{ status: LicenceStatus; licence: (LicencePayload & { usage: Record<string, number> }) | null }> {
    const status = await this.status();
    const lic = await this.active().catch(() => null);
    if (!lic) return { status, licence: null };
    const rows = await this.db.selectFrom('licence_usage').select(['scope', 'used']).where('licence_id', '=', lic.licence_id).where('scope', 'like', 'product:%').execute();
    const usage = Object.fromEntries(rows.map((r) => [r.scope.slice('product:'.length), Number(r.used)]));
    return { status, licence: { ...lic, usage } };
  }

  private assertInForce(lic: LicencePayload): void {
    const now = this.now();
    if (now >= lic.not_after) fail('authorization_expired');
    if (now < lic.not_before) fail('product_expired');
  }

  /** Module access: a route whose every resource lies in a module the licence does not open is refused. */
  async checkModules(resources: string[]): Promise<void> {
    if (resources.length === 0) return;
    const lic = await this.active().catch(() => fail('licence_wrong'));
    if (!lic) return;
    const modules = resources.map((r) => moduleOf(r) ?? '');
    if (modules.some((m) => ALWAYS_OPEN.has(m))) return;
    this.assertInForce(lic);
    if (lic.modules && !modules.some((m) => lic.modules?.includes(m))) fail('service_unauthorized');
  }

  /** Takes one task of `platform` for this user, or refuses with the catalogue error; null when no licence rules. */
  async reserve(who: Identity, platform: string): Promise<Reservation | null> {
    const lic = await this.active().catch(() => fail('licence_wrong'));
    if (!lic) return null;
    this.assertInForce(lic);
    const grant = lic.products[platform];
    if (!grant) return fail('service_unauthorized');
    const now = this.now();
    if ((grant.not_before !== undefined && now < grant.not_before) || (grant.not_after !== undefined && now >= grant.not_after)) fail('product_expired');
    const counters: { scope: string; limit: number | undefined; code: 'product_usage_limit' | 'usage_exceeded' }[] = [
      { scope: `product:${platform}`, limit: grant.tasks, code: 'product_usage_limit' },
      { scope: `user:${who.user.id}:${platform}`, limit: grant.per_user, code: 'usage_exceeded' },
    ];
    await this.db.transaction().execute(async (trx) => {
      for (const c of counters) {
        await trx.insertInto('licence_usage').values({ licence_id: lic.licence_id, scope: c.scope, used: 0 }).onConflict((oc) => oc.columns(['licence_id', 'scope']).doNothing()).execute();
        let q = trx.updateTable('licence_usage').set({ used: sql`used + 1` }).where('licence_id', '=', lic.licence_id).where('scope', '=', c.scope);
        if (c.limit !== undefined) q = q.where('used', '<', c.limit);
        const res = await q.executeTakeFirst();
        // Throwing rolls the other counter back with it.
        if (Number(res.numUpdatedRows) === 0) fail(c.code);
      }
    });
    return { licenceId: lic.licence_id, scopes: counters.map((c) => c.scope) };
  }

  /** Gives a reservation back (the creation it was taken for failed). */
  async release(r: Reservation): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const scope of r.scopes) await trx.updateTable('licence_usage').set({ used: sql`used - 1` }).where('licence_id', '=', r.licenceId).where('scope', '=', scope).where('used', '>', 0).execute();
    });
  }
}
