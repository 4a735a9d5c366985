/**
 * Target information rows: the SPEC §3 app fields first under their usual
 * spellings, then every other scalar field the engine reported, so a new
 * engine field appears without report code. Nested values print compactly.
 */
import type { Assessment } from '@citadel/contracts';
import { clean } from './clean.ts';
import type { Labels } from './labels.ts';
import type { KeyValue, ReportInput } from './types.ts';

const KNOWN: { key: string; aliases: string[] }[] = [
  { key: 'appName', aliases: ['appName', 'app_name', 'label', 'name', 'displayName'] },
  { key: 'packageName', aliases: ['packageName', 'package_name', 'package', 'bundleId', 'bundle_id', 'bundleName', 'appid'] },
  { key: 'versionName', aliases: ['versionName', 'version_name', 'version', 'shortVersion'] },
  { key: 'fileName', aliases: ['fileName', 'file_name'] },
  { key: 'size', aliases: ['size', 'fileSize', 'file_size'] },
  { key: 'md5', aliases: ['md5'] },
  { key: 'sha1', aliases: ['sha1'] },
  { key: 'sha256', aliases: ['sha256'] },
  { key: 'signer', aliases: ['signer', 'signature', 'certificate'] },
  { key: 'targetSdkVersion', aliases: ['targetSdkVersion', 'target_sdk', 'targetSdk'] },
  { key: 'minSdkVersion', aliases: ['minSdkVersion', 'min_sdk', 'minSdk', 'minimumOSVersion'] },
  { key: 'url', aliases: ['url', 'address'] },
];

/** Lists longer than this print their first entries and a count. */
const MAX_LIST = 30;
const MAX_DEPTH = 3;

export function formatSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let u = 0;
  while (v > 1000 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return u === 0 ? `${bytes} B` : `${v.toFixed(2)} ${units[u]}`;
}

export function formatValue(v: unknown, depth = 0): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(v)) {
    const shown = v.slice(0, MAX_LIST).map((x) => (x && typeof x === 'object' && 'name' in x ? formatValue((x as { name: unknown }).name, depth + 1) : formatValue(x, depth + 1)));
    return shown.join(', ') + (v.length > MAX_LIST ? ` … (${v.length})` : '');
  }
  if (typeof v === 'object') {
    return Object.entries(v as Record<string, unknown>)
      .slice(0, MAX_LIST)
      .map(([k, x]) => `${k}: ${formatValue(x, depth + 1)}`)
      .join('; ');
  }
  return '';
}

export function targetRows(assessment: Assessment, task: ReportInput['task'], labels: Labels, generatedAt: (ms: number) => string): KeyValue[] {
  const target = assessment.target ?? {};
  const rows: KeyValue[] = [];
  const used = new Set<string>();
  const present = (k: string) => k in target && target[k] !== '' && target[k] !== null && target[k] !== undefined;
  for (const f of KNOWN) {
    const alias = f.aliases.find(present);
    f.aliases.forEach((a) => used.add(a));
    if (!alias) {
      if (f.key === 'fileName' && task?.fileName) rows.push({ label: labels.fields.fileName!, value: clean(task.fileName) });
      continue;
    }
    const raw = target[alias];
    const value = f.key === 'size' && typeof raw === 'number' ? formatSize(raw) : formatValue(raw);
    rows.push({ label: labels.fields[f.key] ?? f.key, value: clean(value) });
  }
  for (const [k, v] of Object.entries(target)) {
    if (used.has(k) || k === 'kind') continue;
    const value = formatValue(v);
    if (value) rows.push({ label: clean(labels.fields[k] ?? k, 200), value: clean(value) });
  }
  rows.push({ label: labels.fields.platform!, value: assessment.platform });
  if (task?.createdBy) rows.push({ label: labels.fields.createdBy!, value: clean(task.createdBy, 200) });
  const analysed = task?.finishedAt ?? Date.parse(assessment.timings?.finishedAt ?? '');
  if (Number.isFinite(analysed)) rows.push({ label: labels.fields.analysisTime!, value: generatedAt(analysed) });
  return rows;
}
