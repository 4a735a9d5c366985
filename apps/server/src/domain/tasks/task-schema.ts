/** Table types of the tasks migration (003). */
import type { Generated } from 'kysely';

export interface TasksTable {
  id: Generated<number>;
  task_uid: string;
  platform: string;
  status: string;
  fail_kind: string | null;
  fail_msg: string;
  finish_item: number;
  total_item: number;
  /** Order in the queue; set anew when a task is queued again (retry, recovery). */
  queue_seq: number;
  sample_id: number | null;
  url: string;
  file_name: string;
  template_id: number | null;
  template_name: string;
  /** JSON: the create form's fields. */
  fields: string;
  /** JSON: engine parameters. */
  params: string;
  /** JSON array of selected rule ids (a template's items), null = all. */
  selected: string | null;
  created_by: number;
  customer_id: number;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  updated_at: number;
  app_name: string;
  package_name: string;
  version: string;
  size: number;
  md5: string;
  score: number | null;
  risk_level: string | null;
  /** JSON Record<RiskLevel, number>. */
  counts: string | null;
  engine_version: string;
  attempts: number;
  /** The worker holding a running task, and until when (renewed while it runs). */
  lease_owner: string | null;
  lease_expires_at: number | null;
}

export interface TaskResultsTable {
  task_id: number;
  /** JSON Assessment. */
  assessment: string;
  created_at: number;
}
