/**
 * A TLS ClientHello of our own and a bounded reader of the server's first
 * answer (RFC 5246 §7.4.1.2/§7.4.1.3, RFC 6101 for SSL 3.0, extensions from
 * RFC 6066 (server_name), RFC 8422 (groups, point formats), RFC 5246
 * §7.4.1.4.1 (signature_algorithms), RFC 5746 (renegotiation_info)). Used to
 * ask whether a server accepts suites or versions node's OpenSSL cannot
 * offer; the conversation ends after ServerHello (no key exchange, nothing
 * is ever sent in the session).
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';

const u16 = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const u24 = (n: number) => Buffer.from([(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]);
const vec16 = (b: Buffer) => Buffer.concat([u16(b.length), b]);
const ext = (type: number, body: Buffer) => Buffer.concat([u16(type), vec16(body)]);

/** x25519, secp256r1, secp384r1, secp521r1, ffdhe2048 (IANA TLS Supported Groups). */
const GROUPS = [29, 23, 24, 25, 256];
/** SHA-256/384/512 and SHA-1 with RSA, ECDSA and RSA-PSS (so a server that only allows some still answers). */
const SIGALGS = [0x0401, 0x0501, 0x0601, 0x0804, 0x0805, 0x0806, 0x0403, 0x0503, 0x0603, 0x0201, 0x0203];

export function clientHello(o: { version: 0x0300 | 0x0301 | 0x0302 | 0x0303; suites: readonly number[]; servername?: string }): Buffer {
  const exts: Buffer[] = [];
  if (o.version !== 0x0300) {
    if (o.servername && isIP(o.servername) === 0) {
      const name = Buffer.from(o.servername, 'ascii');
      exts.push(ext(0, vec16(Buffer.concat([Buffer.from([0]), vec16(name)]))));
    }
    exts.push(ext(10, vec16(Buffer.concat(GROUPS.map(u16)))));
    exts.push(ext(11, Buffer.from([1, 0])));
    if (o.version === 0x0303) exts.push(ext(13, vec16(Buffer.concat(SIGALGS.map(u16)))));
    exts.push(ext(0xff01, Buffer.from([0])));
  }
  const body = Buffer.concat([
    u16(o.version),
    randomBytes(32),
    Buffer.from([0]), // no session id
    vec16(Buffer.concat(o.suites.map(u16))),
    Buffer.from([1, 0]), // null compression only
    ...(exts.length > 0 ? [vec16(Buffer.concat(exts))] : []),
  ]);
  const hs = Buffer.concat([Buffer.from([1]), u24(body.length), body]);
  // Record-layer version 3.1 for every TLS hello (what servers tolerate best), 3.0 for SSL 3.0.
  return Buffer.concat([Buffer.from([22]), u16(o.version === 0x0300 ? 0x0300 : 0x0301), u16(hs.length), hs]);
}

export type ServerAnswer =
  | { kind: 'hello'; version: number; suite: number }
  | { kind: 'alert'; level: number; description: number }
  | { kind: 'incomplete' }
  | { kind: 'other'; reason: string };

/** The largest record RFC 5246 §6.2.3 allows (2^14 + 2048). */
const MAX_RECORD = 18_432;

/** Reads the first handshake message or alert from what the server sent; never reads past the buffer. */
export function readServerAnswer(d: Buffer): ServerAnswer {
  let off = 0;
  const hs: Buffer[] = [];
  let hsLen = 0;
  while (off + 5 <= d.length) {
    const type = d[off]!;
    const major = d[off + 1]!;
    const len = d.readUInt16BE(off + 3);
    if (major !== 3 || len > MAX_RECORD) return { kind: 'other', reason: `not a TLS record (type ${type}, version ${major}, length ${len})` };
    if (off + 5 + len > d.length) return { kind: 'incomplete' };
    const frag = d.subarray(off + 5, off + 5 + len);
    off += 5 + len;
    if (type === 21) {
      if (frag.length < 2) return { kind: 'other', reason: 'short alert' };
      return { kind: 'alert', level: frag[0]!, description: frag[1]! };
    }
    if (type !== 22) return { kind: 'other', reason: `record type ${type} before ServerHello` };
    hs.push(frag);
    hsLen += frag.length;
    if (hsLen > 4 * MAX_RECORD) return { kind: 'other', reason: 'handshake too long' };
    const h = Buffer.concat(hs);
    if (h.length < 4) continue;
    if (h[0] !== 2) return { kind: 'other', reason: `handshake message ${h[0]} instead of ServerHello` };
    const mlen = h.readUIntBE(1, 3);
    if (h.length < 4 + Math.min(mlen, 38)) continue;
    // server_version(2) random(32) session_id<0..32> cipher_suite(2)
    const version = h.readUInt16BE(4);
    const sid = h[38]!;
    if (sid > 32) return { kind: 'other', reason: 'session id longer than 32 bytes' };
    if (h.length < 39 + sid + 2) continue;
    return { kind: 'hello', version, suite: h.readUInt16BE(39 + sid) };
  }
  return { kind: 'incomplete' };
}

/** RFC 8446 §6 alert descriptions an assessor reads in evidence. */
export const ALERTS: Record<number, string> = { 0: 'close_notify', 10: 'unexpected_message', 40: 'handshake_failure', 47: 'illegal_parameter', 50: 'decode_error', 70: 'protocol_version', 71: 'insufficient_security', 80: 'internal_error', 86: 'inappropriate_fallback', 112: 'unrecognized_name' };

export const VERSION_NAMES: Record<number, string> = { 0x0300: 'SSLv3', 0x0301: 'TLSv1', 0x0302: 'TLSv1.1', 0x0303: 'TLSv1.2', 0x0304: 'TLSv1.3' };
