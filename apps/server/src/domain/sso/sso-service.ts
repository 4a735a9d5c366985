/**
 * The three uass calls as one service: begin (a fresh state, nonce and PKCE
 * verifier, the provider's authorization URL), complete (the provider's answer
 * checked, the ID token validated, the account mapped, a portal session made
 * exactly like a password sign-in's) and logout (the portal session revoked,
 * the provider's end-session URL for the browser). Audit lines name accounts
 * and reasons; no code, token or secret is ever written anywhere.
 */
import type { SessionUser } from '@citadel/contracts';
import type { Kysely } from 'kysely';
import type { AuditLog } from '../../db/repositories/audit-log.ts';
import type { RolesRepository } from '../../db/repositories/roles.ts';
import type { UsersRepository } from '../../db/repositories/users.ts';
import { AppError, fail } from '../../http/app-error.ts';
import { ADMIN_USER, type Identity, toSessionUser } from '../auth/auth-service.ts';
import type { Sessions } from '../auth/sessions.ts';
import { AccountMapping, UnmappedAccount } from './account-mapping.ts';
import { LoginStates } from './login-states.ts';
import { OidcClient, describeFailure } from './oidc-client.ts';
import { type SsoConfig, ssoEnabled } from './sso-config.ts';
import type { SsoDB } from './sso-schema.ts';

export interface SsoDeps {
  db: Kysely<SsoDB>;
  users: UsersRepository;
  roles: RolesRepository;
  sessions: Sessions;
  audit: AuditLog;
  log: { warn(obj: object, msg: string): void };
}

/** The provider's answer as the browser hands it over (query parameters of the redirect). */
export interface ProviderAnswer {
  code?: string;
  state?: string;
  iss?: string;
  error?: string;
  error_description?: string;
  session_state?: string;
}

export class SsoService {
  private readonly client: OidcClient | undefined;
  private readonly states: LoginStates;
  private readonly accounts: AccountMapping;

  constructor(
    private readonly cfg: SsoConfig,
    private readonly deps: SsoDeps,
  ) {
    this.client = ssoEnabled(cfg) ? new OidcClient(cfg) : undefined;
    this.states = new LoginStates(deps.db);
    this.accounts = new AccountMapping(deps.db, cfg);
  }

  get enabled(): boolean {
    return this.client !== undefined;
  }

  private need(): OidcClient {
    if (!this.client) fail('sso_not_configured');
    return this.client;
  }

  async begin(): Promise<{ url: string }> {
    const client = this.need();
    let start;
    try {
      start = await client.start();
    } catch (err) {
      this.deps.log.warn({ sso: describeFailure(err) }, 'sso: provider discovery failed');
      return fail('sso_provider_unavailable');
    }
    await this.states.save(start.state, start.nonce, start.codeVerifier);
    return { url: start.url };
  }

  async complete(answer: ProviderAnswer, ip: string, agent: string): Promise<{ token: string; expiresAt: number; user: SessionUser }> {
    const client = this.need();
    // The state is looked up (and spent) first: an answer to no sign-in of ours is refused before the provider is asked anything.
    const check = answer.state ? await this.states.take(answer.state) : undefined;
    if (!check || !answer.state) {
      await this.deps.audit.record({ userId: null, userName: '', action: 'sso_login_failed', detail: 'unknown, used or expired state', ip });
      return fail('sso_login_expired');
    }
    if (answer.error || !answer.code) {
      await this.deps.audit.record({ userId: null, userName: '', action: 'sso_login_failed', detail: `provider answered ${(answer.error ?? 'no code').slice(0, 60)}`, ip });
      return fail('sso_login_failed');
    }
    const params: Record<string, string> = { code: answer.code, state: answer.state };
    if (answer.iss) params.iss = answer.iss;
    if (answer.session_state) params.session_state = answer.session_state;
    let result;
    try {
      result = await client.finish(params, { state: answer.state, ...check });
    } catch (err) {
      if (err instanceof AppError) throw err;
      const why = describeFailure(err);
      this.deps.log.warn({ sso: why }, 'sso: sign-in refused');
      await this.deps.audit.record({ userId: null, userName: '', action: 'sso_login_failed', detail: `${why.name} ${why.code}`.trim(), ip });
      return fail(why.kind === 'unavailable' ? 'sso_provider_unavailable' : 'sso_login_failed');
    }

    let mapped;
    try {
      mapped = await this.accounts.map(client.issuer, result.subject, result.claims);
    } catch (err) {
      if (!(err instanceof UnmappedAccount)) throw err;
      await this.deps.audit.record({ userId: null, userName: String(result.claims[this.cfg.claims.username] ?? '').slice(0, 100), action: 'sso_login_refused', detail: err.reason.slice(0, 300), ip });
      return fail('sso_account_unmapped');
    }
    const user = await this.deps.users.findById(mapped.userId);
    if (!user || user.name === ADMIN_USER) return fail('sso_account_unmapped');
    // The same standing a password sign-in demands.
    if (!user.enabled || !user.customer_enabled) fail('customer_or_user_disabled');
    if (!user.activated) fail('user_not_activated');
    if (user.customer_expires_at !== null && user.customer_expires_at < Date.now()) fail('customer_expired');
    if ((await this.deps.roles.permissions(user.role_id)).length === 0) fail('no_permission');

    const session = await this.deps.sessions.create(user.id, agent, ip);
    const row = await this.deps.sessions.resolve(session.token);
    await this.deps.db.insertInto('sso_sessions').values({ session_id: row.id, identity_id: mapped.identityId }).execute();
    await this.deps.users.recordLogin(user.id);
    await this.deps.audit.record({ userId: user.id, userName: user.name, action: 'sso_login', detail: `${agent} ${mapped.how}`, ip });
    return { token: session.token, expiresAt: session.expiresAt, user: toSessionUser(user) };
  }

  /**
   * Ends the portal session; for a session that came through the provider, the
   * provider's end-session URL the browser should visit (RP-initiated logout),
   * with the configured post-logout address.
   */
  async logout(identity: Identity, ip: string): Promise<{ url: string }> {
    const viaSso = await this.deps.db.selectFrom('sso_sessions').select('session_id').where('session_id', '=', identity.sessionId).executeTakeFirst();
    await this.deps.sessions.revoke(identity.token, 'logout');
    await this.deps.audit.record({ userId: identity.user.id, userName: identity.user.name, action: 'logout', detail: viaSso ? 'sso' : '', ip });
    if (!viaSso || !this.client) return { url: '' };
    try {
      return { url: (await this.client.endSessionUrl()) ?? '' };
    } catch (err) {
      this.deps.log.warn({ sso: describeFailure(err) }, 'sso: provider unavailable for logout');
      return { url: '' };
    }
  }
}
