/**
 * Symbol tables (.dynsym and .symtab) and the GNU build-id note. When section
 * headers are missing or stripped, the dynamic symbol table is found the way
 * the loader finds it: DT_SYMTAB, sized by DT_HASH or DT_GNU_HASH.
 */
import { boundedCount, type ByteReader } from '../binary/byte-reader.ts';
import { DT, NT_GNU_BUILD_ID, PT, SHN, SHT, STT_NAMES } from './elf-constants.ts';
import { addressToOffset, dynamicStrings, type ElfDynamic } from './elf-dynamic.ts';
import type { ElfContext } from './elf-reader.ts';
import { attempt } from './attempt.ts';

export interface ElfSymbol {
  name: string;
  value: number;
  size: number;
  type: (typeof STT_NAMES)[number] | 'other';
  bind: 'local' | 'global' | 'weak' | 'other';
  visibility: 'default' | 'internal' | 'hidden' | 'protected';
  sectionIndex: number;
  /** False for imports (SHN_UNDEF). */
  defined: boolean;
}

const BIND_NAMES = ['local', 'global', 'weak'] as const;
const VISIBILITY_NAMES = ['default', 'internal', 'hidden', 'protected'] as const;

function readTable(ctx: ElfContext, offset: number, count: number, strings: ByteReader | undefined): ElfSymbol[] {
  const { r, header } = ctx;
  const entSize = header.bits === 64 ? 24 : 16;
  boundedCount(r, count, 'symbols', ctx.maxSymbols, entSize, offset, Math.max(0, r.length - offset));
  const out: ElfSymbol[] = [];
  for (let i = 0; i < count; i++) {
    const p = offset + i * entSize;
    const nameOff = r.u32(p);
    const [info, other, shndx, value, size] =
      header.bits === 64
        ? [r.u8(p + 4), r.u8(p + 5), r.u16(p + 6), Number(r.u64big(p + 8)), Number(r.u64big(p + 16))]
        : [r.u8(p + 12), r.u8(p + 13), r.u16(p + 14), r.u32(p + 4), r.u32(p + 8)];
    out.push({
      name: strings && nameOff < strings.length ? strings.cstring(nameOff, 65536) : '',
      value,
      size,
      type: STT_NAMES[info & 0xf] ?? 'other',
      bind: BIND_NAMES[info >> 4] ?? 'other',
      visibility: VISIBILITY_NAMES[other & 3]!,
      sectionIndex: shndx,
      defined: shndx !== SHN.UNDEF,
    });
  }
  return out;
}

function fromSection(ctx: ElfContext, type: number): ElfSymbol[] | undefined {
  const sec = ctx.sections.find((s) => s.type === type);
  if (!sec) return undefined;
  const entSize = ctx.header.bits === 64 ? 24 : 16;
  ctx.r.check(sec.offset, sec.size, `${sec.name || 'symbol'} section`);
  const strSec = ctx.sections[sec.link];
  const strings = strSec && ctx.r.has(strSec.offset, strSec.size) ? ctx.r.slice(strSec.offset, strSec.size) : undefined;
  return readTable(ctx, sec.offset, Math.floor(sec.size / entSize), strings);
}

