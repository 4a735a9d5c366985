/** Calls for single files of a firmware task's unpacked image (server: apps/server/src/http/routes/f.ts). */
import { ApiRequestError, post, translateError } from '../../api/request.ts';
import { sessionHeaders } from '../../api/session-headers.ts';
import i18n from '../../locales/i18n.ts';

export type FilePreview =
  /** `line`: the window's first line number in the file. */
  | { kind: 'text'; size: number; offset: number; length: number; line?: number; text: string }
  | { kind: 'hex'; size: number; offset: number; length: number; base64: string }
  | { kind: 'image'; size: number; mime: string; base64: string }
  | { kind: 'symlink'; target: string };

/** Bytes a hex page shows (256 rows of 16). */
export const HEX_PAGE = 4096;
/** Bytes of a text page: the server's window (PREVIEW_BYTES); page k starts at k × TEXT_PAGE, moved back to a character start. */
export const TEXT_PAGE = 256 * 1024;

export function previewFile(taskUid: string, path: string, window: { offset?: number; length?: number } = {}): Promise<FilePreview> {
  return post('/f/file_preview', { task_uid: taskUid, path, ...window }, { quiet: true });
}

export function diffFile(taskA: string, taskB: string, path: string): Promise<{ lines?: string[]; note?: 'not_text' | 'too_long' }> {
  return post('/f/file_diff', { task_a: taskA, task_b: taskB, path }, { quiet: true });
}

/** Downloads one file of the tree (GET /f/unpack_file_download) and hands it to the browser under its own name; a JSON answer is an error. */
export async function downloadTreeFile(taskUid: string, path: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`/f/unpack_file_download?${new URLSearchParams({ task_uid: taskUid, path })}`, { headers: sessionHeaders() });
  } catch {
    throw new ApiRequestError('network', i18n.t('common.networkError'), 0);
  }
  if (!res.ok || (res.headers.get('content-type') ?? '').startsWith('application/json')) {
    // SPEC §8: a download with a JSON body shows its error field.
    const body = ((await res.json().catch(() => ({}))) ?? {}) as { error?: string; message?: string };
    throw new ApiRequestError(body.error ?? `http_${res.status}`, body.error ? translateError(body.error, body.message) : i18n.t('common.networkError'), res.status);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = path.slice(path.lastIndexOf('/') + 1) || 'file';
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Rows of a hex dump: offset | 16 bytes in hex | printable ASCII. */
export function hexRows(bytes: Uint8Array, base: number): string[] {
  const rows: string[] = [];
  for (let i = 0; i < bytes.length; i += 16) {
    const row = bytes.subarray(i, i + 16);
    const hex = [...row].map((b) => b.toString(16).padStart(2, '0')).join(' ');
    const ascii = [...row].map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
    rows.push(`${(base + i).toString(16).padStart(8, '0')}  ${hex.padEnd(47, ' ')}  |${ascii}|`);
  }
  return rows;
}

export function fromBase64(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
