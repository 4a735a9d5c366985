/**
 * Test support: a node:tls server on the loopback with a certificate made in
 * the test (engine-core's real X.509 builder), answering HTTP inside TLS, so
 * the TLS checks meet a real OpenSSL handshake. `weak` makes everything the
 * checks look for wrong at once: TLS 1.0 allowed, NULL and anonymous suites
 * enabled, an expired self-signed SHA-1 certificate with a 1024-bit key for
 * another name. Otherwise a CA-issued, valid 2048-bit SHA-256 certificate
 * for "localhost", node's default versions and suites.
 */
import { type KeyObject, generateKeyPairSync } from 'node:crypto';
import tls from 'node:tls';
import { OIDS, buildTestCertificate } from '@citadel/engine-core';

const pem = (der: Buffer) => `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n`;
const keyPem = (k: KeyObject) => k.export({ type: 'pkcs8', format: 'pem' }) as string;
const cn = (name: string): [string, string][] => [[OIDS.commonName, name]];

export interface TlsTestServer {
  port: number;
  /** Plain bytes each connection received after the handshake (to prove only the HTTP GET was sent). */
  requests: string[];
  stop(): Promise<void>;
}

export async function startTlsServer(kind: 'weak' | 'good'): Promise<TlsTestServer> {
  let cert: string;
  let key: string;
  if (kind === 'weak') {
    const k = generateKeyPairSync('rsa', { modulusLength: 1024 });
    cert = pem(buildTestCertificate({ subject: cn('example.test'), publicKey: k.publicKey, signingKey: k.privateKey, algorithm: 'sha1WithRSA', notBefore: new Date('2019-01-01T00:00:00Z'), notAfter: new Date('2020-01-01T00:00:00Z') }));
    key = keyPem(k.privateKey);
  } else {
    const ca = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const leaf = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const now = Date.now();
    cert = pem(buildTestCertificate({ subject: cn('localhost'), issuer: cn('Citadel Test CA'), publicKey: leaf.publicKey, signingKey: ca.privateKey, algorithm: 'sha256WithRSA', notBefore: new Date(now - 86_400_000), notAfter: new Date(now + 30 * 86_400_000) }));
    key = keyPem(leaf.privateKey);
  }
  const requests: string[] = [];
  const server = tls.createServer(
    kind === 'weak' ? { cert, key, minVersion: 'TLSv1', ciphers: 'ECDHE-RSA-AES128-GCM-SHA256:NULL-SHA256:ADH-AES128-SHA:@SECLEVEL=0', dhparam: 'auto' } : { cert, key },
    (s) => {
      s.on('data', (d: Buffer) => {
        requests.push(d.toString('latin1'));
        s.end('HTTP/1.1 200 OK\r\nServer: TlsTest/2.4\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok');
      });
      s.on('error', () => undefined);
    },
  );
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, requests, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}
