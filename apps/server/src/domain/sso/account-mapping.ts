/**
 * From the provider's claims to a portal account (issue 30). The provider is
 * the authority for who the person is; the portal keeps its tenants and roles:
 *
 * - a subject already linked signs in to its account; a role or submit_type
 *   claim updates the account, a customer claim naming another customer is
 *   refused (an account never moves between tenants by a claim);
 * - an unlinked subject is linked to the local account of the same name only
 *   when the claimed customer is that account's customer;
 * - otherwise, with provisioning on, an account is created in the claimed
 *   customer (which must exist) with the claimed role (one of that customer's
 *   roles or a platform role), and a password nobody knows;
 * - the local "admin" account and the all-functions role are never reached
 *   through the provider: admin signs in locally, for recovery.
 */
import { randomBytes } from 'node:crypto';
import { ACCOUNT_PATTERN } from '@citadel/contracts';
import type { Kysely } from 'kysely';
import { fail } from '../../http/app-error.ts';
import { ADMIN_USER } from '../auth/auth-service.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { ADMIN_ROLE } from '../seed.ts';
import type { Claims } from './oidc-client.ts';
import type { SsoConfig } from './sso-config.ts';
import type { SsoDB } from './sso-schema.ts';

export interface MappedAccount {
  userId: number;
  identityId: number;
  /** 'linked' (known subject), 'matched' (linked now by name), 'provisioned' (created now). */
  how: 'linked' | 'matched' | 'provisioned';
}

/** The reason a sign-in was refused, for the audit trail (the user sees one catalogue message). */
export class UnmappedAccount extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'UnmappedAccount';
  }
}

const text = (v: unknown, max: number): string => (typeof v === 'string' ? v.trim().slice(0, max) : typeof v === 'number' ? String(v) : '');

function submitType(v: unknown): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  return v === 1 || v === '1' || v === true || v === 'true' ? 1 : 0;
}

export class AccountMapping {
  constructor(
    private readonly db: Kysely<SsoDB>,
    private readonly cfg: SsoConfig,
  ) {}

  async map(issuer: string, subject: string, claims: Claims): Promise<MappedAccount> {
    const c = this.cfg.claims;
    const username = text(claims[c.username], 200) || '';
    const customerKey = text(claims[c.customer], 100);
    const roleName = text(claims[c.role], 100) || this.cfg.defaultRole;
    const submit = submitType(claims[c.submitType]);
    const now = Date.now();

    const identity = await this.db.selectFrom('sso_identities').selectAll().where('issuer', '=', issuer).where('subject', '=', subject.slice(0, 255)).executeTakeFirst();
    if (identity) {
      const user = await this.db.selectFrom('users').select(['id', 'name', 'customer_id']).where('id', '=', identity.user_id).executeTakeFirst();
      if (!user || user.name === ADMIN_USER) throw new UnmappedAccount('linked account missing or admin');
      if (customerKey) {
        const customer = await this.customer(customerKey);
        if (customer.id !== user.customer_id) throw new UnmappedAccount(`customer claim ${customerKey} is not the account's customer`);
      }
      await this.sync(user.id, user.customer_id, claims[c.role] !== undefined ? roleName : '', submit);
      await this.db.updateTable('sso_identities').set({ last_login_at: now }).where('id', '=', identity.id).execute();
      return { userId: user.id, identityId: identity.id, how: 'linked' };
    }

    if (!username) throw new UnmappedAccount(`no ${c.username} claim`);
    if (username === ADMIN_USER) throw new UnmappedAccount('the local admin account is not reachable through SSO');
    if (!customerKey) throw new UnmappedAccount(`no ${c.customer} claim`);
    const customer = await this.customer(customerKey);
    const existing = await this.db.selectFrom('users').select(['id', 'customer_id']).where('name', '=', username).executeTakeFirst();
    if (existing) {
      if (existing.customer_id !== customer.id) throw new UnmappedAccount(`account ${username} belongs to another customer`);
      await this.sync(existing.id, customer.id, claims[c.role] !== undefined ? roleName : '', submit);
      return { userId: existing.id, identityId: await this.link(issuer, subject, existing.id, now), how: 'matched' };
    }
    if (!this.cfg.provision) throw new UnmappedAccount(`account ${username} unknown and provisioning is off`);
    if (!ACCOUNT_PATTERN.test(username)) throw new UnmappedAccount(`${c.username} claim is not a valid account name`);
    const roleId = await this.role(roleName, customer.id);
    const { id } = await this.db
      .insertInto('users')
      .values({
        name: username,
        real_name: text(claims.name, 100) || username,
        email: text(claims.email, 200),
        phone: text(claims.phone_number, 50),
        // Nobody knows this password: the account signs in through the provider only.
        password_hash: await hashPassword(randomBytes(24).toString('base64url')),
        customer_id: customer.id,
        role_id: roleId,
        enabled: 1,
        activated: 1,
        is_default: 0,
        submit_type: submit ?? 0,
        must_change_password: 0,
        failed_attempts: 0,
        locked_until: null,
        last_login_at: null,
        created_at: now,
        updated_at: now,
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { userId: id, identityId: await this.link(issuer, subject, id, now), how: 'provisioned' };
  }

  private async customer(clientKey: string): Promise<{ id: number }> {
    const customer = await this.db.selectFrom('customers').select(['id']).where('client_key', '=', clientKey).executeTakeFirst();
    if (!customer) throw new UnmappedAccount(`customer ${clientKey} unknown`);
    return customer;
  }

  /** A role the customer's accounts may hold: the customer's own or a platform role, never the all-functions role. */
  private async role(name: string, customerId: number): Promise<number> {
    if (!name) throw new UnmappedAccount(`no ${this.cfg.claims.role} claim and no default role`);
    if (name === ADMIN_ROLE) throw new UnmappedAccount('the all-functions role is not given through SSO');
    const role = await this.db
      .selectFrom('roles')
      .select(['id'])
      .where('name', '=', name)
      .where((eb) => eb.or([eb('customer_id', 'is', null), eb('customer_id', '=', customerId)]))
      .executeTakeFirst();
    if (!role) throw new UnmappedAccount(`role ${name} unknown for this customer`);
    return role.id;
  }

  private async sync(userId: number, customerId: number, roleName: string, submit: number | undefined): Promise<void> {
    const patch: { role_id?: number; submit_type?: number; updated_at?: number } = {};
    if (roleName) patch.role_id = await this.role(roleName, customerId);
    if (submit !== undefined) patch.submit_type = submit;
    if (Object.keys(patch).length === 0) return;
    await this.db.updateTable('users').set({ ...patch, updated_at: Date.now() }).where('id', '=', userId).execute();
  }

  private async link(issuer: string, subject: string, userId: number, now: number): Promise<number> {
    const { id } = await this.db.insertInto('sso_identities').values({ issuer, subject: subject.slice(0, 255), user_id: userId, created_at: now, last_login_at: now }).returning('id').executeTakeFirstOrThrow();
    return id;
  }
}

