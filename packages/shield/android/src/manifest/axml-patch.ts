/**
 * Edits boolean attributes of a binary AndroidManifest.xml (AXML) in place:
 * android:debuggable / allowBackup / usesCleartextTraffic on <application>,
 * android:exported on chosen components. An attribute that exists gets its
 * typed value rewritten; a missing one is inserted, which means adding its
 * name to the string pool at the end of the resource-mapped range (the
 * platform matches android: attributes by the resource id of the name's
 * index), shifting every later string reference, and placing the attribute
 * in resource-id order (ResXMLParser/RetrieveAttributes walk both lists in
 * ascending order, so an out-of-order attribute would be silently ignored).
 *
 * Only canonical documents (as aapt/aapt2 write them) are edited: manifests
 * shaped to trip parsers are refused rather than rewritten on a guess.
 */
import { ByteReader, FormatError } from '@citadel/engine-core';

const CHUNK_XML = 0x0003;
const CHUNK_POOL = 0x0001;
const CHUNK_RESMAP = 0x0180;
const NODE_TYPES = new Set([0x0100, 0x0101, 0x0102, 0x0103, 0x0104]);
const START_ELEMENT = 0x0102;
const END_ELEMENT = 0x0103;
const CDATA = 0x0104;
const NO_INDEX = 0xffffffff;
const UTF8_FLAG = 0x100;
const TYPE_STRING = 0x03;
const TYPE_BOOLEAN = 0x12;
export const ANDROID_NS = 'http://schemas.android.com/apk/res/android';
/** android:name, for finding components by class. */
const ATTR_NAME = 0x01010003;

export interface BoolEdit {
  /** 'application', or a component class name (full, or as written in the manifest) */
  target: string;
  attr: string;
  resId: number;
  value: boolean;
  /** change the attribute only when it is declared (its absence already means `value`) */
  onlyIfPresent?: boolean;
}

export interface EditOutcome {
  target: string;
  attr: string;
  /** the value before: 'true' / 'false' / a raw text / undefined when absent */
  before: string | undefined;
  after: string;
}

interface Chunk {
  type: number;
  bytes: Buffer;
}

interface Doc {
  utf8: boolean;
  strings: Buffer[];
  decoded: string[];
  resMap: number[];
  nodes: Chunk[];
}

function fail(msg: string): never {
  throw new FormatError(msg, 'axml');
}

function stringExtent(pool: ByteReader, at: number, utf8: boolean): { end: number; text: string } {
  if (utf8) {
    let p = at;
    const len = (): number => {
      const a = pool.u8(p++);
      if (a & 0x80) return ((a & 0x7f) << 8) | pool.u8(p++);
      return a;
    };
    len();
    const n = len();
    pool.check(p, n + 1, 'string');
    return { end: p + n + 1, text: Buffer.from(pool.bytes(p, n)).toString('utf8') };
  }
  let p = at;
  let n = pool.u16(p);
  p += 2;
  if (n & 0x8000) {
    n = ((n & 0x7fff) << 16) | pool.u16(p);
    p += 2;
  }
  pool.check(p, n * 2 + 2, 'string');
  return { end: p + n * 2 + 2, text: Buffer.from(pool.bytes(p, n * 2)).toString('utf16le') };
}

function encodeString(s: string, utf8: boolean): Buffer {
  if (utf8) {
    const b = Buffer.from(s, 'utf8');
    const len = (n: number): Buffer => (n > 0x7f ? Buffer.from([0x80 | (n >> 8), n & 0xff]) : Buffer.from([n]));
    return Buffer.concat([len(s.length), len(b.length), b, Buffer.from([0])]);
  }
  const b = Buffer.from(s, 'utf16le');
  const head = Buffer.alloc(2);
  head.writeUInt16LE(s.length);
  return Buffer.concat([head, b, Buffer.alloc(2)]);
}

