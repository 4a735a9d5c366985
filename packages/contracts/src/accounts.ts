/** Payloads of the user-management calls (POST /um/<key>): account, role, customer and audit rows. */
import type { PermissionEntry } from './access.ts';

/** An account table row (SPEC §3 account fields plus the row flags is_admin, is_default, client_key). */
export interface AccountRow {
  id: number;
  name: string;
  real_name: string;
  email: string;
  phone: string;
  customer_id: number;
  client_key: string;
  customer_name: string;
  role_id: number;
  role_name: string;
  enabled: boolean;
  locked: boolean;
  is_admin: boolean;
  is_default: boolean;
  /** The caller created this account (the owner of SPEC §5's delete rule). */
  own: boolean;
  created_at: number;
  last_login_at: number | null;
}

export interface RoleRow {
  id: number;
  name: string;
  description: string;
  is_default: boolean;
  accounts: number;
  created_at: number;
  permissions: PermissionEntry[];
  /** The customer the role belongs to; null: a platform role, changed by admin only. */
  customer_id?: number | null;
}

export interface CustomerRow {
  id: number;
  client_key: string;
  name: string;
  enabled: boolean;
  expires_at: number | null;
  expired: boolean;
  is_default: boolean;
  accounts: number;
  created_at: number;
}

export interface AuditEntry {
  id: number;
  at: number;
  user_name: string;
  action: string;
  detail: string;
  ip: string;
}
