/** robots.txt and sitemap.xml as crawl seeds: the paths a site lists are often the ones worth testing. */
import { decodeEntities } from './html.ts';

const MAX_SEEDS = 500;

/** Allow/Disallow paths (wildcards dropped) and Sitemap URLs of a robots.txt. */
export function parseRobots(text: string, base: URL): { paths: string[]; sitemaps: string[] } {
  const paths: string[] = [];
  const sitemaps: string[] = [];
  for (const line of text.slice(0, 512 * 1024).split(/\r?\n/)) {
    const m = /^\s*(allow|disallow|sitemap)\s*:\s*(\S+)/i.exec(line);
    if (!m) continue;
    const value = m[2]!;
    try {
      if (m[1]!.toLowerCase() === 'sitemap') sitemaps.push(new URL(value, base).href);
      else {
        const clean = value.replace(/[*$].*$/, '');
        if (clean.startsWith('/') && clean.length > 1) paths.push(new URL(clean, base).href);
      }
    } catch {
      /* not a URL: ignore the line */
    }
    if (paths.length + sitemaps.length >= MAX_SEEDS) break;
  }
  return { paths, sitemaps };
}

/** <loc> URLs of a sitemap or sitemap index. */
export function parseSitemap(text: string): string[] {
  const out: string[] = [];
  for (const m of text.slice(0, 4 << 20).matchAll(/<loc>\s*([^<\s]{1,2048})\s*<\/loc>/gi)) {
    out.push(decodeEntities(m[1]!));
    if (out.length >= MAX_SEEDS) break;
  }
  return out;
}
