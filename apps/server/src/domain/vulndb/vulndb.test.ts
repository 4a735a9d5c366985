/**
 * System → 漏洞库 on a real database (both dialects): a zip built here is
 * imported as an upload and as a server folder (background job, progress,
 * incremental by modified date, bad records counted), the look-ups answer from
 * the database, engines' descriptor opens the same data, and the permission
 * rules hold (view grant reads; only admin changes the data). The shared real
 * datasets are imported too when present.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip } from '@citadel/engine-core';
import { openVulnerabilityData } from '@citadel/vulndb';
import { DIALECTS, TEST_ADMIN_PASSWORD, login, post, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { TEST_USER_PASSWORD, createUser } from '../../test-support/users.ts';
import { until } from '../../test-support/until.ts';
import { vulnDataDescriptor } from './descriptor.ts';

const DATASETS = fileURLToPath(new URL('../../../../../../shared/datasets', import.meta.url));

const osv = (id: string, modified: string, name: string, fixed: string, extra: object = {}) =>
  JSON.stringify({ id, modified, aliases: [`CVE-2099-${id.slice(-4)}`], summary: `${name} issue`, affected: [{ package: { ecosystem: 'npm', name }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed }] }] }], ...extra });

function npmZip(modified: string, fixed = '1.2.0'): Buffer {
  return buildZip([
    { name: 'GHSA-test-0001.json', data: osv('GHSA-test-0001', modified, 'left-pad-x', fixed) },
    { name: 'GHSA-test-0002.json', data: osv('GHSA-test-0002', '2024-01-01T00:00:00Z', 'right-pad-x', '2.0.0') },
    { name: 'broken.json', data: '{ not json' },
    { name: 'README.txt', data: 'ignored' },
  ]);
}

function multipart(name: string, content: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----citadelvulndb';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/zip\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(DIALECTS)('vulnerability data on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let viewer: Record<string, string>;
  let stranger: Record<string, string>;
  let tmp: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { CITADEL_EMBEDDED_WORKER: '0' });
    admin = (await login(t, 'admin', TEST_ADMIN_PASSWORD)).headers;
    await createUser(t, 'vd-view', { grants: [{ resources: 'vulnData', operations: ['view', 'edit'] }] });
    await createUser(t, 'vd-none', { grants: [{ resources: 'auditLog', operations: ['view'] }] });
    viewer = (await login(t, 'vd-view', TEST_USER_PASSWORD)).headers;
    stranger = (await login(t, 'vd-none', TEST_USER_PASSWORD)).headers;
    tmp = await mkdtemp(path.join(os.tmpdir(), 'citadel-vulndb-'));
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  const overview = async (h = admin) => (await post(t.app, '/vulndb/overview', {}, h)).body.data;
  const waitJob = () => until(() => overview(), (o) => o.job && o.job.status !== 'running');

  it('imports an uploaded zip in the background, counting bad records', async () => {
    const { payload, headers } = multipart('npm-all.zip', npmZip('2024-01-01T00:00:00Z'));
    const res = await t.app.inject({ method: 'POST', url: '/vulndb/import/upload', payload, headers: { ...admin, ...headers } });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).data.status).toBe('running');
    const o = await waitJob();
    expect(o.job).toMatchObject({ status: 'finished', kind: 'upload', label: 'npm-all.zip', read: 2, added: 2, bad: 1, percentage: 100 });
    expect(o.job.badExamples[0].file).toMatch(/broken\.json$/);
    expect(o.sources).toEqual([expect.objectContaining({ source: 'osv:npm', records: 2, bad: 1 })]);
    expect(o.sources[0].lastImportAt).toBeGreaterThan(0);
    expect(o.total).toBe(2);
  });

  it('re-imports incrementally: only records with a newer modified date are written', async () => {
    await writeFile(path.join(tmp, 'all.zip'), npmZip('2024-01-01T00:00:00Z'));
    expect((await post(t.app, '/vulndb/import/folder', { path: tmp }, admin)).status).toBe(200);
    expect((await waitJob()).job).toMatchObject({ status: 'finished', kind: 'folder', read: 2, added: 0, updated: 0, unchanged: 2 });
    await writeFile(path.join(tmp, 'all.zip'), npmZip('2024-06-01T00:00:00Z', '1.3.0'));
    await post(t.app, '/vulndb/import/folder', { path: tmp }, admin);
    expect((await waitJob()).job).toMatchObject({ read: 2, added: 0, updated: 1, unchanged: 1 });
    const q = (await post(t.app, '/vulndb/query', { purl: 'pkg:npm/left-pad-x@1.2.5' }, admin)).body.data;
    expect(q.vulnerabilities.map((v: { id: string }) => v.id)).toEqual(['CVE-2099-0001']);
    expect(q.vulnerabilities[0].fixed).toEqual(['1.3.0']);
    expect(q.vulnerabilities[0].ids).toEqual(['CVE-2099-0001', 'GHSA-test-0001']);
  });

  it('engines open the same data through the worker descriptor', async () => {
    if (dialect === 'postgres') return; // the test schema is private to the app's pool; the SQLite path is the portal's file
    const data = await openVulnerabilityData(vulnDataDescriptor(t.services.config));
    try {
      const [m] = await data.matchPackages([{ ecosystem: 'npm', name: 'right-pad-x', version: '1.0.0' }]);
      expect(m!.vulnerabilities.map((v) => v.id)).toEqual(['CVE-2099-0002']);
    } finally {
      await data.close();
    }
  });

  it('refuses bad input with catalogue errors', async () => {
    expect((await post(t.app, '/vulndb/import/folder', { path: path.join(tmp, 'nope') }, admin)).body.error).toBe('not_found');
    expect((await post(t.app, '/vulndb/query', { purl: 'not-a-purl' }, admin)).body.error).toBe('illegal_parameter');
    expect((await post(t.app, '/vulndb/query', {}, admin)).body.error).toBe('bad_request_parameters');
    expect((await post(t.app, '/vulndb/mirror', { url: 'file:///etc/passwd', interval_hours: 1 }, admin)).body.error).toBe('illegal_parameter');
    const { payload, headers } = multipart('evil.exe', Buffer.from('MZ'));
    const res = await t.app.inject({ method: 'POST', url: '/vulndb/import/upload', payload, headers: { ...admin, ...headers } });
    expect(JSON.parse(res.body).error).toBe('illegal_parameter');
  });

  it('view grant reads, only admin changes; no grant, no access', async () => {
    expect((await post(t.app, '/vulndb/overview', {}, viewer)).status).toBe(200);
    expect((await post(t.app, '/vulndb/query', { component: 'busybox', version: '1.01' }, viewer)).status).toBe(200);
    expect((await post(t.app, '/vulndb/import/folder', { path: tmp }, viewer)).body.error).toBe('unauthorized_operation');
    expect((await post(t.app, '/vulndb/mirror', { url: '', interval_hours: 0 }, viewer)).body.error).toBe('unauthorized_operation');
    expect((await post(t.app, '/vulndb/overview', {}, stranger)).status).toBe(403);
    expect((await post(t.app, '/vulndb/query', { purl: 'pkg:npm/left-pad-x@1.0.0' }, stranger)).status).toBe(403);
  });

  it('keeps mirror settings (off by default) and imports from the mirror on demand', async () => {
    expect((await overview()).mirror).toEqual({ url: '', intervalHours: 0 });
    // A local mirror on the loopback serving one zip.
    const body = buildZip([{ name: 'GHSA-test-0003.json', data: osv('GHSA-test-0003', '2024-02-01T00:00:00Z', 'mirror-pkg-x', '3.0.0') }]);
    const server = http.createServer((req, res) => {
      if (req.url?.split('?')[0] === '/osv/npm/all.zip') res.writeHead(200, { 'content-type': 'application/zip' }).end(body);
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/osv/npm/all.zip?token=secret`;
      const saved = (await post(t.app, '/vulndb/mirror', { url, interval_hours: 24 }, admin)).body.data;
      expect(saved).toEqual({ url, intervalHours: 24 });
      expect((await post(t.app, '/vulndb/import/mirror', {}, admin)).status).toBe(200);
      const o = await waitJob();
      expect(o.job.error ?? '').toBe('');
      expect(o.job).toMatchObject({ status: 'finished', kind: 'mirror', added: 1 });
      // The job shows the mirror without its query (tokens travel there).
      expect(o.job.label).not.toContain('secret');
      expect(o.mirror.lastFetchAt).toBeGreaterThan(0);
    } finally {
      server.close();
      await post(t.app, '/vulndb/mirror', { url: '', interval_hours: 0 }, admin);
    }
  });

  it.skipIf(!existsSync(`${DATASETS}/osv/npm/all.zip`))('imports the shared datasets and answers marked 0.3.5 and busybox 1.01', async () => {
    await post(t.app, '/vulndb/import/folder', { path: DATASETS }, admin);
    const o = await until(() => overview(), (x) => x.job && x.job.status !== 'running', 120_000, 500);
    expect(o.job.status).toBe('finished');
    expect(o.job.bad).toBe(2);
    const by = Object.fromEntries(o.sources.map((s: { source: string; records: number }) => [s.source, s.records]));
    expect(by['nvd']).toBe(67);
    expect(by['osv:PyPI']).toBeGreaterThan(2500);
    const marked = (await post(t.app, '/vulndb/query', { purl: 'pkg:npm/marked@0.3.5' }, admin)).body.data;
    expect(marked.vulnerabilities.map((v: { id: string }) => v.id).sort()).toEqual(['CVE-2016-10531', 'CVE-2017-1000427', 'CVE-2017-16114', 'CVE-2022-21680', 'CVE-2022-21681']);
    const busybox = (await post(t.app, '/vulndb/query', { component: 'busybox', version: '1.01' }, admin)).body.data;
    expect(busybox.vulnerabilities.map((v: { id: string }) => v.id).sort()).toEqual(['CVE-2016-2147', 'CVE-2018-1000517', 'CVE-2022-28391', 'CVE-2022-48174']);
  }, 180_000);
});
