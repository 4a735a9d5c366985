import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engine, type ScaTarget } from '../index.ts';
import { EOL_SOURCE, eolOfComponent, eolOfProduct, eolOfRelease } from './index.ts';
import { isRuntimeFile, runtimesOf } from './runtime.ts';

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

  it('reads the runtimes a project names: version files, .tool-versions, runtime.txt and Dockerfile base images', () => {
    const f = (path: string, text: string) => ({ path, bytes: new TextEncoder().encode(text) });
    const got = runtimesOf([
      f('.nvmrc', 'v14.17.0\n'),
      f('api/.python-version', '3.8.10'),
      f('runtime.txt', 'python-3.7.9'),
      f('.tool-versions', 'nodejs 16.20.0\nruby 2.7.2\nterraform 1.0.0\n'),
      f('docker/Dockerfile', 'FROM --platform=linux/amd64 docker.io/library/node:18-alpine AS build\nFROM python:3.12-slim\nFROM golang@sha256:abc\nFROM nginx:1.25\nFROM php:latest\n'),
      f('.nvmrc.bak', '12'),
      f('node_modules/x/.nvmrc', '10'),
    ]);
    expect(got.map((r) => `${r.runtime} ${r.version} ${r.file}`).sort()).toEqual(['node 14.17.0 .nvmrc', 'node 16.20.0 .tool-versions', 'node 18 docker/Dockerfile', 'python 3.12 docker/Dockerfile', 'python 3.7.9 runtime.txt', 'python 3.8.10 api/.python-version', 'ruby 2.7.2 .tool-versions']);
    expect(isRuntimeFile('node_modules/x/.nvmrc')).toBe(false);
    expect(isRuntimeFile('services/web.Dockerfile')).toBe(true);
    // Node 14 ended 2023-04-30 per endoflife.date.
    expect(eolOfComponent('runtime', 'node', '14.17.0', '2025-01-01')).toMatchObject({ product: 'nodejs', cycle: '14', ended: true });
    expect(eolOfComponent('runtime', 'python', '3.8.10', '2025-01-01')).toMatchObject({ product: 'python', cycle: '3.8', ended: true });
  });

  it('reports an ended runtime named by the project', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sca-rt-'));
    writeFileSync(join(dir, 'requirements.txt'), 'requests==2.31.0\n');
    writeFileSync(join(dir, 'Dockerfile'), 'FROM python:3.6-slim\nCOPY . /app\n');
    const a = await engine.run({ files: [{ path: dir, name: 'proj' }] }, {}, { now: () => new Date('2025-06-01T00:00:00Z') });
    const t = a.target as unknown as ScaTarget;
    expect(t.runtimes).toEqual([expect.objectContaining({ runtime: 'python', version: '3.6', file: 'Dockerfile', eol: expect.objectContaining({ cycle: '3.6', ended: true }) })]);
    expect(a.findings.find((x) => x.ruleId === 'sca.inventory.eol')!.evidence.map((e) => e.snippet)).toEqual(['Python 3.6']);
  });
});
