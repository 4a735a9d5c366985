/**
 * Target information rows: the SPEC §3 app fields first under their usual
 * spellings, then every other scalar field the engine reported, so a new
 * engine field appears without report code. Nested values print compactly.
 */
import type { Assessment, Locale } from '@citadel/contracts';
import { clean } from './clean.ts';
import { fieldLabel, knownFieldLabel } from './field-labels.ts';
import type { Labels } from './labels.ts';
import { phraseList, STRUCTURE_FIELDS } from './target-presentation.ts';
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

/** How values print in one report language: booleans as words, keys of nested objects as labels, ISO times in the report's time form. */
export interface ValueFormat {
  locale: Locale;
  yes: string;
  no: string;
  time: (ms: number) => string;
}

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)$/;

export function formatValue(v: unknown, f?: ValueFormat, depth = 0): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return f && ISO_TIME.test(v) && Number.isFinite(Date.parse(v)) ? f.time(Date.parse(v)) : v;
  if (typeof v === 'boolean') return f ? (v ? f.yes : f.no) : String(v);
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(v)) {
    const shown = v.slice(0, MAX_LIST).map((x) => (x && typeof x === 'object' && 'name' in x ? formatValue((x as { name: unknown }).name, f, depth + 1) : formatValue(x, f, depth + 1)));
    return shown.join(', ') + (v.length > MAX_LIST ? ` … (${v.length})` : '');
  }
  if (typeof v === 'object') {
    return Object.entries(v as Record<string, unknown>)
      .slice(0, MAX_LIST)
      .map(([k, x]) => `${f ? nestedLabel(k, f.locale) : k}: ${formatValue(x, f, depth + 1)}`)
      .join('; ');
  }
  return '';
}

/**
 * Keys of nested objects: known fields are labelled; camelCase keys are
 * fields in words; others are data (an ABI such as mips or armeabi-v7a, a
 * language, a scheme version) and stay as they are.
 */
function nestedLabel(key: string, locale: Locale): string {
  return knownFieldLabel(key, locale) ?? (/^[a-z]+[A-Z]/.test(key) ? fieldLabel(key, locale) : key);
}

export function targetRows(assessment: Assessment, task: ReportInput['task'], labels: Labels, locale: Locale, generatedAt: (ms: number) => string): KeyValue[] {
  const f: ValueFormat = { locale, yes: labels.yes, no: labels.no, time: generatedAt };
  const target = assessment.target ?? {};
  const rows: KeyValue[] = [];
  const used = new Set<string>();
  const present = (k: string) => k in target && target[k] !== '' && target[k] !== null && target[k] !== undefined;
  for (const k of KNOWN) {
    const alias = k.aliases.find(present);
    k.aliases.forEach((a) => used.add(a));
    if (!alias) {
      if (k.key === 'fileName' && task?.fileName) rows.push({ label: fieldLabel('fileName', locale), value: clean(task.fileName) });
      continue;
    }
    const raw = target[alias];
    const value = k.key === 'size' && typeof raw === 'number' ? formatSize(raw) : formatValue(raw, f);
    rows.push({ label: fieldLabel(k.key, locale, assessment.platform), value: clean(value) });
  }
  for (const [key, v] of Object.entries(target)) {
    if (used.has(key) || key === 'kind' || STRUCTURE_FIELDS.has(key)) continue;
    const value = phraseList(key, v, MAX_LIST) ?? formatValue(v, f);
    if (value) rows.push({ label: clean(fieldLabel(key, locale, assessment.platform), 200), value: clean(value) });
  }
  rows.push({ label: fieldLabel('platform', locale), value: labels.platforms[assessment.platform] ?? assessment.platform });
  if (task?.createdBy) rows.push({ label: fieldLabel('createdBy', locale), value: clean(task.createdBy, 200) });
  const analysed = task?.finishedAt ?? Date.parse(assessment.timings?.finishedAt ?? '');
  if (Number.isFinite(analysed)) rows.push({ label: fieldLabel('analysisTime', locale), value: generatedAt(analysed) });
  return rows;
}

/**
 * Keys the target table would label with the key in words because no table names
 * them (top-level fields, and nested camelCase keys as nestedLabel prints them):
 * a Chinese or Japanese report would show English there. Tests keep this empty
 * for every engine's target.
 */
export function unlabelledTargetFields(assessment: Assessment): string[] {
  const missing = new Set<string>();
  const known = (k: string) => knownFieldLabel(k, 'zh-CN', assessment.platform) !== undefined;
  const walk = (v: unknown, depth: number): void => {
    if (!v || typeof v !== 'object' || depth >= MAX_DEPTH) return;
    if (Array.isArray(v)) return v.slice(0, MAX_LIST).forEach((x) => walk(x, depth + 1));
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (/^[a-z]+[A-Z]/.test(k) && !known(k)) missing.add(k);
      walk(x, depth + 1);
    }
  };
  const used = new Set(KNOWN.flatMap((k) => k.aliases));
  for (const [key, v] of Object.entries(assessment.target ?? {})) {
    if (used.has(key) || key === 'kind' || STRUCTURE_FIELDS.has(key)) continue;
    if (!known(key)) missing.add(key);
    if (phraseList(key, v, MAX_LIST) === undefined) walk(v, 0);
  }
  return [...missing].sort();
}
