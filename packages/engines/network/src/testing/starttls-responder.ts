/**
 * Test support: cleartext servers that offer a TLS upgrade, written from the
 * specifications (RFC 3207 SMTP, RFC 9051 IMAP, RFC 2595 POP3, RFC 4217 FTP,
 * the PostgreSQL SSLRequest, the MySQL SSLRequest), each speaking its
 * greeting and the upgrade, then real node:tls with a certificate made in the
 * test by engine-core's X.509 builder (expired, self-signed, for another
 * name: the TLS checks must see it through the upgrade). Every line or
 * message received before TLS is recorded, so a test can assert that only
 * the upgrade was asked for (no login, no mail, no query).
 */
import { generateKeyPairSync } from 'node:crypto';
import net from 'node:net';
import { Duplex } from 'node:stream';
import tls from 'node:tls';
import { OIDS, buildTestCertificate } from '@citadel/engine-core';

export type UpgradeKind = 'smtp' | 'imap' | 'pop3' | 'ftp' | 'postgresql' | 'mysql';

export interface StartTlsResponder {
  port: number;
  /** What each connection sent in clear, in order ("EHLO citadel.invalid", "STARTTLS", "SSLRequest" …). */
  received: string[];
  /** Connections that completed a TLS handshake. */
  handshakes: number;
  stop(): Promise<void>;
}

const pem = (der: Buffer) => `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n`;

/** One key and certificate for every responder of a test run (RSA generation is the slow part). */
let material: { cert: string; key: string } | undefined;
function certificate(): { cert: string; key: string } {
  if (!material) {
    const k = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const cert = pem(buildTestCertificate({ subject: [[OIDS.commonName, 'mail.example.test']], publicKey: k.publicKey, signingKey: k.privateKey, algorithm: 'sha256WithRSA', notBefore: new Date('2020-01-01T00:00:00Z'), notAfter: new Date('2021-01-01T00:00:00Z') }));
    material = { cert, key: k.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string };
  }
  return material;
}

/** The MySQL greeting (protocol 10) with CLIENT_SSL when `ssl`. */
function mysqlGreeting(ssl: boolean): Buffer {
  const caps = 0x0001 | 0x0200 | 0x8000 | (ssl ? 0x0800 : 0);
  const body = Buffer.concat([Buffer.from([0x0a]), Buffer.from('10.11.6-MariaDB-test\0', 'latin1'), Buffer.from([1, 0, 0, 0]), Buffer.from('abcdefgh'), Buffer.from([0]), Buffer.from([caps & 0xff, caps >> 8]), Buffer.from([0x21, 2, 0, 0x08, 0]), Buffer.from([21]), Buffer.alloc(10), Buffer.from('ijklmnopqrst\0'), Buffer.from('mysql_native_password\0')]);
  const h = Buffer.alloc(4);
  h.writeUIntLE(body.length, 0, 3);
  return Buffer.concat([h, body]);
}

