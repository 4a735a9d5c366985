/**
 * SPEC §9 retention: install, SDK and source files are kept for the last N days
 * (CITADEL_RETENTION_DAYS, 90 by default). The job deletes the stored object of
 * older samples and marks the row cleaned; the row, its tasks and reports stay.
 */
import type { SampleCategory } from '@citadel/contracts';
import type { ObjectStorage } from '../../storage/index.ts';
import type { SamplesRepository } from './samples-repository.ts';

export const RETAINED_CATEGORIES: readonly SampleCategory[] = ['install', 'sdk', 'source'];
const DAY_MS = 86_400_000;
const BATCH = 200;

export async function cleanExpiredSamples(repo: SamplesRepository, storage: ObjectStorage, retentionDays: number, now = Date.now()): Promise<number> {
  const before = now - retentionDays * DAY_MS;
  let cleaned = 0;
  for (;;) {
    const batch = await repo.expired(RETAINED_CATEGORIES, before, BATCH);
    if (batch.length === 0) return cleaned;
    for (const sample of batch) {
      await repo.markCleaned(sample.id, now);
      // Another customer's newer sample of the same content keeps the object alive.
      if (!(await repo.keyInUse(sample.storage_key))) await storage.delete(sample.storage_key);
      cleaned++;
    }
  }
}

/** Runs `job` now and then every `intervalMs`; errors are reported, never thrown into the timer. */
export function schedule(job: () => Promise<unknown>, intervalMs: number, onError: (err: unknown) => void): { stop(): void } {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    job()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  const first = setTimeout(tick, 1000);
  first.unref();
  return {
    stop() {
      clearInterval(timer);
      clearTimeout(first);
    },
  };
}
