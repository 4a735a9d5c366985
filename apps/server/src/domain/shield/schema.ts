/** Table types of the hardening tables (migration 015), and the slice of the database this domain uses. */
import type { Generated } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface ShieldStrategiesTable {
  id: Generated<number>;
  type: string;
  name: string;
  description: string;
  /** JSON StrategyValues, validated against the type's schema when saved and when used */
  strategy_values: string;
  customer_id: number;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

export type ShieldStatus = 'QUEUED' | 'RUNNING' | 'FINISHED' | 'EXCEPTION';

export interface ShieldTasksTable {
  id: Generated<number>;
  task_uid: string;
  type: string;
  input_name: string;
  input_key: string;
  input_size: number;
  input_sha256: string;
  strategy_name: string;
  strategy_values: string;
  status: ShieldStatus;
  progress: number;
  step: string;
  /** JSON LocalizedText */
  fail_msg: string | null;
  output_name: string | null;
  output_key: string | null;
  output_size: number | null;
  output_sha256: string | null;
  /** JSON { applied, verification, metrics } */
  result: string | null;
  customer_id: number;
  created_by: number | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

export interface ShieldDB extends DB {
  shield_strategies: ShieldStrategiesTable;
  shield_tasks: ShieldTasksTable;
}
