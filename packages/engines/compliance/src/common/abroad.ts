/**
 * `transfer.abroad`: constant endpoint addresses whose host is operated outside
 * mainland China (data/host-countries.ts), each with who is responsible — a
 * static hint of personal information leaving the country, for every platform
 * that collects its endpoints. Hosts the data cannot place are counted, not judged.
 */
import type { Attribution, Evidence } from '@citadel/contracts';
import type { KeyedCheckContext } from '@citadel/engine-core';
import { hostCountry, isAbroad } from '../data/host-countries.ts';

export interface Endpoint {
  host: string;
  url: string;
  evidence: Evidence;
  attribution: Attribution;
}

const LOCAL = /^(?:localhost|127\.|10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.|0\.0\.0\.0|\[?::1)|\.(?:local|lan|internal|example|test|invalid)$/i;

export async function abroadCheck(c: KeyedCheckContext, endpoints: Iterable<Endpoint>): Promise<void> {
  await c.run(['transfer.abroad'], () => {
    let unknown = 0;
    let judged = 0;
    let abroad = 0;
    // The app's own addresses first: evidence lists are capped, and the app's choices matter most.
    const sorted = [...endpoints].filter((e) => !LOCAL.test(e.host)).sort((a, b) => Number(a.attribution.kind === 'sdk') - Number(b.attribution.kind === 'sdk'));
    for (const e of sorted) {
      const where = hostCountry(e.host);
      if (!where) {
        unknown++;
        continue;
      }
      judged++;
      if (!isAbroad(where.country)) continue;
      abroad++;
      c.problem('transfer.abroad', { ...e.evidence, snippet: e.url.slice(0, 300), detail: `${e.host}: ${where.country} (${where.basis})`, attribution: e.attribution }, { attribution: e.attribution });
    }
    if (abroad === 0) c.safe('transfer.abroad', [{ detail: `${judged} hosts placed by the bundled data; ${unknown} not placed (no country known, IP addresses included), not judged` }]);
  });
}
