/**
 * Test utility: a minimal Mach-O writer (thin, 32/64-bit, either endian) with
 * segments and sections, a symbol table, linked dylibs, rpaths, encryption
 * info, platform versions and an LC_CODE_SIGNATURE pointing at a given blob;
 * plus a fat wrapper. Virtual addresses are a base (0x100000000, or 0x4000 for 32-bit) + file offset, so a pointer
 * written into a section can be resolved by the reader like in a real image.
 */
import { ByteSink } from './byte-sink.ts';

export const MACHO_BASE_ADDRESS = 0x100000000;
export const MACHO_BASE_ADDRESS_32 = 0x4000;

export type AddrOf = (segname: string, sectname: string) => number;

export interface SectionSpec {
  name: string;
  /** Fixed content, or a builder called once addresses are known (then `size` is required). */
  data?: Uint8Array;
  size?: number;
  fill?: (addrOf: AddrOf) => Uint8Array;
  /** Section flags; the low byte is the type (S_CSTRING_LITERALS = 2, S_ZEROFILL = 1 …). */
  flags?: number;
  /** For symbol stubs: the first indirect-symbol index and the stub size. */
  reserved1?: number;
  reserved2?: number;
}

export interface SegmentSpec {
  name: string;
  sections?: SectionSpec[];
  initprot?: number;
}

export interface SymbolSpec {
  name: string;
  kind: 'import' | 'export' | 'local' | 'debug';
  /** Library ordinal (1-based index into the dylibs) for imports. */
  library?: number;
}

export interface MachOSpec {
  is64?: boolean;
  endian?: 'le' | 'be';
  cputype?: number;
  cpusubtype?: number;
  filetype?: number;
  flags?: number;
  segments?: SegmentSpec[];
  dylibs?: { name: string; cmd?: number; current?: number; compat?: number }[];
  rpaths?: string[];
  encryption?: { cryptid: number };
  symbols?: SymbolSpec[];
  codeSignature?: Uint8Array;
  buildVersion?: { platform: number; minos: number; sdk: number };
  versionMinIphoneos?: { version: number; sdk: number };
  main?: boolean;
  uuid?: Uint8Array;
  /** Extra load commands, complete with cmd and cmdsize. */
  rawCommands?: Uint8Array[];
}

export const LC_LOAD_DYLIB = 0xc;
export const LC_LOAD_WEAK_DYLIB = 0x80000018;
export const LC_REEXPORT_DYLIB = 0x8000001f;
export const LC_LAZY_LOAD_DYLIB = 0x20;

const align = (n: number, to: number) => Math.ceil(n / to) * to;
const lcStrSize = (fixed: number, text: string, is64: boolean) => align(fixed + Buffer.byteLength(text) + 1, is64 ? 8 : 4);

interface PlacedSection {
  spec: SectionSpec;
  segname: string;
  offset: number;
  size: number;
}