/** `offer` false: the server refuses the upgrade (502 / NO / -ERR / 'N' / no CLIENT_SSL). */
export async function startStartTlsResponder(kind: UpgradeKind, offer = true): Promise<StartTlsResponder> {
  const { cert, key } = certificate();
  const ctx = tls.createSecureContext({ cert, key, minVersion: 'TLSv1', ciphers: 'DEFAULT:@SECLEVEL=0' });
  const received: string[] = [];
  const r: StartTlsResponder = { port: 0, received, handshakes: 0, stop: async () => undefined };
  // TLS over a JS stream fed from the socket: bytes that came with the upgrade request (a MySQL
  // client sends its ClientHello right behind the SSLRequest) are handed to TLS, not lost.
  const upgrade = (s: net.Socket, rest: Buffer = Buffer.alloc(0)) => {
    s.removeAllListeners('data');
    const inner = new Duplex({
      read() {},
      write(chunk: Buffer, _enc, cb) {
        s.write(chunk, () => cb());
      },
      final(cb) {
        s.end();
        cb();
      },
    });
    if (rest.length > 0) inner.push(rest);
    s.on('data', (d: Buffer) => inner.push(d));
    s.on('end', () => inner.push(null));
    s.on('close', () => inner.destroy());
    const t = new tls.TLSSocket(inner, { isServer: true, secureContext: ctx });
    t.on('secure', () => {
      r.handshakes++;
      t.end();
    });
    t.on('error', () => undefined);
  };
  const server = net.createServer((s) => {
    s.on('error', () => undefined);
    let buf = Buffer.alloc(0);
    const lines = (fn: (line: string) => void) =>
      s.on('data', (d: Buffer) => {
        buf = Buffer.concat([buf, d]);
        for (let i = buf.indexOf(0x0a); i >= 0; i = buf.indexOf(0x0a)) {
          const line = buf.subarray(0, i).toString('latin1').replace(/\r$/, '');
          buf = buf.subarray(i + 1);
          received.push(line);
          fn(line);
          if (s.listenerCount('data') === 0) return;
        }
      });
    switch (kind) {
      case 'smtp':
        s.write('220-mail.example.test ESMTP Postfix (Debian)\r\n220 ready\r\n');
        lines((l) => {
          if (/^EHLO /i.test(l)) s.write(`250-mail.example.test\r\n250-PIPELINING\r\n${offer ? '250-STARTTLS\r\n' : ''}250 8BITMIME\r\n`);
          else if (/^STARTTLS$/i.test(l)) offer ? (s.write('220 2.0.0 Ready to start TLS\r\n'), upgrade(s)) : s.write('502 5.5.1 command not implemented\r\n');
          else s.write('500 5.5.2 unexpected\r\n');
        });
        break;
      case 'imap':
        s.write(`* OK [CAPABILITY IMAP4rev1${offer ? ' STARTTLS' : ''} LOGINDISABLED] Dovecot ready.\r\n`);
        lines((l) => {
          const [tag, cmd] = l.split(' ');
          if (/^STARTTLS$/i.test(cmd ?? '')) offer ? (s.write(`${tag} OK Begin TLS negotiation now.\r\n`), upgrade(s)) : s.write(`${tag} BAD unknown command\r\n`);
          else s.write(`${tag} BAD unexpected\r\n`);
        });
        break;
      case 'pop3':
        s.write('+OK Dovecot ready.\r\n');
        lines((l) => {
          if (/^STLS$/i.test(l)) offer ? (s.write('+OK Begin TLS negotiation now.\r\n'), upgrade(s)) : s.write('-ERR unknown command\r\n');
          else s.write('-ERR unexpected\r\n');
        });
        break;
      case 'ftp':
        s.write('220 (vsFTPd 3.0.3)\r\n');
        lines((l) => {
          if (/^AUTH TLS$/i.test(l)) offer ? (s.write('234 Proceed with negotiation.\r\n'), upgrade(s)) : s.write('530 Please login with USER and PASS.\r\n');
          else s.write('500 unexpected\r\n');
        });
        break;
      case 'postgresql':
        s.on('data', (d: Buffer) => {
          buf = Buffer.concat([buf, d]);
          if (buf.length < 8) return;
          const code = buf.readUInt32BE(4);
          received.push(code === 80877103 ? 'SSLRequest' : `startup ${code}`);
          buf = Buffer.alloc(0);
          if (code === 80877103 && offer) {
            s.write('S');
            upgrade(s);
          } else if (code === 80877103) s.write('N');
          else if (code === 196608) {
            // A StartupMessage (the identification): ask for a SCRAM password and stop there.
            const mech = Buffer.from('SCRAM-SHA-256\0\0', 'latin1');
            const m = Buffer.alloc(9);
            m[0] = 0x52;
            m.writeInt32BE(8 + mech.length, 1);
            m.writeInt32BE(10, 5);
            s.end(Buffer.concat([m, mech]));
          } else s.destroy();
        });
        break;
      case 'mysql':
        s.write(mysqlGreeting(offer));
        s.on('data', (d: Buffer) => {
          buf = Buffer.concat([buf, d]);
          if (buf.length < 4) return;
          const len = buf.readUIntLE(0, 3);
          if (buf.length < 4 + len) return;
          const body = buf.subarray(4, 4 + len);
          // SSLRequest: 32 bytes with CLIENT_SSL; a HandshakeResponse carries a user name after them.
          const ssl = len === 32 && (body.readUInt32LE(0) & 0x0800) !== 0;
          received.push(ssl ? 'SSLRequest' : `HandshakeResponse (${len} bytes)`);
          buf = buf.subarray(4 + len);
          if (ssl) upgrade(s, buf);
          else s.destroy();
        });
        break;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.port = (server.address() as net.AddressInfo).port;
  r.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return r;
}