function parse(bytes: Uint8Array): Doc {
  const r = new ByteReader(bytes, 'axml');
  if (r.length < 8 || r.u16(0) !== CHUNK_XML || r.u16(2) !== 8 || r.u32(4) !== r.length) fail('manifest is not a canonical binary XML document (root chunk)');
  let pos = 8;
  const chunks: { type: number; at: number; size: number }[] = [];
  while (pos < r.length) {
    const type = r.u16(pos);
    const headerSize = r.u16(pos + 2);
    const size = r.u32(pos + 4);
    if (size < 8 || headerSize > size || pos + size > r.length || size % 4 !== 0) fail(`chunk at ${pos} has an invalid size`);
    chunks.push({ type, at: pos, size });
    pos += size;
  }
  const [poolChunk, mapChunk, ...rest] = chunks;
  if (!poolChunk || poolChunk.type !== CHUNK_POOL) fail('the string pool is not the first chunk');
  if (!mapChunk || mapChunk.type !== CHUNK_RESMAP) fail('the resource map is not the second chunk');
  for (const c of rest) if (!NODE_TYPES.has(c.type)) fail(`unexpected chunk type 0x${c.type.toString(16)} at ${c.at}`);

  const pool = r.slice(poolChunk.at, poolChunk.size);
  if (pool.u16(2) !== 28) fail('string pool header is not 28 bytes');
  const count = pool.u32(8);
  const styles = pool.u32(12);
  const flags = pool.u32(16);
  const stringsStart = pool.u32(20);
  if (styles !== 0) fail('string pool with styles');
  if (count > 1 << 20 || 28 + count * 4 > stringsStart || stringsStart > poolChunk.size) fail('string pool counts do not fit');
  const utf8 = (flags & UTF8_FLAG) !== 0;
  const strings: Buffer[] = [];
  const decoded: string[] = [];
  for (let i = 0; i < count; i++) {
    const at = stringsStart + pool.u32(28 + i * 4);
    const { end, text } = stringExtent(pool, at, utf8);
    strings.push(Buffer.from(pool.bytes(at, end - at)));
    decoded.push(text);
  }
  const mapCount = (mapChunk.size - 8) / 4;
  if (r.u16(mapChunk.at + 2) !== 8 || mapCount > count) fail('resource map does not match the string pool');
  const resMap = Array.from({ length: mapCount }, (_, i) => r.u32(mapChunk.at + 8 + i * 4));
  const nodes = rest.map((c) => {
    if (r.u16(c.at + 2) !== 16) fail(`node chunk at ${c.at} has a non-standard header`);
    if (c.type === START_ELEMENT && (r.u16(c.at + 24) !== 20 || r.u16(c.at + 26) !== 20 || c.size !== 36 + 20 * r.u16(c.at + 28))) fail(`element at ${c.at} has a non-standard attribute layout`);
    return { type: c.type, bytes: Buffer.from(r.bytes(c.at, c.size)) };
  });
  return { utf8, strings, decoded, resMap, nodes };
}

function serialize(doc: Doc): Buffer {
  const offsets = Buffer.alloc(doc.strings.length * 4);
  let off = 0;
  doc.strings.forEach((s, i) => {
    offsets.writeUInt32LE(off, i * 4);
    off += s.length;
  });
  const data = Buffer.concat(doc.strings);
  const pad = Buffer.alloc((4 - (data.length % 4)) % 4);
  const header = Buffer.alloc(28);
  const poolSize = 28 + offsets.length + data.length + pad.length;
  header.writeUInt16LE(CHUNK_POOL, 0);
  header.writeUInt16LE(28, 2);
  header.writeUInt32LE(poolSize, 4);
  header.writeUInt32LE(doc.strings.length, 8);
  header.writeUInt32LE(0, 12);
  header.writeUInt32LE(doc.utf8 ? UTF8_FLAG : 0, 16);
  header.writeUInt32LE(28 + offsets.length, 20);
  header.writeUInt32LE(0, 24);
  const map = Buffer.alloc(8 + doc.resMap.length * 4);
  map.writeUInt16LE(CHUNK_RESMAP, 0);
  map.writeUInt16LE(8, 2);
  map.writeUInt32LE(map.length, 4);
  doc.resMap.forEach((id, i) => map.writeUInt32LE(id, 8 + i * 4));
  const body = Buffer.concat([header, offsets, data, pad, map, ...doc.nodes.map((n) => n.bytes)]);
  const root = Buffer.alloc(8);
  root.writeUInt16LE(CHUNK_XML, 0);
  root.writeUInt16LE(8, 2);
  root.writeUInt32LE(8 + body.length, 4);
  return Buffer.concat([root, body]);
}

/** Inserts `names` into the pool at the end of the resource-mapped range and shifts every reference past it. */
function insertMappedNames(doc: Doc, names: { name: string; resId: number }[]): void {
  const at = doc.resMap.length;
  const k = names.length;
  const shift = (b: Buffer, o: number): void => {
    const v = b.readUInt32LE(o);
    if (v !== NO_INDEX && v >= at) b.writeUInt32LE(v + k, o);
  };
  for (const n of doc.nodes) {
    const b = n.bytes;
    shift(b, 12); // comment
    if (n.type === CDATA) {
      shift(b, 16);
      if (b.readUInt8(23) === TYPE_STRING) shift(b, 24);
    } else {
      shift(b, 16);
      shift(b, 20);
    }
    if (n.type === START_ELEMENT) {
      const count = b.readUInt16LE(28);
      for (let i = 0; i < count; i++) {
        const a = 36 + i * 20;
        shift(b, a);
        shift(b, a + 4);
        shift(b, a + 8);
        if (b.readUInt8(a + 15) === TYPE_STRING) shift(b, a + 16);
      }
    }
  }
  doc.strings.splice(at, 0, ...names.map((n) => encodeString(n.name, doc.utf8)));
  doc.decoded.splice(at, 0, ...names.map((n) => n.name));
  doc.resMap.push(...names.map((n) => n.resId));
}

