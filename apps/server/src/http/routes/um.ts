/**
 * /um: user management through the generic call (SPEC §7: POST /um/<key>).
 * Accounts (systemAccout), roles (permission), customers, site settings and the
 * audit trail. The schemas bound types and sizes; the SPEC §5 rules and tenant
 * isolation are enforced by domain/accounts, whatever the browser checked.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AccountInput, type Actor, AccountService, type CustomerInput, CustomerService, type RoleInput, RoleService, recordAction, validateSiteSettings } from '../../domain/accounts/index.ts';
import type { Services } from '../../services.ts';
import { type Access, identityOf } from '../access.ts';
import { body, envelope, okEnvelope, responses, str } from '../schemas.ts';

const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
const flag = { type: 'boolean' } as const;
/** RSA-2048 ciphertext is 344 base64 characters. */
const sealed = str(700);
const page = { page: { type: 'integer', minimum: 1, maximum: 100_000 }, page_size: { type: 'integer', enum: [5, 10, 15, 20, 30, 40, 50] } } as const;
const row = { type: 'object', additionalProperties: true } as const;
const paged = envelope({ type: 'object', properties: { total: { type: 'integer' }, list: { type: 'array', items: row } } });
const idAnswer = envelope({ type: 'object', properties: { id: { type: 'integer' } } });

const accountFields = {
  name: str(200),
  real_name: str(200),
  customer_id: id,
  role_id: id,
  email: str(300),
  phone: str(100),
  enabled: flag,
  password: sealed,
  password_confirm: sealed,
  key_id: str(64),
} as const;
const grantList = {
  type: 'array',
  maxItems: 200,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['resources', 'operations'],
    properties: { resources: str(100, 1), operations: { type: 'array', maxItems: 20, items: str(30, 1) } },
  },
} as const;
const roleFields = { name: str(200), description: str(1000), permissions: grantList, customer_id: { type: ['integer', 'null'], minimum: 1, maximum: 2_147_483_647 } } as const;
const customerFields = { client_key: str(200), name: str(300), enabled: flag, expires_at: { type: ['integer', 'null'], minimum: 0, maximum: 8_640_000_000_000_000 } } as const;
/** Logos are checked by magic bytes in validateSiteSettings; the schema only bounds their size. */
const logo = str(700_000);
const siteFields = {
  lang: { type: 'string', enum: ['zh', 'en'] },
  bar_logo: logo,
  customer: str(100),
  main_title: str(100),
  logo_bottom: logo,
  sso: flag,
  behaviour_url: { type: 'string', maxLength: 500, pattern: '^(|https?://[^\\s]+)$' },
  lang_switch: flag,
} as const;

type Handler<B> = (req: FastifyRequest<{ Body: B }>, actor: Actor) => Promise<unknown>;

