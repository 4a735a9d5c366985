/**
 * Test utility: writes bplist00 files, either from a PlistValue or from a raw
 * object table (so tests can build hostile files: cycles, deep chains, bad refs).
 */
import type { PlistValue } from '../plist/value.ts';
import { ByteSink } from './byte-sink.ts';

export type BplistObject =
  | { t: 'null' }
  | { t: 'bool'; v: boolean }
  | { t: 'int'; v: number | bigint }
  | { t: 'real'; v: number }
  /** Seconds since 2001-01-01T00:00:00Z. */
  | { t: 'date'; v: number }
  | { t: 'data'; v: Uint8Array }
  | { t: 'string'; v: string }
  | { t: 'uid'; v: number }
  | { t: 'array'; refs: number[] }
  | { t: 'set'; refs: number[] }
  | { t: 'dict'; keys: number[]; values: number[] };

function sizeFor(max: number): number {
  return max < 0x100 ? 1 : max < 0x10000 ? 2 : max < 0x100000000 ? 4 : 8;
}

function marker(sink: ByteSink, type: number, count: number): void {
  if (count < 15) {
    sink.u8((type << 4) | count);
    return;
  }
  sink.u8((type << 4) | 0xf);
  const size = sizeFor(count);
  sink.u8(0x10 | Math.log2(size)).uintBE(count, size);
}

export function writeBplistObjects(objects: BplistObject[], top = 0, refSize = sizeFor(objects.length)): Uint8Array {
  const sink = new ByteSink('be');
  sink.bytes(Buffer.from('bplist00', 'latin1'));
  const offsets: number[] = [];
  for (const o of objects) {
    offsets.push(sink.length);
    switch (o.t) {
      case 'null':
        sink.u8(0x00);
        break;
      case 'bool':
        sink.u8(o.v ? 0x09 : 0x08);
        break;
      case 'int': {
        const v = BigInt(o.v);
        if (v < 0n) sink.u8(0x13).uintBE(BigInt.asUintN(64, v), 8);
        else if (v < 0x100n) sink.u8(0x10).uintBE(v, 1);
        else if (v < 0x10000n) sink.u8(0x11).uintBE(v, 2);
        else if (v < 0x100000000n) sink.u8(0x12).uintBE(v, 4);
        else if (v < 0x8000000000000000n) sink.u8(0x13).uintBE(v, 8);
        else sink.u8(0x14).uintBE(v, 16);
        break;
      }
      case 'real': {
        const b = new Uint8Array(8);
        new DataView(b.buffer).setFloat64(0, o.v);
        sink.u8(0x23).bytes(b);
        break;
      }
      case 'date': {
        const b = new Uint8Array(8);
        new DataView(b.buffer).setFloat64(0, o.v);
        sink.u8(0x33).bytes(b);
        break;
      }
      case 'data':
        marker(sink, 0x4, o.v.length);
        sink.bytes(o.v);
        break;
      case 'string':
        if (/^[\x00-\x7f]*$/.test(o.v)) {
          marker(sink, 0x5, o.v.length);
          sink.bytes(Buffer.from(o.v, 'latin1'));
        } else {
          marker(sink, 0x6, o.v.length);
          for (let i = 0; i < o.v.length; i++) sink.uintBE(o.v.charCodeAt(i), 2);
        }
        break;
      case 'uid': {
        const size = sizeFor(o.v);
        sink.u8(0x80 | (size - 1)).uintBE(o.v, size);
        break;
      }
      case 'array':
      case 'set':
        marker(sink, o.t === 'array' ? 0xa : 0xc, o.refs.length);
        for (const r of o.refs) sink.uintBE(r, refSize);
        break;
      case 'dict':
        marker(sink, 0xd, o.keys.length);
        for (const r of o.keys) sink.uintBE(r, refSize);
        for (const r of o.values) sink.uintBE(r, refSize);
        break;
    }
  }
  const offsetTableOffset = sink.length;
  const offsetSize = sizeFor(offsetTableOffset);
  for (const off of offsets) sink.uintBE(off, offsetSize);
  sink.zeros(6).u8(offsetSize).u8(refSize);
  sink.uintBE(objects.length, 8).uintBE(top, 8).uintBE(offsetTableOffset, 8);
  return sink.toBytes();
}

const APPLE_EPOCH_MS = 978_307_200_000;

/** Flattens a PlistValue into an object table (no sharing) and writes it. */
export function writeBplist(value: PlistValue): Uint8Array {
  const objects: BplistObject[] = [];
  const add = (v: PlistValue): number => {
    const index = objects.length;
    objects.push({ t: 'null' });
    let o: BplistObject;
    switch (v.kind) {
      case 'dict': {
        const keys: number[] = [];
        const values: number[] = [];
        for (const [k, item] of v.entries) {
          keys.push(add({ kind: 'string', value: k }));
          values.push(add(item));
        }
        o = { t: 'dict', keys, values };
        break;
      }
      case 'array':
        o = { t: v.isSet ? 'set' : 'array', refs: v.items.map(add) };
        break;
      case 'date':
        o = { t: 'date', v: (v.value.getTime() - APPLE_EPOCH_MS) / 1000 };
        break;
      case 'uid':
        o = { t: 'uid', v: Number(v.value) };
        break;
      case 'null':
        o = { t: 'null' };
        break;
      case 'string':
        o = { t: 'string', v: v.value };
        break;
      case 'int':
        o = { t: 'int', v: v.value };
        break;
      case 'real':
        o = { t: 'real', v: v.value };
        break;
      case 'bool':
        o = { t: 'bool', v: v.value };
        break;
      case 'data':
        o = { t: 'data', v: v.value };
        break;
    }
    objects[index] = o;
    return index;
  };
  add(value);
  return writeBplistObjects(objects, 0);
}
