/**
 * SMB wire formats, written from the specifications: [MS-SMB2] §2.2 (header,
 * NEGOTIATE with the SMB 3.1.1 negotiate contexts, SESSION_SETUP,
 * TREE_CONNECT), [MS-CIFS] §2.2.4.52 (the SMB1 NEGOTIATE, only to learn
 * whether the server still speaks SMB1), [MS-NLMP] §2.2.1 (NTLMSSP
 * NEGOTIATE / CHALLENGE / AUTHENTICATE, anonymous as in §3.1.5.1.2) and
 * RFC 4178 (the SPNEGO wrapping). Direct TCP transport ([MS-SMB2] §2.1): a
 * 4-byte header, zero then a 24-bit length.
 */
import { randomBytes } from 'node:crypto';

export class SmbError extends Error {}

export const STATUS = {
  SUCCESS: 0,
  MORE_PROCESSING_REQUIRED: 0xc0000016,
  LOGON_FAILURE: 0xc000006d,
  ACCESS_DENIED: 0xc0000022,
  BAD_NETWORK_NAME: 0xc00000cc,
} as const;

const CMD = { NEGOTIATE: 0, SESSION_SETUP: 1, TREE_CONNECT: 3 } as const;

/** Dialects offered, oldest first ([MS-SMB2] §2.2.3). */
export const DIALECTS = [0x0202, 0x0210, 0x0300, 0x0302, 0x0311] as const;
export const dialectName = (d: number): string => (d === 0x02ff ? 'SMB 2.???' : `${(d >> 8).toString(16)}.${((d >> 4) & 0xf).toString(16)}.${(d & 0xf).toString(16)}`.replace(/\.0$/, ''));

/** The direct-TCP frame around one SMB message. */
export function frame(msg: Buffer): Buffer {
  const h = Buffer.alloc(4);
  h.writeUInt32BE(msg.length & 0xffffff, 0);
  return Buffer.concat([h, msg]);
}

/** One whole message at `from`: its bytes and where the next starts. */
export function readFrame(d: Buffer, from = 0): { msg: Buffer; end: number } | 'incomplete' | 'invalid' {
  if (d.length - from < 4) return 'incomplete';
  if (d[from] !== 0) return 'invalid';
  const len = d.readUInt32BE(from) & 0xffffff;
  if (len < 4 || len > 1 << 20) return 'invalid';
  if (d.length - from - 4 < len) return 'incomplete';
  return { msg: d.subarray(from + 4, from + 4 + len), end: from + 4 + len };
}

function header(cmd: number, messageId: number, sessionId = 0n): Buffer {
  const h = Buffer.alloc(64);
  h.writeUInt32BE(0xfe534d42, 0);
  h.writeUInt16LE(64, 4);
  h.writeUInt16LE(cmd === CMD.NEGOTIATE ? 0 : 1, 6); // CreditCharge
  h.writeUInt16LE(cmd, 12);
  h.writeUInt16LE(31, 14); // credits requested
  h.writeBigUInt64LE(BigInt(messageId), 24);
  h.writeUInt32LE(0xfeff, 32); // ProcessId (reserved)
  h.writeBigUInt64LE(sessionId, 40);
  return h;
}

export interface Smb2Header {
  status: number;
  command: number;
  flags: number;
  messageId: bigint;
  treeId: number;
  sessionId: bigint;
}

export function parseHeader(msg: Buffer): Smb2Header {
  if (msg.length < 64 || msg.readUInt32BE(0) !== 0xfe534d42 || msg.readUInt16LE(4) !== 64) throw new SmbError('not an SMB2 message');
  return { status: msg.readUInt32LE(8), command: msg.readUInt16LE(12), flags: msg.readUInt32LE(16), messageId: msg.readBigUInt64LE(24), treeId: msg.readUInt32LE(36), sessionId: msg.readBigUInt64LE(40) };
}

const pad8 = (n: number) => (8 - (n % 8)) % 8;

