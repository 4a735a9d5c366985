import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engine, type ScaTarget } from '../index.ts';
import { EOL_SOURCE, eolOfComponent, eolOfProduct, eolOfRelease } from './index.ts';

describe('end of life (endoflife.date facts)', () => {
  it('names its source and matches versions to release cycles on a given day', () => {
    expect(EOL_SOURCE.source).toMatch(/endoflife\.date/);
    expect(EOL_SOURCE.commit).toMatch(/^[0-9a-f]{40}$/);
    // Django 3.2 LTS ended 2024-04-01 per endoflife.date.
    const dj = eolOfComponent('PyPI', 'Django', '3.2.18', '2025-01-01')!;
    expect(dj).toMatchObject({ product: 'django', cycle: '3.2', ended: true });
    expect(eolOfComponent('PyPI', 'django', '3.2.18', '2020-01-01')!.ended).toBe(false);
    // Spring Boot by any of its listed starters.
    expect(eolOfComponent('Maven', 'org.springframework.boot:spring-boot-starter-web', '2.5.4', '2025-01-01')).toMatchObject({ product: 'spring-boot', cycle: '2.5', ended: true });
    // Go's standard library by the Go release.
    expect(eolOfComponent('Go', 'stdlib', '1.21.10', '2025-01-01')).toMatchObject({ product: 'go', cycle: '1.21', ended: true });
    // Unknown products and unpinned versions give nothing.
    expect(eolOfComponent('npm', 'left-pad', '1.0.0', '2025-01-01')).toBeUndefined();
    expect(eolOfComponent('PyPI', 'django', '', '2025-01-01')).toBeUndefined();
    // Older than every cycle listed: ended, no date.
    const old = eolOfProduct('go', '1.0.3', '2025-01-01');
    expect(old === undefined || old.ended).toBe(true);
  });

  it('reads distribution releases exactly', () => {
    expect(eolOfRelease('Debian:10', '2025-01-01')).toMatchObject({ product: 'debian', cycle: '10', ended: true });
    expect(eolOfRelease('Alpine:v3.18', '2020-01-01')).toMatchObject({ product: 'alpine-linux', cycle: '3.18', ended: false });
    expect(eolOfRelease('Debian', '2025-01-01')).toBeUndefined();
    expect(eolOfRelease('npm', '2025-01-01')).toBeUndefined();
  });

  it('reports ended releases as findings and keeps the fact on the component', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sca-eol-'));
    const files = { 'requirements.txt': 'Django==1.11.29\nrequests==2.31.0\n', 'var/lib/dpkg/status': 'Package: bash\nStatus: install ok installed\nVersion: 5.0-4\n\n', 'etc/os-release': 'ID=debian\nVERSION_ID="10"\n' };
    for (const [n, d] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, n)), { recursive: true });
      writeFileSync(join(dir, n), d);
    }
    const a = await engine.run({ files: [{ path: dir, name: 'proj' }] }, {}, { now: () => new Date('2025-06-01T00:00:00Z') });
    const t = a.target as unknown as ScaTarget;
    const dj = t.components.find((c) => c.name === 'Django')!;
    expect(dj.eol).toMatchObject({ product: 'django', ended: true });
    expect(t.components.find((c) => c.name === 'requests')!.eol).toBeUndefined();
    expect(t.releases).toEqual([expect.objectContaining({ ecosystem: 'Debian:10', eol: expect.objectContaining({ ended: true }) })]);
    const item = a.findings.find((r) => r.ruleId === 'sca.inventory.eol')!;
    expect(item.result).toBe('fail');
    expect(item.evidence.map((e) => e.snippet)).toEqual(expect.arrayContaining(['Django@1.11.29', 'Debian 10']));
  });
});
