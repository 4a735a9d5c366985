/**
 * Single sign-on (issue 30): sign-ins under way at the identity provider (state,
 * nonce and PKCE verifier, single use, short-lived; the state stored only as a
 * hash), the link from a provider's subject to a portal account, and which
 * portal sessions came through the provider (their sign-out goes there too).
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { idColumn } from '../migrate.ts';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('sso_login_states')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('nonce', 'varchar(100)', (c) => c.notNull())
    .addColumn('code_verifier', 'varchar(200)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_login_states_expiry_idx').on('sso_login_states').column('expires_at').execute();

  const id = idColumn(dialect);
  await db.schema
    .createTable('sso_identities')
    .addColumn('id', id.type, id.build)
    .addColumn('issuer', 'varchar(300)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_login_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('sso_identities_subject_uq', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('sso_identities_user_idx').on('sso_identities').column('user_id').execute();

  await db.schema
    .createTable('sso_sessions')
    .addColumn('session_id', 'integer', (c) => c.primaryKey().references('sessions.id').onDelete('cascade'))
    .addColumn('identity_id', 'integer', (c) => c.notNull().references('sso_identities.id').onDelete('cascade'))
    .execute();
}
