/** Display helpers of the result renderer: localized texts, risk and result colours, target values. */
import { formatFileSize, type ItemResult, type LocalizedText, type RiskLevel } from '@citadel/contracts';

export function localized(text: LocalizedText | undefined, lang: 'zh' | 'en'): string {
  if (!text) return '';
  return lang === 'zh' ? text['zh-CN'] || text.en : text.en || text['zh-CN'];
}

export const RISK_COLOURS: Record<RiskLevel, string> = {
  serious: '#a8071a',
  high: '#f5222d',
  medium: '#fa8c16',
  low: '#1677ff',
  info: '#8c8c8c',
};

export const RESULT_TAG_COLOURS: Record<ItemResult, string> = {
  pass: 'success',
  safe: 'success',
  fail: 'error',
  find_problem: 'warning',
  not_executed: 'default',
};

export const BAND_STROKES = { high: '#52c41a', medium: '#fa8c16', low: '#f5222d' } as const;

/** A target value as text: sizes in KB/MB…, lists joined, objects as compact JSON. */
export function targetValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'number' && /size/i.test(key)) return formatFileSize(value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) return value.join(', ');
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
