/** Table types of the work-order part of migration 007. */
import type { Generated } from 'kysely';

export interface WorkOrdersTable {
  id: Generated<number>;
  title: string;
  platform: string;
  /** What to assess: an app or file name, a URL, a description of the target. */
  target: string;
  description: string;
  customer_id: number;
  submitter_id: number | null;
  handler_id: number | null;
  due_at: number | null;
  /** pending | completed */
  status: string;
  reminders: number;
  last_reminded_at: number | null;
  created_at: number;
  updated_at: number;
  completed_at: number | null;
}

/** Tasks a handler ran for a work order; the order completes when all of them have finished. */
export interface WorkOrderTasksTable {
  work_order_id: number;
  task_id: number;
}
