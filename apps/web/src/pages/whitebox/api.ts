/** White-box calls (POST /whitebox/{key}); payloads mirror apps/server/src/domain/whitebox. */
import { post } from '../../api/request.ts';
import { sessionHeaders } from '../../api/session-headers.ts';
import { translateError } from '../../api/request.ts';

export type KeyKind = 'symmetric' | 'asymmetric';
export interface KeyRow { id: number; kind: KeyKind; name: string; algorithm: string; bits: number; source: string; public_key: string | null; libraries: string[]; user: string; created_at: number; enabled: boolean; deletable: boolean }
export interface KeyInput { kind: KeyKind; name: string; algorithm?: string; source: string; key_hex?: string; public_key?: string }
export interface LibraryRow {
  id: number; name: string; logo: string; key_id: number; key_name: string; algorithm: string; platforms: string[]; directions: string[]; modes: string[]; padding: string; preference: string; build_type: string;
  android_packages: string[]; ios_bundle_ids: string[]; anti_theft: boolean; usage_status: 'enabled' | 'disabled'; generation_status: 'queued' | 'generating' | 'succeeded' | 'failed'; progress: number; step: string; fail_msg: string;
  table_bytes: number | null; file_size: number | null; user: string; created_at: number; finished_at: number | null; deletable: boolean;
}
export interface DcaPoint { traces: number; recovered: number; total: number; meanRank: number; log2KeyRank?: number; bestTrue: number; bestWrong: number }
export interface DcaSeries { implementation: string; samplesPerTrace: number; points: DcaPoint[] }
export interface DcaAttack { distinguisher: 'dpa' | 'bit' | 'hw'; side: 'first' | 'last'; whitebox: DcaPoint[]; plain: DcaPoint[] }
export interface LibraryReport {
  checks: { name: string; ok: boolean; detail: string }[];
  throughput?: { wbtoolMBps: number; referenceMBps: number; reference: string };
  /** attacks, masked, chanceBytes and resistedUpTo: reports from the second assessment on */
  dca?: { method: string; target: string; direction?: 'enc' | 'dec'; whitebox: DcaSeries; plain: DcaSeries; resisted: boolean; attacks?: DcaAttack[]; masked?: boolean; chanceBytes?: number; resistedUpTo?: number };
}
export interface LibraryInput { name: string; logo: string; key_id: number; platforms: string[]; directions: string[]; modes: string[]; padding: string; preference: string; build_type: string; android_packages: string; ios_bundle_ids: string; anti_theft: boolean }

export const SYMMETRIC = ['AES-128', 'AES-192', 'AES-256', 'SM4'] as const;
export const ASYMMETRIC = ['RSA-2048', 'RSA-3072', 'RSA-4096', 'EC-P256', 'EC-P384', 'SM2'] as const;
export const KEY_HEX_LENGTH: Record<string, number> = { 'AES-128': 32, 'AES-192': 48, 'AES-256': 64, SM4: 32 };

export const listKeys = (q: { kind: KeyKind; page: number; page_size: number; keyword?: string }) => post<{ total: number; list: KeyRow[] }>('/whitebox/keyList', q);
export const addKey = (k: KeyInput) => post<KeyRow>('/whitebox/keyAdd', k);
export const setKeyStatus = (kind: KeyKind, id: number, enabled: boolean) => post<{ ok: boolean }>('/whitebox/keyStatus', { kind, id, enabled });
export const deleteKeys = (kind: KeyKind, ids: number[]) => post<{ ok: boolean }>('/whitebox/keyDelete', { kind, ids });
export const keyOptions = () => post<{ id: number; name: string; algorithm: string }[]>('/whitebox/keyOptions', {});
export const listLibraries = (q: { page: number; page_size: number; keyword?: string }) => post<{ total: number; list: LibraryRow[] }>('/whitebox/libraryList', q);
export const libraryDetail = (id: number) => post<LibraryRow & { report: LibraryReport | null }>('/whitebox/libraryDetail', { id });
export const addLibrary = (l: LibraryInput) => post<{ id: number }>('/whitebox/libraryAdd', l);
export const regenerateLibrary = (id: number) => post<{ ok: boolean }>('/whitebox/libraryRegenerate', { id });
export const setLibraryStatus = (id: number, usage_status: 'enabled' | 'disabled') => post<{ ok: boolean }>('/whitebox/libraryStatus', { id, usage_status });
export const deleteLibraries = (ids: number[]) => post<{ ok: boolean }>('/whitebox/libraryDelete', { ids });

/** POST /whitebox/downloadfile and hand the zip to the browser (a few MB: through a blob). */
export async function downloadLibrary(id: number, name: string): Promise<void> {
  const res = await fetch('/whitebox/downloadfile', { method: 'POST', headers: { ...sessionHeaders(), 'content-type': 'application/json' }, body: JSON.stringify({ id }) });
  if (!res.ok || (res.headers.get('content-type') ?? '').includes('json')) {
    const body = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
    throw new Error(translateError(body.error ?? `http_${res.status}`, body.message));
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
