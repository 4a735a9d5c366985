/**
 * One DEX file: its id tables (strings, types, protos, fields, methods) read
 * lazily with caches, its class definitions, class data and code items.
 * Every index and offset is checked; a bad one is a FormatError naming it.
 */
import { ByteReader, boundedCount } from '@citadel/engine-core';
import { readDexHeader, type DexHeader } from './header.ts';
import { decodeMutf8 } from './mutf8.ts';

export const NO_INDEX = 0xffffffff;

export interface DexLimits {
  /** Longest string decoded (UTF-16 units); longer strings are cut. */
  maxStringChars: number;
  /** Ids per table. */
  maxIds: number;
  /** Members of one class (fields + methods). */
  maxClassMembers: number;
}

export const DEFAULT_DEX_LIMITS: DexLimits = { maxStringChars: 1 << 18, maxIds: 1 << 24, maxClassMembers: 1 << 17 };

export interface MethodRef {
  /** Class descriptor, e.g. "Landroid/webkit/WebView;". */
  className: string;
  name: string;
  /** Parameter type descriptors. */
  parameters: string[];
  returnType: string;
}

export interface FieldRef {
  className: string;
  name: string;
  type: string;
}

export interface DexClassDef {
  index: number;
  /** Class descriptor, e.g. "Ljakhar/aseem/diva/MainActivity;". */
  name: string;
  accessFlags: number;
  superclass?: string;
  interfaces: string[];
  sourceFile?: string;
  classDataOffset: number;
  staticValuesOffset: number;
}

export interface EncodedMember {
  /** field_ids / method_ids index. */
  index: number;
  accessFlags: number;
  /** Methods only: offset of the code_item, 0 for abstract/native methods. */
  codeOffset: number;
}

export interface ClassData {
  staticFields: EncodedMember[];
  instanceFields: EncodedMember[];
  directMethods: EncodedMember[];
  virtualMethods: EncodedMember[];
}

export interface CodeItem {
  registers: number;
  ins: number;
  outs: number;
  triesSize: number;
  /** Absolute offset of insns[0]. */
  insnsOffset: number;
  /** Length in 16-bit code units. */
  insnsSize: number;
}

/** "(Ljava/lang/Object;Ljava/lang/String;)V" from a MethodRef. */
export const methodDescriptor = (m: MethodRef): string => `(${m.parameters.join('')})${m.returnType}`;
/** Smali-style "Lpkg/Cls;->name(args)ret", the form used in evidence. */
export const methodSignature = (m: MethodRef): string => `${m.className}->${m.name}${methodDescriptor(m)}`;

export class DexFile {
  readonly r: ByteReader;
  readonly header: DexHeader;
  readonly limits: DexLimits;
  private readonly stringCache: (string | undefined)[];
  private readonly methodCache: (MethodRef | undefined)[];
  private readonly fieldCache: (FieldRef | undefined)[];
  private classDefsCache?: DexClassDef[];
  /**
   * Strings of a well-formed DEX never overlap, so all of them together hold
   * fewer characters than the file has bytes. A hostile file can point many
   * ids into one long run; this budget turns that into a FormatError instead
   * of gigabytes of copies.
   */
  private stringBudget: number;

  constructor(bytes: Uint8Array | ByteReader, base = 0, limits: Partial<DexLimits> = {}) {
    this.r = bytes instanceof ByteReader ? bytes : new ByteReader(bytes, 'dex');
    this.limits = { ...DEFAULT_DEX_LIMITS, ...limits };
    this.header = readDexHeader(this.r, base);
    const h = this.header;
    // Each table must sit inside the file with room for its declared count.
    const table = (s: { size: number; offset: number }, width: number, what: string): void => {
      boundedCount(this.r, s.size, what, this.limits.maxIds, width, h.base);
      if (s.size > 0) this.r.check(this.abs(s.offset), s.size * width, what);
    };
    table(h.strings, 4, 'string_ids');
    table(h.types, 4, 'type_ids');
    table(h.protos, 12, 'proto_ids');
    table(h.fields, 8, 'field_ids');
    table(h.methods, 8, 'method_ids');
    table(h.classDefs, 32, 'class_defs');
    this.stringCache = new Array(h.strings.size);
    this.methodCache = new Array(h.methods.size);
    this.fieldCache = new Array(h.fields.size);
    this.stringBudget = 2 * this.r.length + (1 << 20);
  }

  /** Absolute position of an offset stored in the file (v41 offsets count from the container start). */
  private abs(offset: number): number {
    return this.header.version === '041' ? offset : this.header.base + offset;
  }

  private checkIndex(i: number, size: number, what: string): void {
    if (!Number.isInteger(i) || i < 0 || i >= size) this.r.fail(`${what} index ${i} out of range (${size})`);
  }

  get stringCount(): number {
    return this.header.strings.size;
  }

  string(i: number): string {
    this.checkIndex(i, this.header.strings.size, 'string');
    const cached = this.stringCache[i];
    if (cached !== undefined) return cached;
    const dataOff = this.abs(this.r.u32(this.abs(this.header.strings.offset) + i * 4));
    const [utf16Size, lenBytes] = this.r.uleb128(dataOff);
    const start = dataOff + lenBytes;
    this.r.check(start, 1, 'string data');
    const s = decodeMutf8(this.r.buf, start, this.r.length, Math.min(utf16Size, this.limits.maxStringChars));
    this.stringBudget -= s.length + 1;
    if (this.stringBudget < 0) this.r.fail('string data overlaps: more characters decoded than the file can hold', dataOff);
    this.stringCache[i] = s;
    return s;
  }

