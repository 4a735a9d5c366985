/**
 * Who sees and changes white-box rows. Keys and libraries always belong to the
 * customer of the account that created them (a key is never shared across
 * customers); admin sees every row; others see their customer's rows, change
 * them with the screen's grant, and delete only rows they created (SPEC §5).
 * Another customer's id answers "not found", revealing nothing.
 */
import { type Operation, can } from '@citadel/contracts';
import { fail } from '../../http/app-error.ts';
import type { Identity } from '../auth/auth-service.ts';

export const KEY_RESOURCES = { symmetric: 'Whitebox_SymmetricKey', asymmetric: 'Whitebox_AsymmetricKey' } as const;
export const LIBRARY_RESOURCE = 'Whitebox_Library';

export function assertGrant(who: Identity, resource: string, op: Operation): void {
  if (!can({ isAdmin: who.isAdmin, permissions: who.permissions }, resource, op)) fail('no_permission');
}

export const scopeOf = (who: Identity): number | undefined => (who.isAdmin ? undefined : who.user.customer_id);

export function assertVisible<T extends { customer_id: number }>(who: Identity, row: T | undefined): T {
  if (!row || (!who.isAdmin && row.customer_id !== who.user.customer_id)) return fail('not_found');
  return row;
}

export function mayDelete(who: Identity, row: { customer_id: number; created_by: number | null }): boolean {
  return who.isAdmin || (row.customer_id === who.user.customer_id && row.created_by === who.user.id);
}

export const likePattern = (keyword: string): string => `%${keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
