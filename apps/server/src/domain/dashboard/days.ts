/** UTC day numbers (epoch ms / 86 400 000), as the summary tables key them, and their calendar buckets. */
import type { DayKey, StatPeriod } from '@citadel/contracts';

export const DAY_MS = 86_400_000;

export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);
export const dayKey = (day: number): DayKey => new Date(day * DAY_MS).toISOString().slice(0, 10);

export function monthStartDay(now: number): number {
  const d = new Date(now);
  return dayOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
}

/** The start day of the bucket a day falls in: itself, its Monday, or the 1st of its month. */
export function bucketStart(day: number, period: StatPeriod): number {
  if (period === 'day') return day;
  if (period === 'week') return day - ((new Date(day * DAY_MS).getUTCDay() + 6) % 7);
  return monthStartDay(day * DAY_MS);
}

/** Bucket start days covering the window of a period, oldest first: 30 days, 12 weeks or 12 months. */
export function periodBuckets(period: StatPeriod, now: number): number[] {
  const today = dayOf(now);
  if (period === 'day') return Array.from({ length: 30 }, (_, i) => today - 29 + i);
  if (period === 'week') {
    const monday = bucketStart(today, 'week');
    return Array.from({ length: 12 }, (_, i) => monday - (11 - i) * 7);
  }
  const d = new Date(now);
  return Array.from({ length: 12 }, (_, i) => dayOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - (11 - i), 1)));
}
