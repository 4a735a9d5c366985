/**
 * Polls `fn` until `ok` accepts its value or `ms` pass, and returns the last value either
 * way, so the test's own expect() says what was wrong (a timeout here never hides it).
 */
export async function until<T>(fn: () => Promise<T> | T, ok: (v: T) => boolean, ms = 60_000, everyMs = 150): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
