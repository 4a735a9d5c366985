/** Hardening calls (POST /jiagu/{key}); payloads mirror apps/server/src/domain/shield. */
import { post, translateError } from '../../api/request.ts';
import { sessionHeaders } from '../../api/session-headers.ts';

export type Texts = { 'zh-CN': string; en: string; 'zh-TW'?: string; ja?: string };
export type Option =
  | { key: string; kind: 'boolean'; title: Texts; help?: Texts; group?: string; default: boolean }
  | { key: string; kind: 'enum'; title: Texts; help?: Texts; group?: string; default: string; choices: { value: string; title: Texts }[] }
  | { key: string; kind: 'number'; title: Texts; help?: Texts; group?: string; default: number; min: number; max: number }
  | { key: string; kind: 'string'; title: Texts; help?: Texts; group?: string; default: string; maxLength: number; pattern?: string }
  | { key: string; kind: 'list'; title: Texts; help?: Texts; group?: string; default: string[]; maxItems: number; maxLength: number; pattern?: string };
export type Values = Record<string, boolean | number | string | string[]>;
export interface TypeSchema {
  type: string;
  title: Texts;
  accept: string[];
  schema: { groups: { key: string; title: Texts }[]; options: Option[] };
  defaults: { id: string; name: Texts; description: Texts; values: Values }[];
}
export interface StrategyRow { id: string; name: string; description: string; is_default: boolean; values: Values; updated_at: number }
export interface TaskRow {
  id: number; task_uid: string; type: string; name: string; input_size: number; input_sha256: string; strategy_name: string; status: 'QUEUED' | 'RUNNING' | 'FINISHED' | 'EXCEPTION';
  progress: number; step: string; fail_msg: string; output_name: string | null; output_size: number | null; output_sha256: string | null; user: string; created_at: number; started_at: number | null; finished_at: number | null;
}
export interface Check { id: string; title: Texts; ok: boolean; detail?: string }
export interface TaskDetail extends TaskRow {
  strategy: Values;
  result: { applied: { id: string; title: Texts; detail?: string }[]; verification: { ok: boolean; checks: Check[]; unverified?: Texts[] }; metrics: Record<string, number> } | null;
}

export const getSchema = (type: string) => post<TypeSchema>('/jiagu/schema', { type });
export const listStrategies = (type: string, q: { page: number; page_size: number; keyword?: string }) => post<{ total: number; list: StrategyRow[] }>('/jiagu/strategyList', { type, ...q });
export const saveStrategy = (s: { type: string; id?: number; name: string; description?: string; values: Values }) => post<{ id: number }>('/jiagu/strategySave', s);
export const deleteStrategies = (type: string, ids: number[]) => post<{ ok: boolean }>('/jiagu/strategyDelete', { type, ids });
export const listTasks = (type: string, q: { page: number; page_size: number; keyword?: string; status?: string }) => post<{ total: number; list: TaskRow[] }>('/jiagu/taskList', { type, ...q });
export const taskDetail = (task_uid: string) => post<TaskDetail>('/jiagu/taskDetail', { task_uid });
export const deleteTasks = (task_uids: string[]) => post<{ ok: boolean }>('/jiagu/taskDelete', { task_uids });

async function failure(res: Response): Promise<Error> {
  const body = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
  return new Error(translateError(body.error ?? `http_${res.status}`, body.message));
}

/** POST /jiagu/create as multipart: fields first, then the file. */
export async function createTask(type: string, strategy: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('type', type);
  form.append('strategy', strategy);
  form.append('__files__', file, file.name);
  const res = await fetch('/jiagu/create', { method: 'POST', headers: sessionHeaders(), body: form });
  if (!res.ok) throw await failure(res);
  const body = (await res.json()) as { data?: { task_uid: string }; error?: string; message?: string };
  if (!body.data) throw new Error(translateError(body.error ?? 'operation_failed', body.message));
  return body.data.task_uid;
}

/** POST /jiagu/downloadfile and hand the file to the browser. */
export async function downloadOutput(task_uid: string, name: string): Promise<void> {
  const res = await fetch('/jiagu/downloadfile', { method: 'POST', headers: { ...sessionHeaders(), 'content-type': 'application/json' }, body: JSON.stringify({ task_uid }) });
  if (!res.ok || (res.headers.get('content-type') ?? '').includes('json')) throw await failure(res);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