interface ElementRef {
  node: Chunk;
  name: string;
  depth: number;
}

function elements(doc: Doc): ElementRef[] {
  const out: ElementRef[] = [];
  let depth = 0;
  for (const n of doc.nodes) {
    if (n.type === START_ELEMENT) {
      out.push({ node: n, name: doc.decoded[n.bytes.readUInt32LE(20)] ?? '', depth });
      depth++;
    } else if (n.type === END_ELEMENT) depth--;
  }
  return out;
}

function findAttr(doc: Doc, el: Chunk, resId: number): number | undefined {
  const count = el.bytes.readUInt16LE(28);
  for (let i = 0; i < count; i++) {
    const nameIdx = el.bytes.readUInt32LE(36 + i * 20 + 4);
    if (nameIdx < doc.resMap.length && doc.resMap[nameIdx] === resId) return i;
  }
  return undefined;
}

function attrText(doc: Doc, el: Chunk, i: number): string {
  const a = 36 + i * 20;
  const type = el.bytes.readUInt8(a + 15);
  const data = el.bytes.readUInt32LE(a + 16);
  if (type === TYPE_BOOLEAN) return data === 0 ? 'false' : 'true';
  if (type === TYPE_STRING) return doc.decoded[data] ?? '';
  return `0x${type.toString(16)}:${data.toString(16)}`;
}

const COMPONENTS = new Set(['activity', 'activity-alias', 'service', 'receiver', 'provider']);

/** The element an edit targets, or undefined (a component that is not declared). */
function targetOf(doc: Doc, els: ElementRef[], target: string, pkg: string): ElementRef | undefined {
  if (target === 'application') return els.find((e) => e.name === 'application' && e.depth === 1);
  return els.find((e) => {
    if (!COMPONENTS.has(e.name) || e.depth !== 2) return false;
    const i = findAttr(doc, e.node, ATTR_NAME);
    if (i === undefined) return false;
    const raw = attrText(doc, e.node, i);
    const full = raw.startsWith('.') ? pkg + raw : raw.includes('.') ? raw : `${pkg}.${raw}`;
    return raw === target || full === target;
  });
}

function writeBool(el: Chunk, i: number, value: boolean): void {
  const a = 36 + i * 20;
  el.bytes.writeUInt32LE(NO_INDEX, a + 8);
  el.bytes.writeUInt16LE(8, a + 12);
  el.bytes.writeUInt8(0, a + 14);
  el.bytes.writeUInt8(TYPE_BOOLEAN, a + 15);
  el.bytes.writeUInt32LE(value ? 0xffffffff : 0, a + 16);
}

function insertBool(doc: Doc, el: Chunk, nsIdx: number, nameIdx: number, resId: number, value: boolean): void {
  const b = el.bytes;
  const count = b.readUInt16LE(28);
  let pos = count;
  for (let i = 0; i < count; i++) {
    const n = b.readUInt32LE(36 + i * 20 + 4);
    const id = n < doc.resMap.length ? doc.resMap[n]! : undefined;
    if (id === undefined || id > resId) {
      pos = i;
      break;
    }
  }
  const attr = Buffer.alloc(20);
  attr.writeUInt32LE(nsIdx, 0);
  attr.writeUInt32LE(nameIdx, 4);
  const nb = Buffer.concat([b.subarray(0, 36 + pos * 20), attr, b.subarray(36 + pos * 20)]);
  nb.writeUInt32LE(nb.length, 4);
  nb.writeUInt16LE(count + 1, 28);
  // id/class/style indices are 1-based positions of those attributes; 0 means none
  for (const o of [30, 32, 34]) {
    const v = nb.readUInt16LE(o);
    if (v > pos) nb.writeUInt16LE(v + 1, o);
  }
  el.bytes = nb;
  writeBool(el, pos, value);
}

/**
 * Applies the edits; returns the new document and what changed. A component
 * edit whose component is not declared is reported with before 'absent' and
 * not applied. Throws FormatError for a manifest it will not rewrite.
 */
