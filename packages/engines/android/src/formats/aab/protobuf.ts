/**
 * A minimal protobuf wire-format reader: enough to walk aapt2's messages in
 * an AAB. Fields come out in order with their wire type; lengths are checked
 * against the enclosing message and varints are capped at 10 bytes.
 */
import { ByteReader } from '@citadel/engine-core';

export interface PbField {
  field: number;
  wire: 0 | 1 | 2 | 5;
  /** Varint / fixed32: the low 32 bits, unsigned. */
  u32: number;
  /** Length-delimited payload (a view, not a copy). */
  bytes?: Uint8Array;
}

const MAX_FIELDS = 1_000_000;
const utf8 = new TextDecoder('utf-8', { fatal: false });

export function readFields(buf: Uint8Array, format = 'protobuf'): PbField[] {
  const r = new ByteReader(buf, format);
  const out: PbField[] = [];
  let p = 0;
  const varint = (): [number, number] => {
    // Low 32 bits and the value as a number when it is small enough to matter as a length.
    let lo = 0;
    let full = 0;
    for (let i = 0; i < 10; i++) {
      const b = r.u8(p++);
      if (i < 5) lo |= (b & 0x7f) << (7 * i);
      if (i < 8) full += (b & 0x7f) * 2 ** (7 * i);
      if ((b & 0x80) === 0) return [lo >>> 0, full];
    }
    return r.fail('varint longer than 10 bytes', p);
  };
  while (p < r.length) {
    if (out.length >= MAX_FIELDS) r.fail('too many fields', p);
    const [key] = varint();
    const field = key >>> 3;
    const wire = key & 7;
    if (field === 0) r.fail('field number 0', p);
    switch (wire) {
      case 0: {
        const [lo] = varint();
        out.push({ field, wire, u32: lo });
        break;
      }
      case 1:
        r.check(p, 8);
        out.push({ field, wire, u32: r.u32(p) });
        p += 8;
        break;
      case 2: {
        const [, len] = varint();
        const bytes = r.bytes(p, len);
        out.push({ field, wire, u32: len, bytes });
        p += len;
        break;
      }
      case 5:
        out.push({ field, wire, u32: r.u32(p) });
        p += 4;
        break;
      default:
        r.fail(`unsupported wire type ${wire}`, p);
    }
  }
  return out;
}

export const pbString = (f: PbField | undefined): string | undefined => (f?.bytes ? utf8.decode(f.bytes) : undefined);
export const pbFirst = (fields: PbField[], n: number): PbField | undefined => fields.find((f) => f.field === n);
