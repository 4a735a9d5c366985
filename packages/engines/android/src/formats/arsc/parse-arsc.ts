/**
 * resources.arsc reader. It indexes the table (packages, their type and key
 * string pools, every type chunk with its configuration) without decoding
 * entries; an entry is decoded when a check asks for its id, so a 10 MB table
 * costs an index, not a million objects.
 */
import { ByteReader } from '@citadel/engine-core';
import { CHUNK, readChunkHeader, type ChunkHeader } from '../res-chunks/chunk.ts';
import { StringPool, emptyStringPool } from '../res-chunks/string-pool.ts';
import { decodeResValue, type TypedValue } from '../res-chunks/res-value.ts';
import { readConfig, type ResourceConfig } from './config.ts';

export interface ResourceEntryValue {
  id: number;
  /** Type name, e.g. "string", "xml". */
  type: string;
  /** Entry name, e.g. "app_name". */
  key: string;
  config: ResourceConfig;
  /** Simple entries. */
  value?: TypedValue;
  /** Complex entries (styles, arrays, plurals): the bag items. */
  map?: { name: number; value: TypedValue }[];
  parent?: number;
}

interface TypeChunkRef {
  typeId: number;
  flags: number;
  entryCount: number;
  offsetsAt: number;
  entriesStart: number;
  end: number;
  config: ResourceConfig;
}

interface PackageIndex {
  id: number;
  name: string;
  typeStrings: StringPool;
  keyStrings: StringPool;
  typeIdOffset: number;
  types: Map<number, TypeChunkRef[]>;
}

const FLAG_SPARSE = 0x01;
const FLAG_OFFSET16 = 0x02;
const ENTRY_COMPLEX = 0x0001;
const ENTRY_COMPACT = 0x0008;
const MAX_PACKAGES = 256;
const MAX_TYPE_CHUNKS = 200_000;
const MAX_BAG_ITEMS = 100_000;
const MAX_REFERENCE_HOPS = 8;

export class ResourceTable {
  readonly warnings: string[] = [];
  private readonly packagesById = new Map<number, PackageIndex>();
  private globalStrings: StringPool = emptyStringPool();
  private readonly r: ByteReader;

  constructor(bytes: Uint8Array) {
    this.r = new ByteReader(bytes, 'arsc');
    this.index();
  }

  get packages(): { id: number; name: string }[] {
    return [...this.packagesById.values()].map((p) => ({ id: p.id, name: p.name }));
  }

  private warn(m: string): void {
    if (this.warnings.length < 50) this.warnings.push(m);
  }

  private index(): void {
    const r = this.r;
    if (r.length < 12) r.fail('file too short for a table header', 0);
    if (r.u16(0) !== CHUNK.TABLE) r.fail(`not a resource table (root chunk 0x${r.u16(0).toString(16)})`, 0);
    const root = readChunkHeader(r, 0, r.length, (m) => this.warn(m));
    let pos = root.headerSize;
    const end = root.size;
    let sawGlobalPool = false;
    let chunks = 0;
    while (pos + 8 <= end) {
      if (++chunks > MAX_PACKAGES + 16) r.fail('too many top-level chunks', pos);
      const c = readChunkHeader(r, pos, end, (m) => this.warn(m));
      if (c.type === CHUNK.STRING_POOL && !sawGlobalPool) {
        this.globalStrings = new StringPool(r, c);
        sawGlobalPool = true;
      } else if (c.type === CHUNK.TABLE_PACKAGE) {
        if (this.packagesById.size >= MAX_PACKAGES) r.fail('too many packages', pos);
        const p = this.indexPackage(c);
        if (!this.packagesById.has(p.id)) this.packagesById.set(p.id, p);
      } else this.warn(`chunk 0x${c.type.toString(16)} at 0x${pos.toString(16)} skipped`);
      pos += c.size;
    }
  }

