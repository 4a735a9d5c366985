/** Sample management calls: list (search, pagination), delete, and authenticated downloads. */
import type { SampleItem } from '@citadel/contracts';
import i18n from '../locales/i18n.ts';
import { ApiRequestError, post, translateError } from './request.ts';
import { sessionHeaders } from './session-headers.ts';

export type SampleRow = SampleItem;

export function listSamples(query: { page: number; page_size: number; search?: string }): Promise<{ total: number; list: SampleRow[] }> {
  return post('/sample/list', query);
}

export function deleteSample(id: number): Promise<{ ok: boolean }> {
  return post('/sample/delete', { id });
}

/** Downloads a sample with the session headers and hands it to the browser under its own name. */
export async function downloadSample(sample: Pick<SampleRow, 'id' | 'name'>): Promise<void> {
  const res = await fetch(`/file/download?id=${sample.id}`, { headers: sessionHeaders() });
  if (!res.ok || (res.headers.get('content-type') ?? '').startsWith('application/json')) {
    // SPEC §8: a download with a JSON body shows its error field.
    const body = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
    throw new ApiRequestError(body.error ?? `http_${res.status}`, body.error ? translateError(body.error, body.message) : i18n.t('common.networkError'), res.status);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = sample.name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
