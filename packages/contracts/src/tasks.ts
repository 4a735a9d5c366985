/**
 * Assessment tasks (SPEC §3 task row, §4 statuses and display rules): the
 * statuses, the allowed transitions between them, and the row the task
 * tables show. The server refuses any transition not listed here.
 */
import type { Platform, RiskLevel } from './assessment.ts';
import { taskPercent } from './format.ts';

export const TASK_STATUSES = [
  'QUEUEING',
  'DOWNLOADING',
  'PROCESSING',
  'FINISHED',
  'EXCEPTION',
  'CANCELED',
  'REPORT_GENERATING',
  'SCRIPT_EXECUTING',
  'WAITING_PHONE',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Why an EXCEPTION happened: shown as "detection failed" or "timed out". */
export type FailKind = 'failed' | 'timeout';

/**
 * The state diagram. Every edge a task may take; anything else is a bug and
 * fails loudly (IllegalTransitionError on the server).
 *
 *   QUEUEING ──> DOWNLOADING ──> PROCESSING ──> REPORT_GENERATING ──> FINISHED
 *       │             │           │  ▲  ▲
 *       │             │           ▼  │  │
 *       │             │     WAITING_PHONE ──> SCRIPT_EXECUTING
 *       ▼             ▼           ▼
 *   CANCELED      EXCEPTION  (from any running state) ──retry──> QUEUEING
 *
 * Running states may also go back to QUEUEING when the worker that held them
 * died (recovery at start-up or a stalled lease).
 */
export const TASK_TRANSITIONS: Record<TaskStatus, readonly TaskStatus[]> = {
  QUEUEING: ['DOWNLOADING', 'PROCESSING', 'CANCELED', 'EXCEPTION'],
  DOWNLOADING: ['PROCESSING', 'EXCEPTION', 'CANCELED', 'QUEUEING'],
  PROCESSING: ['REPORT_GENERATING', 'FINISHED', 'EXCEPTION', 'CANCELED', 'WAITING_PHONE', 'SCRIPT_EXECUTING', 'QUEUEING'],
  WAITING_PHONE: ['SCRIPT_EXECUTING', 'PROCESSING', 'EXCEPTION', 'CANCELED', 'QUEUEING'],
  SCRIPT_EXECUTING: ['PROCESSING', 'EXCEPTION', 'CANCELED', 'QUEUEING'],
  REPORT_GENERATING: ['FINISHED', 'EXCEPTION', 'QUEUEING'],
  FINISHED: [],
  EXCEPTION: ['QUEUEING'],
  CANCELED: ['QUEUEING'],
};

export function canTransition(from: TaskStatus, to: TaskStatus): boolean {
  return TASK_TRANSITIONS[from].includes(to);
}

/** States in which a worker holds the task. */
export const RUNNING_STATUSES: readonly TaskStatus[] = ['DOWNLOADING', 'PROCESSING', 'REPORT_GENERATING', 'SCRIPT_EXECUTING', 'WAITING_PHONE'];
/** States a user may cancel (SPEC: cancel QUEUEING/PROCESSING; the other running states too). */
export const CANCELLABLE_STATUSES: readonly TaskStatus[] = ['QUEUEING', ...RUNNING_STATUSES.filter((s) => s !== 'REPORT_GENERATING')];
export const RETRYABLE_STATUSES: readonly TaskStatus[] = ['EXCEPTION', 'CANCELED'];
export const TERMINAL_STATUSES: readonly TaskStatus[] = ['FINISHED', 'EXCEPTION', 'CANCELED'];

/** Display labels of SPEC §4 (zh and en), including the two extra labels. */
export const TASK_STATUS_LABELS: Record<TaskStatus | 'DETECTION_FAILED' | 'TIMED_OUT', { zh: string; en: string }> = {
  QUEUEING: { zh: '排队中', en: 'Queued' },
  DOWNLOADING: { zh: '下载中', en: 'Downloading' },
  PROCESSING: { zh: '检测中', en: 'Processing' },
  FINISHED: { zh: '已完成', en: 'Finished' },
  EXCEPTION: { zh: '异常', en: 'Exception' },
  CANCELED: { zh: '已取消', en: 'Cancelled' },
  REPORT_GENERATING: { zh: '报告生成中', en: 'Report generating' },
  SCRIPT_EXECUTING: { zh: '脚本执行中', en: 'Script executing' },
  WAITING_PHONE: { zh: '等待手机', en: 'Waiting for phone' },
  DETECTION_FAILED: { zh: '检测失败', en: 'Detection failed' },
  TIMED_OUT: { zh: '超时', en: 'Timed out' },
};

/** The label key a row shows: EXCEPTION is refined into "detection failed" or "timed out" when the kind is known. */
export function displayStatus(status: TaskStatus, failKind?: FailKind | null): keyof typeof TASK_STATUS_LABELS {
  if (status === 'EXCEPTION' && failKind === 'timeout') return 'TIMED_OUT';
  if (status === 'EXCEPTION' && failKind === 'failed') return 'DETECTION_FAILED';
  return status;
}

/** SPEC §4 progress: FINISHED 100 %; QUEUEING 0 %; otherwise finished/total rounded (0 if either is 0). */
export function taskProgress(row: Pick<TaskRow, 'status' | 'finish_item' | 'total_item'>): number {
  if (row.status === 'FINISHED') return 100;
  if (row.status === 'QUEUEING') return 0;
  return taskPercent(row.finish_item, row.total_item);
}

/** One row of a task table (SPEC §3 assessment task row, plus the app assessment fields). */
export interface TaskRow {
  task_uid: string;
  platform: Platform;
  status: TaskStatus;
  /** Display status key (see displayStatus). */
  $status: keyof typeof TASK_STATUS_LABELS;
  fail_kind: FailKind | null;
  fail_msg: string;
  finish_item: number;
  total_item: number;
  /** 1-based position among queued tasks; null when not queued. */
  queue_number: number | null;
  /** What the task assesses: the sample's file name or the URL. */
  file_name: string;
  url: string;
  sample_id: number | null;
  /** Target fields filled from the result: app name, package, version … */
  app_name: string;
  package_name: string;
  version: string;
  size: number;
  md5: string;
  template_id: number | null;
  template_name: string;
  created_by: number;
  created_by_name: string;
  client_key: string;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  score: number | null;
  risk_level: 'high' | 'medium' | 'low' | null;
  counts: Record<RiskLevel, number> | null;
  engine_version: string;
}

/** POST /task/create */
export interface CreateTaskRequest {
  platform: Platform;
  sample_id?: number;
  url?: string;
  template_id?: number;
  /** Create-form fields (SPEC §5 required fields per platform): app/SDK/web names, versions, category label … */
  fields?: Record<string, string>;
  /** Engine parameters, e.g. { appid } for encrypted WeChat packages. */
  params?: Record<string, string>;
}

/** POST /task/list */
export interface TaskListRequest {
  platform?: Platform;
  status?: TaskStatus;
  keyword?: string;
  /** Only the caller's own tasks (Workbench → my tasks). */
  mine?: boolean;
  page: number;
  page_size: number;
}
export interface TaskListAnswer {
  total: number;
  list: TaskRow[];
}

/** WebSocket /socket/ messages the server pushes. */
export type SocketMessage =
  | { type: 'task'; task: Pick<TaskRow, 'task_uid' | 'status' | '$status' | 'finish_item' | 'total_item' | 'queue_number' | 'fail_msg' | 'fail_kind' | 'score' | 'risk_level' | 'app_name' | 'package_name' | 'version' | 'counts' | 'finished_at'> }
  /** A download record of the receiving user changed (issue 9): the panel refetches /download/list. */
  | { type: 'download'; download: { id: number; status: string; percentage: number } }
  | { type: 'notice'; notice: { title: string; content: string; is_float: boolean; attachment?: string; attachment_name?: string } }
  | { type: 'session_end'; error: string };

/** The client's first message on /socket/: its session, kept out of the URL (and so out of access logs). */
export interface SocketAuthMessage {
  type: 'auth';
  user: string;
  token: string;
}

/** A rule's texts in the request's language, as the result page and reports print them (SPEC §3 result items). */
export interface RuleTexts {
  id: string;
  category: string;
  risk: RiskLevel;
  cwe: string[];
  owasp: string[];
  title: string;
  purpose: string;
  description: string;
  testingSteps: string;
  solution: string;
}

/** POST /task/preview {task_uid}: the task, its stored assessment (null until FINISHED) and the texts of its rules. */
export interface TaskPreviewAnswer {
  task: TaskRow;
  assessment: import('./assessment.ts').Assessment | null;
  rules: Record<string, RuleTexts>;
}
