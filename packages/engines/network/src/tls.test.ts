/**
 * TLS checks against node:tls servers started here with certificates made
 * here (testing/tls-server.ts): every problem of the weak server is found
 * with the handshake as evidence, none on the good one; and the ServerHello
 * reader holds against hostile bytes.
 */
import type { Assessment } from '@citadel/contracts';
import { describe, expect, it } from 'vitest';
import { engine } from './engine.ts';
import { clientHello, readServerAnswer } from './protocols/tls/wire.ts';
import { LOOPBACK_PARAMS } from './testing/services.ts';
import { startTlsServer } from './testing/tls-server.ts';

const tlsIds = (a: Assessment) => a.findings.filter((f) => f.ruleId.startsWith('network.tls.') && f.result === 'fail').map((f) => f.ruleId).sort();
const port0 = (a: Assessment) => (a.target.hosts as { ports: { service: string; product?: string; extra?: Record<string, string> }[] }[])[0]!.ports[0]!;

describe('TLS checks against node:tls servers', () => {
  it('finds legacy versions, weak suites and every certificate problem on the weak server', async () => {
    const s = await startTlsServer('weak');
    try {
      const a = await engine.run({ files: [], url: '127.0.0.1' }, { platform: 'network', params: { ...LOOPBACK_PARAMS, ports: String(s.port) } }, {});
      expect(port0(a)).toMatchObject({ service: 'http', product: 'TlsTest', extra: { tls: 'TLSv1.3', tls_versions: 'TLSv1 TLSv1.1 TLSv1.2 TLSv1.3' } });
      expect(tlsIds(a)).toEqual(['network.tls.cert_expired', 'network.tls.cert_name_mismatch', 'network.tls.cert_self_signed', 'network.tls.cert_weak_key', 'network.tls.cert_weak_signature', 'network.tls.legacy_version', 'network.tls.weak_cipher']);
      const f = (id: string) => a.findings.find((x) => x.ruleId === id)!.evidence[0]!;
      expect(f('network.tls.weak_cipher').detail).toMatch(/TLS_RSA_WITH_NULL_SHA256 \(NULL\).*TLS_DH_anon_WITH_AES_128_CBC_SHA \(anonymous\)|TLS_DH_anon_WITH_AES_128_CBC_SHA \(anonymous\).*TLS_RSA_WITH_NULL_SHA256 \(NULL\)/);
      expect(f('network.tls.weak_cipher').response).toMatch(/ServerHello TLSv1.2 suite 0x003b/);
      expect(f('network.tls.legacy_version').detail).toMatch(/accepts TLSv1, TLSv1.1/);
      expect(f('network.tls.legacy_version').response).toMatch(/SSLv3 offering 9 suite\(s\): (alert|no answer|incomplete)/);
      expect(f('network.tls.cert_weak_key').detail).toMatch(/rsa key of 1024 bits/);
      expect(f('network.tls.cert_weak_signature').detail).toMatch(/sha1/i);
      expect(f('network.tls.cert_expired').detail).toMatch(/2020-01-01/);
      expect(f('network.tls.cert_name_mismatch').detail).toMatch(/CN=example.test.*127\.0\.0\.1/);
      // The only application data ever sent inside TLS is the identification's GET.
      for (const r of s.requests) expect(r).toMatch(/^GET \/(version)? HTTP\/1\.1\r\n/);
    } finally {
      await s.stop();
    }
  }, 20_000);

  it('finds nothing on a CA-issued, valid certificate for the name used', async () => {
    const s = await startTlsServer('good');
    try {
      const a = await engine.run({ files: [], url: 'localhost' }, { platform: 'network', params: { ...LOOPBACK_PARAMS, ports: String(s.port) } }, {});
      const host = (a.target.hosts as { address: string; ports: { service: string; extra?: Record<string, string> }[] }[]).find((h) => h.address === '127.0.0.1')!;
      expect(host.ports[0]).toMatchObject({ service: 'http', extra: { tls: 'TLSv1.3', tls_versions: 'TLSv1.2 TLSv1.3' } });
      expect(tlsIds(a)).toEqual([]);
      for (const k of ['legacy_version', 'weak_cipher', 'cert_expired', 'cert_self_signed', 'cert_name_mismatch']) expect(a.findings.find((x) => x.ruleId === `network.tls.${k}`)!.result, k).toBe('pass');
    } finally {
      await s.stop();
    }
  }, 20_000);
});

describe('ServerHello reader on hostile input', () => {
  it('reads a hello, an alert, and refuses or waits on everything else without throwing', () => {
    const hello = Buffer.from('160303002a020000260303' + '00'.repeat(32) + '00' + '003b' + '00', 'hex');
    expect(readServerAnswer(hello)).toEqual({ kind: 'hello', version: 0x0303, suite: 0x003b });
    expect(readServerAnswer(Buffer.from('15030300020228', 'hex'))).toEqual({ kind: 'alert', level: 2, description: 40 });
    expect(readServerAnswer(hello.subarray(0, 20)).kind).toBe('incomplete');
    expect(readServerAnswer(Buffer.from('HTTP/1.1 400 Bad Request\r\n')).kind).toBe('other');
    expect(readServerAnswer(Buffer.from('16030300ff', 'hex')).kind).toBe('incomplete');
    expect(readServerAnswer(Buffer.from('1603037fff', 'hex')).kind).toBe('other');
    expect(readServerAnswer(Buffer.from('1603030027020000230303' + '00'.repeat(32) + 'ff', 'hex')).kind).toBe('other');
    for (let i = 0; i < 300; i++) {
      const junk = Buffer.from(Array.from({ length: (i % 60) + 1 }, (_, j) => (i * 31 + j * 17) & 0xff));
      expect(() => readServerAnswer(Buffer.concat([Buffer.from([0x16, 3, 3]), junk]))).not.toThrow();
    }
  });

  it('writes a well-formed ClientHello (record and handshake lengths agree)', () => {
    const h = clientHello({ version: 0x0303, suites: [0x003b, 0x0034], servername: 'example.test' });
    expect(h[0]).toBe(22);
    expect(h.readUInt16BE(3)).toBe(h.length - 5);
    expect(h[5]).toBe(1);
    expect(h.readUIntBE(6, 3)).toBe(h.length - 9);
    expect(h.includes(Buffer.from('example.test'))).toBe(true);
  });
});
