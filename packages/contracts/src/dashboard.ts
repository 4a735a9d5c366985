/**
 * Overview dashboard, workbench and statistics payloads (issue 11; SPEC §1,
 * §2, §7 POST /home/homepage). Every figure is computed on the server for the
 * caller's scope: admin everything, others their customer's rows on the
 * platforms they may view.
 */
import type { RiskLevel } from './assessment.ts';
import type { TaskRow, TaskStatus } from './tasks.ts';

/** Days are UTC calendar days, written YYYY-MM-DD. */
export type DayKey = string;

export interface WorkOrderCounts {
  pending: number;
  completed: number;
  /** Pending with a due date in the past. */
  overdue: number;
}

/** POST /home/homepage */
export interface HomepageAnswer {
  /** Admin sees every customer; otherwise the caller's customer on these platforms. */
  scope: { all_customers: boolean; platforms: string[] };
  totals: {
    tasks: number;
    tasks_this_month: number;
    /** Failed findings at serious, high, medium or low risk over all assessed tasks. */
    risks: number;
    /** Assessed tasks in which at least one such risk was found. */
    issues: number;
    finished: number;
    running: number;
    failed: number;
    samples: number;
    samples_this_month: number;
    sample_bytes: number;
  };
  work_orders: WorkOrderCounts;
  tasks_by_status: Partial<Record<TaskStatus, number>>;
  risk_levels: Record<RiskLevel, number>;
  platforms: { platform: string; tasks: number; finished: number; risks: number }[];
  /** The last 30 days, oldest first, every day present. */
  trend: { day: DayKey; tasks: number; finished: number; risks: number }[];
  recent: TaskRow[];
}

export const STAT_PERIODS = ['day', 'week', 'month'] as const;
export type StatPeriod = (typeof STAT_PERIODS)[number];

/** POST /analysis/stats and /analysis/export */
export interface AnalysisRequest {
  period: StatPeriod;
  /** Admin only: one customer; others are always held to their own. */
  customer_id?: number;
  platform?: string;
}

export interface AnalysisBucket {
  /** First day of the bucket (a Monday for weeks, the 1st for months). */
  start: DayKey;
  users: number;
  tasks: number;
  finished: number;
  risks: number;
  samples: number;
  sample_bytes: number;
}

export interface AppRanking {
  app: string;
  platform: string;
  assessments: number;
  risks: number;
}

export interface AnalysisAnswer {
  period: StatPeriod;
  /** day: last 30 days; week: last 12 weeks; month: last 12 months. */
  from: DayKey;
  buckets: AnalysisBucket[];
  totals: Omit<AnalysisBucket, 'start'>;
  top_by_assessments: AppRanking[];
  top_by_risks: AppRanking[];
  /** Customers the caller may filter by (admin: all; others: their own). */
  customers: { id: number; name: string }[];
  platforms: string[];
}

export const WORK_ORDER_STATUSES = ['pending', 'completed'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

export interface WorkOrderRow {
  id: number;
  title: string;
  platform: string;
  target: string;
  description: string;
  status: WorkOrderStatus;
  submitter_id: number | null;
  submitter_name: string;
  handler_id: number | null;
  handler_name: string;
  due_at: number | null;
  overdue: boolean;
  reminders: number;
  last_reminded_at: number | null;
  created_at: number;
  completed_at: number | null;
  tasks: { task_uid: string; status: TaskStatus; name: string }[];
}

export type WorkOrderView = 'pending' | 'completed' | 'ledger';

export interface DeviceRow {
  id: number;
  name: string;
  model: string;
  os: string;
  os_version: string;
  serial: string;
  state: 'online' | 'busy' | 'offline';
  updated_at: number;
}
