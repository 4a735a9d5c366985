/**
 * The part of BSON (bsonspec.org, version 1.1) the MongoDB probe needs: an
 * encoder for small command documents and a decoder bounded against hostile
 * replies (declared lengths checked against the buffer, nesting depth and
 * element count capped, unknown types refused).
 */
export type BsonValue = string | number | boolean | null | bigint | Buffer | BsonDoc | BsonValue[] | { $type: number };
export interface BsonDoc {
  [k: string]: BsonValue;
}

export class BsonError extends Error {}

const MAX_DEPTH = 32;
const MAX_ELEMENTS = 10_000;

export function encode(doc: Record<string, string | number | boolean | Record<string, unknown>>): Buffer {
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(doc)) {
    const name = Buffer.concat([Buffer.from(k, 'utf8'), Buffer.from([0])]);
    if (typeof v === 'string') {
      const s = Buffer.from(v, 'utf8');
      const len = Buffer.alloc(4);
      len.writeInt32LE(s.length + 1);
      parts.push(Buffer.from([0x02]), name, len, s, Buffer.from([0]));
    } else if (typeof v === 'boolean') parts.push(Buffer.from([0x08]), name, Buffer.from([v ? 1 : 0]));
    else if (typeof v === 'number' && Number.isInteger(v)) {
      const b = Buffer.alloc(4);
      b.writeInt32LE(v);
      parts.push(Buffer.from([0x10]), name, b);
    } else if (typeof v === 'number') {
      const b = Buffer.alloc(8);
      b.writeDoubleLE(v);
      parts.push(Buffer.from([0x01]), name, b);
    } else parts.push(Buffer.from([0x03]), name, encode(v as Record<string, string | number | boolean>));
  }
  const body = Buffer.concat(parts);
  const out = Buffer.alloc(body.length + 5);
  out.writeInt32LE(out.length);
  body.copy(out, 4);
  return out;
}

/** Decodes the document at `off`; returns it and its length. */
export function decode(b: Buffer, off = 0): { doc: BsonDoc; length: number } {
  const counter = { n: 0 };
  return decodeAt(b, off, 0, counter, false) as { doc: BsonDoc; length: number };
}

function decodeAt(b: Buffer, off: number, depth: number, counter: { n: number }, array: boolean): { doc: BsonDoc | BsonValue[]; length: number } {
  if (depth > MAX_DEPTH) throw new BsonError('documents nested too deep');
  if (off + 5 > b.length) throw new BsonError('document truncated');
  const len = b.readInt32LE(off);
  if (len < 5 || off + len > b.length) throw new BsonError(`document length ${len} does not fit`);
  const end = off + len - 1;
  if (b[end] !== 0) throw new BsonError('document not terminated');
  const doc: BsonDoc = {};
  const arr: BsonValue[] = [];
  let p = off + 4;
  while (p < end) {
    if (++counter.n > MAX_ELEMENTS) throw new BsonError('too many elements');
    const type = b[p++]!;
    const nameEnd = b.indexOf(0, p);
    if (nameEnd < 0 || nameEnd >= end) throw new BsonError('element name not terminated');
    const name = b.toString('utf8', p, nameEnd);
    p = nameEnd + 1;
    const need = (n: number) => {
      if (n < 0 || p + n > end) throw new BsonError(`element ${name.slice(0, 40)} truncated`);
    };
    let v: BsonValue;
    switch (type) {
      case 0x01:
        need(8);
        v = b.readDoubleLE(p);
        p += 8;
        break;
      case 0x02:
      case 0x0d:
      case 0x0e: {
        need(4);
        const n = b.readInt32LE(p);
        need(4 + n);
        if (n < 1 || b[p + 3 + n] !== 0) throw new BsonError(`string ${name.slice(0, 40)} malformed`);
        v = b.toString('utf8', p + 4, p + 3 + n);
        p += 4 + n;
        break;
      }
      case 0x03:
      case 0x04: {
        const sub = decodeAt(b, p, depth + 1, counter, type === 0x04);
        if (p + sub.length > end) throw new BsonError('sub-document overruns its parent');
        v = sub.doc as BsonValue;
        p += sub.length;
        break;
      }
      case 0x05: {
        need(5);
        const n = b.readInt32LE(p);
        need(5 + n);
        v = Buffer.from(b.subarray(p + 5, p + 5 + n));
        p += 5 + n;
        break;
      }
      case 0x07:
        need(12);
        v = b.toString('hex', p, p + 12);
        p += 12;
        break;
      case 0x08:
        need(1);
        v = b[p] === 1;
        p += 1;
        break;
      case 0x09:
      case 0x11:
      case 0x12:
        need(8);
        v = b.readBigInt64LE(p);
        p += 8;
        break;
      case 0x0a:
      case 0x06:
      case 0xff:
      case 0x7f:
        v = null;
        break;
      case 0x0b: {
        for (let k = 0; k < 2; k++) {
          const z = b.indexOf(0, p);
          if (z < 0 || z >= end) throw new BsonError('regex not terminated');
          p = z + 1;
        }
        v = { $type: 0x0b };
        break;
      }
      case 0x10:
        need(4);
        v = b.readInt32LE(p);
        p += 4;
        break;
      case 0x13:
        need(16);
        v = { $type: 0x13 };
        p += 16;
        break;
      default:
        throw new BsonError(`unsupported BSON type 0x${type.toString(16)}`);
    }
    if (array) arr.push(v);
    else doc[name] = v;
  }
  return { doc: array ? arr : doc, length: len };
}