  typeName(i: number): string {
    this.checkIndex(i, this.header.types.size, 'type');
    return this.string(this.r.u32(this.abs(this.header.types.offset) + i * 4));
  }

  private typeList(offset: number): string[] {
    if (offset === 0) return [];
    const at = this.abs(offset);
    const n = boundedCount(this.r, this.r.u32(at), 'type_list', 65536, 2, at, this.r.length - at - 4);
    const out = new Array<string>(n);
    for (let k = 0; k < n; k++) out[k] = this.typeName(this.r.u16(at + 4 + k * 2));
    return out;
  }

  proto(i: number): { parameters: string[]; returnType: string } {
    this.checkIndex(i, this.header.protos.size, 'proto');
    const at = this.abs(this.header.protos.offset) + i * 12;
    return { returnType: this.typeName(this.r.u32(at + 4)), parameters: this.typeList(this.r.u32(at + 8)) };
  }

  get methodCount(): number {
    return this.header.methods.size;
  }

  method(i: number): MethodRef {
    this.checkIndex(i, this.header.methods.size, 'method');
    const cached = this.methodCache[i];
    if (cached) return cached;
    const at = this.abs(this.header.methods.offset) + i * 8;
    const p = this.proto(this.r.u16(at + 2));
    const m: MethodRef = { className: this.typeName(this.r.u16(at)), name: this.string(this.r.u32(at + 4)), parameters: p.parameters, returnType: p.returnType };
    this.methodCache[i] = m;
    return m;
  }

  /** Class and name only (no proto decode), for fast matching over method_ids. */
  methodClassAndName(i: number): { className: string; name: string } {
    this.checkIndex(i, this.header.methods.size, 'method');
    const at = this.abs(this.header.methods.offset) + i * 8;
    return { className: this.typeName(this.r.u16(at)), name: this.string(this.r.u32(at + 4)) };
  }

  get fieldCount(): number {
    return this.header.fields.size;
  }

  field(i: number): FieldRef {
    this.checkIndex(i, this.header.fields.size, 'field');
    const cached = this.fieldCache[i];
    if (cached) return cached;
    const at = this.abs(this.header.fields.offset) + i * 8;
    const f: FieldRef = { className: this.typeName(this.r.u16(at)), type: this.typeName(this.r.u16(at + 2)), name: this.string(this.r.u32(at + 4)) };
    this.fieldCache[i] = f;
    return f;
  }

  /** All class definitions, in file order. */
  classes(): DexClassDef[] {
    if (this.classDefsCache) return this.classDefsCache;
    const { size, offset } = this.header.classDefs;
    const out: DexClassDef[] = [];
    for (let i = 0; i < size; i++) {
      const at = this.abs(offset) + i * 32;
      const superIdx = this.r.u32(at + 8);
      const sourceIdx = this.r.u32(at + 16);
      const def: DexClassDef = {
        index: i,
        name: this.typeName(this.r.u32(at)),
        accessFlags: this.r.u32(at + 4),
        interfaces: this.typeList(this.r.u32(at + 12)),
        classDataOffset: this.r.u32(at + 24),
        staticValuesOffset: this.r.u32(at + 28),
      };
      if (superIdx !== NO_INDEX) def.superclass = this.typeName(superIdx);
      if (sourceIdx !== NO_INDEX) def.sourceFile = this.string(sourceIdx);
      out.push(def);
    }
    this.classDefsCache = out;
    return out;
  }

  /** Fields and methods of a class (undefined for marker interfaces and other classes without data). */
  classData(def: DexClassDef): ClassData | undefined {
    if (def.classDataOffset === 0) return undefined;
    let p = this.abs(def.classDataOffset);
    const uleb = (): number => {
      const [v, n] = this.r.uleb128(p);
      p += n;
      return v;
    };
    const sizes = [uleb(), uleb(), uleb(), uleb()];
    const total = sizes.reduce((a, b) => a + b, 0);
    // Each encoded member takes at least 2 bytes (fields) or 3 (methods).
    boundedCount(this.r, total, 'class members', this.limits.maxClassMembers, 2, p, this.r.length - p);
    const members = (n: number, isMethod: boolean): EncodedMember[] => {
      const out: EncodedMember[] = [];
      let index = 0;
      for (let k = 0; k < n; k++) {
        index += uleb();
        const accessFlags = uleb();
        const codeOffset = isMethod ? uleb() : 0;
        out.push({ index, accessFlags, codeOffset });
      }
      return out;
    };
    return {
      staticFields: members(sizes[0]!, false),
      instanceFields: members(sizes[1]!, false),
      directMethods: members(sizes[2]!, true),
      virtualMethods: members(sizes[3]!, true),
    };
  }

  codeItem(codeOffset: number): CodeItem {
    const at = this.abs(codeOffset);
    this.r.check(at, 16, 'code_item');
    const insnsSize = this.r.u32(at + 12);
    const item: CodeItem = {
      registers: this.r.u16(at),
      ins: this.r.u16(at + 2),
      outs: this.r.u16(at + 4),
      triesSize: this.r.u16(at + 6),
      insnsOffset: at + 16,
      insnsSize,
    };
    this.r.check(item.insnsOffset, insnsSize * 2, 'code_item insns');
    return item;
  }
}
