/** Customers, users, roles, sessions, login keys, captchas, site configuration, audit log. */
import { type Kysely, sql } from 'kysely';
import { idColumn } from '../migrate.ts';

export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const id = idColumn(dialect);
  await db.schema
    .createTable('customers')
    .addColumn('id', id.type, id.build)
    .addColumn('client_key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('expires_at', 'bigint')
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('role_permissions')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('resource', 'varchar(100)', (c) => c.notNull())
    .addColumn('operations', 'varchar(500)', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'resource'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('real_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'varchar(300)', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('activated', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('submit_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('last_login_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_customer_idx').on('users').column('customer_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', id.type, id.build)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('agent', 'varchar(50)', (c) => c.notNull())
    .addColumn('ip', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_reason', 'varchar(50)')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('login_keys')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('public_pem', 'text', (c) => c.notNull())
    .addColumn('private_pem', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('used_nonces')
    .addColumn('nonce', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('site_config')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', id.type, id.build)
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('action', 'varchar(100)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('ip', 'varchar(100)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  void sql;
}
