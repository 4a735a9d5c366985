/** Table types of the notice tables (migration 016) and the slice of the database this domain uses. */
import type { Generated } from 'kysely';
import type { DB, Flag } from '../../db/schema.ts';

export type NoticeStatus = 'draft' | 'published';

export interface NoticesTable {
  id: Generated<number>;
  title: string;
  /** Markdown; the browser renders it without raw HTML. */
  content: string;
  is_float: Flag;
  /** Storage key (content address) of the attachment. */
  attachment_key: string | null;
  attachment_name: string | null;
  attachment_size: number | null;
  /** JSON arrays of ids; empty means everyone. */
  customer_ids: string;
  role_ids: string;
  start_at: number | null;
  end_at: number | null;
  status: NoticeStatus;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  published_at: number | null;
}

export interface NoticeReadsTable {
  notice_id: number;
  user_id: number;
  read_at: number;
}

export type NoticesDB = Pick<DB, 'users' | 'customers' | 'roles' | 'samples'> & { notices: NoticesTable; notice_reads: NoticeReadsTable };
