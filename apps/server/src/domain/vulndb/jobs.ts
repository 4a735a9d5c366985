/**
 * The import job of this portal process: one at a time, run in the background
 * (the HTTP request that starts it returns at once), progress polled by the
 * admin screen; the last job's outcome is kept in vuln_settings so it survives
 * a restart. A job that was running when the process stopped shows as failed.
 */
import type { ImportResult } from '@citadel/vulndb';

export type JobKind = 'upload' | 'folder' | 'mirror';

export interface ImportJob {
  id: string;
  kind: JobKind;
  /** File name, folder path or mirror URL (without credentials). */
  label: string;
  status: 'running' | 'finished' | 'failed';
  /** 0..100 */
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

export function finishedJob(job: ImportJob, r: ImportResult, now: number): ImportJob {
  return { ...job, status: 'finished', percentage: 100, read: r.read, added: r.added, updated: r.updated, unchanged: r.unchanged, bad: r.bad, badExamples: r.badExamples.map((b) => ({ file: shortFile(b.file), reason: b.reason })), finishedAt: now, ms: r.ms };
}

/** Bad-record file names without the server's folders (the entry name is what helps). */
export function shortFile(file: string): string {
  const [outer, inner] = file.split('!');
  const base = outer!.split(/[\\/]/).slice(-2).join('/');
  return inner ? `${base}!${inner}` : base;
}

/** A URL for display: no user, password or query (tokens travel there). */
export function displayUrl(u: string): string {
  try {
    const url = new URL(u);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}
