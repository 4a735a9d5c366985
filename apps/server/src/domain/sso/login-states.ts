/**
 * Sign-ins under way at the provider: what the callback must match (state,
 * nonce, PKCE verifier). Kept in the database so any portal process can finish
 * a sign-in another began; the state is stored as a hash, each row is used once
 * (deleted as it is read) and lives ten minutes.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SsoDB } from './sso-schema.ts';

export const LOGIN_STATE_TTL_MS = 10 * 60_000;

const hash = (state: string) => createHash('sha256').update(state).digest('hex');

export class LoginStates {
  constructor(private readonly db: Kysely<SsoDB>) {}

  async save(state: string, nonce: string, codeVerifier: string): Promise<void> {
    const now = Date.now();
    await this.db.deleteFrom('sso_login_states').where('expires_at', '<', now).execute();
    await this.db.insertInto('sso_login_states').values({ state_hash: hash(state), nonce, code_verifier: codeVerifier, expires_at: now + LOGIN_STATE_TTL_MS }).execute();
  }

  /** The saved checks for this state, removed in the same step; undefined when unknown, used or expired. */
  async take(state: string): Promise<{ nonce: string; codeVerifier: string } | undefined> {
    const key = hash(state);
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('sso_login_states').selectAll().where('state_hash', '=', key).executeTakeFirst();
      if (!row) return undefined;
      const deleted = await trx.deleteFrom('sso_login_states').where('state_hash', '=', key).executeTakeFirst();
      // Two callbacks racing with one state: only the one whose delete removed the row goes on.
      if (Number(deleted.numDeletedRows) !== 1 || Number(row.expires_at) < Date.now()) return undefined;
      return { nonce: row.nonce, codeVerifier: row.code_verifier };
    });
  }
}
