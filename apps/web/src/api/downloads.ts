/** Download center calls (SPEC §7 /download/*): report jobs, the record list, delete/clear, and the file transfer with progress. */
import i18n from '../locales/i18n.ts';
import { ApiRequestError, post, translateError } from './request.ts';
import { sessionHeaders } from './session-headers.ts';

export type DownloadStatus = 'QUEUEING' | 'PROCESSING' | 'READY' | 'DOWNLOADING' | 'FINISHED' | 'ERROR';
export type ReportRange = 'ALL' | 'MAIN' | 'SDK';
export type ReportFormat = 'WORD' | 'PDF' | 'EXCEL';

/** A download record (SPEC §3). */
export interface DownloadRecord {
  id: number;
  name: string;
  status: DownloadStatus;
  error: string;
  queue_number: number | null;
  queue_len: number | null;
  percentage: number;
  task_uid: string;
  created_at: number;
}

export function requestReport(req: { task_uid: string; sdk_filter: ReportRange[]; report_type: ReportFormat; type?: string }): Promise<{ ids: number[] }> {
  return post('/download/task/report', req);
}

export function listDownloads(): Promise<DownloadRecord[]> {
  return post('/download/list', {}, { quiet: true });
}

export function deleteDownload(id: number): Promise<{ ok: boolean }> {
  return post('/download/delete', { id });
}

export function clearDownloads(): Promise<{ ok: boolean }> {
  return post('/download/clear', {});
}

/** Transfers a record's file (POST /download/file, blob) with progress, then hands it to the browser under its name. */
export function transferDownload(record: Pick<DownloadRecord, 'id' | 'name'>, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/download/file');
    xhr.responseType = 'blob';
    for (const [k, v] of Object.entries({ ...sessionHeaders(), 'content-type': 'application/json' })) xhr.setRequestHeader(k, v);
    xhr.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.floor((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiRequestError('network', i18n.t('common.networkError'), 0));
    xhr.onload = async () => {
      const blob = xhr.response as Blob;
      if (xhr.status !== 200 || blob.type.startsWith('application/json')) {
        // SPEC §8: a download with a JSON body shows its error field.
        const body = (JSON.parse((await blob.text().catch(() => '')) || '{}') as { error?: string; message?: string }) ?? {};
        reject(new ApiRequestError(body.error ?? `http_${xhr.status}`, body.error ? translateError(body.error, body.message) : i18n.t('common.networkError'), xhr.status));
        return;
      }
      onProgress(100);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = record.name;
      document.body.appendChild(a);
      a.click();
      a.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
      resolve();
    };
    xhr.send(JSON.stringify({ id: record.id }));
  });
}