/** NEGOTIATE offering 2.0.2 to 3.1.1; 3.1.1 needs the preauth-integrity context (and takes the cipher list). */
export function negotiate(clientGuid: Buffer = randomBytes(16)): Buffer {
  const fixed = Buffer.alloc(36);
  fixed.writeUInt16LE(36, 0);
  fixed.writeUInt16LE(DIALECTS.length, 2);
  fixed.writeUInt16LE(0x0001, 4); // signing enabled, not required: the server's own requirement is what we read
  fixed.writeUInt32LE(0, 8); // capabilities
  clientGuid.copy(fixed, 12);
  const dialects = Buffer.alloc(DIALECTS.length * 2);
  DIALECTS.forEach((d, i) => dialects.writeUInt16LE(d, i * 2));
  const before = 64 + 36 + dialects.length;
  const gap = Buffer.alloc(pad8(before));
  const preauth = Buffer.alloc(4 + 2 + 32);
  preauth.writeUInt16LE(1, 0); // one hash algorithm
  preauth.writeUInt16LE(32, 2); // salt length
  preauth.writeUInt16LE(0x0001, 4); // SHA-512
  randomBytes(32).copy(preauth, 6);
  const ciphers = Buffer.alloc(2 + 4);
  ciphers.writeUInt16LE(2, 0);
  ciphers.writeUInt16LE(0x0002, 2); // AES-128-GCM
  ciphers.writeUInt16LE(0x0001, 4); // AES-128-CCM
  const ctx = (type: number, data: Buffer, last: boolean) => {
    const h = Buffer.alloc(8);
    h.writeUInt16LE(type, 0);
    h.writeUInt16LE(data.length, 2);
    return Buffer.concat([h, data, Buffer.alloc(last ? 0 : pad8(data.length))]);
  };
  const contexts = Buffer.concat([ctx(1, preauth, false), ctx(2, ciphers, true)]);
  fixed.writeUInt32LE(before + gap.length, 28);
  fixed.writeUInt16LE(2, 32);
  return frame(Buffer.concat([header(CMD.NEGOTIATE, 0), fixed, dialects, gap, contexts]));
}

export interface NegotiateInfo {
  dialect: number;
  signingEnabled: boolean;
  signingRequired: boolean;
  serverGuid: string;
  capabilities: number;
  systemTime?: Date;
  securityBlob: Buffer;
}

export function parseNegotiate(msg: Buffer): NegotiateInfo {
  const h = parseHeader(msg);
  if (h.command !== CMD.NEGOTIATE) throw new SmbError('not a NEGOTIATE response');
  if (h.status !== STATUS.SUCCESS) throw new SmbError(`NEGOTIATE failed: 0x${h.status.toString(16)}`);
  const b = msg.subarray(64);
  if (b.length < 64 || b.readUInt16LE(0) !== 65) throw new SmbError('short NEGOTIATE response');
  const mode = b.readUInt16LE(2);
  const ft = b.readBigUInt64LE(40);
  const off = b.readUInt16LE(56);
  const len = b.readUInt16LE(58);
  const guid = b.subarray(8, 24).toString('hex');
  return {
    dialect: b.readUInt16LE(4),
    signingEnabled: (mode & 1) !== 0,
    signingRequired: (mode & 2) !== 0,
    serverGuid: guid,
    capabilities: b.readUInt32LE(24),
    ...(ft > 0n ? { systemTime: new Date(Number((ft - 116_444_736_000_000_000n) / 10_000n)) } : {}),
    securityBlob: off >= 64 && off + len <= msg.length ? msg.subarray(off, off + len) : Buffer.alloc(0),
  };
}

export function sessionSetup(messageId: number, sessionId: bigint, blob: Buffer): Buffer {
  const b = Buffer.alloc(24);
  b.writeUInt16LE(25, 0);
  b[3] = 0x01; // security mode: signing enabled
  b.writeUInt16LE(64 + 24, 12);
  b.writeUInt16LE(blob.length, 14);
  return frame(Buffer.concat([header(CMD.SESSION_SETUP, messageId, sessionId), b, blob]));
}