export function editManifestBooleans(bytes: Uint8Array, edits: BoolEdit[]): { bytes: Buffer; outcomes: EditOutcome[] } {
  const doc = parse(bytes);
  const els = elements(doc);
  const manifest = els.find((e) => e.depth === 0 && e.name === 'manifest');
  if (!manifest) fail('no <manifest> root element');
  const pkgAttr = (() => {
    const count = manifest.node.bytes.readUInt16LE(28);
    for (let i = 0; i < count; i++) if (doc.decoded[manifest.node.bytes.readUInt32LE(36 + i * 20 + 4)] === 'package') return attrText(doc, manifest.node, i);
    return '';
  })();
  const resolved = edits
    .map((e) => ({ e, el: targetOf(doc, els, e.target, pkgAttr) }))
    .filter(({ e, el }) => !(e.onlyIfPresent && el && findAttr(doc, el.node, e.resId) === undefined));
  // Names to add to the pool: resource ids needed for insertion that the resource map lacks.
  const missing = new Map<number, string>();
  for (const { e, el } of resolved) {
    if (el && findAttr(doc, el.node, e.resId) === undefined && !doc.resMap.includes(e.resId)) missing.set(e.resId, e.attr);
  }
  const needNs = resolved.some(({ e, el }) => el && findAttr(doc, el.node, e.resId) === undefined);
  if (needNs && !doc.decoded.includes(ANDROID_NS)) fail('the manifest declares no android namespace');
  if (missing.size > 0) insertMappedNames(doc, [...missing].map(([resId, name]) => ({ resId, name })));
  const nsIdx = doc.decoded.indexOf(ANDROID_NS);
  const outcomes: EditOutcome[] = [];
  for (const { e, el } of resolved) {
    if (!el) {
      outcomes.push({ target: e.target, attr: e.attr, before: 'absent', after: 'absent' });
      continue;
    }
    const i = findAttr(doc, el.node, e.resId);
    if (i !== undefined) {
      outcomes.push({ target: e.target, attr: e.attr, before: attrText(doc, el.node, i), after: String(e.value) });
      writeBool(el.node, i, e.value);
    } else {
      outcomes.push({ target: e.target, attr: e.attr, before: undefined, after: String(e.value) });
      insertBool(doc, el.node, nsIdx, doc.resMap.indexOf(e.resId), e.resId, e.value);
    }
  }
  return { bytes: serialize(doc), outcomes };
}

/** The same document with its string pool re-encoded as UTF-8 (as aapt2 writes it) or UTF-16 (aapt): for tests of both encodings. */
export function reencodePool(bytes: Uint8Array, utf8: boolean): Buffer {
  const doc = parse(bytes);
  doc.utf8 = utf8;
  doc.strings = doc.decoded.map((s) => encodeString(s, utf8));
  return serialize(doc);
}

/**
 * Points <application android:name> at `name` (inserted when absent) and
 * removes the listed attributes of <application> (by resource id): what the
 * DEX shell needs. The new name is appended to the pool, past the
 * resource-mapped range, so no reference shifts. Returns the name as
 * written before (undefined when absent) and the attributes removed.
 */
export function setApplicationClass(bytes: Uint8Array, name: string, remove: number[] = []): { bytes: Buffer; before: string | undefined; removed: number[] } {
  const doc = parse(bytes);
  const app = elements(doc).find((e) => e.name === 'application' && e.depth === 1);
  if (!app) fail('no <application> element');
  const removed: number[] = [];
  for (const id of remove) {
    const i = findAttr(doc, app.node, id);
    if (i === undefined) continue;
    const b = app.node.bytes;
    const nb = Buffer.concat([b.subarray(0, 36 + i * 20), b.subarray(36 + (i + 1) * 20)]);
    nb.writeUInt32LE(nb.length, 4);
    nb.writeUInt16LE(b.readUInt16LE(28) - 1, 28);
    for (const o of [30, 32, 34]) {
      const v = nb.readUInt16LE(o);
      if (v === i + 1) fail('an id/class/style attribute cannot be removed');
      if (v > i + 1) nb.writeUInt16LE(v - 1, o);
    }
    app.node.bytes = nb;
    removed.push(id);
  }
  let i = findAttr(doc, app.node, ATTR_NAME);
  const before = i === undefined ? undefined : attrText(doc, app.node, i);
  if (i === undefined) {
    if (!doc.decoded.includes(ANDROID_NS)) fail('the manifest declares no android namespace');
    if (!doc.resMap.includes(ATTR_NAME)) insertMappedNames(doc, [{ name: 'name', resId: ATTR_NAME }]);
    insertBool(doc, app.node, doc.decoded.indexOf(ANDROID_NS), doc.resMap.indexOf(ATTR_NAME), ATTR_NAME, false);
    i = findAttr(doc, app.node, ATTR_NAME)!;
  }
  const idx = doc.strings.length;
  doc.strings.push(encodeString(name, doc.utf8));
  doc.decoded.push(name);
  const a = 36 + i * 20;
  app.node.bytes.writeUInt32LE(idx, a + 8);
  app.node.bytes.writeUInt16LE(8, a + 12);
  app.node.bytes.writeUInt8(0, a + 14);
  app.node.bytes.writeUInt8(TYPE_STRING, a + 15);
  app.node.bytes.writeUInt32LE(idx, a + 16);
  return { bytes: serialize(doc), before, removed };
}
