/** Notice calls (POST /notice/{key}); payloads mirror apps/server/src/domain/notices. */
import { post } from '../../api/request.ts';
import { sessionHeaders } from '../../api/session-headers.ts';
import { translateError } from '../../api/request.ts';

export interface ClientNotice { id: number; title: string; content: string; is_float: boolean; attachment: string; attachment_name: string; published_at: number; read: boolean }
export type NoticeStatus = 'draft' | 'published';
export interface NoticeInput { title: string; content: string; is_float: boolean; customer_ids: number[]; role_ids: number[]; start_at: number | null; end_at: number | null; status: NoticeStatus }
export interface NoticeRow extends NoticeInput { id: number; attachment_name: string; attachment_size: number; created_by_name: string; created_at: number; updated_at: number; published_at: number | null }
export interface Option { id: number; name: string }

/** SPEC §7: notice call getClientUserNotice with user_id. Failures are only logged (SPEC §8). */
export const clientNotices = (userId: number) => post<ClientNotice[]>('/notice/getClientUserNotice', { user_id: userId }, { silent: true });
export const markRead = (ids: number[]) => post<{ ok: boolean }>('/notice/read', { ids }, { silent: true });

export const listNotices = (q: { page: number; page_size: number; keyword?: string }) => post<{ total: number; list: NoticeRow[] }>('/notice/list', q);
export const noticeTargets = () => post<{ customers: Option[]; roles: Option[]; attachment_types: string[] }>('/notice/targets', {});
export const addNotice = (n: NoticeInput) => post<{ id: number }>('/notice/add', n);
export const updateNotice = (id: number, n: NoticeInput) => post<{ ok: boolean }>('/notice/update', { id, ...n });
export const setNoticeStatus = (id: number, status: NoticeStatus) => post<{ ok: boolean }>('/notice/status', { id, status });
export const deleteNotices = (ids: number[]) => post<{ ok: boolean }>('/notice/delete', { ids });
export const detachNotice = (id: number) => post<{ ok: boolean }>('/notice/detachment', { id });

/** Uploads the attachment (multipart: id, then __files__); a refusal comes back as the catalogue message. */
export async function uploadAttachment(id: number, file: File): Promise<{ name: string; size: number }> {
  const form = new FormData();
  form.append('id', String(id));
  form.append('__files__', file, file.name);
  const res = await fetch('/notice/upload', { method: 'POST', headers: sessionHeaders(), body: form });
  const body = (await res.json().catch(() => ({}))) as { data?: { name: string; size: number }[]; error?: string; message?: string };
  if (body.error || !body.data?.[0]) throw new Error(translateError(body.error ?? 'system_error', body.message));
  return body.data[0];
}

/** Downloads an attachment through a single-use link (plain links cannot send the session headers). */
export async function downloadAttachment(id: number, name: string): Promise<void> {
  const { url } = await post<{ url: string }>('/notice/attachmentTicket', { id });
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}