export function parseSessionSetup(msg: Buffer): { header: Smb2Header; sessionFlags: number; blob: Buffer } {
  const h = parseHeader(msg);
  if (h.command !== CMD.SESSION_SETUP) throw new SmbError('not a SESSION_SETUP response');
  const b = msg.subarray(64);
  if (h.status !== STATUS.SUCCESS && h.status !== STATUS.MORE_PROCESSING_REQUIRED) return { header: h, sessionFlags: 0, blob: Buffer.alloc(0) };
  if (b.length < 8) throw new SmbError('short SESSION_SETUP response');
  const off = b.readUInt16LE(4);
  const len = b.readUInt16LE(6);
  return { header: h, sessionFlags: b.readUInt16LE(2), blob: off >= 64 && off + len <= msg.length ? msg.subarray(off, off + len) : Buffer.alloc(0) };
}

export const SESSION_FLAGS = { IS_GUEST: 0x1, IS_NULL: 0x2, ENCRYPT_DATA: 0x4 } as const;

export function treeConnect(messageId: number, sessionId: bigint, path: string): Buffer {
  const p = Buffer.from(path, 'utf16le');
  const b = Buffer.alloc(8);
  b.writeUInt16LE(9, 0);
  b.writeUInt16LE(64 + 8, 4);
  b.writeUInt16LE(p.length, 6);
  return frame(Buffer.concat([header(CMD.TREE_CONNECT, messageId, sessionId), b, p]));
}

export function parseTreeConnect(msg: Buffer): { header: Smb2Header; shareType?: number; maximalAccess?: number } {
  const h = parseHeader(msg);
  if (h.command !== CMD.TREE_CONNECT) throw new SmbError('not a TREE_CONNECT response');
  const b = msg.subarray(64);
  if (h.status !== STATUS.SUCCESS || b.length < 16) return { header: h };
  return { header: h, shareType: b[2]!, maximalAccess: b.readUInt32LE(12) };
}

/** SMB1 NEGOTIATE offering only "NT LM 0.12": an answer choosing it means SMB1 is enabled. */
export function smb1Negotiate(): Buffer {
  const h = Buffer.alloc(32);
  h.writeUInt32BE(0xff534d42, 0);
  h[4] = 0x72;
  h[9] = 0x18; // case-insensitive paths, canonicalised
  h.writeUInt16LE(0xc001, 10); // unicode, NT status codes, long names
  h.writeUInt16LE(0xfeff, 26); // PID
  const dialect = Buffer.from('\x02NT LM 0.12\x00', 'latin1');
  const words = Buffer.from([0]);
  const bc = Buffer.alloc(2);
  bc.writeUInt16LE(dialect.length, 0);
  return frame(Buffer.concat([h, words, bc, dialect]));
}

/** The SMB1 answer: the chosen dialect index (0 = NT LM 0.12; 0xffff none) and the NT status. */
export function parseSmb1Negotiate(msg: Buffer): { status: number; dialectIndex?: number } | undefined {
  if (msg.length < 33 || msg.readUInt32BE(0) !== 0xff534d42 || msg[4] !== 0x72) return undefined;
  const status = msg.readUInt32LE(5);
  const wc = msg[32]!;
  if (wc === 0 || msg.length < 35) return { status };
  return { status, dialectIndex: msg.readUInt16LE(33) };
}

// ---- NTLMSSP ([MS-NLMP] §2.2.1) ----

const NTLMSSP = Buffer.from('NTLMSSP\0', 'latin1');
export const NTLM_FLAGS = { UNICODE: 0x1, REQUEST_TARGET: 0x4, NTLM: 0x200, ANONYMOUS: 0x800, ALWAYS_SIGN: 0x8000, EXTENDED_SESSIONSECURITY: 0x80000, TARGET_INFO: 0x800000, VERSION: 0x2000000, N128: 0x20000000, N56: 0x80000000 } as const;
const NEG_FLAGS = NTLM_FLAGS.UNICODE | NTLM_FLAGS.REQUEST_TARGET | NTLM_FLAGS.NTLM | NTLM_FLAGS.ALWAYS_SIGN | NTLM_FLAGS.EXTENDED_SESSIONSECURITY | NTLM_FLAGS.N128 | NTLM_FLAGS.N56;

export function ntlmNegotiate(): Buffer {
  const b = Buffer.alloc(32);
  NTLMSSP.copy(b, 0);
  b.writeUInt32LE(1, 8);
  b.writeUInt32LE(NEG_FLAGS >>> 0, 12);
  return b;
}

