/** Table types of migration 007: summary tables kept by triggers, and registered real devices. */
import type { Generated } from 'kysely';

interface StatColumns {
  tasks: number;
  serious: number;
  high: number;
  medium: number;
  low: number;
  info: number;
  /** Tasks with at least one serious/high/medium/low finding. */
  risky: number;
}

/** Tasks per (customer, platform, current status), with their finding counts summed. */
export interface TaskStatsTable extends StatColumns {
  customer_id: number;
  platform: string;
  status: string;
}

/** Tasks per (customer, platform, UTC day of creation). */
export interface TaskDailyStatsTable extends StatColumns {
  customer_id: number;
  platform: string;
  /** floor(created_at / 86 400 000). */
  day: number;
  finished: number;
}

export interface SampleDailyStatsTable {
  customer_id: number;
  day: number;
  samples: number;
  bytes: number;
}

export interface DevicesTable {
  id: Generated<number>;
  name: string;
  model: string;
  os: string;
  os_version: string;
  serial: string;
  /** online | busy | offline */
  state: string;
  /** null: shared by every customer. */
  customer_id: number | null;
  created_at: number;
  updated_at: number;
}
