/**
 * A tiny resources.arsc writer for tests: one package, string-typed entries
 * in a default and optional localized configurations, references allowed.
 */
import { ByteWriter, concatBytes } from '@citadel/engine-core/testing';
import { RES_TYPE } from '../res-chunks/res-value.ts';

export interface ArscEntrySpec {
  type: string;
  key: string;
  /** Values per qualifier ("" default, or a two-letter language). */
  values: Record<string, { string: string } | { ref: number }>;
}

function pool(strings: string[]): Uint8Array {
  const data = new ByteWriter();
  const offsets = strings.map((s) => {
    const o = data.length;
    const b = Buffer.from(s, 'utf8');
    data.u8(s.length).u8(b.length).bytes(b).u8(0);
    return o;
  });
  data.align(4);
  const start = 28 + strings.length * 4;
  const w = new ByteWriter().u16(1).u16(28).u32(start + data.length).u32(strings.length).u32(0).u32(0x100).u32(start).u32(0);
  for (const o of offsets) w.u32(o);
  return concatBytes([w.toBytes(), data.toBytes()]);
}

export function writeArsc(packageName: string, entries: ArscEntrySpec[], packageId = 0x7f): Uint8Array {
  const globals: string[] = [];
  const g = (s: string): number => (globals.includes(s) ? globals.indexOf(s) : globals.push(s) - 1);
  const typeNames = [...new Set(entries.map((e) => e.type))];
  const keys = entries.map((e) => e.key);
  const chunks: Uint8Array[] = [];
  typeNames.forEach((typeName, ti) => {
    const typeEntries = entries.filter((e) => e.type === typeName);
    const qualifiers = [...new Set(typeEntries.flatMap((e) => Object.keys(e.values)))];
    for (const q of qualifiers) {
      const body = new ByteWriter();
      const offsets: number[] = [];
      for (const e of typeEntries) {
        const v = e.values[q];
        if (!v) {
          offsets.push(0xffffffff);
          continue;
        }
        offsets.push(body.length);
        body.u16(8).u16(0).u32(keys.indexOf(e.key));
        if ('string' in v) body.u16(8).u8(0).u8(RES_TYPE.STRING).u32(g(v.string));
        else body.u16(8).u8(0).u8(RES_TYPE.REFERENCE).u32(v.ref);
      }
      const config = new ByteWriter().u32(64).u32(0);
      config.bytes(q ? Buffer.from(q.slice(0, 2), 'latin1') : [0, 0]).u16(0);
      while (config.length < 64) config.u8(0);
      const headerSize = 20 + 64;
      const entriesStart = headerSize + offsets.length * 4;
      const t = new ByteWriter().u16(0x0201).u16(headerSize).u32(entriesStart + body.length).u8(ti + 1).u8(0).u16(0).u32(offsets.length).u32(entriesStart);
      t.bytes(config.toBytes());
      for (const o of offsets) t.u32(o);
      chunks.push(concatBytes([t.toBytes(), body.toBytes()]));
    }
  });
  const typePool = pool(typeNames);
  const keyPool = pool(keys);
  const headerSize = 288;
  const name = new ByteWriter();
  for (let i = 0; i < 128; i++) name.u16(i < packageName.length ? packageName.charCodeAt(i) : 0);
  const pkgBody = concatBytes([typePool, keyPool, ...chunks]);
  const pkg = new ByteWriter().u16(0x0200).u16(headerSize).u32(headerSize + pkgBody.length).u32(packageId).bytes(name.toBytes());
  pkg.u32(headerSize).u32(typeNames.length).u32(headerSize + typePool.length).u32(keys.length).u32(0);
  const globalPool = pool(globals);
  const pkgBytes = concatBytes([pkg.toBytes(), pkgBody]);
  const head = new ByteWriter().u16(0x0002).u16(12).u32(12 + globalPool.length + pkgBytes.length).u32(1);
  return concatBytes([head.toBytes(), globalPool, pkgBytes]);
}