/** AUTHENTICATE for the anonymous user: empty names, LM response Z(1), empty NT response ([MS-NLMP] §3.1.5.1.2). */
export function ntlmAnonymous(): Buffer {
  const fixed = 64;
  const b = Buffer.alloc(fixed + 1);
  NTLMSSP.copy(b, 0);
  b.writeUInt32LE(3, 8);
  // LmChallengeResponse: one zero byte at the payload start; every other field empty at the payload end.
  b.writeUInt16LE(1, 12);
  b.writeUInt16LE(1, 14);
  b.writeUInt32LE(fixed, 16);
  for (const at of [20, 28, 36, 44, 52]) b.writeUInt32LE(fixed + 1, at + 4);
  b.writeUInt32LE((NEG_FLAGS | NTLM_FLAGS.ANONYMOUS) >>> 0, 60);
  return b;
}

export interface NtlmChallenge {
  flags: number;
  targetName?: string;
  /** NetBIOS and DNS names from the target info ([MS-NLMP] §2.2.2.1). */
  info: Record<string, string>;
  /** The server's OS version ([MS-NLMP] §2.2.2.10), when it sends one. */
  osVersion?: string;
}

/** The CHALLENGE message inside a (SPNEGO-wrapped or raw) security blob. */
export function parseNtlmChallenge(blob: Buffer): NtlmChallenge | undefined {
  const at = blob.indexOf(NTLMSSP);
  if (at < 0) return undefined;
  const m = blob.subarray(at);
  if (m.length < 48 || m.readUInt32LE(8) !== 2) return undefined;
  const field = (o: number): Buffer | undefined => {
    const len = m.readUInt16LE(o);
    const off = m.readUInt32LE(o + 4);
    return len > 0 && off + len <= m.length ? m.subarray(off, off + len) : undefined;
  };
  const flags = m.readUInt32LE(20);
  const name = field(12);
  const info: Record<string, string> = {};
  const ti = field(40);
  const AV: Record<number, string> = { 1: 'netbios_computer', 2: 'netbios_domain', 3: 'dns_computer', 4: 'dns_domain', 5: 'dns_tree' };
  for (let i = 0; ti && i + 4 <= ti.length; ) {
    const id = ti.readUInt16LE(i);
    const len = ti.readUInt16LE(i + 2);
    if (id === 0 || i + 4 + len > ti.length) break;
    if (AV[id]) info[AV[id]!] = ti.toString('utf16le', i + 4, i + 4 + len).slice(0, 128);
    i += 4 + len;
  }
  const osVersion = flags & NTLM_FLAGS.VERSION && m.length >= 56 && m.readUInt32LE(40 + 4) >= 56 ? `${m[48]}.${m[49]}.${m.readUInt16LE(50)}` : undefined;
  return { flags, ...(name ? { targetName: name.toString(flags & 1 ? 'utf16le' : 'latin1').slice(0, 128) } : {}), info, ...(osVersion ? { osVersion } : {}) };
}

// ---- SPNEGO (RFC 4178), DER by hand: two fixed shapes ----

function der(tag: number, body: Buffer): Buffer {
  const n = body.length;
  const len = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), len, body]);
}
const OID_SPNEGO = Buffer.from('06062b0601050502', 'hex');
const OID_NTLMSSP = Buffer.from('060a2b0601040182370202 0a'.replace(/ /g, ''), 'hex');

/** negTokenInit offering NTLMSSP, with its NEGOTIATE as the optimistic token. */
export function spnegoInit(token: Buffer): Buffer {
  const mechTypes = der(0xa0, der(0x30, OID_NTLMSSP));
  const mechToken = der(0xa2, der(0x04, token));
  return der(0x60, Buffer.concat([OID_SPNEGO, der(0xa0, der(0x30, Buffer.concat([mechTypes, mechToken])))]));
}

/** negTokenResp carrying the next NTLMSSP message. */
export function spnegoResponse(token: Buffer): Buffer {
  return der(0xa1, der(0x30, der(0xa2, der(0x04, token))));
}
