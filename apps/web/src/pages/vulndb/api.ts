/** The /vulndb calls; payloads mirror apps/server/src/domain/vulndb. */
import i18n from '../../locales/i18n.ts';
import { ApiRequestError, post, translateError } from '../../api/request.ts';
import { sessionHeaders } from '../../api/session-headers.ts';

export interface SourceRow {
  source: string;
  records: number;
  bad: number;
  newestModified?: string;
  ageDays?: number;
  lastImportAt?: number;
}

export interface ImportJob {
  id: string;
  kind: 'upload' | 'folder' | 'mirror';
  label: string;
  status: 'running' | 'finished' | 'failed';
  percentage: number;
  read: number;
  added: number;
  updated: number;
  unchanged: number;
  bad: number;
  badExamples: { file: string; reason: string }[];
  startedAt: number;
  finishedAt?: number;
  ms?: number;
  error?: string;
}

export interface Mirror {
  url: string;
  intervalHours: number;
  lastFetchAt?: number;
}

export interface Overview {
  sources: SourceRow[];
  total: number;
  job?: ImportJob;
  mirror: Mirror;
}

export interface Vulnerability {
  id: string;
  ids: string[];
  summary: string;
  score?: number;
  level?: string;
  fixed: string[];
  references: string[];
  conditions: string[];
}

export type Lookup = { purl: string } | { component: string; version: string } | { vendor: string; model: string; firmware: string };

export const vulndbApi = {
  overview: () => post<Overview>('/vulndb/overview'),
  importFolder: (path: string) => post<ImportJob>('/vulndb/import/folder', { path }),
  importMirror: () => post<ImportJob>('/vulndb/import/mirror'),
  saveMirror: (url: string, interval_hours: number) => post<Mirror>('/vulndb/mirror', { url, interval_hours }),
  query: (q: Lookup) => post<{ query: string; vulnerabilities: Vulnerability[] }>('/vulndb/query', q),
  /** Multipart upload of one zip (field "file"); the import then runs in the background. */
  async upload(file: File): Promise<ImportJob> {
    const form = new FormData();
    form.append('file', file, file.name);
    const res = await fetch('/vulndb/import/upload', { method: 'POST', headers: sessionHeaders(), body: form });
    const body = (await res.json().catch(() => undefined)) as { data?: ImportJob; error?: string; message?: string } | undefined;
    if (body?.data) return body.data;
    const code = body?.error ?? `http_${res.status}`;
    throw new ApiRequestError(code, body?.error ? translateError(code, body.message) : i18n.t('common.networkError'), res.status);
  },
};
