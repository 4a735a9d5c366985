/**
 * A bounded DER/BER parser: the base of X.509, CMS (APK v1 signatures,
 * iOS embedded.mobileprovision, the HarmonyOS signing block).
 *
 * Hostile input is the norm here, so every header is checked against the
 * bytes that hold it, nesting depth and node count are capped, and
 * indefinite lengths (BER, seen in some CMS producers) are accepted only up
 * to the same depth and within the enclosing bytes — or refused when the
 * caller asks for strict DER.
 */
import { ByteReader, FormatError } from '../binary/byte-reader.ts';

export type TagClass = 'universal' | 'application' | 'context' | 'private';
const TAG_CLASSES: readonly TagClass[] = ['universal', 'application', 'context', 'private'];

/** Universal tag numbers used by the readers. */
export const TAG = {
  BOOLEAN: 1,
  INTEGER: 2,
  BIT_STRING: 3,
  OCTET_STRING: 4,
  NULL: 5,
  OID: 6,
  UTF8_STRING: 12,
  SEQUENCE: 16,
  SET: 17,
  NUMERIC_STRING: 18,
  PRINTABLE_STRING: 19,
  T61_STRING: 20,
  IA5_STRING: 22,
  UTC_TIME: 23,
  GENERALIZED_TIME: 24,
  VISIBLE_STRING: 26,
  UNIVERSAL_STRING: 28,
  BMP_STRING: 30,
} as const;

export interface DerNode {
  tagClass: TagClass;
  constructed: boolean;
  /** Tag number within its class. */
  tag: number;
  /** Offset of the identifier octet within the buffer that was parsed. */
  offset: number;
  headerLength: number;
  /** Content bytes (for an indefinite-length node: without the end-of-contents octets). */
  content: Uint8Array;
  /** Identifier, length and content: what signatures are computed over (TBSCertificate, signed attributes). */
  raw: Uint8Array;
  /** Parsed children of a constructed node; empty for primitives. */
  children: DerNode[];
  /** True when the node used BER indefinite length. */
  indefinite: boolean;
}

export interface DerLimits {
  /** Deepest nesting accepted. Real certificates and CMS stay under 20. */
  maxDepth?: number;
  /** Most nodes accepted in one parse, so a flat list of millions of empty nodes is refused. */
  maxNodes?: number;
  /** Accept BER indefinite lengths (bounded like everything else). Default true; false = strict DER. */
  allowIndefinite?: boolean;
}

const DEFAULTS: Required<DerLimits> = { maxDepth: 48, maxNodes: 200_000, allowIndefinite: true };

/**
 * Parses exactly one top-level element at `offset` (trailing bytes are allowed
 * and ignored, as APK signature files and profiles sometimes carry padding).
 * Throws FormatError('asn1') on anything malformed.
 */
export function parseDer(bytes: Uint8Array, limits: DerLimits = {}, offset = 0): DerNode {
  const state = { ...DEFAULTS, ...limits, nodes: 0 };
  const r = new ByteReader(bytes, 'asn1', 'be');
  return parseNode(r, offset, bytes.length, 0, state);
}

/** Parses a sequence of elements filling `bytes` exactly (e.g. the content of an OCTET STRING holding DER). */
export function parseDerAll(bytes: Uint8Array, limits: DerLimits = {}): DerNode[] {
  const state = { ...DEFAULTS, ...limits, nodes: 0 };
  const r = new ByteReader(bytes, 'asn1', 'be');
  const out: DerNode[] = [];
  let at = 0;
  while (at < bytes.length) {
    const node = parseNode(r, at, bytes.length, 0, state);
    out.push(node);
    at = node.offset + node.raw.length;
  }
  return out;
}

type State = Required<DerLimits> & { nodes: number };

