/**
 * Bounded concurrency for the crawler and the active checks: `limit` tasks at
 * once over a list. Requests still go through the one HttpClient, whose rate
 * limiter hands out send slots in order, so concurrency never raises the rate
 * above the configured limit; it only overlaps the waiting for answers.
 * The first error stops new tasks from starting and is rethrown once the
 * tasks already running have settled (a cancelled scan aborts those at once).
 */
export async function forEachLimit<T>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (!failure && next < items.length) {
      const i = next++;
      try {
        await task(items[i]!, i);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure) throw failure.error;
}