  private indexPackage(c: ChunkHeader): PackageIndex {
    const r = this.r;
    const o = c.offset;
    if (c.headerSize < 284) r.fail('package header too small', o);
    const id = r.u32(o + 8);
    const nameBytes = r.bytes(o + 12, 256);
    let nameEnd = 0;
    while (nameEnd < 256 && (nameBytes[nameEnd] !== 0 || nameBytes[nameEnd + 1] !== 0)) nameEnd += 2;
    const name = Buffer.from(nameBytes.subarray(0, nameEnd)).toString('utf16le');
    const typeStringsAt = r.u32(o + 268);
    const keyStringsAt = r.u32(o + 276);
    const typeIdOffset = c.headerSize >= 288 ? r.u32(o + 284) : 0;
    const end = o + c.size;
    const pools: StringPool[] = [];
    const pool = (rel: number): StringPool | undefined => {
      if (rel < c.headerSize || rel + 8 > c.size) return undefined;
      const h = readChunkHeader(r, o + rel, end, (m) => this.warn(m));
      return h.type === CHUNK.STRING_POOL ? new StringPool(r, h) : undefined;
    };
    const pkg: PackageIndex = { id, name, typeStrings: emptyStringPool(), keyStrings: emptyStringPool(), typeIdOffset, types: new Map() };
    let typeChunks = 0;
    let pos = o + c.headerSize;
    while (pos + 8 <= end) {
      const h = readChunkHeader(r, pos, end, (m) => this.warn(m));
      if (h.type === CHUNK.STRING_POOL) {
        if (pools.length < 2) pools.push(new StringPool(r, h));
      } else if (h.type === CHUNK.TABLE_TYPE) {
        if (++typeChunks > MAX_TYPE_CHUNKS) r.fail('too many type chunks', pos);
        const t = this.indexType(h);
        if (t) {
          const list = pkg.types.get(t.typeId) ?? [];
          list.push(t);
          pkg.types.set(t.typeId, list);
        }
      } else if (h.type !== CHUNK.TABLE_TYPE_SPEC && h.type !== CHUNK.TABLE_LIBRARY && h.type !== CHUNK.TABLE_OVERLAYABLE && h.type !== CHUNK.TABLE_STAGED_ALIAS) {
        this.warn(`package chunk 0x${h.type.toString(16)} at 0x${pos.toString(16)} skipped`);
      }
      pos += h.size;
    }
    pkg.typeStrings = pool(typeStringsAt) ?? pools[0] ?? emptyStringPool();
    pkg.keyStrings = pool(keyStringsAt) ?? pools[1] ?? emptyStringPool();
    return pkg;
  }

  private indexType(h: ChunkHeader): TypeChunkRef | undefined {
    const r = this.r;
    const o = h.offset;
    if (h.headerSize < 24) {
      this.warn(`type chunk at 0x${o.toString(16)} header too small`);
      return undefined;
    }
    const typeId = r.u8(o + 8);
    const flags = r.u8(o + 9);
    const entryCount = r.u32(o + 12);
    const entriesStart = o + r.u32(o + 16);
    const end = o + h.size;
    const offsetsAt = o + h.headerSize;
    const perEntry = flags & (FLAG_SPARSE | FLAG_OFFSET16) ? (flags & FLAG_SPARSE ? 4 : 2) : 4;
    if (typeId === 0 || entryCount > 0x10000 || offsetsAt + entryCount * perEntry > end || entriesStart > end) {
      this.warn(`type chunk at 0x${o.toString(16)} malformed, skipped`);
      return undefined;
    }
    return { typeId, flags, entryCount, offsetsAt, entriesStart, end, config: readConfig(r, o + 20, offsetsAt) };
  }

