/** Which URLs the crawler and the checks may visit: the start origin (by default), include and exclude patterns. */
export class Scope {
  readonly origin: string;

  constructor(
    start: URL,
    private readonly o: { sameOrigin: boolean; include: readonly RegExp[]; exclude: readonly RegExp[] },
  ) {
    this.origin = start.origin;
  }

  /** The URL normalised for de-duplication (no fragment), or undefined when out of scope. */
  admit(href: string): string | undefined {
    let u: URL;
    try {
      u = new URL(href);
    } catch {
      return undefined;
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
    u.hash = '';
    if (this.o.sameOrigin && u.origin !== this.origin) return undefined;
    const s = u.href;
    if (this.o.include.length > 0 && !this.o.include.some((r) => r.test(s))) return undefined;
    if (this.o.exclude.some((r) => r.test(s))) return undefined;
    return s;
  }
}
