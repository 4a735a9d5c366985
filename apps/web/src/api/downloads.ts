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

export type ReportTemplate = 'standard' | 'brief' | 'compliance';

/** What the report dialog offers for a task and starts with (the task's assessment template's report template and language). */
export interface ReportOptions {
  ranges: ReportRange[];
  formats: ReportFormat[];
  report_template: ReportTemplate;
  report_language: string;
  source: 'template' | 'settings';
  template_name: string;
}

export function reportOptions(taskUid: string): Promise<ReportOptions> {
  return post('/report/options', { task_uid: taskUid });
}

export function requestReport(req: { task_uid: string; sdk_filter: ReportRange[]; report_type: ReportFormat; type?: string; report_template?: ReportTemplate }): Promise<{ ids: number[] }> {
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
  return postForFile('/download/file', { id: record.id }, record.name, onProgress);
}

/** The EXCEL export of finished assessments by date (POST /report/cp_gen_excel); the server refuses it without a start date. */
export function exportExcelByDate(req: { start_date: string; end_date: string; utc_offset_minutes: number; platform?: string; type: string }): Promise<void> {
  return postForFile('/report/cp_gen_excel', req, `assessments_${req.start_date}_${req.end_date}.xlsx`, () => undefined);
}

/** The file name of a Content-Disposition header (RFC 5987 filename* first). */
function dispositionName(header: string | null): string | undefined {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '');
  if (star) {
    try {
      return decodeURIComponent(star[1]!);
    } catch {
      return undefined;
    }
  }
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1];
}

/** POSTs `body` and hands the answered file to the browser (its own name, else `fallbackName`); a JSON answer is an error. */
function postForFile(url: string, body: object, fallbackName: string, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
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
      a.download = dispositionName(xhr.getResponseHeader('content-disposition')) ?? fallbackName;
      document.body.appendChild(a);
      a.click();
      a.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
      resolve();
    };
    xhr.send(JSON.stringify(body));
  });
}
