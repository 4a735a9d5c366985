/**
 * Sign-in and the per-request identity check. Order matters: the captcha and the
 * password are checked before anything about the account is revealed, so a
 * guesser learns nothing about which accounts exist, are locked or disabled.
 */
import { type PermissionEntry, type SessionUser, passwordPolicyError } from '@citadel/contracts';
import type { Config } from '../../config.ts';
import type { AuditLog } from '../../db/repositories/audit-log.ts';
import type { CustomersRepository } from '../../db/repositories/customers.ts';
import type { RolesRepository } from '../../db/repositories/roles.ts';
import type { UserWithScope, UsersRepository } from '../../db/repositories/users.ts';
import { fail } from '../../http/app-error.ts';
import type { CaptchaService } from '../captcha/captcha-service.ts';
import type { LoginKeys } from './login-keys.ts';
import { LoginThrottle } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import type { Sessions } from './sessions.ts';

/** The special user of SPEC §6 who gets every menu entry. */
export const ADMIN_USER = 'admin';

export interface Identity {
  user: UserWithScope;
  isAdmin: boolean;
  permissions: PermissionEntry[];
  sessionId: number;
  token: string;
}

export interface LoginInput {
  username: string;
  password: string;
  keyId: string;
  captchaId: string;
  captchaCode: string;
  clientKey?: string;
  agent: string;
  ip: string;
}

// A real hash to verify against when the user does not exist, so both paths cost the same.
let dummyHash: Promise<string> | undefined;

export class AuthService {
  private readonly throttle: LoginThrottle;

  constructor(
    private readonly cfg: Pick<Config, 'lockoutAttempts' | 'lockoutMinutes' | 'loginFreeAttempts' | 'loginMaxDelayMinutes'>,
    private readonly users: UsersRepository,
    private readonly roles: RolesRepository,
    private readonly customers: CustomersRepository,
    private readonly sessions: Sessions,
    private readonly captcha: CaptchaService,
    private readonly keys: LoginKeys,
    private readonly audit: AuditLog,
  ) {
    this.throttle = new LoginThrottle({ freeAttempts: cfg.loginFreeAttempts, maxDelayMs: cfg.loginMaxDelayMinutes * 60_000, forgetAfterMs: Math.max(cfg.loginMaxDelayMinutes, cfg.lockoutMinutes) * 60_000 });
  }

  async login(input: LoginInput): Promise<{ token: string; expiresAt: number; user: SessionUser }> {
    // A slowed (address, account) pair is answered before anything else is looked at.
    if (this.throttle.waitMs(input.ip, input.username) > 0) {
      await this.audit.record({ userId: null, userName: input.username.slice(0, 100), action: 'login_throttled', ip: input.ip });
      fail('login_throttled');
    }
    const captcha = await this.captcha.check(input.captchaId, input.captchaCode, true);
    if (captcha === 'expired') fail('captcha_expired');
    if (captcha === 'wrong') fail('captcha_wrong');
    const password = await this.keys.open(input.keyId, input.password);

    const user = await this.users.findByName(input.username);
    const lockMs = this.cfg.lockoutMinutes * 60_000;
    if (!user) {
      // Unknown names cost a hash check and are throttled and "locked" like real accounts, so no answer tells them apart.
      dummyHash ??= hashPassword('not-a-real-password-1A!');
      await verifyPassword(password, await dummyHash);
      if (this.throttle.unknownLocked(input.username)) fail('account_locked');
      const counts = this.throttle.failure(input.ip, input.username);
      const lock = counts && this.throttle.unknownFailure(input.username, this.cfg.lockoutAttempts, lockMs);
      await this.audit.record({ userId: null, userName: input.username, action: 'login_failed', detail: 'unknown user', ip: input.ip });
      return fail(lock ? 'account_locked' : 'wrong_credentials');
    }
    const now = Date.now();
    const passwordOk = await verifyPassword(password, user.password_hash);
    if (user.locked_until !== null && user.locked_until > now) {
      await this.audit.record({ userId: user.id, userName: user.name, action: 'login_refused_locked', ip: input.ip });
      fail('account_locked');
    }
    if (!passwordOk) {
      // Only the pair's free attempts count toward the account lock: one address cannot lock an account.
      const counts = this.throttle.failure(input.ip, input.username);
      const attempts = (user.locked_until !== null ? 0 : user.failed_attempts) + (counts ? 1 : 0);
      const lock = counts && attempts >= this.cfg.lockoutAttempts ? now + lockMs : null;
      if (counts) await this.users.recordFailure(user.id, lock ? 0 : attempts, lock);
      await this.audit.record({ userId: user.id, userName: user.name, action: lock ? 'account_locked' : 'login_failed', detail: `attempt ${attempts}${counts ? '' : ' (slowed address)'}`, ip: input.ip });
      fail(lock ? 'account_locked' : 'wrong_credentials');
    }
    this.throttle.success(input.ip, input.username);
    if (input.clientKey) {
      const customer = await this.customers.findByKey(input.clientKey);
      if (!customer) fail('customer_not_found');
      if (customer.id !== user.customer_id) fail('wrong_credentials');
    }
    this.assertActive(user);
    const isAdmin = user.name === ADMIN_USER;
    const permissions = await this.roles.permissions(user.role_id);
    if (!isAdmin && permissions.length === 0) fail('no_permission');

    const session = await this.sessions.create(user.id, input.agent, input.ip);
    await this.users.recordLogin(user.id);
    await this.audit.record({ userId: user.id, userName: user.name, action: 'login', detail: input.agent, ip: input.ip });
    return { token: session.token, expiresAt: session.expiresAt, user: toSessionUser(user) };
  }

