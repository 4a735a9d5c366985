/**
 * Whose figures a caller sees: admin every customer and platform; others their
 * own customer on the platforms their role lets them view (any platform with
 * the task ledger grant) — the rule the task list applies.
 */
import { EVALUATIONS, can, evaluationResource } from '@citadel/contracts';
import type { Identity } from '../auth/auth-service.ts';

export interface ViewScope {
  /** undefined: every customer. */
  customerId?: number;
  /** undefined: every platform. */
  platforms?: string[];
}

export function viewScope(who: Identity): ViewScope {
  if (who.isAdmin) return {};
  const subject = { isAdmin: false, permissions: who.permissions };
  const everywhere = can(subject, 'Tools_TaskLedger', 'view');
  const platforms = EVALUATIONS.map((e) => e.platform).filter((p) => everywhere || can(subject, evaluationResource(p)!, 'view'));
  return { customerId: who.user.customer_id, platforms };
}

/** Platforms listed for an empty `in (…)`: matches nothing. */
export const inList = (platforms: string[]): string[] => (platforms.length ? platforms : ['-']);
