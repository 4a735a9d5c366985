/**
 * Who owns and who may change a testing-rule row. Rows with customer_id NULL
 * are shared by every customer: the seeded defaults and what an admin
 * maintains. A customer's users see the shared rows and their own customer's;
 * they change only their customer's rows and delete only rows they created
 * (SPEC §5 delete rules); admin changes everything.
 */
import { type Operation, can } from '@citadel/contracts';
import { fail } from '../../http/app-error.ts';
import type { Identity } from '../auth/auth-service.ts';

/** undefined = every row (admin); otherwise the customer whose rows are visible besides the shared ones. */
export const visibleScope = (who: Identity): number | undefined => (who.isAdmin ? undefined : who.user.customer_id);

/** The owner of a row the caller creates: shared when admin writes it. */
export const newRowOwner = (who: Identity): number | null => (who.isAdmin ? null : who.user.customer_id);

export function assertGrant(who: Identity, resource: string, op: Operation): void {
  if (!can({ isAdmin: who.isAdmin, permissions: who.permissions }, resource, op)) fail('no_permission');
}

export function mayChange(who: Identity, row: { customer_id: number | null }): boolean {
  return who.isAdmin || (row.customer_id !== null && row.customer_id === who.user.customer_id);
}

export function mayDelete(who: Identity, row: { customer_id: number | null; created_by: number | null; is_default?: number }): boolean {
  return row.is_default !== 1 && (who.isAdmin || (mayChange(who, row) && row.created_by === who.user.id));
}

/** A visible row, or "not found" so other customers' ids reveal nothing. */
export function assertVisible<T extends { customer_id: number | null }>(who: Identity, row: T | undefined, missing: 'not_found' | 'template_not_found' = 'not_found'): T {
  if (!row || (!who.isAdmin && row.customer_id !== null && row.customer_id !== who.user.customer_id)) return fail(missing);
  return row;
}

/** `like` pattern with %, _ and \ escaped (used with `escape '\'`). */
export const likePattern = (keyword: string): string => `%${keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
