/**
 * The SPEC §4 task display rules as pure functions: which status label a row
 * shows, its progress (percentage, colour, caption) and how a socket push is
 * merged into the visible rows.
 */
import { TASK_STATUS_LABELS, displayStatus, taskProgress, type TaskRow, type TaskStatus } from '@citadel/contracts';
import type { TaskPush } from '../../api/socket.ts';

export type StatusLabelKey = keyof typeof TASK_STATUS_LABELS;

/** The label key a row shows: the server's $status when known, else derived from status and fail kind. */
export function statusKey(row: Pick<TaskRow, 'status' | '$status' | 'fail_kind'>): StatusLabelKey {
  if (row.$status && row.$status in TASK_STATUS_LABELS) return row.$status;
  return displayStatus(row.status, row.fail_kind);
}

/** Failed or abnormal statuses show fail_msg in a tooltip (SPEC §4). */
export const ABNORMAL_STATUSES: readonly TaskStatus[] = ['EXCEPTION', 'CANCELED'];

export type ProgressState = 'success' | 'exception' | 'active' | 'normal';

export interface ProgressView {
  percent: number;
  state: ProgressState;
  /** finished/total for FINISHED; the queue position for QUEUEING (0 when unknown). */
  finished?: { done: number; total: number };
  queuePosition?: number;
}

export function progressView(row: Pick<TaskRow, 'status' | 'finish_item' | 'total_item' | 'queue_number'>): ProgressView {
  const percent = taskProgress(row);
  switch (row.status) {
    case 'FINISHED':
      return { percent, state: 'success', finished: { done: row.finish_item, total: row.total_item } };
    case 'QUEUEING':
      return row.queue_number ? { percent, state: 'normal', queuePosition: row.queue_number } : { percent, state: 'normal' };
    case 'EXCEPTION':
      return { percent, state: 'exception' };
    case 'CANCELED':
      return { percent, state: 'normal' };
    default:
      // Every running state shows the progress colour.
      return { percent, state: 'active' };
  }
}

/** Merge a pushed change into the rows on screen; rows not on screen are ignored. Returns the same array when nothing changed. */
export function mergePush<T extends TaskRow>(rows: T[], push: TaskPush): T[] {
  const index = rows.findIndex((r) => r.task_uid === push.task_uid);
  if (index < 0) return rows;
  const next = [...rows];
  next[index] = { ...rows[index]!, ...push };
  return next;
}
