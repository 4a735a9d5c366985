/** Table types of the single-sign-on tables (migration 017), and the slice of the database this domain uses. */
import type { Generated } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface SsoLoginStatesTable {
  /** SHA-256 of the state sent to the provider. */
  state_hash: string;
  nonce: string;
  code_verifier: string;
  expires_at: number;
}

export interface SsoIdentitiesTable {
  id: Generated<number>;
  issuer: string;
  subject: string;
  user_id: number;
  created_at: number;
  last_login_at: number;
}

export interface SsoSessionsTable {
  session_id: number;
  identity_id: number;
}

export type SsoDB = DB & { sso_login_states: SsoLoginStatesTable; sso_identities: SsoIdentitiesTable; sso_sessions: SsoSessionsTable };
