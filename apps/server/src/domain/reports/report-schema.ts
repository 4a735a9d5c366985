/** Table types of the downloads migration (004): download records and generated report files. */
import type { Generated } from 'kysely';

export interface DownloadsTable {
  id: Generated<number>;
  user_id: number;
  customer_id: number;
  task_id: number;
  /** File name offered to the browser. */
  name: string;
  /** ALL | MAIN | SDK */
  range: string;
  /** word | pdf | excel */
  format: string;
  /** zh-CN | zh-TW | en | ja */
  language: string;
  /** QUEUEING → PROCESSING → READY → DOWNLOADING → FINISHED, or ERROR. */
  status: string;
  error: string;
  percentage: number;
  /** Queue order among QUEUEING records. */
  queue_seq: number;
  /** The generated file (a report_files key) once READY. */
  storage_key: string | null;
  size: number;
  catalogue_version: string;
  attempts: number;
  lease_owner: string | null;
  lease_expires_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A generated report kept in storage and reused for the same task, range, format, language and catalogue. */
export interface ReportFilesTable {
  id: Generated<number>;
  task_id: number;
  range: string;
  format: string;
  language: string;
  catalogue_version: string;
  storage_key: string;
  size: number;
  created_at: number;
}