  /** The identity behind a token and user header, or the catalogue error that refuses it. */
  async identify(token: string, userName: string): Promise<Identity> {
    const session = await this.sessions.resolve(token);
    return this.identityOf(session, token, userName);
  }

  /** A download ticket for `url` (see Sessions.issueTicket). */
  issueTicket(identity: Identity, url: string): Promise<{ ticket: string; expiresAt: number }> {
    return this.sessions.issueTicket(identity.sessionId, url);
  }

  /** The identity behind a ticket for this URL; the user and the session must still be in good standing. */
  async identifyByTicket(ticket: string, url: string): Promise<Identity> {
    const session = await this.sessions.redeemTicket(ticket, url);
    // No raw session token exists here (only its hash is stored): a ticket identity cannot log out or change passwords.
    return this.identityOf(session, '', undefined);
  }

  private async identityOf(session: { id: number; user_id: number }, token: string, userName: string | undefined): Promise<Identity> {
    const user = await this.users.findById(session.user_id);
    if (!user || (userName !== undefined && user.name !== userName)) return fail('invalid_session');
    this.assertActive(user);
    const isAdmin = user.name === ADMIN_USER;
    return { user, isAdmin, permissions: isAdmin ? [] : await this.roles.permissions(user.role_id), sessionId: session.id, token };
  }

  async logout(identity: Identity, ip: string): Promise<void> {
    await this.sessions.revoke(identity.token, 'logout');
    await this.audit.record({ userId: identity.user.id, userName: identity.user.name, action: 'logout', ip });
  }

  /** Server-side policy check of a sealed candidate password. */
  async checkPassword(keyId: string, sealed: string): Promise<{ pass: boolean; code: ReturnType<typeof passwordPolicyError> }> {
    const password = await this.keys.open(keyId, sealed);
    const code = passwordPolicyError(password);
    return { pass: code === null, code };
  }

  async changePassword(identity: Identity, keyId: string, sealedOld: string, sealedNew: string, ip: string): Promise<void> {
    const oldPassword = await this.keys.open(keyId, sealedOld);
    const newPassword = await this.keys.open(keyId, sealedNew);
    if (!oldPassword || !newPassword) fail('password_missing');
    if (!(await verifyPassword(oldPassword, identity.user.password_hash))) {
      await this.audit.record({ userId: identity.user.id, userName: identity.user.name, action: 'password_change_refused', ip });
      fail('wrong_original_password');
    }
    if (oldPassword === newPassword) fail('password_same_as_old');
    const policy = passwordPolicyError(newPassword);
    if (policy) fail(policy);
    await this.users.setPassword(identity.user.id, await hashPassword(newPassword), false);
    // Every session of the user ends: the browser signs in again with the new password.
    await this.sessions.revokeAllOf(identity.user.id, 'password_changed');
    await this.audit.record({ userId: identity.user.id, userName: identity.user.name, action: 'password_changed', ip });
  }

  private assertActive(user: UserWithScope): void {
    if (!user.enabled || !user.customer_enabled) fail('customer_or_user_disabled');
    if (!user.activated) fail('user_not_activated');
    if (user.customer_expires_at !== null && user.customer_expires_at < Date.now()) fail('customer_expired');
  }
}

export function toSessionUser(user: UserWithScope): SessionUser {
  return {
    user_id: user.id,
    name: user.name,
    real_name: user.real_name,
    client_key: user.customer_key,
    customer_name: user.customer_name,
    submit_type: user.submit_type,
    is_admin: user.name === ADMIN_USER,
    role: user.role_name,
    must_change_password: user.must_change_password === 1,
  };
}