/** Number of dynamic symbols from the SysV hash table (nchain) or the GNU hash table (highest chained index + 1). */
function dynamicSymbolCount(ctx: ElfContext, dyn: ElfDynamic): number | undefined {
  const { r, programHeaders } = ctx;
  const value = (tag: number) => dyn.entries.find((e) => e.tag === tag)?.value;
  const hash = value(DT.HASH);
  if (hash !== undefined) {
    const off = addressToOffset(programHeaders, hash, 8);
    if (off !== undefined) return r.u32(off + 4);
  }
  const gnu = value(DT.GNU_HASH);
  if (gnu === undefined) return undefined;
  const off = addressToOffset(programHeaders, gnu, 16);
  if (off === undefined) return undefined;
  const nbuckets = boundedCount(r, r.u32(off), 'GNU hash buckets', ctx.maxSymbols, 4, off);
  const symoffset = r.u32(off + 4);
  const bloomWords = boundedCount(r, r.u32(off + 8), 'GNU hash bloom words', ctx.maxSymbols, 4, off + 8);
  const buckets = off + 16 + bloomWords * (ctx.header.bits / 8);
  const chains = buckets + 4 * nbuckets;
  let last = 0;
  for (let i = 0; i < nbuckets; i++) last = Math.max(last, r.u32(buckets + 4 * i));
  if (last < symoffset) return symoffset;
  for (let steps = 0; steps < ctx.maxSymbols; steps++, last++) {
    if (r.u32(chains + 4 * (last - symoffset)) & 1) return last + 1;
  }
  return r.fail('GNU hash chain does not terminate', chains);
}

function fromDynamic(ctx: ElfContext, dyn: ElfDynamic): ElfSymbol[] | undefined {
  const addr = dyn.entries.find((e) => e.tag === DT.SYMTAB)?.value;
  if (addr === undefined) return undefined;
  const count = dynamicSymbolCount(ctx, dyn);
  const offset = addressToOffset(ctx.programHeaders, addr);
  if (count === undefined || offset === undefined) return undefined;
  return readTable(ctx, offset, count, dynamicStrings(ctx, dyn.entries, undefined));
}

const isImport = (s: ElfSymbol) => !s.defined && s.name !== '' && (s.bind === 'global' || s.bind === 'weak');
const isExport = (s: ElfSymbol) =>
  s.defined && s.name !== '' && (s.bind === 'global' || s.bind === 'weak') && (s.visibility === 'default' || s.visibility === 'protected');

export function readSymbols(
  ctx: ElfContext,
  dyn: ElfDynamic | undefined,
): { dynamicSymbols: ElfSymbol[]; symbols: ElfSymbol[]; imports: string[]; exports: string[] } {
  const dynamicSymbols =
    attempt(ctx.warnings, '.dynsym', () => fromSection(ctx, SHT.DYNSYM) ?? (dyn ? fromDynamic(ctx, dyn) : undefined)) ??
    (dyn ? attempt(ctx.warnings, 'DT_SYMTAB', () => fromDynamic(ctx, dyn)) : undefined) ??
    [];
  const symbols = attempt(ctx.warnings, '.symtab', () => fromSection(ctx, SHT.SYMTAB)) ?? [];
  const unique = (list: string[]) => [...new Set(list)];
  return {
    dynamicSymbols,
    symbols,
    imports: unique(dynamicSymbols.filter(isImport).map((s) => s.name)),
    exports: unique(dynamicSymbols.filter(isExport).map((s) => s.name)),
  };
}

/** GNU build id from a PT_NOTE segment or a SHT_NOTE section. */
export function readBuildId(ctx: ElfContext): string | undefined {
  const areas = [
    ...ctx.programHeaders.filter((p) => p.type === PT.NOTE).map((p) => ({ offset: p.offset, size: p.filesz, align: p.align === 8 ? 8 : 4 })),
    ...ctx.sections.filter((s) => s.type === SHT.NOTE).map((s) => ({ offset: s.offset, size: s.size, align: 4 })),
  ];
  for (const area of areas) {
    const r = ctx.r.slice(area.offset, area.size);
    const pad = (n: number) => Math.ceil(n / area.align) * area.align;
    for (let p = 0; p + 12 <= r.length; ) {
      const nameSize = r.u32(p);
      const descSize = r.u32(p + 4);
      const type = r.u32(p + 8);
      const name = r.ascii(p + 12, nameSize);
      const descAt = p + 12 + pad(nameSize);
      if (type === NT_GNU_BUILD_ID && name === 'GNU\0') return Buffer.from(r.bytes(descAt, descSize)).toString('hex');
      p = descAt + pad(descSize); // strictly increasing: the loop ends
    }
  }
  return undefined;
}
