/**
 * The shared real datasets (../shared/datasets, never committed): the query API
 * answers pkg:npm/marked@0.3.5 and busybox 1.01 with the right records. Skips
 * when the datasets are absent.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openVulnerabilityData, type VulnerabilityData } from './index.ts';

const DATASETS = fileURLToPath(new URL('../../../../shared/datasets', import.meta.url));
const present = existsSync(`${DATASETS}/osv/npm/all.zip`) && existsSync(`${DATASETS}/cve/nvd-subset.zip`);

describe.skipIf(!present)('shared datasets read as a folder', () => {
  let data: VulnerabilityData;
  beforeAll(async () => {
    data = await openVulnerabilityData({ kind: 'folder', path: DATASETS });
  }, 60_000);
  afterAll(() => data?.close());

  it('pkg:npm/marked@0.3.5 has the marked advisories published for 0.3.5, merged with their CVEs', async () => {
    const [m] = await data.matchPurls(['pkg:npm/marked@0.3.5']);
    const ids = m!.vulnerabilities.map((v) => v.id).sort();
    // GitHub-reviewed advisories of marked in the dataset whose ranges contain 0.3.5.
    expect(ids).toEqual(['CVE-2016-10531', 'CVE-2017-1000427', 'CVE-2017-16114', 'CVE-2022-21680', 'CVE-2022-21681']);
    const xss = m!.vulnerabilities.find((v) => v.id === 'CVE-2016-10531')!;
    expect(xss.ids).toContain('GHSA-vfvf-mqq8-rwqc');
    expect(xss.fixed).toEqual(['0.3.6']);
    const redos = m!.vulnerabilities.find((v) => v.id === 'CVE-2022-21680')!;
    expect(redos.score).toBe(7.5);
    expect(redos.level).toBe('high');
    expect(redos.fixed).toEqual(['4.0.10']);
  });

  it('a fixed marked version is clean of the old advisories', async () => {
    const [m] = await data.matchPurls(['pkg:npm/marked@4.0.10']);
    expect(m!.vulnerabilities.map((v) => v.id)).toEqual([]);
  });

  it('busybox 1.01 has the busybox CVEs whose ranges reach back to it, and not the later-introduced ones', async () => {
    const queries = data.cpesForComponent('busybox', '1.01');
    expect(queries).toEqual([{ vendor: 'busybox', product: 'busybox', version: '1.01', part: 'a' }]);
    const ids = (await data.matchCpe(queries[0]!)).map((v) => v.id).sort();
    // CVE-2016-2147 (≤ 1.24.2), CVE-2018-1000517 (< 1.29.0), CVE-2022-28391 (≤ 1.35.0), CVE-2022-48174 (< 1.36.0);
    // CVE-2021-28831 (1.32.0–1.32.1) and CVE-2021-42374 (1.27.0–1.33.1) start later.
    expect(ids).toEqual(['CVE-2016-2147', 'CVE-2018-1000517', 'CVE-2022-28391', 'CVE-2022-48174']);
    const ids133 = (await data.matchCpe(data.cpesForComponent('busybox', '1.33.0')[0]!)).map((v) => v.id).sort();
    expect(ids133).toEqual(['CVE-2021-42374', 'CVE-2022-28391', 'CVE-2022-48174']);
  });

  it('counts records per source and the dataset\'s bad records', async () => {
    const stats = await data.stats();
    const by = Object.fromEntries(stats.map((s) => [s.source, s]));
    expect(by['nvd']!.records).toBe(67);
    expect(by['osv:Go']!.records).toBeGreaterThan(4000);
    // Two RubyGems records of the dataset have no derivable affected range (its conversion note says so).
    expect(by['osv:RubyGems']!.bad).toBe(2);
  });
});