function parseNode(r: ByteReader, offset: number, end: number, depth: number, st: State): DerNode {
  if (depth > st.maxDepth) r.fail(`nesting deeper than ${st.maxDepth}`, offset);
  if (++st.nodes > st.maxNodes) r.fail(`more than ${st.maxNodes} elements`, offset);
  if (offset >= end) r.fail('element expected but the enclosing bytes ended', offset);

  let at = offset;
  const id = r.u8(at++);
  const tagClass = TAG_CLASSES[id >> 6]!;
  const constructed = (id & 0x20) !== 0;
  let tag = id & 0x1f;
  if (tag === 0x1f) {
    // High tag number form: base-128, at most 4 bytes (no real format needs more).
    tag = 0;
    for (let i = 0; ; i++) {
      if (i === 4) r.fail('tag number too long', offset);
      if (at >= end) r.fail('tag runs past the enclosing bytes', offset);
      const b = r.u8(at++);
      tag = tag * 128 + (b & 0x7f);
      if ((b & 0x80) === 0) break;
    }
  }

  if (at >= end) r.fail('length runs past the enclosing bytes', offset);
  const first = r.u8(at++);
  let length: number | undefined;
  if (first < 0x80) {
    length = first;
  } else if (first === 0x80) {
    if (!st.allowIndefinite) r.fail('indefinite length is not DER', offset);
    if (!constructed) r.fail('indefinite length on a primitive element', offset);
  } else {
    const n = first & 0x7f;
    if (n > 4) r.fail(`length of ${n} bytes is too long`, offset);
    if (at + n > end) r.fail('length runs past the enclosing bytes', offset);
    length = 0;
    for (let i = 0; i < n; i++) length = length * 256 + r.u8(at++);
  }
  const headerLength = at - offset;

  // Definite length: children fill the content exactly. Indefinite: children until the end-of-contents octets 00 00.
  const children: DerNode[] = [];
  let c = at;
  let contentEnd: number;
  let rawEnd: number;
  if (length !== undefined) {
    if (at + length > end) r.fail(`length ${length} runs past the enclosing bytes`, offset);
    contentEnd = rawEnd = at + length;
    while (constructed && c < contentEnd) {
      const child = parseNode(r, c, contentEnd, depth + 1, st);
      children.push(child);
      c = child.offset + child.raw.length;
    }
  } else {
    for (;;) {
      if (c + 2 > end) r.fail('indefinite-length element has no end-of-contents', offset);
      if (r.u8(c) === 0 && r.u8(c + 1) === 0) break;
      const child = parseNode(r, c, end, depth + 1, st);
      children.push(child);
      c = child.offset + child.raw.length;
    }
    contentEnd = c;
    rawEnd = c + 2;
  }
  return {
    tagClass,
    constructed,
    tag,
    offset,
    headerLength,
    content: r.bytes(at, contentEnd - at),
    raw: r.bytes(offset, rawEnd - offset),
    children,
    indefinite: length === undefined,
  };
}

// ---- typed accessors: each checks the node is what the caller expects ----

export function fail(message: string, node?: DerNode): never {
  throw new FormatError(message, 'asn1', node?.offset);
}

export function isUniversal(node: DerNode | undefined, tag: number): node is DerNode {
  return node !== undefined && node.tagClass === 'universal' && node.tag === tag;
}

export function isContext(node: DerNode | undefined, tag: number): node is DerNode {
  return node !== undefined && node.tagClass === 'context' && node.tag === tag;
}

export function expectUniversal(node: DerNode | undefined, tag: number, what: string): DerNode {
  if (!isUniversal(node, tag)) fail(`${what}: expected universal tag ${tag}, got ${describe(node)}`, node);
  return node;
}

export function expectSequence(node: DerNode | undefined, what: string, minChildren = 0): DerNode {
  const n = expectUniversal(node, TAG.SEQUENCE, what);
  if (n.children.length < minChildren) fail(`${what}: expected at least ${minChildren} elements, got ${n.children.length}`, n);
  return n;
}

function describe(node: DerNode | undefined): string {
  return node ? `${node.tagClass} ${node.tag}` : 'nothing';
}

/** INTEGER as a bigint (two's complement). */
export function readBigInt(node: DerNode | undefined, what = 'integer'): bigint {
  const n = expectUniversal(node, TAG.INTEGER, what);
  if (n.content.length === 0) fail(`${what}: empty integer`, n);
  if (n.content.length > 1024) fail(`${what}: integer of ${n.content.length} bytes`, n);
  let v = 0n;
  for (const b of n.content) v = (v << 8n) | BigInt(b);
  if (n.content[0]! & 0x80) v -= 1n << BigInt(n.content.length * 8);
  return v;
}

/** INTEGER as a number; fails when it does not fit in a safe integer. */
export function readSmallInt(node: DerNode | undefined, what = 'integer'): number {
  const v = readBigInt(node, what);
  if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < BigInt(Number.MIN_SAFE_INTEGER)) fail(`${what}: value too large`, node);
  return Number(v);
}

/** INTEGER content as lower-case hex without sign padding (how tools print serial numbers). */
export function readIntegerHex(node: DerNode | undefined, what = 'integer'): string {
  const n = expectUniversal(node, TAG.INTEGER, what);
  let bytes = n.content;
  while (bytes.length > 1 && bytes[0] === 0) bytes = bytes.subarray(1);
  return Buffer.from(bytes).toString('hex');
}

/**
 * OCTET STRING value; a BER constructed OCTET STRING (segments) is
 * concatenated, bounded by the size of the node itself.
 */
