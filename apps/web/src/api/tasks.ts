/** The assessment task calls (issue 4, SPEC §7): list, create, cancel, retry, delete and the result preview. */
import type { CreateTaskRequest, TaskListAnswer, TaskListRequest, TaskPreviewAnswer } from '@citadel/contracts';
import { post, type RequestOptions } from './request.ts';

export const listTasks = (req: TaskListRequest, opts: RequestOptions = {}): Promise<TaskListAnswer> => post<TaskListAnswer>('/task/list', req, opts);

export const createTask = (req: CreateTaskRequest): Promise<{ task_uid: string }> => post<{ task_uid: string }>('/task/create', req);

/** Whether the administrator's scan policy lets a web task reach this URL's address (server: domain/tasks/scan-target.ts). */
export interface ScanTargetVerdict {
  allowed: boolean;
  kind?: 'loopback' | 'private' | 'other';
  setting?: string;
}
export const checkScanTarget = (url: string): Promise<ScanTargetVerdict> => post<ScanTargetVerdict>('/task/scanTargetCheck', { url }, { quiet: true });

export const cancelTask = (task_uid: string): Promise<{ ok: boolean }> => post<{ ok: boolean }>('/task/cancel', { task_uid });

export const retryTask = (task_uid: string): Promise<{ ok: boolean }> => post<{ ok: boolean }>('/task/retry', { task_uid });

export const deleteTasks = (task_uids: string[]): Promise<{ ok: boolean }> => post<{ ok: boolean }>('/task/delete', { task_uids });

/** The task, its stored assessment and the rule texts in the UI language (the request layer sends the `lang` header). */
export const previewTask = (task_uid: string, opts: RequestOptions = {}): Promise<TaskPreviewAnswer> =>
  post<TaskPreviewAnswer>('/task/preview', { task_uid }, opts);
