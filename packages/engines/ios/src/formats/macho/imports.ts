/**
 * What an address in the image stands for when it belongs to another image:
 * - symbol stubs (__TEXT sections of type S_SYMBOL_STUBS: __stubs, __auth_stubs):
 *   stub i of a section calls the symbol at indirect-symbol-table entry
 *   reserved1 + i, each stub reserved2 bytes long (<mach-o/loader.h>);
 * - chained-fixup binds (LC_DYLD_CHAINED_FIXUPS, <mach-o/fixup-chains.h>): a
 *   stored pointer with the bind bit holds an ordinal into the imports table,
 *   whose entries name the symbol (formats 1–3; symbols uncompressed).
 * Images that bind through LC_DYLD_INFO opcodes instead (before iOS 13.4) give
 * no bind names here; their stubs still resolve through the indirect table.
 * Every read is bounded and a malformed table yields fewer names, never an error.
 */
import { ByteReader } from '@citadel/engine-core';
import { readSymbolTable } from './symbols.ts';
import type { MachOImage } from './types.ts';

const S_SYMBOL_STUBS = 0x8;
const INDIRECT_SYMBOL_LOCAL = 0x80000000;
const INDIRECT_SYMBOL_ABS = 0x40000000;
const MAX_IMPORTS = 1_000_000;
const BIT63 = 1n << 63n;
const BIT62 = 1n << 62n;

/** Stub address → the imported symbol it calls ("_objc_msgSend", "_CNCopyCurrentNetworkInfo" …). */
export function symbolStubs(image: MachOImage): Map<number, string> {
  const out = new Map<number, string>();
  const dysym = image.dysymtab;
  if (!dysym || dysym.nindirectsyms === 0) return out;
  const r = new ByteReader(image.data, 'macho-indirect', image.header.endian);
  let symbols: ReturnType<typeof readSymbolTable>['symbols'] | undefined;
  for (const seg of image.segments) {
    for (const s of seg.sections) {
      if (s.type !== S_SYMBOL_STUBS || s.reserved2 === 0) continue;
      symbols ??= readSymbolTable(image).symbols;
      const n = Math.floor(s.size / s.reserved2);
      for (let i = 0; i < n && i < MAX_IMPORTS; i++) {
        const index = s.reserved1 + i;
        if (index >= dysym.nindirectsyms) break;
        const at = dysym.indirectsymoff + index * 4;
        if (!r.has(at, 4)) break;
        const sym = r.u32(at);
        if (sym & (INDIRECT_SYMBOL_LOCAL | INDIRECT_SYMBOL_ABS)) continue;
        const name = symbols[sym]?.name;
        if (name) out.set(s.addr + i * s.reserved2, name);
      }
    }
  }
  return out;
}

/** The chained-fixup imports (by ordinal) and the pointer format the image's chains use. */
export interface ChainedImports {
  names: string[];
  /** DYLD_CHAINED_PTR_*: 1/7/9 arm64e, 12 arm64e userland24, 2/6 64-bit; 0 when unknown. */
  pointerFormat: number;
}

const ARM64E_FORMATS = new Set([1, 7, 9, 12]);
const PLAIN64_FORMATS = new Set([2, 6]);

/** The imports table of LC_DYLD_CHAINED_FIXUPS (empty without one). */
export function chainedImports(image: MachOImage): ChainedImports {
  const none: ChainedImports = { names: [], pointerFormat: 0 };
  const lc = image.chainedFixups;
  if (!lc) return none;
  const r = new ByteReader(image.data, 'macho-chained-fixups', 'le');
  const h = lc.dataoff;
  if (!r.has(h, 28)) return none;
  const startsOffset = r.u32(h + 4);
  const importsOffset = r.u32(h + 8);
  const symbolsOffset = r.u32(h + 12);
  const count = Math.min(r.u32(h + 16), MAX_IMPORTS);
  const format = r.u32(h + 20);
  const symbolsFormat = r.u32(h + 24);
  // dyld_chained_starts_in_image: seg_count, then per segment the offset of its dyld_chained_starts_in_segment.
  let pointerFormat = 0;
  const starts = h + startsOffset;
  if (r.has(starts, 4)) {
    const segCount = Math.min(r.u32(starts), 64);
    for (let i = 0; i < segCount && pointerFormat === 0; i++) {
      if (!r.has(starts + 4 + i * 4, 4)) break;
      const segInfo = r.u32(starts + 4 + i * 4);
      if (segInfo !== 0 && r.has(starts + segInfo + 6, 2)) pointerFormat = r.u16(starts + segInfo + 6);
    }
  }
  if (symbolsFormat !== 0) return { names: [], pointerFormat }; // zlib-compressed names: not used by ld64 in practice
  const size = format === 1 ? 4 : format === 2 ? 8 : format === 3 ? 16 : 0;
  if (size === 0) return { names: [], pointerFormat };
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const at = h + importsOffset + i * size;
    if (!r.has(at, size)) break;
    const nameOffset = format === 3 ? r.u32(at + 4) : r.u32(at) >>> 9;
    const nameAt = h + symbolsOffset + nameOffset;
    names.push(r.has(nameAt, 1) ? r.cstring(nameAt, 1024, 'latin1') : '');
  }
  return { names, pointerFormat };
}

/**
 * The import a stored pointer binds to, when it is a chained-fixup bind: in the
 * arm64e formats the bind bit is 62 and the ordinal the low 16 bits (24 in
 * userland24); in the 64-bit formats the bind bit is 63 and the ordinal the low 24 bits.
 */
export function boundImport(raw: bigint, imports: ChainedImports): string | undefined {
  if (imports.names.length === 0) return undefined;
  if (ARM64E_FORMATS.has(imports.pointerFormat)) {
    if ((raw & BIT62) === 0n) return undefined;
    return imports.names[Number(raw & (imports.pointerFormat === 12 ? 0xffffffn : 0xffffn))];
  }
  if (PLAIN64_FORMATS.has(imports.pointerFormat)) return (raw & BIT63) === 0n ? undefined : imports.names[Number(raw & 0xffffffn)];
  return undefined;
}