export function readOctets(node: DerNode | undefined, what = 'octet string'): Uint8Array {
  const n = expectUniversal(node, TAG.OCTET_STRING, what);
  if (!n.constructed) return n.content;
  const parts: Uint8Array[] = [];
  const collect = (x: DerNode): void => {
    for (const c of x.children) {
      if (!isUniversal(c, TAG.OCTET_STRING)) fail(`${what}: segment is not an octet string`, c);
      if (c.constructed) collect(c);
      else parts.push(c.content);
    }
  };
  collect(n);
  return Buffer.concat(parts);
}

/** BIT STRING value (bytes) and its count of unused trailing bits. */
export function readBitString(node: DerNode | undefined, what = 'bit string'): { bytes: Uint8Array; unusedBits: number } {
  const n = expectUniversal(node, TAG.BIT_STRING, what);
  if (n.constructed) fail(`${what}: constructed bit strings are not supported`, n);
  if (n.content.length === 0) fail(`${what}: empty bit string`, n);
  const unusedBits = n.content[0]!;
  if (unusedBits > 7) fail(`${what}: ${unusedBits} unused bits`, n);
  return { bytes: n.content.subarray(1), unusedBits };
}

/** Any of the ASN.1 character string types, decoded to a JS string. */
export function readString(node: DerNode | undefined, what = 'string'): string {
  if (!node || node.tagClass !== 'universal') fail(`${what}: expected a string, got ${describe(node)}`, node);
  const b = Buffer.from(node.constructed ? concatSegments(node) : node.content);
  switch (node.tag) {
    case TAG.UTF8_STRING:
      return b.toString('utf8');
    case TAG.BMP_STRING:
      return decodeUtf16be(b);
    case TAG.UNIVERSAL_STRING:
      return decodeUtf32be(b);
    case TAG.PRINTABLE_STRING:
    case TAG.IA5_STRING:
    case TAG.NUMERIC_STRING:
    case TAG.VISIBLE_STRING:
    case TAG.UTC_TIME:
    case TAG.GENERALIZED_TIME:
      return b.toString('latin1');
    case TAG.T61_STRING:
      // Teletex is in practice Latin-1 or, from misbehaving tools, UTF-8.
      return isValidUtf8(b) ? b.toString('utf8') : b.toString('latin1');
    default:
      return fail(`${what}: tag ${node.tag} is not a string type`, node);
  }
}

function concatSegments(node: DerNode): Uint8Array {
  return Buffer.concat(node.children.map((c) => c.content));
}

function decodeUtf16be(b: Buffer): string {
  const even = b.length - (b.length % 2);
  const swapped = Buffer.alloc(even);
  for (let i = 0; i < even; i += 2) {
    swapped[i] = b[i + 1]!;
    swapped[i + 1] = b[i]!;
  }
  return swapped.toString('utf16le');
}

function decodeUtf32be(b: Buffer): string {
  let s = '';
  for (let i = 0; i + 4 <= b.length; i += 4) {
    const cp = b.readUInt32BE(i);
    s += cp <= 0x10ffff ? String.fromCodePoint(cp) : '\ufffd';
  }
  return s;
}

function isValidUtf8(b: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
}

/** UTCTime or GeneralizedTime as an ISO-8601 string (UTC). */
export function readTime(node: DerNode | undefined, what = 'time'): string {
  if (!isUniversal(node, TAG.UTC_TIME) && !isUniversal(node, TAG.GENERALIZED_TIME)) fail(`${what}: expected a time, got ${describe(node)}`, node);
  const s = readString(node, what);
  const utc = node.tag === TAG.UTC_TIME;
  const m = utc
    ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(Z|[+-]\d{4})$/.exec(s)
    : /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})?(\d{2})?(?:[.,](\d{1,9}))?(Z|[+-]\d{4})?$/.exec(s);
  if (!m) fail(`${what}: malformed time "${s.slice(0, 32)}"`, node);
  let year = Number(m[1]);
  // RFC 5280: two-digit years 50-99 are 19xx, 00-49 are 20xx.
  if (utc) year += year >= 50 ? 1900 : 2000;
  const [month, day, hour, minute, second] = [m[2], m[3], m[4], m[5], m[6]].map((x) => Number(x ?? 0)) as [number, number, number, number, number];
  const fraction = utc ? 0 : Number(`0.${m[7] ?? '0'}`);
  const zone = utc ? m[7] : m[8];
  let ms = Date.UTC(year, month - 1, day, hour, minute, second) + Math.round(fraction * 1000);
  if (zone && zone !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    ms -= sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3, 5))) * 60_000;
  }
  const d = new Date(ms);
  if (Number.isNaN(d.getTime()) || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) {
    fail(`${what}: invalid date "${s}"`, node);
  }
  return d.toISOString();
}

export function readBoolean(node: DerNode | undefined, what = 'boolean'): boolean {
  const n = expectUniversal(node, TAG.BOOLEAN, what);
  if (n.content.length !== 1) fail(`${what}: boolean of ${n.content.length} bytes`, n);
  return n.content[0] !== 0;
}
