/**
 * ELF reader (ELF32/ELF64, little and big endian) for native libraries found
 * in APKs, HAPs and firmware: header, program headers, section headers with
 * names, then the dynamic section, symbols and build id (elf-dynamic.ts,
 * elf-symbols.ts). The header must be sound or parseElf throws FormatError;
 * every later part that cannot be read becomes a warning instead, because
 * hostile libraries corrupt what the Android loader ignores (section headers)
 * to break analysers.
 */
import { ByteReader, boundedCount, type Endian } from '../binary/byte-reader.ts';
import { ELF_TYPE_NAMES, PT, SHN } from './elf-constants.ts';
import { readDynamic, type ElfDynamic } from './elf-dynamic.ts';
import { readBuildId, readSymbols, type ElfSymbol } from './elf-symbols.ts';
import { attempt } from './attempt.ts';

export interface ElfHeader {
  bits: 32 | 64;
  endian: Endian;
  osAbi: number;
  type: number;
  typeName: 'relocatable' | 'executable' | 'shared-object' | 'core' | 'unknown';
  machine: number;
  entry: number;
  flags: number;
  phoff: number;
  phentsize: number;
  phnum: number;
  shoff: number;
  shentsize: number;
  shnum: number;
  shstrndx: number;
}

export interface ElfProgramHeader {
  type: number;
  flags: number;
  offset: number;
  vaddr: number;
  filesz: number;
  memsz: number;
  align: number;
}

export interface ElfSection {
  index: number;
  name: string;
  type: number;
  flags: number;
  addr: number;
  offset: number;
  size: number;
  link: number;
  info: number;
  entsize: number;
}

export interface ElfFile {
  header: ElfHeader;
  programHeaders: ElfProgramHeader[];
  sections: ElfSection[];
  /** PT_INTERP, for executables. */
  interpreter?: string;
  dynamic?: ElfDynamic;
  /** .dynsym (or the table DT_SYMTAB points at when section headers are missing). */
  dynamicSymbols: ElfSymbol[];
  /** .symtab: empty when stripped. */
  symbols: ElfSymbol[];
  /** Undefined global/weak dynamic symbols: what the library takes from others. */
  imports: string[];
  /** Defined global/weak dynamic symbols with default or protected visibility. */
  exports: string[];
  /** .note.gnu.build-id as hex. */
  buildId?: string;
  /** Parts that could not be read (the rest of the result is still valid). */
  warnings: string[];
}

export interface ElfReadOptions {
  /** Cap on symbols per table (default 1,000,000). */
  maxSymbols?: number;
}

/** Internal state shared by the part readers. */
export interface ElfContext {
  r: ByteReader;
  header: ElfHeader;
  programHeaders: ElfProgramHeader[];
  sections: ElfSection[];
  warnings: string[];
  maxSymbols: number;
}

const MAX_PROGRAM_HEADERS = 0xffff;
const MAX_SECTIONS = 0x10000;

export function isElf(buf: Uint8Array): boolean {
  return buf.length >= 4 && buf[0] === 0x7f && buf[1] === 0x45 && buf[2] === 0x4c && buf[3] === 0x46;
}

/** An address-sized field: 64-bit values above 2^53 are kept approximately (addresses only, never used as offsets). */
export function word(r: ByteReader, bits: 32 | 64, o: number): number {
  return bits === 64 ? Number(r.u64big(o)) : r.u32(o);
}

/** An offset or size field: must be an exact safe integer. */
export function offsetWord(r: ByteReader, bits: 32 | 64, o: number): number {
  return bits === 64 ? r.u64(o) : r.u32(o);
}

function readHeader(buf: Uint8Array): { r: ByteReader; header: ElfHeader } {
  const probe = new ByteReader(buf, 'elf');
  probe.check(0, 16, 'ELF identification');
  if (!isElf(buf)) probe.fail('bad magic (not an ELF file)', 0);
  const cls = probe.u8(4);
  const data = probe.u8(5);
  if (cls !== 1 && cls !== 2) probe.fail(`unknown ELF class ${cls}`, 4);
  if (data !== 1 && data !== 2) probe.fail(`unknown data encoding ${data}`, 5);
  const bits = cls === 2 ? 64 : 32;
  const r = new ByteReader(buf, 'elf', data === 1 ? 'le' : 'be');
  r.check(0, bits === 64 ? 64 : 52, 'ELF header');
  const type = r.u16(16);
  const o = bits === 64 ? [24, 32, 40, 48, 54, 56, 58, 60, 62] : [24, 28, 32, 36, 42, 44, 46, 48, 50];
  const header: ElfHeader = {
    bits,
    endian: r.endian,
    osAbi: r.u8(7),
    type,
    typeName: ELF_TYPE_NAMES[type] ?? 'unknown',
    machine: r.u16(18),
    entry: word(r, bits, o[0]!),
    phoff: offsetWord(r, bits, o[1]!),
    shoff: offsetWord(r, bits, o[2]!),
    flags: r.u32(o[3]!),
    phentsize: r.u16(o[4]!),
    phnum: r.u16(o[5]!),
    shentsize: r.u16(o[6]!),
    shnum: r.u16(o[7]!),
    shstrndx: r.u16(o[8]!),
  };
  return { r, header };
}

