/** Matching with small records written here: OSV range semantics, aliases, withdrawn, NVD configurations. */
import { describe, expect, it } from 'vitest';
import { parseNvd } from '../nvd/parse.ts';
import { parseOsv } from '../osv/parse.ts';
import { vulnerabilityDataFromRecords } from '../index.ts';
import type { VulnRecord } from '../model.ts';

function osv(o: Record<string, unknown>): VulnRecord {
  const r = parseOsv({ modified: '2024-01-01T00:00:00Z', ...o });
  if (!r.ok) throw new Error(r.reason);
  return r.record;
}

function nvd(id: string, configurations: unknown[], score = 9.8): VulnRecord {
  const r = parseNvd({
    id,
    lastModified: '2024-01-01T00:00:00.000',
    descriptions: [{ lang: 'en', value: `${id} description` }],
    metrics: { cvssMetricV31: [{ type: 'Primary', cvssData: { baseScore: score, baseSeverity: 'CRITICAL', vectorString: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' } }] },
    configurations,
  });
  if (!r.ok) throw new Error(r.reason);
  return r.record;
}

const pkg = (ecosystem: string, name: string, ranges: unknown[], versions?: string[]) => ({ package: { ecosystem, name }, ranges, ...(versions ? { versions } : {}) });

describe('OSV ranges', () => {
  const data = vulnerabilityDataFromRecords([
    osv({ id: 'GHSA-aaaa', aliases: ['CVE-2020-0001'], summary: 'two ranges', affected: [pkg('npm', 'lib', [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '1.0.0' }, { introduced: '2.0.0' }, { fixed: '2.0.5' }] }])] }),
    osv({ id: 'PYSEC-1', aliases: ['CVE-2021-0002'], affected: [pkg('PyPI', 'Django_Thing', [{ type: 'ECOSYSTEM', events: [{ introduced: '1.0' }, { last_affected: '1.4.2' }] }])] }),
    osv({ id: 'GHSA-bbbb', aliases: ['CVE-2021-0002'], summary: 'same CVE from GitHub', database_specific: { severity: 'HIGH' }, affected: [pkg('PyPI', 'django-thing', [{ type: 'ECOSYSTEM', events: [{ introduced: '1.0' }, { fixed: '1.4.3' }] }])] }),
    osv({ id: 'GO-1', affected: [pkg('Go', 'example.com/mod', [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '1.2.4-0.20200101000000-abcdefabcdef' }] }])] }),
    osv({ id: 'GHSA-list', affected: [pkg('Maven', 'org.x:y', [], ['1.0', '1.1'])] }),
    osv({ id: 'GHSA-gone', withdrawn: '2024-02-01T00:00:00Z', affected: [pkg('npm', 'lib', [{ type: 'SEMVER', events: [{ introduced: '0' }] }])] }),
    osv({ id: 'RUSTSEC-git', affected: [pkg('crates.io', 'c', [{ type: 'GIT', repo: 'x', events: [{ introduced: '0' }] }], ['0.1.0'])] }),
  ]);

  it('introduced/fixed pairs, with the next fixed version reported', async () => {
    const res = await data.matchPackages([
      { ecosystem: 'npm', name: 'lib', version: '0.9.0' },
      { ecosystem: 'npm', name: 'lib', version: '1.0.0' },
      { ecosystem: 'npm', name: 'lib', version: '2.0.0-rc.1' },
      { ecosystem: 'npm', name: 'lib', version: '2.0.4' },
      { ecosystem: 'npm', name: 'lib', version: '2.0.5' },
    ]);
    expect(res.map((r) => r.vulnerabilities.map((v) => v.id))).toEqual([['CVE-2020-0001'], [], [], ['CVE-2020-0001'], []]);
    expect(res[0]!.vulnerabilities[0]!.fixed).toEqual(['1.0.0']);
    expect(res[3]!.vulnerabilities[0]!.fixed).toEqual(['2.0.5']);
    expect(res[0]!.vulnerabilities[0]!.ids).toEqual(['CVE-2020-0001', 'GHSA-aaaa']);
  });

  it('last_affected includes its version; records of one CVE merge; PyPI names normalise', async () => {
    const res = await data.matchPackages([
      { ecosystem: 'PyPI', name: 'django.thing', version: '1.4.2' },
      { ecosystem: 'PyPI', name: 'Django-Thing', version: '1.4.2.post1' },
      { ecosystem: 'PyPI', name: 'django-thing', version: '1.4.3' },
      { ecosystem: 'PyPI', name: 'django-thing', version: '1.0rc1' },
    ]);
    const v = res[0]!.vulnerabilities;
    expect(v).toHaveLength(1);
    expect(v[0]!.ids).toEqual(['CVE-2021-0002', 'GHSA-bbbb', 'PYSEC-1']);
    expect(v[0]!.records.sort()).toEqual(['GHSA-bbbb', 'PYSEC-1']);
    expect(v[0]!.level).toBe('high');
    expect(v[0]!.summary).toBeTruthy();
    // 1.4.2.post1 is after last_affected 1.4.2 (PYSEC no longer) but before GHSA's fixed 1.4.3.
    expect(res[1]!.vulnerabilities[0]!.records).toEqual(['GHSA-bbbb']);
    expect(res[2]!.vulnerabilities).toEqual([]);
    expect(res[3]!.vulnerabilities).toEqual([]);
  });

  it('Go pseudo-versions and v prefixes', async () => {
    const res = await data.matchPackages([
      { ecosystem: 'Go', name: 'example.com/mod', version: 'v1.2.3' },
      { ecosystem: 'Go', name: 'example.com/mod', version: 'v1.2.4-0.20191231000000-abcdefabcdef' },
      { ecosystem: 'Go', name: 'example.com/mod', version: 'v1.2.4' },
    ]);
    expect(res.map((r) => r.vulnerabilities.length)).toEqual([1, 1, 0]);
  });

  it('explicit versions lists; GIT ranges alone never match by version; withdrawn never matches', async () => {
    const res = await data.matchPackages([
      { ecosystem: 'Maven', name: 'org.x:y', version: '1.1' },
      { ecosystem: 'Maven', name: 'org.x:y', version: '1.2' },
      { ecosystem: 'crates.io', name: 'c', version: '0.1.0' },
      { ecosystem: 'crates.io', name: 'c', version: '0.2.0' },
      { ecosystem: 'npm', name: 'lib', version: '3.0.0' },
      { ecosystem: 'npm', name: 'other', version: '1.0.0' },
    ]);
    expect(res.map((r) => r.vulnerabilities.map((v) => v.id))).toEqual([['GHSA-list'], [], ['RUSTSEC-git'], [], [], []]);
  });

  it('purls', async () => {
    const [a, b] = await data.matchPurls(['pkg:maven/org.x/y@1.0', 'not a purl']);
    expect(a!.vulnerabilities.map((v) => v.id)).toEqual(['GHSA-list']);
    expect(b!.vulnerabilities).toEqual([]);
  });
});

