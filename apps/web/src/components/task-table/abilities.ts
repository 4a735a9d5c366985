/**
 * What the current user may do with a task row (SPEC §6 button permissions,
 * §5 delete rule). The permission resource is the row's evaluation list key;
 * on the ledger pages (Tools → task ledger, Workbench → my tasks) the page's
 * own resource grants the same operations.
 *
 * - view result: FINISHED and 'view'
 * - cancel / retry: cancellable / retryable status and 'add' (they re-run or stop a submission)
 * - delete: 'delete', and the user is admin or the row is the user's own
 */
import { CANCELLABLE_STATUSES, RETRYABLE_STATUSES, evaluationResource, type SessionUser, type TaskRow } from '@citadel/contracts';

export interface TaskAbilities {
  view: boolean;
  cancel: boolean;
  retry: boolean;
  delete: boolean;
}

export function taskAbilities(row: TaskRow, buttons: readonly string[], user: SessionUser | null, pageResource?: string): TaskAbilities {
  const resource = evaluationResource(row.platform);
  const has = (op: string): boolean =>
    (resource !== undefined && buttons.includes(`${resource}-${op}`)) || (pageResource !== undefined && buttons.includes(`${pageResource}-${op}`));
  const own = user !== null && (user.is_admin || row.created_by === user.user_id);
  return {
    view: row.status === 'FINISHED' && has('view'),
    cancel: CANCELLABLE_STATUSES.includes(row.status) && has('add'),
    retry: RETRYABLE_STATUSES.includes(row.status) && has('add'),
    delete: own && has('delete'),
  };
}
