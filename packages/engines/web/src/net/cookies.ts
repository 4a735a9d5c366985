/**
 * A minimal cookie jar for one scan: the session the crawler keeps (login
 * cookies, user-supplied cookies, cookies the target sets). Cookies are kept
 * per host name; paths and expiry beyond deletion are not modelled, which is
 * enough to stay logged in while crawling one site.
 */
export interface ParsedSetCookie {
  name: string;
  value: string;
  /** Attribute names in lower case, with their values ("" for flags). */
  attributes: Map<string, string>;
  raw: string;
}

export function parseSetCookie(raw: string): ParsedSetCookie | undefined {
  const parts = raw.split(';');
  const first = parts.shift() ?? '';
  const eq = first.indexOf('=');
  if (eq <= 0) return undefined;
  const attributes = new Map<string, string>();
  for (const p of parts) {
    const i = p.indexOf('=');
    const k = (i === -1 ? p : p.slice(0, i)).trim().toLowerCase();
    if (k) attributes.set(k, i === -1 ? '' : p.slice(i + 1).trim());
  }
  return { name: first.slice(0, eq).trim(), value: first.slice(eq + 1).trim(), attributes, raw };
}

export class CookieJar {
  private readonly byHost = new Map<string, Map<string, string>>();

  /** "a=b; c=d" as supplied by the user. */
  addHeader(host: string, header: string): void {
    for (const pair of header.split(';')) {
      const i = pair.indexOf('=');
      if (i > 0) this.set(host, pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
  }

  store(host: string, setCookies: readonly string[]): void {
    for (const raw of setCookies) {
      const c = parseSetCookie(raw);
      if (!c) continue;
      const maxAge = c.attributes.get('max-age');
      const expires = c.attributes.get('expires');
      const expired = (maxAge !== undefined && Number(maxAge) <= 0) || (expires !== undefined && Date.parse(expires) < Date.now());
      if (expired) this.byHost.get(host.toLowerCase())?.delete(c.name);
      else this.set(host, c.name, c.value);
    }
  }

  header(host: string): string | undefined {
    const m = this.byHost.get(host.toLowerCase());
    if (!m || m.size === 0) return undefined;
    return [...m].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private set(host: string, name: string, value: string): void {
    const h = host.toLowerCase();
    let m = this.byHost.get(h);
    if (!m) this.byHost.set(h, (m = new Map()));
    if (m.size < 200 || m.has(name)) m.set(name, value);
  }
}
