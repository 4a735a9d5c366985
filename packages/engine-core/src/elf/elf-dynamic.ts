/**
 * The dynamic section, found as the loader finds it (PT_DYNAMIC, falling back
 * to the .dynamic section), with its strings resolved through DT_STRTAB:
 * NEEDED libraries, SONAME, RPATH/RUNPATH and the binding flags RELRO needs.
 */
import type { ByteReader } from '../binary/byte-reader.ts';
import { DF, DF_1, DT, PT, SHT } from './elf-constants.ts';
import type { ElfContext, ElfProgramHeader } from './elf-reader.ts';

export interface ElfDynamicEntry {
  tag: number;
  value: number;
}

export interface ElfDynamic {
  /** File offset where the entries were read. */
  offset: number;
  entries: ElfDynamicEntry[];
  needed: string[];
  soname?: string;
  rpath: string[];
  runpath: string[];
  flags: number;
  flags1: number;
  /** DT_BIND_NOW, DF_BIND_NOW or DF_1_NOW: all symbols bound at load time (needed for full RELRO). */
  bindNow: boolean;
  /** DT_TEXTREL or DF_TEXTREL: relocations patch the code (Android refuses these since API 23). */
  textRelocations: boolean;
}

const MAX_DYNAMIC_ENTRIES = 100_000;

/** File offset of a virtual address range, through the LOAD segment that maps it. */
export function addressToOffset(programHeaders: ElfProgramHeader[], addr: number, size = 1): number | undefined {
  for (const p of programHeaders) {
    if (p.type === PT.LOAD && addr >= p.vaddr && addr + size <= p.vaddr + p.filesz) return p.offset + (addr - p.vaddr);
  }
  return undefined;
}

/** The string table the dynamic entries point into: DT_STRTAB/DT_STRSZ, else the section .dynamic links to. */
export function dynamicStrings(ctx: ElfContext, entries: ElfDynamicEntry[], linkedSection: number | undefined): ByteReader | undefined {
  const value = (tag: number) => entries.find((e) => e.tag === tag)?.value;
  const addr = value(DT.STRTAB);
  const size = value(DT.STRSZ);
  if (addr !== undefined && size !== undefined) {
    const off = addressToOffset(ctx.programHeaders, addr, size);
    if (off !== undefined && ctx.r.has(off, size)) return ctx.r.slice(off, size);
  }
  const sec = linkedSection !== undefined ? ctx.sections[linkedSection] : ctx.sections.find((s) => s.name === '.dynstr');
  if (sec && sec.type === SHT.STRTAB && ctx.r.has(sec.offset, sec.size)) return ctx.r.slice(sec.offset, sec.size);
  return undefined;
}

export function readDynamic(ctx: ElfContext): ElfDynamic | undefined {
  const { r, header } = ctx;
  const seg = ctx.programHeaders.find((p) => p.type === PT.DYNAMIC);
  const sec = ctx.sections.find((s) => s.type === SHT.DYNAMIC);
  const offset = seg?.offset ?? sec?.offset;
  const size = seg?.filesz ?? sec?.size;
  if (offset === undefined || size === undefined) return undefined;
  r.check(offset, size, 'dynamic section');
  const entSize = header.bits === 64 ? 16 : 8;
  const max = Math.min(MAX_DYNAMIC_ENTRIES, Math.floor(size / entSize));
  const entries: ElfDynamicEntry[] = [];
  for (let i = 0; i < max; i++) {
    const p = offset + i * entSize;
    const tag = header.bits === 64 ? Number(BigInt.asIntN(64, r.u64big(p))) : r.i32(p);
    const value = header.bits === 64 ? Number(r.u64big(p + 8)) : r.u32(p + 4);
    if (tag === DT.NULL) break;
    entries.push({ tag, value });
  }

  const strings = dynamicStrings(ctx, entries, sec?.type === SHT.DYNAMIC ? sec.link : undefined);
  const str = (off: number): string | undefined => {
    if (!strings || off >= strings.length) {
      ctx.warnings.push(`dynamic string at ${off} outside the string table`);
      return undefined;
    }
    return strings.cstring(off, 4096);
  };
  const strs = (tag: number) => entries.filter((e) => e.tag === tag).map((e) => str(e.value)).filter((s): s is string => s !== undefined);
  const split = (list: string[]) => list.flatMap((s) => s.split(':')).filter((s) => s !== '');
  const flags = entries.find((e) => e.tag === DT.FLAGS)?.value ?? 0;
  const flags1 = entries.find((e) => e.tag === DT.FLAGS_1)?.value ?? 0;
  const has = (tag: number) => entries.some((e) => e.tag === tag);
  return {
    offset,
    entries,
    needed: strs(DT.NEEDED),
    soname: strs(DT.SONAME)[0],
    rpath: split(strs(DT.RPATH)),
    runpath: split(strs(DT.RUNPATH)),
    flags,
    flags1,
    bindNow: has(DT.BIND_NOW) || (flags & DF.BIND_NOW) !== 0 || (flags1 & DF_1.NOW) !== 0,
    textRelocations: has(DT.TEXTREL) || (flags & DF.TEXTREL) !== 0,
  };
}
