/**
 * STARTTLS: the plaintext exchange that turns a cleartext service's
 * connection into TLS, so the TLS checks (versions, weak suites, the
 * certificate) run on it as on an implicit-TLS port. Written from each
 * protocol's specification:
 *   SMTP  RFC 3207 — greeting 220, EHLO, STARTTLS → 220
 *   IMAP  RFC 9051 §6.2.1 (RFC 3501) — greeting "* OK", "a STARTTLS" → "a OK"
 *   POP3  RFC 2595 §4 — greeting "+OK", STLS → "+OK"
 *   FTP   RFC 4217 §4 — greeting 220, AUTH TLS → 234
 *   PostgreSQL  protocol §55.2.10 — SSLRequest (length 8, code 80877103) → 'S'
 *   MySQL/MariaDB  connection phase — greeting with CLIENT_SSL, SSLRequest packet (no answer)
 * Only the upgrade commands are sent: no login, no mail, no query.
 */
import { Conn, ConnError, type StartTls } from '../../scan/conn.ts';
import { mysqlPackets } from '../mysql/index.ts';

/** Reads the next complete reply (lines) after `from`; `done` decides when it is complete. */
async function reply(c: Conn, from: number, done: (text: string) => boolean, timeoutMs: number): Promise<string> {
  const text = () => c.data.subarray(from).toString('latin1');
  await c.until(() => done(text()), timeoutMs);
  const t = text();
  if (!done(t)) throw new ConnError('other', `no complete answer (${t.slice(0, 80).trim() || 'nothing'})`);
  return t;
}

/** A complete SMTP/FTP reply: a last line "NNN " (RFC 5321 §4.2.1, RFC 959 §4.2). */
const numericDone = (t: string) => /(^|\n)\d{3}( [^\n]*)?\r?\n/.test(t);
const lineDone = (t: string) => t.includes('\n');

function refuse(name: string, answer: string): never {
  throw new ConnError('other', `${name} upgrade refused: ${answer.trim().split(/\r?\n/).pop()!.slice(0, 120)}`);
}

const smtp: StartTls = {
  name: 'SMTP STARTTLS',
  async negotiate(c, timeoutMs) {
    const greeting = await reply(c, 0, numericDone, timeoutMs);
    if (!/^220/m.test(greeting)) refuse('SMTP', greeting);
    let at = c.data.length;
    c.write('EHLO citadel.invalid\r\n');
    const ehlo = await reply(c, at, numericDone, timeoutMs);
    if (!/^250/m.test(ehlo)) refuse('SMTP', ehlo);
    // Sent even when EHLO did not list it: the answer (502/454) is what proves it absent.
    at = c.data.length;
    c.write('STARTTLS\r\n');
    const r = await reply(c, at, numericDone, timeoutMs);
    if (!/^220/.test(r)) refuse('SMTP', r);
  },
};

const imap: StartTls = {
  name: 'IMAP STARTTLS',
  async negotiate(c, timeoutMs) {
    const greeting = await reply(c, 0, lineDone, timeoutMs);
    if (!/^\* OK/i.test(greeting)) refuse('IMAP', greeting);
    const at = c.data.length;
    c.write('c1 STARTTLS\r\n');
    const r = await reply(c, at, (t) => /(^|\n)c1 [^\n]*\n/i.test(t), timeoutMs);
    if (!/(^|\n)c1 OK/i.test(r)) refuse('IMAP', r);
  },
};

const pop3: StartTls = {
  name: 'POP3 STLS',
  async negotiate(c, timeoutMs) {
    const greeting = await reply(c, 0, lineDone, timeoutMs);
    if (!/^\+OK/.test(greeting)) refuse('POP3', greeting);
    const at = c.data.length;
    c.write('STLS\r\n');
    const r = await reply(c, at, lineDone, timeoutMs);
    if (!/^\+OK/.test(r)) refuse('POP3', r);
  },
};

const ftp: StartTls = {
  name: 'FTP AUTH TLS',
  async negotiate(c, timeoutMs) {
    const greeting = await reply(c, 0, numericDone, timeoutMs);
    if (!/^220/m.test(greeting)) refuse('FTP', greeting);
    const at = c.data.length;
    c.write('AUTH TLS\r\n');
    const r = await reply(c, at, numericDone, timeoutMs);
    if (!/^234/.test(r)) refuse('FTP', r);
  },
};

/** PostgreSQL SSLRequest: Int32 8, Int32 80877103. */
export const PG_SSL_REQUEST = Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]);

const postgresql: StartTls = {
  name: 'PostgreSQL SSLRequest',
  async negotiate(c, timeoutMs) {
    c.write(PG_SSL_REQUEST);
    await c.until((d) => d.length >= 1, timeoutMs);
    const a = c.data[0];
    if (a !== 0x53) throw new ConnError('other', a === 0x4e ? 'PostgreSQL SSLRequest refused: N (no TLS configured)' : 'PostgreSQL SSLRequest: no answer');
  },
};

/** CLIENT_SSL in the greeting's capability flags (lower 16 bits). */
const CLIENT_SSL = 0x0800;
const MYSQL_CAPS = 0x00000001 | 0x00000200 | CLIENT_SSL | 0x00008000 | 0x00080000;

const mysql: StartTls = {
  name: 'MySQL SSLRequest',
  async negotiate(c, timeoutMs) {
    await c.until((d) => mysqlPackets(d).length > 0, timeoutMs);
    const g = mysqlPackets(c.data)[0];
    if (!g || g.payload[0] !== 0x0a) throw new ConnError('other', 'MySQL: no handshake greeting');
    const end = g.payload.indexOf(0, 1);
    // version NUL, connection id 4, salt 8, filler 1, capability flags (lower) 2.
    const capsAt = end + 1 + 4 + 8 + 1;
    if (end < 0 || g.payload.length < capsAt + 2) throw new ConnError('other', 'MySQL: short greeting');
    if (!(g.payload.readUInt16LE(capsAt) & CLIENT_SSL)) throw new ConnError('other', 'MySQL SSLRequest refused: the server does not offer CLIENT_SSL');
    // SSLRequest: capabilities, max packet, charset, 23 zero bytes; sequence 1. TLS follows at once.
    const body = Buffer.alloc(32);
    body.writeUInt32LE(MYSQL_CAPS, 0);
    body.writeUInt32LE(1 << 24, 4);
    body[8] = 0x21;
    const h = Buffer.alloc(4);
    h.writeUIntLE(body.length, 0, 3);
    h[3] = 1;
    c.write(Buffer.concat([h, body]));
  },
};

/** The upgrade of each service that has one (by the service id the identification gave). */
export const STARTTLS: Readonly<Record<string, StartTls>> = { smtp, imap, pop3, ftp, postgresql, mysql };