export async function umRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { database, users, roles, customers, sessions, loginKeys, audit, siteConfig } = services;
  const accounts = new AccountService(database.db, users, roles, customers, sessions, loginKeys, audit);
  const roleService = new RoleService(roles, users, audit, customers);
  const customerService = new CustomerService(customers, users, sessions, audit);

  /** One generic call: its access, its body schema and a handler that gets the acting user. */
  function call<B>(key: string, access: Access, summary: string, props: Record<string, object>, required: string[], success: object, handler: Handler<B>, adminOnly = false): void {
    app.post<{ Body: B }>(
      `/um/${key}`,
      { config: { access, adminOnly }, schema: { tags: ['um'], summary, body: body(props, required), response: responses(success) } },
      async (req) => ({ data: await handler(req, { identity: identityOf(req), ip: req.ip }) }),
    );
  }
  const accountsCan = (operation: 'view' | 'add' | 'edit' | 'delete'): Access => ({ resource: 'systemAccout', operation });
  const rolesCan = (operation: 'view' | 'add' | 'edit' | 'delete'): Access => ({ resource: 'permission', operation });
  const customersCan = (operation: 'view' | 'add' | 'edit' | 'delete'): Access => ({ resource: 'customers', operation });
  const ok = { ok: true };

  // ---- Accounts (system/systemAccout)
  type ListBody = { page?: number; page_size?: number; search?: string; customer_id?: number; role_id?: number; enabled?: boolean };
  call<ListBody>('userList', accountsCan('view'), 'Accounts, newest first (managers other than admin: their own customer only)', { ...page, search: str(100), customer_id: id, role_id: id, enabled: flag }, [], paged, (req, actor) => {
    const b = req.body;
    return accounts.list(actor, { page: b.page ?? 1, pageSize: b.page_size ?? 10, search: b.search?.trim() || undefined, customerId: b.customer_id, roleId: b.role_id, enabled: b.enabled });
  });
  call<{ id: number }>('userDetail', accountsCan('view'), 'One account', { id }, ['id'], envelope(row), (req, actor) => accounts.get(actor, req.body.id));
  call('userOptions', accountsCan('view'), 'Roles and customers the caller may assign', {}, [], envelope({ type: 'object', properties: { roles: { type: 'array', items: row }, customers: { type: 'array', items: row } } }), (_req, actor) =>
    accounts.options(actor),
  );
  call<AccountInput>('userCreate', accountsCan('add'), 'Create an account (password and confirmation sealed with the login key)', accountFields, [], idAnswer, async (req, actor) => ({
    id: await accounts.create(actor, req.body),
  }));
  call<AccountInput & { id: number }>('userUpdate', accountsCan('edit'), 'Change an account (account and real name are read-only)', { id, ...accountFields }, ['id'], okEnvelope, async (req, actor) => {
    await accounts.update(actor, req.body.id, req.body);
    return ok;
  });
  call<{ id: number; enabled: boolean }>('userEnable', accountsCan('edit'), 'Enable or disable an account (disabling ends its sessions)', { id, enabled: flag }, ['id', 'enabled'], okEnvelope, async (req, actor) => {
    await accounts.setEnabled(actor, req.body.id, req.body.enabled);
    return ok;
  });
  call<{ id: number; locked: boolean }>('userLock', accountsCan('edit'), 'Lock or unlock an account (locking ends its sessions)', { id, locked: flag }, ['id', 'locked'], okEnvelope, async (req, actor) => {
    await accounts.setLocked(actor, req.body.id, req.body.locked);
    return ok;
  });
  call<{ id: number; password: string; password_confirm: string; key_id: string }>(
    'userResetPassword',
    accountsCan('edit'),
    'Set a new password for an account; it must be changed at the next sign-in',
    { id, password: sealed, password_confirm: sealed, key_id: str(64) },
    ['id'],
    okEnvelope,
    async (req, actor) => {
      await accounts.resetPassword(actor, req.body.id, req.body);
      return ok;
    },
  );
  call<{ id: number }>('userDelete', accountsCan('delete'), 'Delete an account together with its detection tasks (one transaction)', { id }, ['id'], envelope({ type: 'object', properties: { tasks: { type: 'integer' } } }), (req, actor) =>
    accounts.delete(actor, req.body.id),
  );

  // ---- Roles (system/permission)
  call('roleList', rolesCan('view'), 'Roles with their grants and account counts', {}, [], envelope({ type: 'array', items: row }), (_req, actor) => roleService.list(actor));
  call<RoleInput>('roleCreate', rolesCan('add'), 'Create a role with per-module grants', roleFields, [], idAnswer, async (req, actor) => ({ id: await roleService.create(actor, req.body) }));
  call<RoleInput & { id: number }>('roleUpdate', rolesCan('edit'), 'Rename a role and replace its grants', { id, ...roleFields }, ['id'], okEnvelope, async (req, actor) => {
    await roleService.update(actor, req.body.id, req.body);
    return ok;
  });
  call<{ id: number }>('roleDelete', rolesCan('delete'), 'Delete a role without linked accounts', { id }, ['id'], okEnvelope, async (req, actor) => {
    await roleService.delete(actor, req.body.id);
    return ok;
  });

  // ---- Customers
  call('customerList', customersCan('view'), 'Customers (managers other than admin: their own only)', {}, [], envelope({ type: 'array', items: row }), (_req, actor) => customerService.list(actor));
  call<CustomerInput>('customerCreate', customersCan('add'), 'Create a customer (admin)', customerFields, [], idAnswer, async (req, actor) => ({ id: await customerService.create(actor, req.body) }));
  call<CustomerInput & { id: number }>('customerUpdate', customersCan('edit'), 'Change a customer (admin); disabling or expiring it ends its users’ sessions', { id, ...customerFields }, ['id'], okEnvelope, async (req, actor) => {
    await customerService.update(actor, req.body.id, req.body);
    return ok;
  });
  call<{ id: number }>('customerDelete', customersCan('delete'), 'Delete a customer without accounts (admin)', { id }, ['id'], okEnvelope, async (req, actor) => {
    await customerService.delete(actor, req.body.id);
    return ok;
  });

  // ---- Site settings
  call('siteSettings', { resource: 'siteSettings', operation: 'view' }, 'The whole site configuration for the settings screen', {}, [], envelope(row), () => siteConfig.get());
  // Site settings act on every customer: admin only (issue 18).
  call<Record<string, string | boolean>>(
    'siteSettingsSave',
    { resource: 'siteSettings', operation: 'edit' },
    'Change site configuration (admin only); logos are jpg/png data URLs of at most 500 KB',
    siteFields,
    [],
    okEnvelope,
    async (req, actor) => {
      const { key: _key, ...patch } = req.body;
      await siteConfig.set(validateSiteSettings(patch));
      await recordAction(audit, actor, 'site_config_changed', Object.keys(patch).join(','));
      return ok;
    },
    true,
  );

  // ---- Audit trail
  type AuditBody = { page?: number; page_size?: number; user_name?: string; action?: string; ip?: string; from?: number; to?: number };
  const time = { type: 'integer', minimum: 0, maximum: 8_640_000_000_000_000 } as const;
  call<AuditBody>('auditLog', { resource: 'auditLog', operation: 'view' }, 'Audit trail of security-relevant actions, newest first', { ...page, user_name: str(100), action: str(100), ip: str(100), from: time, to: time }, [], paged, (req, actor) => {
    const b = req.body;
    const scope = actor.identity;
    return audit.search({ customerId: scope.isAdmin ? undefined : scope.user.customer_id, userName: b.user_name?.trim() || undefined, action: b.action || undefined, ip: b.ip?.trim() || undefined, from: b.from, to: b.to, page: b.page ?? 1, pageSize: b.page_size ?? 20 });
  });
  call('auditActions', { resource: 'auditLog', operation: 'view' }, 'The actions recorded so far (filter options)', {}, [], envelope({ type: 'array', items: { type: 'string' } }), () => audit.actions());
}
