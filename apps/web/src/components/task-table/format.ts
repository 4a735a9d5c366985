/** Display formats of the task table: times and optional create-form fields of a row. */
import type { TaskRow } from '@citadel/contracts';

/**
 * A row as the table reads it. `fields` (the create-form fields: SDK name,
 * category, program version …) and `total_lines` (source) are not in the
 * contract's TaskRow yet; they are read when the server sends them.
 */
export type TaskTableRow = TaskRow & { fields?: Record<string, string>; total_lines?: number | null };

const pad = (n: number): string => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm:ss' in local time; epoch seconds or milliseconds; '-' when absent. */
export function formatTime(value: number | null | undefined): string {
  if (!value) return '-';
  const d = new Date(value < 1e12 ? value * 1000 : value);
  if (Number.isNaN(d.getTime())) return '-';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function field(row: TaskTableRow, name: string): string {
  return row.fields?.[name] ?? '';
}

export const orDash = (v: string | number | null | undefined): string | number => (v === '' || v === null || v === undefined ? '-' : v);
