/** Sample management calls: list (search, pagination), delete, and authenticated downloads. */
import type { SampleItem } from '@citadel/contracts';
import { post } from './request.ts';

export type SampleRow = SampleItem;

export function listSamples(query: { page: number; page_size: number; search?: string }): Promise<{ total: number; list: SampleRow[] }> {
  return post('/sample/list', query);
}

export function deleteSample(id: number): Promise<{ ok: boolean }> {
  return post('/sample/delete', { id });
}

/**
 * Downloads a sample through a plain link: the server checks the request and hands out a
 * single-use, one-minute link (/file/download/ticket), and the browser streams the file
 * to disk itself, so a 2 GB sample never passes through page memory. Refusals (missing,
 * cleaned, no permission) come back on the ticket request and are shown as usual.
 */
export async function downloadSample(sample: Pick<SampleRow, 'id' | 'name'>): Promise<void> {
  const { url } = await post<{ url: string; expires_at: number }>('/file/download/ticket', { id: sample.id });
  const a = document.createElement('a');
  a.href = url;
  a.download = sample.name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}
