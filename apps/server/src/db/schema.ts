/**
 * Table types for Kysely. Times are epoch milliseconds (bigint columns, parsed
 * to numbers on PostgreSQL); flags are 0/1 integers so SQLite and PostgreSQL
 * store them the same way.
 */
import type { ColumnType, Generated } from 'kysely';
import type { DownloadsTable, ReportFilesTable } from '../domain/reports/report-schema.ts';
import type { DevicesTable, SampleDailyStatsTable, TaskDailyStatsTable, TaskStatsTable } from '../domain/dashboard/stats-schema.ts';
import type { TaskResultsTable, TasksTable } from '../domain/tasks/task-schema.ts';
import type { TemplatesTable } from '../domain/templates/template-schema.ts';
import type { EvaluationSettingsTable, SdkLibraryTable, SensitiveWordsTable, WhitelistEntriesTable } from '../domain/testing-rules/rules-schema.ts';
import type { WorkOrderTasksTable, WorkOrdersTable } from '../domain/workorders/workorder-schema.ts';

export type Flag = 0 | 1;

export interface CustomersTable {
  id: Generated<number>;
  client_key: string;
  name: string;
  enabled: Flag;
  expires_at: number | null;
  is_default: Flag;
  created_at: number;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  description: string;
  is_default: Flag;
  created_at: number;
  /** The customer the role belongs to; null: a platform role (built-in ones included) that only admin changes. */
  customer_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface RolePermissionsTable {
  role_id: number;
  resource: string;
  /** Comma-separated operations. */
  operations: string;
}

export interface UsersTable {
  id: Generated<number>;
  name: string;
  real_name: string;
  email: string;
  phone: string;
  password_hash: string;
  customer_id: number;
  role_id: number;
  enabled: Flag;
  activated: Flag;
  is_default: Flag;
  submit_type: number;
  must_change_password: Flag;
  failed_attempts: number;
  locked_until: number | null;
  last_login_at: number | null;
  created_at: number;
  updated_at: number;
  /** The account manager who created the row (migration 005); null for seeded rows. */
  created_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  agent: string;
  ip: string;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
  revoked_at: number | null;
  /** logout | logged_in_elsewhere | password_changed | disabled */
  revoked_reason: string | null;
}

export interface LoginKeysTable {
  id: string;
  public_pem: string;
  private_pem: string;
  created_at: number;
  expires_at: number;
}

/** A single-use capability for one download URL (migration 010). */
export interface DownloadTicketsTable {
  ticket_hash: string;
  session_id: number;
  url: string;
  expires_at: number;
}

export interface UsedNoncesTable {
  nonce: string;
  expires_at: number;
}

export interface CaptchasTable {
  id: string;
  answer_hash: string;
  expires_at: number;
}

export interface SiteConfigTable {
  key: string;
  value: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  user_id: number | null;
  user_name: string;
  action: string;
  detail: string;
  ip: string;
}

export interface SamplesTable {
  id: Generated<number>;
  name: string;
  size: number;
  md5: string;
  sha256: string;
  extension: string;
  /** install | sdk | source | firmware | image (retention class) */
  category: string;
  storage_key: string;
  uploader_id: number | null;
  uploader_name: string;
  customer_id: number;
  created_at: number;
  cleaned: Flag;
  cleaned_at: number | null;
  task_count: Generated<number>;
}

export interface UploadsTable {
  uid: string;
  user_id: number;
  customer_id: number;
  name: string;
  kind: string;
  size: number;
  chunks: number;
  chunk_size: number;
  /** receiving | assembling | done | failed */
  state: string;
  sample_id: number | null;
  error: string | null;
  error_message: string | null;
  created_at: number;
  updated_at: number;
}

export interface UploadChunksTable {
  uid: string;
  idx: number;
}

export interface DB {
  customers: CustomersTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  users: UsersTable;
  sessions: SessionsTable;
  download_tickets: DownloadTicketsTable;
  login_keys: LoginKeysTable;
  used_nonces: UsedNoncesTable;
  captchas: CaptchasTable;
  site_config: SiteConfigTable;
  audit_log: AuditLogTable;
  samples: SamplesTable;
  uploads: UploadsTable;
  upload_chunks: UploadChunksTable;
  tasks: TasksTable;
  task_results: TaskResultsTable;
  templates: TemplatesTable;
  whitelist_entries: WhitelistEntriesTable;
  sdk_library: SdkLibraryTable;
  sensitive_words: SensitiveWordsTable;
  evaluation_settings: EvaluationSettingsTable;
  task_stats: TaskStatsTable;
  task_daily_stats: TaskDailyStatsTable;
  sample_daily_stats: SampleDailyStatsTable;
  work_orders: WorkOrdersTable;
  work_order_tasks: WorkOrderTasksTable;
  devices: DevicesTable;
  downloads: DownloadsTable;
  report_files: ReportFilesTable;
}