export function writeMachO(spec: MachOSpec): Uint8Array {
  const is64 = spec.is64 ?? true;
  const endian = spec.endian ?? 'le';
  const segments = spec.segments ?? [{ name: '__TEXT', sections: [{ name: '__text', data: new Uint8Array([0xc0, 0x03, 0x5f, 0xd6]) }] }];
  const symbols = spec.symbols ?? [];
  const base = is64 ? MACHO_BASE_ADDRESS : MACHO_BASE_ADDRESS_32;
  const segHeader = is64 ? 72 : 56;
  const sectSize = is64 ? 80 : 68;

  // 1. Load command sizes, to know where the content starts.
  let cmdsSize = 0;
  let ncmds = 0;
  const count = (size: number) => {
    cmdsSize += size;
    ncmds++;
  };
  for (const seg of segments) count(segHeader + sectSize * (seg.sections?.length ?? 0));
  count(segHeader); // __LINKEDIT
  for (const d of spec.dylibs ?? []) count(lcStrSize(24, d.name, is64));
  for (const p of spec.rpaths ?? []) count(lcStrSize(12, p, is64));
  if (spec.encryption) count(is64 ? 24 : 20);
  count(24); // LC_SYMTAB
  if (spec.codeSignature) count(16);
  if (spec.buildVersion) count(24);
  if (spec.versionMinIphoneos) count(16);
  if (spec.main) count(24);
  if (spec.uuid) count(24);
  for (const raw of spec.rawCommands ?? []) count(raw.length);
  const headerSize = is64 ? 32 : 28;

  // 2. File layout: section contents after the commands, then __LINKEDIT.
  let cursor = align(headerSize + cmdsSize, 16);
  const placed: PlacedSection[] = [];
  const segRanges: { start: number; end: number }[] = [];
  segments.forEach((seg, index) => {
    // Like ld64: the first segment (__TEXT) maps the file from offset 0, header included.
    const start = index === 0 ? 0 : cursor;
    for (const sect of seg.sections ?? []) {
      const size = sect.data?.length ?? sect.size ?? 0;
      cursor = align(cursor, 8);
      placed.push({ spec: sect, segname: seg.name, offset: cursor, size });
      cursor += size;
    }
    cursor = align(cursor, 16);
    segRanges.push({ start, end: cursor });
  });
  const entrySize = is64 ? 16 : 12;
  const symoff = cursor;
  const strtab = new ByteSink(endian).u8(0x20).u8(0);
  const strx = symbols.map((s) => {
    const at = strtab.length;
    strtab.cstring(s.name);
    return at;
  });
  const stroff = symoff + symbols.length * entrySize;
  const strsize = align(strtab.length, 8);
  const sigoff = align(stroff + strsize, 16);
  const fileEnd = sigoff + (spec.codeSignature?.length ?? 0);
  const addrOf: AddrOf = (segname, sectname) => {
    const p = placed.find((s) => s.segname === segname && s.spec.name === sectname);
    if (!p) throw new Error(`no section ${segname},${sectname}`);
    return base + p.offset;
  };

  // 3. Header and load commands.
  const out = new ByteSink(endian);
  out.u32(is64 ? 0xfeedfacf : 0xfeedface).i32(spec.cputype ?? 0x0100000c).i32(spec.cpusubtype ?? 0);
  out.u32(spec.filetype ?? 2).u32(ncmds).u32(cmdsSize).u32(spec.flags ?? 0x00200085);
  if (is64) out.u32(0);
  const word = (v: number) => (is64 ? out.u64(v) : out.u32(v));
  const segment = (name: string, sections: PlacedSection[], start: number, end: number, prot: number) => {
    out.u32(is64 ? 0x19 : 0x1).u32(segHeader + sectSize * sections.length).fixed(name, 16);
    word(base + start);
    word(end - start);
    word(start);
    word(end - start);
    out.i32(prot).i32(prot).u32(sections.length).u32(0);
    for (const s of sections) {
      out.fixed(s.spec.name, 16).fixed(s.segname, 16);
      word(base + s.offset);
      word(s.size);
      out.u32(s.offset).u32(3).u32(0).u32(0).u32(s.spec.flags ?? 0).u32(s.spec.reserved1 ?? 0).u32(s.spec.reserved2 ?? 0);
      if (is64) out.u32(0);
    }
  };
  segments.forEach((seg, i) => {
    const range = segRanges[i]!;
    segment(seg.name, placed.filter((p) => p.segname === seg.name), range.start, range.end, seg.initprot ?? 5);
  });
  segment('__LINKEDIT', [], symoff, fileEnd, 1);
  for (const d of spec.dylibs ?? []) {
    const size = lcStrSize(24, d.name, is64);
    const at = out.length;
    out.u32(d.cmd ?? LC_LOAD_DYLIB).u32(size).u32(24).u32(2).u32(d.current ?? 0x10000).u32(d.compat ?? 0x10000).cstring(d.name);
    out.zeros(at + size - out.length);
  }
  for (const p of spec.rpaths ?? []) {
    const size = lcStrSize(12, p, is64);
    const at = out.length;
    out.u32(0x8000001c).u32(size).u32(12).cstring(p);
    out.zeros(at + size - out.length);
  }
  if (spec.encryption) {
    out.u32(is64 ? 0x2c : 0x21).u32(is64 ? 24 : 20).u32(segRanges[0]?.start ?? 0).u32(0x1000).u32(spec.encryption.cryptid);
    if (is64) out.u32(0);
  }
  out.u32(0x2).u32(24).u32(symoff).u32(symbols.length).u32(stroff).u32(strsize);
  if (spec.codeSignature) out.u32(0x1d).u32(16).u32(sigoff).u32(spec.codeSignature.length);
  if (spec.buildVersion) out.u32(0x32).u32(24).u32(spec.buildVersion.platform).u32(spec.buildVersion.minos).u32(spec.buildVersion.sdk).u32(0);
  if (spec.versionMinIphoneos) out.u32(0x25).u32(16).u32(spec.versionMinIphoneos.version).u32(spec.versionMinIphoneos.sdk);
  if (spec.main) out.u32(0x80000028).u32(24).u64(0x4000).u64(0);
  if (spec.uuid) out.u32(0x1b).u32(24).bytes(spec.uuid);
  for (const raw of spec.rawCommands ?? []) out.bytes(raw);

  // 4. Contents.
  for (const p of placed) {
    out.zeros(p.offset - out.length);
    const data = p.spec.data ?? p.spec.fill?.(addrOf) ?? new Uint8Array(p.size);
    if (data.length !== p.size) throw new Error(`section ${p.spec.name}: fill returned ${data.length} bytes, declared ${p.size}`);
    out.bytes(data);
  }
  out.zeros(symoff - out.length);
  symbols.forEach((s, i) => {
    const [type, sect, desc] =
      s.kind === 'import' ? [0x01, 0, (s.library ?? 1) << 8] : s.kind === 'export' ? [0x0f, 1, 0] : s.kind === 'local' ? [0x0e, 1, 0] : [0x24, 1, 0];
    out.u32(strx[i]!).u8(type).u8(sect).u16(desc);
    word(s.kind === 'import' ? 0 : base + 0x1000);
  });
  out.bytes(strtab.toBytes()).zeros(sigoff - out.length);
  if (spec.codeSignature) out.bytes(spec.codeSignature);
  return out.toBytes();
}

/** A fat (universal) file around the given slices; FAT_MAGIC_64 when `is64`. */
export function writeFat(slices: { cputype: number; cpusubtype: number; data: Uint8Array }[], is64 = false, alignBits = 12): Uint8Array {
  const out = new ByteSink('be');
  out.u32(is64 ? 0xcafebabf : 0xcafebabe).u32(slices.length);
  const entrySize = is64 ? 32 : 20;
  let cursor = align(8 + entrySize * slices.length, 1 << alignBits);
  const offsets = slices.map((s) => {
    const at = cursor;
    cursor = align(cursor + s.data.length, 1 << alignBits);
    return at;
  });
  slices.forEach((s, i) => {
    out.i32(s.cputype).i32(s.cpusubtype);
    if (is64) out.u64(offsets[i]!).u64(s.data.length).u32(alignBits).u32(0);
    else out.u32(offsets[i]!).u32(s.data.length).u32(alignBits);
  });
  slices.forEach((s, i) => {
    out.zeros(offsets[i]! - out.length).bytes(s.data);
  });
  return out.toBytes();
}
