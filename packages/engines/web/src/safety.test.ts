import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { EngineInputError, OIDS, buildTestCertificate } from '@citadel/engine-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from './engine.ts';
import { NetworkPolicy } from './net/policy.ts';
import { type Running, startHostileHttp, startNonsenseTcp } from './testing/hostile.ts';
import { startTestSite } from './testing/test-site.ts';

const BOUNDS = { allowNetworks: '127.0.0.1', rate: '0', requestTimeoutMs: '2500', idleTimeoutMs: '1500', maxBodyBytes: '1048576', maxRedirects: '5', seeds: 'false' };

describe('network policy', () => {
  it('denies link-local, metadata and 0.0.0.0/8 by default; loopback and private ranges only when allowed', () => {
    const p = new NetworkPolicy();
    for (const a of ['169.254.169.254', '169.254.1.1', 'fe80::1', '0.0.0.0', '0.1.2.3', '::ffff:169.254.169.254', '127.0.0.1', '::1', '10.0.0.1', '192.168.1.1', '172.16.0.1', '100.100.100.200', '224.0.0.1']) {
      expect(p.check(a).ok, a).toBe(false);
    }
    expect(p.check('93.184.216.34').ok).toBe(true);
    expect(new NetworkPolicy({ allowLoopback: true }).check('127.0.0.1').ok).toBe(true);
    expect(new NetworkPolicy({ allowPrivate: true }).check('10.1.2.3').ok).toBe(true);
    expect(new NetworkPolicy({ allowPrivate: true }).check('169.254.169.254').ok).toBe(false);
    expect(new NetworkPolicy({ allow: ['127.0.0.1/32'] }).check('127.0.0.1').ok).toBe(true);
    expect(new NetworkPolicy({ allow: ['127.0.0.1/32'] }).check('127.0.0.2').ok).toBe(false);
    expect(new NetworkPolicy({ allow: ['0.0.0.0/0'], deny: ['8.8.8.0/24'] }).check('8.8.8.8').ok).toBe(false);
    expect(() => new NetworkPolicy({ allow: ['nonsense'] })).toThrow(/not an address/);
  });
});

describe('hostile targets', () => {
  let hostile: Running;
  let nonsense: Running;
  beforeAll(async () => {
    [hostile, nonsense] = await Promise.all([startHostileHttp(), startNonsenseTcp()]);
  });
  afterAll(async () => {
    await hostile?.close();
    await nonsense?.close();
  });

  it('bounds a redirect loop, a 1 GB body, a 1 byte/s drip and refuses a redirect to 169.254.169.254, and still reports', async () => {
    const a = await engine.run({ files: [], url: hostile.url }, { params: BOUNDS }, {});
    const reasons = Object.fromEntries(a.unreadable.map((u) => [new URL(u.file).pathname, u.reason]));
    expect(reasons['/loop']).toMatch(/^redirects: more than 5 redirects/);
    expect(reasons['/huge']).toMatch(/^truncated: response larger than 1048576 bytes/);
    expect(reasons['/drip']).toMatch(/^timeout: no complete answer within 2500 ms/);
    expect(reasons['/meta']).toMatch(/^policy: refused by the network policy: 169\.254\.169\.254 is a cloud metadata address/);
    // The server wrote far less than its gigabyte: the client stopped reading at the cap.
    expect(hostile.stats.hugeBytesWritten).toBeLessThan(64 << 20);
    expect(a.findings.find((f) => f.ruleId === 'web.headers.csp_missing')?.result).toBe('fail');
  }, 30_000);

  it('fails with a clear reason when the start URL is hostile', async () => {
    const run = (url: string) => engine.run({ files: [], url }, { params: BOUNDS }, {}).then(() => new EngineInputError("corrupt", "scan finished"), (e: unknown) => e as EngineInputError);
    const [tcp, drip, meta, loop] = await Promise.all([run(nonsense.url), run(`${hostile.url}drip`), run(`${hostile.url}meta`), run(`${hostile.url}loop`)]);
    for (const e of [tcp, drip, meta, loop]) expect(e).toBeInstanceOf(EngineInputError);
    expect(tcp).toMatchObject({ code: 'unreachable', message: expect.stringMatching(/did not answer HTTP/) });
    expect(drip.message).toMatch(/timeout: no complete answer/);
    expect(meta.message).toMatch(/169\.254\.169\.254/);
    expect(loop.message).toMatch(/more than 5 redirects/);
    await expect(engine.run({ files: [], url: 'http://169.254.169.254/latest/meta-data/' }, { params: { allowPrivate: 'true' } }, {})).rejects.toMatchObject({ code: 'unreachable', message: expect.stringMatching(/metadata/) });
  }, 30_000);

  it('cancels a scan stuck on a slow-drip page within a second', async () => {
    const ctrl = new AbortController();
    const run = engine.run({ files: [], url: `${hostile.url}drip` }, { params: { ...BOUNDS, requestTimeoutMs: '600000', idleTimeoutMs: '600000' } }, { signal: ctrl.signal });
    setTimeout(() => ctrl.abort(new Error('cancelled')), 500);
    const outcome = await Promise.race([run.then(() => 'finished', (e: Error) => e.message), new Promise((r) => setTimeout(() => r('hung'), 5500))]);
    expect(outcome).toBe('cancelled');
  });
});

