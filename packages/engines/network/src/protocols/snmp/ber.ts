/**
 * The BER subset SNMP uses (ITU-T X.690 as profiled by RFC 1157 §4 and
 * RFC 3416 §3): INTEGER, OCTET STRING, NULL, OBJECT IDENTIFIER, SEQUENCE,
 * the SMI application types (IpAddress, Counter32, Gauge32, TimeTicks,
 * Opaque, Counter64) and context-tagged PDUs. Written for SNMP: definite
 * lengths only, every length checked against the datagram, depth capped.
 */
export class BerError extends Error {}

export interface Tlv {
  tag: number;
  /** Value bytes. */
  value: Buffer;
  /** Offset just past this element. */
  end: number;
}

const MAX_DEPTH = 16;

export function readTlv(b: Buffer, off: number, limit = b.length): Tlv {
  if (off + 2 > limit) throw new BerError(`element at ${off} truncated`);
  const tag = b[off]!;
  if ((tag & 0x1f) === 0x1f) throw new BerError(`multi-byte tag at ${off} (not used by SNMP)`);
  let len = b[off + 1]!;
  let p = off + 2;
  if (len === 0x80) throw new BerError(`indefinite length at ${off} (not allowed in SNMP)`);
  if (len > 0x80) {
    const n = len & 0x7f;
    if (n > 3 || p + n > limit) throw new BerError(`length of ${n} bytes at ${off}`);
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + b[p++]!;
  }
  if (p + len > limit) throw new BerError(`element at ${off} claims ${len} bytes, ${limit - p} left`);
  return { tag, value: b.subarray(p, p + len), end: p + len };
}

/** Children of a constructed element. */
export function children(t: Tlv, depth = 0): Tlv[] {
  if (depth > MAX_DEPTH) throw new BerError('nested too deep');
  const out: Tlv[] = [];
  let p = 0;
  while (p < t.value.length) {
    const c = readTlv(t.value, p);
    out.push(c);
    p = c.end;
    if (out.length > 1000) throw new BerError('too many elements');
  }
  return out;
}

export function readInt(t: Tlv): number {
  if (t.tag !== 0x02 || t.value.length === 0 || t.value.length > 6) throw new BerError('not a small INTEGER');
  return t.value.readIntBE(0, t.value.length);
}

export function readUnsigned(v: Buffer): bigint {
  if (v.length > 9) throw new BerError('integer too long');
  let n = 0n;
  for (const x of v) n = n * 256n + BigInt(x);
  return n;
}

export function decodeOid(v: Buffer): string {
  if (v.length === 0 || v.length > 128) throw new BerError('OBJECT IDENTIFIER length');
  const parts: number[] = [];
  let n = 0;
  for (let i = 0; i < v.length; i++) {
    n = n * 128 + (v[i]! & 0x7f);
    if (n > Number.MAX_SAFE_INTEGER / 256) throw new BerError('OBJECT IDENTIFIER arc too large');
    if ((v[i]! & 0x80) === 0) {
      if (parts.length === 0) parts.push(n < 80 ? Math.floor(n / 40) : 2, n < 80 ? n % 40 : n - 80);
      else parts.push(n);
      n = 0;
    }
  }
  if ((v[v.length - 1]! & 0x80) !== 0) throw new BerError('OBJECT IDENTIFIER truncated');
  return parts.join('.');
}

// --- encoder ---

export function tlv(tag: number, value: Buffer): Buffer {
  const n = value.length;
  const len = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), len, value]);
}

export function int(n: number): Buffer {
  const bytes: number[] = [];
  let v = n;
  do {
    bytes.unshift(v & 0xff);
    v = Math.floor(v / 256);
  } while (v !== 0 && v !== -1);
  if (n >= 0 && bytes[0]! & 0x80) bytes.unshift(0);
  return tlv(0x02, Buffer.from(bytes));
}

export const octets = (s: string | Buffer) => tlv(0x04, typeof s === 'string' ? Buffer.from(s, 'latin1') : s);
export const nul = () => Buffer.from([0x05, 0x00]);
export const seq = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));

export function oid(dotted: string): Buffer {
  const a = dotted.split('.').map(Number);
  const out: number[] = [a[0]! * 40 + a[1]!];
  for (const x of a.slice(2)) {
    const tmp = [x & 0x7f];
    let v = Math.floor(x / 128);
    while (v > 0) {
      tmp.unshift((v & 0x7f) | 0x80);
      v = Math.floor(v / 128);
    }
    out.push(...tmp);
  }
  return tlv(0x06, Buffer.from(out));
}
