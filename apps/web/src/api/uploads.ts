/**
 * The browser side of the chunked upload protocol (SPEC §7, §9): 5 MB chunks
 * (5242880 bytes) sent by a few workers that start at randomised delays of up
 * to 1 s, each chunk retried on failure, per-file progress, cancel, and resume
 * after a reload (the upload id is remembered per file; the server says which
 * chunks it already holds).
 */
import { UPLOAD_CHUNK_SIZE, type UploadKind, type UploadStatus, type UploadedFile } from '@citadel/contracts';

export type { UploadedFile };
import i18n from '../locales/i18n.ts';
import { ApiRequestError, post, translateError } from './request.ts';
import { sessionHeaders } from './session-headers.ts';

export interface UploadOptions {
  kind: UploadKind;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Parallel chunk requests. */
  workers?: number;
  retries?: number;
  chunkSize?: number;
}

const RESUME_PREFIX = 'citadel.upload.';
const resumeKey = (file: File, kind: UploadKind) => `${RESUME_PREFIX}${kind}:${file.name}:${file.size}:${file.lastModified}`;

function remember(key: string, uid: string | null): void {
  try {
    if (uid) window.localStorage.setItem(key, uid);
    else window.localStorage.removeItem(key);
  } catch {
    // No storage: the upload simply cannot be resumed after a reload.
  }
}

function recalled(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = window.setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      window.clearTimeout(timer);
      reject(new DOMException('aborted', 'AbortError'));
    });
  });

/** One chunk by XHR (fetch has no upload progress); resolves with the server's status. */
function sendChunk(fields: Record<string, string>, blob: Blob, onBytes: (sent: number) => void, signal?: AbortSignal): Promise<UploadStatus> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', blob, fields.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/file/upload/part');
    for (const [k, v] of Object.entries(sessionHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => onBytes(Math.min(e.loaded, blob.size));
    xhr.onload = () => {
      let body: { data?: UploadStatus; error?: string; message?: string } | undefined;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (body?.data) resolve(body.data);
      else reject(new ApiRequestError(body?.error ?? `http_${xhr.status}`, body?.message ?? i18n.t('upload.failed'), xhr.status));
    };
    xhr.onerror = () => reject(new ApiRequestError('network', i18n.t('upload.failed'), 0));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.send(form);
  });
}

/** Errors that a retry cannot fix: the server refused the content or the upload. */
const FINAL_ERRORS = new Set(['wrong_file_format', 'unsupported_file_type', 'file_only_supports', 'file_too_large', 'file_empty', 'upload_not_found', 'no_permission', 'illegal_parameter']);

function failure(status: UploadStatus): ApiRequestError {
  const code = status.error ?? 'file_upload_failed';
  return new ApiRequestError(code, status.message ?? translateError(code), 400);
}

async function openUpload(file: File, opts: UploadOptions, chunkSize: number, key: string): Promise<{ uid: string; received: Set<number>; done?: UploadedFile }> {
  const previous = recalled(key);
  if (previous) {
    const status = await post<UploadStatus>('/file/upload/status', { uid: previous }, { quiet: true }).catch(() => undefined);
    if (status?.state === 'done' && status.file) return { uid: previous, received: new Set(status.received), done: status.file };
    if (status && status.state !== 'failed') return { uid: previous, received: new Set(status.received) };
  }
  const chunks = Math.ceil(file.size / chunkSize);
  const { id } = await post<{ id: string }>('/file/upload/id', { name: file.name, size: file.size, chunks, chunk_size: chunkSize, kind: opts.kind }, { quiet: true });
  remember(key, id);
  return { uid: id, received: new Set() };
}

/** Uploads one file; resolves with the stored file (name, path, size, md5). */
export async function uploadFile(file: File, opts: UploadOptions): Promise<UploadedFile> {
  const chunkSize = opts.chunkSize ?? UPLOAD_CHUNK_SIZE;
  const key = resumeKey(file, opts.kind);
  const opened = await openUpload(file, opts, chunkSize, key);
  if (opened.done) {
    remember(key, null);
    opts.onProgress?.(100);
    return opened.done;
  }
  const { uid } = opened;
  const chunks = Math.ceil(file.size / chunkSize);
  const lengthOf = (i: number) => Math.min(chunkSize, file.size - i * chunkSize);
  const pending = Array.from({ length: chunks }, (_, i) => i).filter((i) => !opened.received.has(i));
  let doneBytes = [...opened.received].reduce((sum, i) => sum + lengthOf(i), 0);
  const inFlight = new Map<number, number>();
  const report = () => {
    const flying = [...inFlight.values()].reduce((a, b) => a + b, 0);
    opts.onProgress?.(Math.min(99, Math.floor(((doneBytes + flying) / file.size) * 100)));
  };
  report();
  let finished: UploadedFile | undefined;
  const retries = opts.retries ?? 3;

  const worker = async () => {
    // SPEC §7: chunks start at randomised delays of up to 1 s.
    await sleep(Math.random() * 1000, opts.signal);
    for (let i = pending.shift(); i !== undefined; i = pending.shift()) {
      const blob = file.slice(i * chunkSize, i * chunkSize + lengthOf(i));
      const fields = { chunk: String(i), uid, name: file.name, size: String(file.size), chunks: String(chunks) };
      for (let attempt = 0; ; attempt++) {
        try {
          const status = await sendChunk(fields, blob, (sent) => (inFlight.set(i, sent), report()), opts.signal);
          inFlight.delete(i);
          doneBytes += blob.size;
          report();
          if (status.state === 'failed') throw failure(status);
          if (status.state === 'done' && status.file) finished = status.file;
          break;
        } catch (err) {
          inFlight.delete(i);
          const final = err instanceof DOMException || (err instanceof ApiRequestError && FINAL_ERRORS.has(err.code));
          if (final || attempt >= retries) throw err;
          await sleep(500 + Math.random() * 1000 * (attempt + 1), opts.signal);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.workers ?? 3, Math.max(1, pending.length)) }, worker));

  // Another request completed the set (or the server is still assembling): ask until it is done.
  for (let wait = 0; !finished; wait++) {
    const status = await post<UploadStatus>('/file/upload/status', { uid }, { quiet: true });
    if (status.state === 'done' && status.file) finished = status.file;
    else if (status.state === 'failed') throw failure(status);
    else if (status.state === 'receiving' && status.received.length < chunks) throw new ApiRequestError('file_upload_failed', i18n.t('upload.failed'), 0);
    else await sleep(Math.min(2000, 200 * (wait + 1)), opts.signal);
  }
  remember(key, null);
  opts.onProgress?.(100);
  return finished;
}

/** Forgets a file's resumable upload (after cancel). */
export function forgetUpload(file: File, kind: UploadKind): void {
  remember(resumeKey(file, kind), null);
}