describe('TLS checks', () => {
  it('reports an untrusted, expired certificate for the wrong host name', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const der = buildTestCertificate({
      subject: [[OIDS.commonName, 'wrong.example']],
      publicKey,
      signingKey: privateKey,
      algorithm: 'sha256WithRSA',
      notBefore: new Date('2020-01-01T00:00:00Z'),
      notAfter: new Date('2021-01-01T00:00:00Z'),
    });
    const cert = `-----BEGIN CERTIFICATE-----\n${der.toString('base64').match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
    const server = https.createServer({ key: privateKey.export({ type: 'pkcs8', format: 'pem' }), cert }, (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html><body>tls</body></html>');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const a = await engine.run({ files: [], url }, { params: { ...BOUNDS } }, {});
      const result = (id: string) => a.findings.find((f) => f.ruleId === id)!;
      expect(result('web.tls.cert_untrusted').result).toBe('fail');
      expect(result('web.tls.cert_hostname').result).toBe('fail');
      expect(result('web.tls.cert_expired')).toMatchObject({ result: 'fail', evidence: [{ detail: expect.stringMatching(/expired on Jan  1 00:00:00 2021 GMT/) }] });
      // Node's default server list (HIGH) still has static-RSA suites: reported as no forward secrecy, nothing weaker.
      expect(result('web.tls.weak_cipher').evidence.map((e) => e.detail).join('\n')).not.toMatch(/NULL|EXPORT|RC4|DES/);
      expect(['pass', 'find_problem']).toContain(result('web.tls.legacy_protocol').result);
      expect(result('web.headers.hsts_missing').result).toBe('fail');
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  }, 30_000);
});

describe('command line', () => {
  it('npm run scan -- --url … --format sarif writes valid SARIF', async () => {
    const site = await startTestSite('vulnerable');
    try {
      const root = fileURLToPath(new URL('../../../../', import.meta.url));
      // Asynchronously: the site answers from this process, so its event loop must keep running.
      const child = spawn(process.execPath, ['--import', 'tsx', 'packages/cli/src/main.ts', '--url', site.url, '--format', 'sarif', '--param', 'allowNetworks=127.0.0.1', '--param', 'rate=0', '--param', 'maxPages=10', '--quiet'], { cwd: root });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const status = await new Promise<number | null>((r) => child.on('close', r));
      const r = { status, stdout, stderr };
      expect(r.status, r.stderr).toBe(0);
      const log = JSON.parse(r.stdout) as { version: string; runs: { tool: { driver: { name: string; rules: unknown[] } }; results: { ruleId: string; level: string }[] }[] };
      expect(log.version).toBe('2.1.0');
      expect(log.runs[0]!.results.map((x) => x.ruleId)).toContain('web.headers.csp_missing');
      expect(log.runs[0]!.tool.driver.rules.length).toBeGreaterThan(0);
    } finally {
      await site.close();
    }
  }, 150_000);
});