  /** Byte offset of entry `e` in a type chunk, or undefined when the chunk has none. */
  private entryOffset(t: TypeChunkRef, e: number): number | undefined {
    const r = this.r;
    let rel: number | undefined;
    if (t.flags & FLAG_SPARSE) {
      let lo = 0;
      let hi = t.entryCount - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const idx = r.u16(t.offsetsAt + mid * 4);
        if (idx === e) {
          rel = r.u16(t.offsetsAt + mid * 4 + 2) * 4;
          break;
        }
        if (idx < e) lo = mid + 1;
        else hi = mid - 1;
      }
    } else if (e < t.entryCount) {
      if (t.flags & FLAG_OFFSET16) {
        const v = r.u16(t.offsetsAt + e * 2);
        rel = v === 0xffff ? undefined : v * 4;
      } else {
        const v = r.u32(t.offsetsAt + e * 4);
        rel = v === 0xffffffff ? undefined : v;
      }
    }
    if (rel === undefined) return undefined;
    const at = t.entriesStart + rel;
    return at + 8 <= t.end ? at : undefined;
  }

  private decodeEntry(pkg: PackageIndex, t: TypeChunkRef, id: number, at: number): ResourceEntryValue {
    const r = this.r;
    const str = (i: number): string | undefined => this.globalStrings.get(i);
    const size = r.u16(at);
    const flags = r.u16(at + 2);
    const type = pkg.typeStrings.get(t.typeId - 1 - pkg.typeIdOffset) ?? `type${t.typeId}`;
    if (flags & ENTRY_COMPACT) {
      const key = pkg.keyStrings.get(size) ?? '';
      return { id, type, key, config: t.config, value: decodeResValue(flags >> 8, r.u32(at + 4), str) };
    }
    const key = pkg.keyStrings.get(r.u32(at + 4)) ?? '';
    if (flags & ENTRY_COMPLEX) {
      if (at + 16 > t.end) r.fail('complex entry truncated', at);
      const parent = r.u32(at + 8);
      const count = r.u32(at + 12);
      const first = at + size;
      const fit = Math.max(0, Math.floor((t.end - first) / 12));
      const n = Math.min(count, fit, MAX_BAG_ITEMS);
      const map: { name: number; value: TypedValue }[] = [];
      for (let i = 0; i < n; i++) {
        const m = first + i * 12;
        map.push({ name: r.u32(m), value: decodeResValue(r.u8(m + 7), r.u32(m + 8), str) });
      }
      return { id, type, key, config: t.config, map, parent };
    }
    const v = at + size;
    if (v + 8 > t.end) r.fail('entry value truncated', at);
    return { id, type, key, config: t.config, value: decodeResValue(r.u8(v + 3), r.u32(v + 4), str) };
  }

  /** Every configuration's value of resource `id` (0xPPTTEEEE). */
  values(id: number): ResourceEntryValue[] {
    const pkg = this.packagesById.get(id >>> 24);
    const chunks = pkg?.types.get((id >>> 16) & 0xff);
    if (!pkg || !chunks) return [];
    const out: ResourceEntryValue[] = [];
    for (const t of chunks) {
      const at = this.entryOffset(t, id & 0xffff);
      if (at !== undefined) out.push(this.decodeEntry(pkg, t, id >>> 0, at));
    }
    return out;
  }

  /** "type/key", e.g. "string/app_name". */
  resourceName(id: number): string | undefined {
    const v = this.values(id)[0];
    return v ? `${v.type}/${v.key}` : undefined;
  }

  /** The value for the given qualifiers ("" = default), following references a few hops. */
  resolve(id: number, qualifiers = ''): TypedValue | undefined {
    let cur = id;
    for (let hop = 0; hop < MAX_REFERENCE_HOPS; hop++) {
      const all = this.values(cur);
      const pick = all.find((v) => v.config.qualifiers === qualifiers) ?? all.find((v) => v.config.qualifiers === '') ?? all[0];
      const v = pick?.value;
      if (!v) return undefined;
      if (v.kind !== 'reference' || v.data === 0) return v;
      cur = v.data;
    }
    this.warn(`reference chain from 0x${id.toString(16)} too long`);
    return undefined;
  }

  /** A string resource (e.g. the app label) in the default configuration. */
  resolveString(id: number, qualifiers = ''): string | undefined {
    const v = this.resolve(id, qualifiers);
    return v?.kind === 'string' ? v.string : v?.text;
  }

  /** Every localized value of a string resource. */
  localizedStrings(id: number): { qualifiers: string; value: string }[] {
    return this.values(id)
      .filter((v) => v.value)
      .map((v) => ({ qualifiers: v.config.qualifiers, value: this.resolveString(id, v.config.qualifiers) ?? '' }));
  }

  /** The file a resource id names, e.g. @xml/network_security_config → "res/xml/network_security_config.xml". */
  resolveFilePath(id: number): string | undefined {
    const v = this.resolve(id);
    return v?.kind === 'string' ? v.string : undefined;
  }

  /** Id of type/key in the first package that has it (e.g. ("string", "app_name")). */
  findId(type: string, key: string): number | undefined {
    for (const pkg of this.packagesById.values()) {
      for (const [typeId, chunks] of pkg.types) {
        if (pkg.typeStrings.get(typeId - 1 - pkg.typeIdOffset) !== type) continue;
        for (const t of chunks) {
          // Sparse chunks list their entries; walking them costs what the file spent on them.
          for (let k = 0; k < t.entryCount; k++) {
            const e = t.flags & FLAG_SPARSE ? this.r.u16(t.offsetsAt + k * 4) : k;
            const at = this.entryOffset(t, e);
            if (at === undefined) continue;
            const flags = this.r.u16(at + 2);
            const keyIndex = flags & ENTRY_COMPACT ? this.r.u16(at) : this.r.u32(at + 4);
            if (pkg.keyStrings.get(keyIndex) === key) return ((pkg.id << 24) | (typeId << 16) | e) >>> 0;
          }
        }
      }
    }
    return undefined;
  }
}

/** Indexes a resources.arsc; throws FormatError when the table itself is unreadable (entries are checked when looked up). */
export function parseArsc(bytes: Uint8Array): ResourceTable {
  return new ResourceTable(bytes);
}
