/** Builds restool-layout resources.index tables for tests (one IDSS per config, items written after). */
import { ByteWriter } from '@citadel/engine-core/testing';

export interface ResItemSpec {
  id: number;
  type: number;
  name: string;
  value: string;
}

export function buildResourcesIndex(configs: { keys: [number, number][]; items: ResItemSpec[] }[]): Uint8Array {
  const b = new ByteWriter();
  b.ascii('Restool 2.010');
  while (b.length < 128) b.u8(0);
  b.u32(0).u32(configs.length);
  const idSetPatches: number[] = [];
  for (const c of configs) {
    b.ascii('KEYS');
    idSetPatches.push(b.length);
    b.u32(0).u32(c.keys.length);
    for (const [t, v] of c.keys) b.u32(t).u32(v);
  }
  const itemPatches: [number, ResItemSpec][] = [];
  configs.forEach((c, i) => {
    b.patch32(idSetPatches[i]!, b.length);
    b.ascii('IDSS').u32(c.items.length);
    for (const item of c.items) {
      b.u32(item.id);
      itemPatches.push([b.length, item]);
      b.u32(0);
    }
  });
  for (const [at, item] of itemPatches) {
    b.patch32(at, b.length);
    const value = Buffer.from(`${item.value}\0`);
    const name = Buffer.from(`${item.name}\0`);
    b.u32(4 + 4 + 2 + value.length + 2 + name.length).u32(item.type).u32(item.id);
    b.u16(value.length).bytes(value).u16(name.length).bytes(name);
  }
  b.patch32(128, b.length);
  return b.toBytes();
}

/** Packs "en" / "US" / "Hans" the way restool stores language, region and script keys. */
export function packKey(text: string): number {
  let v = 0;
  for (const ch of text) v = v * 256 + ch.charCodeAt(0);
  return v;
}
