/**
 * Which target fields the result header shows. Apps list the SPEC §3 app
 * assessment fields first (from the assessment's target, under any of the
 * usual spellings, else from the task row); every other target key follows
 * generically, so an engine's new fields appear without UI code.
 */
import type { Assessment, Platform, TaskRow } from '@citadel/contracts';
import i18n from '../../locales/i18n.ts';
import { formatTime } from '../task-table/format.ts';
import { targetValue } from './texts.ts';

interface KnownField {
  key: string;
  aliases: string[];
  fromTask?: (task: TaskRow) => string;
}

const APP_FIELDS: KnownField[] = [
  { key: 'app_name', aliases: ['app_name', 'appName', 'label', 'name', 'displayName'], fromTask: (t) => t.app_name },
  { key: 'package_name', aliases: ['package_name', 'packageName', 'package', 'bundleId', 'bundle_id', 'bundleName', 'appid'], fromTask: (t) => t.package_name },
  { key: 'version', aliases: ['version', 'versionName', 'version_name', 'shortVersion'], fromTask: (t) => t.version },
  { key: 'size', aliases: ['size', 'fileSize', 'file_size'], fromTask: (t) => (t.size ? targetValue('size', t.size) : '') },
  { key: 'md5', aliases: ['md5'], fromTask: (t) => t.md5 },
  { key: 'signature', aliases: ['signature', 'signer', 'certificate', 'sign'] },
  { key: 'target_sdk', aliases: ['targetSdkVersion', 'target_sdk', 'targetSdk', 'targetAPIVersion'] },
  { key: 'min_sdk', aliases: ['minSdkVersion', 'min_sdk', 'minSdk', 'minimumOSVersion', 'minAPIVersion'] },
  { key: 'file_name', aliases: ['file_name', 'fileName'], fromTask: (t) => t.file_name },
];

const TASK_FIELDS: KnownField[] = [
  // Web and source: what the user declared in the create form (the server puts it in the target).
  { key: 'app_name', aliases: ['app_name'], fromTask: (t) => t.app_name },
  { key: 'abbreviation', aliases: ['abbreviation'] },
  { key: 'version', aliases: ['version'], fromTask: (t) => t.version },
  { key: 'target_address', aliases: [], fromTask: (t) => t.url },
  { key: 'file_name', aliases: ['file_name', 'fileName'], fromTask: (t) => t.file_name },
];

const TRAILING: KnownField[] = [
  { key: 'created_by_name', aliases: [], fromTask: (t) => t.created_by_name },
  { key: 'analysis_time', aliases: [], fromTask: (t) => formatTime(t.finished_at ?? t.created_at) },
];

const APP_PLATFORMS: readonly Platform[] = ['android', 'ios', 'harmony', 'harmony_next', 'miniprogram', 'alipay_miniprogram'];

export interface TargetRow {
  key: string;
  /** The SPEC §3 fields come first, in the grid; the others go to "more details". */
  primary: boolean;
  /** The raw value (TargetValue renders it by its shape). */
  value: unknown;
}

/** A field's label: translated when known (result.target.<key>), else its camelCase or snake_case key in words. */
export function targetLabel(key: string): string {
  if (i18n.exists(`result.target.${key}`)) return i18n.t(`result.target.${key}`);
  const words = key.replace(/_/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function targetRows(assessment: Assessment | null, task: TaskRow): TargetRow[] {
  const target = assessment?.target ?? {};
  const used = new Set<string>();
  const rows: TargetRow[] = [];
  const known = [...(APP_PLATFORMS.includes(task.platform) ? APP_FIELDS : TASK_FIELDS)];
  const take = (f: KnownField) => {
    const alias = f.aliases.find((a) => a in target && target[a] !== '' && target[a] !== null && target[a] !== undefined);
    f.aliases.forEach((a) => used.add(a));
    const value = alias ? target[alias] : (f.fromTask?.(task) ?? '');
    if (value !== '' && value !== null && value !== undefined && value !== '-') rows.push({ key: f.key, primary: true, value });
  };
  known.forEach(take);
  TRAILING.forEach(take);
  for (const [key, value] of Object.entries(target)) {
    if (used.has(key) || value === '' || value === null || value === undefined) continue;
    rows.push({ key, primary: false, value });
  }
  return rows;
}
