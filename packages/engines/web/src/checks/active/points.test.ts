import { describe, expect, it } from 'vitest';
import type { CrawledPage, CrawlResult } from '../../crawl/crawler.ts';
import { Scope } from '../../crawl/scope.ts';
import type { HttpResponse } from '../../net/http-client.ts';
import { injectionPoints } from './points.ts';

const origin = 'http://127.0.0.1:8000';
const page = (url: string): CrawledPage => ({ url, depth: 1, response: { url } as HttpResponse });

describe('injection points', () => {
  it('takes query parameters and form fields in turn, so many query URLs do not crowd out the forms', () => {
    const crawl: CrawlResult = {
      pages: Array.from({ length: 200 }, (_, i) => page(`${origin}/p${i}?id=${i}`)),
      forms: [{ action: `${origin}/lang`, method: 'GET', enctype: '', page: `${origin}/lang`, fields: [{ name: 'default', type: 'select', value: '' }] }],
      problems: [],
      limited: true,
    };
    const points = injectionPoints(crawl, new Scope(new URL(origin), { sameOrigin: true, include: [], exclude: [] }));
    expect(points.length).toBe(80);
    expect(points.filter((p) => p.source === 'form').map((p) => p.name)).toEqual(['default']);
    expect(points[0]!.url).toBe(`${origin}/p0?id=0`);
  });
});
