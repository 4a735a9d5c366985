/** A request-rate limit: callers await take() before each request; the wait honours the abort signal. */
export class RateLimiter {
  private next = 0;
  private readonly interval: number;

  /** `perSecond` ≤ 0 means unlimited. */
  constructor(perSecond: number) {
    this.interval = perSecond > 0 ? 1000 / perSecond : 0;
  }

  async take(signal?: AbortSignal): Promise<void> {
    if (this.interval === 0) return;
    const now = Date.now();
    const at = Math.max(now, this.next);
    this.next = at + this.interval;
    if (at > now) await sleep(at - now, signal);
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
