/**
 * A tiny binary XML writer for tests: enough of aapt's output to build
 * manifests, plus switches for the anti-parsing tricks seen in the wild.
 */
import { RES_TYPE } from '../res-chunks/res-value.ts';
import { ANDROID_ATTRIBUTE_IDS, ANDROID_NS } from '../xml-tree/android-attributes.ts';
import { ByteWriter } from '@citadel/engine-core/testing';

export type AttrSpec =
  | { name: string; android?: boolean; string: string }
  | { name: string; android?: boolean; bool: boolean }
  | { name: string; android?: boolean; int: number; hex?: boolean }
  | { name: string; android?: boolean; ref: number };

export interface ElementSpec {
  name: string;
  attrs?: AttrSpec[];
  children?: ElementSpec[];
}

export interface AxmlTricks {
  utf8?: boolean;
  /** Root chunk size set to this instead of the real one. */
  rootSize?: number;
  /** Insert a chunk of unknown type before the first node. */
  unknownChunk?: boolean;
  /** Write android attribute names as empty strings (only the resource id tells). */
  blankAndroidNames?: boolean;
  /** Declared attribute size (extra bytes are padding). */
  attributeSize?: number;
}

function stringPool(strings: string[], utf8: boolean): Uint8Array {
  const data = new ByteWriter();
  const offsets: number[] = [];
  for (const s of strings) {
    offsets.push(data.length);
    if (utf8) {
      const b = Buffer.from(s, 'utf8');
      data.u8(s.length).u8(b.length).bytes(b).u8(0);
    } else {
      data.u16(s.length);
      for (let i = 0; i < s.length; i++) data.u16(s.charCodeAt(i));
      data.u16(0);
    }
  }
  data.align(4);
  const headerSize = 28;
  const stringsStart = headerSize + strings.length * 4;
  const w = new ByteWriter().u16(0x0001).u16(headerSize).u32(stringsStart + data.length);
  w.u32(strings.length).u32(0).u32(utf8 ? 0x100 : 0).u32(stringsStart).u32(0);
  for (const o of offsets) w.u32(o);
  return Uint8Array.from([...w.toBytes(), ...data.toBytes()]);
}

export function writeAxml(root: ElementSpec, tricks: AxmlTricks = {}): Uint8Array {
  // Android attribute names first, in resource-map order, as aapt does.
  const strings: string[] = [];
  const resIds: number[] = [];
  const index = new Map<string, number>();
  const intern = (s: string): number => {
    let i = index.get(s);
    if (i === undefined) {
      i = strings.length;
      strings.push(s);
      index.set(s, i);
    }
    return i;
  };
  const attrKey = (a: AttrSpec): string => (a.android ? `@android:${a.name}` : a.name);
  const walk = (e: ElementSpec, f: (e: ElementSpec) => void): void => {
    f(e);
    for (const c of e.children ?? []) walk(c, f);
  };
  walk(root, (e) => {
    for (const a of e.attrs ?? []) {
      if (!a.android || index.has(attrKey(a))) continue;
      const id = ANDROID_ATTRIBUTE_IDS[a.name];
      if (id === undefined) throw new Error(`no resource id for android:${a.name}`);
      index.set(attrKey(a), strings.length);
      strings.push(tricks.blankAndroidNames ? '' : a.name);
      resIds.push(id);
    }
  });
  intern('android');
  intern(ANDROID_NS);

  const attrSize = tricks.attributeSize ?? 20;
  const nodes = new ByteWriter();
  const line = (w: ByteWriter, type: number, size: number): void => {
    w.u16(type).u16(16).u32(size).u32(1).u32(0xffffffff);
  };
  line(nodes, 0x0100, 24);
  nodes.u32(intern('android')).u32(intern(ANDROID_NS));
  const emit = (e: ElementSpec): void => {
    const attrs = e.attrs ?? [];
    line(nodes, 0x0102, 36 + attrs.length * attrSize);
    nodes.u32(0xffffffff).u32(intern(e.name)).u16(20).u16(attrSize).u16(attrs.length).u16(0).u16(0).u16(0);
    for (const a of attrs) {
      const nameIdx = a.android ? index.get(attrKey(a))! : intern(a.name);
      nodes.u32(a.android ? intern(ANDROID_NS) : 0xffffffff).u32(nameIdx);
      if ('string' in a) nodes.u32(intern(a.string)).u16(8).u8(0).u8(RES_TYPE.STRING).u32(intern(a.string));
      else if ('bool' in a) nodes.u32(0xffffffff).u16(8).u8(0).u8(RES_TYPE.INT_BOOLEAN).u32(a.bool ? 0xffffffff : 0);
      else if ('int' in a) nodes.u32(0xffffffff).u16(8).u8(0).u8(a.hex ? RES_TYPE.INT_HEX : RES_TYPE.INT_DEC).u32(a.int);
      else nodes.u32(0xffffffff).u16(8).u8(0).u8(RES_TYPE.REFERENCE).u32(a.ref);
      for (let p = 20; p < attrSize; p++) nodes.u8(0);
    }
    for (const c of e.children ?? []) emit(c);
    line(nodes, 0x0103, 24);
    nodes.u32(0xffffffff).u32(intern(e.name));
  };
  emit(root);
  line(nodes, 0x0101, 24);
  nodes.u32(intern('android')).u32(intern(ANDROID_NS));

  const pool = stringPool(strings, tricks.utf8 ?? false);
  const map = new ByteWriter().u16(0x0180).u16(8).u32(8 + resIds.length * 4);
  for (const id of resIds) map.u32(id);
  const unknown = tricks.unknownChunk ? new ByteWriter().u16(0x0777).u16(8).u32(16).u32(0xdeadbeef).u32(0).toBytes() : new Uint8Array(0);
  const body = [...pool, ...map.toBytes(), ...unknown, ...nodes.toBytes()];
  const head = new ByteWriter().u16(0x0003).u16(8).u32(tricks.rootSize ?? 8 + body.length);
  return Uint8Array.from([...head.toBytes(), ...body]);
}