function readProgramHeaders(r: ByteReader, h: ElfHeader): ElfProgramHeader[] {
  if (h.phnum === 0 || h.phoff === 0) return [];
  const size = h.bits === 64 ? 56 : 32;
  if (h.phentsize < size) r.fail(`program header entry size ${h.phentsize} too small`, h.phoff);
  const count = boundedCount(r, h.phnum, 'program headers', MAX_PROGRAM_HEADERS, h.phentsize, h.phoff, Math.max(0, r.length - h.phoff));
  const out: ElfProgramHeader[] = [];
  for (let i = 0; i < count; i++) {
    const p = h.phoff + i * h.phentsize;
    r.check(p, size, 'program header');
    out.push(
      h.bits === 64
        ? { type: r.u32(p), flags: r.u32(p + 4), offset: offsetWord(r, 64, p + 8), vaddr: word(r, 64, p + 16), filesz: offsetWord(r, 64, p + 32), memsz: word(r, 64, p + 40), align: word(r, 64, p + 48) }
        : { type: r.u32(p), offset: r.u32(p + 4), vaddr: r.u32(p + 8), filesz: r.u32(p + 16), memsz: r.u32(p + 20), flags: r.u32(p + 24), align: r.u32(p + 28) },
    );
  }
  return out;
}

function readSectionHeaders(r: ByteReader, h: ElfHeader): ElfSection[] {
  if (h.shoff === 0) return [];
  const size = h.bits === 64 ? 64 : 40;
  if (h.shentsize < size) r.fail(`section header entry size ${h.shentsize} too small`, h.shoff);
  const at = (i: number) => h.shoff + i * h.shentsize;
  const field = (i: number, o32: number, o64: number, wide: boolean) => {
    const p = at(i) + (h.bits === 64 ? o64 : o32);
    return wide ? offsetWord(r, h.bits, p) : r.u32(p);
  };
  // e_shnum 0 and e_shstrndx SHN_XINDEX put the real values in section 0 (files with ≥ 0xff00 sections).
  let shnum = h.shnum;
  if (shnum === 0) shnum = field(0, 20, 32, true);
  let shstrndx = h.shstrndx;
  if (shstrndx === SHN.XINDEX) shstrndx = field(0, 24, 40, false);
  const count = boundedCount(r, shnum, 'section headers', MAX_SECTIONS, h.shentsize, h.shoff, Math.max(0, r.length - h.shoff));
  const sections: ElfSection[] = [];
  for (let i = 0; i < count; i++) {
    r.check(at(i), size, 'section header');
    sections.push({
      index: i,
      name: '',
      type: field(i, 4, 4, false),
      flags: h.bits === 64 ? word(r, 64, at(i) + 8) : r.u32(at(i) + 8),
      addr: h.bits === 64 ? word(r, 64, at(i) + 16) : r.u32(at(i) + 12),
      offset: field(i, 16, 24, true),
      size: field(i, 20, 32, true),
      link: field(i, 24, 40, false),
      info: field(i, 28, 44, false),
      entsize: field(i, 36, 56, true),
    });
  }
  const names = sections[shstrndx];
  if (names && r.has(names.offset, names.size)) {
    const strtab = r.slice(names.offset, names.size);
    for (const s of sections) {
      const nameOffset = field(s.index, 0, 0, false);
      if (nameOffset < strtab.length) s.name = strtab.cstring(nameOffset, 1024);
    }
  }
  return sections;
}

export function parseElf(buf: Uint8Array, options: ElfReadOptions = {}): ElfFile {
  const { r, header } = readHeader(buf);
  const programHeaders = readProgramHeaders(r, header);
  const warnings: string[] = [];
  const sections = attempt(warnings, 'section headers', () => readSectionHeaders(r, header)) ?? [];
  const ctx: ElfContext = { r, header, programHeaders, sections, warnings, maxSymbols: options.maxSymbols ?? 1_000_000 };
  const interp = programHeaders.find((p) => p.type === PT.INTERP);
  const interpreter = interp ? attempt(warnings, 'PT_INTERP', () => r.cstring(interp.offset, Math.min(interp.filesz, 4096))) : undefined;
  const dynamic = attempt(warnings, 'dynamic section', () => readDynamic(ctx));
  const symbols = readSymbols(ctx, dynamic);
  return {
    header,
    programHeaders,
    sections,
    interpreter,
    dynamic,
    ...symbols,
    buildId: attempt(warnings, 'build id', () => readBuildId(ctx)),
    warnings,
  };
}
