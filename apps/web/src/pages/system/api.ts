/** The /um calls of the user-management screens (SPEC §7 generic call: POST /um/<key> with key in the payload). */
import type { AccountRow, AuditEntry, CustomerRow, PermissionEntry, RoleRow, SiteConfig } from '@citadel/contracts';

export type { AccountRow, AuditEntry, CustomerRow, RoleRow };
import { getLoginKey } from '../../api/auth.ts';
import { encryptPassword } from '../../api/crypto.ts';
import { ApiRequestError, post, type RequestOptions } from '../../api/request.ts';

export const um = <T>(key: string, payload: object = {}, opts: RequestOptions = {}): Promise<T> => post<T>(`/um/${key}`, { key, ...payload }, opts);

export type Option = { id: number; name: string };
export type Paged<T> = { total: number; list: T[] };

/** A password and its confirmation sealed with the login key (SPEC §5: encrypted before sending); one retry on a rotated key. */
export async function sealPair(password: string, confirmation: string): Promise<{ password: string; password_confirm: string; key_id: string }> {
  const key = await getLoginKey();
  return { password: await encryptPassword(password, key.public_key), password_confirm: await encryptPassword(confirmation, key.public_key), key_id: key.key_id };
}

/** Runs a call carrying sealed passwords; a `key_expired` answer (stale key or seal) seals again once. */
export async function withSealed<T>(password: string, confirmation: string, run: (sealed: Awaited<ReturnType<typeof sealPair>>) => Promise<T>): Promise<T> {
  try {
    return await run(await sealPair(password, confirmation));
  } catch (err) {
    if (err instanceof ApiRequestError && err.is('key_expired')) return run(await sealPair(password, confirmation));
    throw err;
  }
}

export const accountsApi = {
  list: (q: { page: number; page_size: number; search?: string; customer_id?: number }) => um<Paged<AccountRow>>('userList', q),
  options: () => um<{ roles: Option[]; customers: (Option & { client_key: string })[] }>('userOptions'),
  create: (values: object, password: string, confirmation: string) => withSealed(password, confirmation, (s) => um<{ id: number }>('userCreate', { ...values, ...s }, { quiet: true })),
  update: (id: number, values: object) => um<{ ok: boolean }>('userUpdate', { id, ...values }, { quiet: true }),
  enable: (id: number, enabled: boolean) => um<{ ok: boolean }>('userEnable', { id, enabled }),
  lock: (id: number, locked: boolean) => um<{ ok: boolean }>('userLock', { id, locked }),
  resetPassword: (id: number, password: string, confirmation: string) => withSealed(password, confirmation, (s) => um<{ ok: boolean }>('userResetPassword', { id, ...s }, { quiet: true })),
  remove: (id: number) => um<{ tasks: number }>('userDelete', { id }),
};

export const rolesApi = {
  list: () => um<RoleRow[]>('roleList'),
  create: (values: { name: string; description?: string; permissions: PermissionEntry[] }) => um<{ id: number }>('roleCreate', values, { quiet: true }),
  update: (id: number, values: { name: string; description?: string; permissions: PermissionEntry[] }) => um<{ ok: boolean }>('roleUpdate', { id, ...values }, { quiet: true }),
  remove: (id: number) => um<{ ok: boolean }>('roleDelete', { id }),
};

export const customersApi = {
  list: () => um<CustomerRow[]>('customerList'),
  create: (values: object) => um<{ id: number }>('customerCreate', values, { quiet: true }),
  update: (id: number, values: object) => um<{ ok: boolean }>('customerUpdate', { id, ...values }, { quiet: true }),
  remove: (id: number) => um<{ ok: boolean }>('customerDelete', { id }),
};

export const siteApi = {
  get: () => um<SiteConfig>('siteSettings'),
  save: (values: Partial<SiteConfig>) => um<{ ok: boolean }>('siteSettingsSave', values),
};

export const auditApi = {
  list: (q: { page: number; page_size: number; user_name?: string; action?: string; ip?: string; from?: number; to?: number }) => um<Paged<AuditEntry>>('auditLog', q),
  actions: () => um<string[]>('auditActions'),
};