describe('NVD configurations', () => {
  const data = vulnerabilityDataFromRecords([
    nvd('CVE-2016-0001', [{ nodes: [{ operator: 'OR', cpeMatch: [{ vulnerable: true, criteria: 'cpe:2.3:a:busybox:busybox:*:*:*:*:*:*:*:*', versionEndIncluding: '1.24.2' }] }] }]),
    nvd('CVE-2017-0002', [{ nodes: [{ operator: 'OR', cpeMatch: [{ vulnerable: true, criteria: 'cpe:2.3:a:openssl:openssl:1.0.2k:*:*:*:*:*:*:*' }, { vulnerable: true, criteria: 'cpe:2.3:a:openssl:openssl:*:*:*:*:*:*:*:*', versionStartIncluding: '1.1.0', versionEndExcluding: '1.1.0h' }] }] }]),
    nvd('CVE-2018-0003', [
      {
        operator: 'AND',
        nodes: [
          { operator: 'OR', cpeMatch: [{ vulnerable: true, criteria: 'cpe:2.3:o:tp-link:tl-wr841n_firmware:*:*:*:*:*:*:*:*', versionEndExcluding: '3.16.9' }] },
          { operator: 'OR', cpeMatch: [{ vulnerable: false, criteria: 'cpe:2.3:h:tp-link:tl-wr841n:v8:*:*:*:*:*:*:*' }] },
        ],
      },
    ]),
    nvd('CVE-2019-0004', [{ nodes: [{ operator: 'OR', cpeMatch: [{ vulnerable: true, criteria: 'cpe:2.3:o:linux:linux_kernel:*:*:*:*:*:*:*:*', versionStartIncluding: '2.6.22', versionEndExcluding: '4.8.3' }, { vulnerable: true, criteria: 'cpe:2.3:o:debian:debian_linux:8.0:*:*:*:*:*:*:*' }] }] }]),
  ]);

  it('version bounds (including / excluding) and exact versions with patch letters', async () => {
    const q = (name: string, v: string) => data.matchCpe(data.cpesForComponent(name, v)[0]!).then((r) => r.map((x) => x.id));
    expect(await q('busybox', '1.24.2')).toEqual(['CVE-2016-0001']);
    expect(await q('busybox', '1.24.3')).toEqual([]);
    expect(await q('openssl', '1.0.2k')).toEqual(['CVE-2017-0002']);
    expect(await q('openssl', '1.0.2l')).toEqual([]);
    expect(await q('libssl', '1.1.0g')).toEqual(['CVE-2017-0002']);
    expect(await q('openssl', '1.1.0h')).toEqual([]);
    expect(await q('linux kernel', '4.4.0')).toEqual(['CVE-2019-0004']);
    expect(await q('linux', '2.6.21')).toEqual([]);
  });

  it('AND configurations: a condition without context, decided with the hardware as context', async () => {
    const [fw, hw] = data.cpesForDevice('TP-Link', 'TL-WR841N', 'v3.16.8');
    expect(fw).toEqual({ vendor: 'tp-link', product: 'tl-wr841n_firmware', version: '3.16.8', part: 'o' });
    const alone = await data.matchCpe(fw!);
    expect(alone.map((v) => v.id)).toEqual(['CVE-2018-0003']);
    expect(alone[0]!.conditions).toEqual(['cpe:2.3:h:tp-link:tl-wr841n:v8:*:*:*:*:*:*:*']);
    const withHw = await data.matchCpe(fw!, [hw!]);
    expect(withHw[0]!.conditions).toEqual([]);
    // Another model named in the context: the configuration does not apply.
    expect(await data.matchCpe(fw!, [{ vendor: 'tp-link', product: 'tl-wr841n', version: 'v9', part: 'h' }])).toEqual([]);
    expect(await data.matchCpe({ ...fw!, version: '3.16.9' }, [hw!])).toEqual([]);
  });

  it('unknown component names give no CPE', () => {
    expect(data.cpesForComponent('no-such-thing', '1.0')).toEqual([]);
    expect(data.cpesForComponent('Dropbear', 'v2019.78')).toEqual([{ vendor: 'dropbear_ssh_project', product: 'dropbear_ssh', version: '2019.78', part: 'a' }]);
  });
});

describe('hostile records', () => {
  it('are refused with a reason, never thrown', () => {
    for (const bad of [null, 42, [], {}, { id: 'X' }, { id: 'X', modified: 'not a date' }, { id: 'X', modified: '2024-01-01T00:00:00Z', affected: 'nope' }]) {
      const r = parseOsv(bad);
      expect(r.ok).toBe(false);
    }
    expect(parseNvd({ id: '../../etc', lastModified: '2024-01-01' }).ok).toBe(false);
  });
});
