/** The network screens' calls: the scan policy, and the inventory export (POST /networkVulnerability/download, a file). */
import { post } from '../../api/request.ts';
import { sessionHeaders } from '../../api/session-headers.ts';
import { ApiRequestError, translateError } from '../../api/request.ts';

export interface ScanPolicy {
  allowLoopback: boolean;
  allowPrivate: boolean;
  allowNetworks: string;
  denyNetworks: string;
  maxRate: number;
}

export const scanPolicy = (): Promise<ScanPolicy> => post<ScanPolicy>('/networkVulnerability/policy', {}, { quiet: true });

export async function downloadInventory(taskUid: string, format: 'csv' | 'json'): Promise<void> {
  const res = await fetch('/networkVulnerability/download', { method: 'POST', headers: { ...sessionHeaders(), 'content-type': 'application/json' }, body: JSON.stringify({ task_uid: taskUid, format }) });
  const blob = await res.blob();
  if (!res.ok || blob.type.startsWith('application/json')) {
    const body = JSON.parse((await blob.text().catch(() => '')) || '{}') as { error?: string; message?: string };
    throw new ApiRequestError(body.error ?? `http_${res.status}`, translateError(body.error ?? 'system_error', body.message), res.status);
  }
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${taskUid}.${format}`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
