/** A tiny protobuf writer and aapt2 XmlNode builder, for AAB manifest tests. */
import { concatBytes } from '@citadel/engine-core/testing';
import type { AttrSpec, ElementSpec } from './axml-writer.ts';
import { ANDROID_ATTRIBUTE_IDS, ANDROID_NS } from '../xml-tree/android-attributes.ts';

function varint(n: number): number[] {
  const out: number[] = [];
  let v = BigInt.asUintN(64, BigInt(n));
  do {
    let b = Number(v & 0x7fn);
    v >>= 7n;
    if (v !== 0n) b |= 0x80;
    out.push(b);
  } while (v !== 0n);
  return out;
}

export const pb = {
  varint: (field: number, n: number): Uint8Array => Uint8Array.from([...varint(field << 3), ...varint(n)]),
  bytes: (field: number, b: Uint8Array): Uint8Array => concatBytes([Uint8Array.from([...varint((field << 3) | 2), ...varint(b.length)]), b]),
  string: (field: number, s: string): Uint8Array => pb.bytes(field, Buffer.from(s, 'utf8')),
};

function attribute(a: AttrSpec): Uint8Array {
  const parts: Uint8Array[] = [];
  if (a.android) parts.push(pb.string(1, ANDROID_NS));
  parts.push(pb.string(2, a.name));
  const id = a.android ? ANDROID_ATTRIBUTE_IDS[a.name] : undefined;
  if ('string' in a) parts.push(pb.string(3, a.string));
  if (id) parts.push(pb.varint(5, id));
  // Item { prim = 7 { int_decimal_value = 6 | int_hexadecimal_value = 7 | boolean_value = 8 } } or { ref = 1 { id = 2 } }
  if ('bool' in a) parts.push(pb.bytes(6, pb.bytes(7, pb.varint(8, a.bool ? 1 : 0))));
  else if ('int' in a) parts.push(pb.bytes(6, pb.bytes(7, pb.varint(a.hex ? 7 : 6, a.int))));
  else if ('ref' in a) parts.push(pb.bytes(6, pb.bytes(1, pb.varint(2, a.ref))));
  return concatBytes(parts);
}

/** XmlNode for the same element spec the AXML writer takes. */
export function writeProtoXml(root: ElementSpec, isRoot = true): Uint8Array {
  const parts: Uint8Array[] = [];
  if (isRoot) parts.push(pb.bytes(1, concatBytes([pb.string(1, 'android'), pb.string(2, ANDROID_NS)])));
  parts.push(pb.string(3, root.name));
  for (const a of root.attrs ?? []) parts.push(pb.bytes(4, attribute(a)));
  for (const c of root.children ?? []) parts.push(pb.bytes(5, writeProtoXml(c, false)));
  return pb.bytes(1, concatBytes(parts));
}
