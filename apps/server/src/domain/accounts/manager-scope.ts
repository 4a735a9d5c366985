/**
 * Who may manage what. Admin manages everything. Any other manager (a role
 * granted systemAccout, permission or customers) is confined to:
 * - accounts of their own customer;
 * - roles whose grants are a subset of their own (assigning, editing, deleting),
 *   so nobody can hand out or gain more than they hold;
 * - accounts whose current role is within their own grants (no taking over a
 *   stronger account by resetting its password);
 * - deleting only the accounts they created themselves (SPEC §5: "admin or the
 *   row is the user's own"; the owner of an account row is its creator).
 * Rows a manager may not see are answered as not found, so ids of other
 * customers reveal nothing.
 */
import type { PermissionEntry } from '@citadel/contracts';
import type { AuditLog } from '../../db/repositories/audit-log.ts';
import type { Identity } from '../auth/auth-service.ts';

/** The acting user and the address the call came from (for the audit trail). */
export interface Actor {
  identity: Identity;
  ip: string;
}

export interface ManagerScope {
  isAdmin: boolean;
  userId: number;
  customerId: number;
  grants: PermissionEntry[];
}

export function managerScope(actor: Actor): ManagerScope {
  const { identity } = actor;
  return { isAdmin: identity.isAdmin, userId: identity.user.id, customerId: identity.user.customer_id, grants: identity.permissions };
}

/** Whether every grant in `grants` is held in `own` (same resource, operations included). */
export function grantsWithin(grants: PermissionEntry[], own: PermissionEntry[]): boolean {
  return grants.every((g) => {
    const held = own.find((o) => o.resources === g.resources);
    return held !== undefined && g.operations.every((op) => held.operations.includes(op));
  });
}

export function mayUseRole(scope: ManagerScope, roleGrants: PermissionEntry[]): boolean {
  return scope.isAdmin || grantsWithin(roleGrants, scope.grants);
}

export function maySeeCustomer(scope: ManagerScope, customerId: number): boolean {
  return scope.isAdmin || scope.customerId === customerId;
}

/** One line of the audit trail for a management action (who, what, from where). */
export function recordAction(audit: AuditLog, actor: Actor, action: string, detail: string): Promise<void> {
  const who = actor.identity.user;
  return audit.record({ userId: who.id, userName: who.name, action, detail, ip: actor.ip });
}
