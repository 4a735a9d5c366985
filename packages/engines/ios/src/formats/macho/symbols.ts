/**
 * The nlist/nlist_64 symbol table and its string table (LC_SYMTAB). Imports
 * are the external undefined symbols; each carries the dylib it binds to when
 * the image uses two-level namespaces (library ordinal in n_desc).
 */
import { boundedCount, ByteReader } from '@citadel/engine-core';
import type { MachOImage } from './types.ts';

const N_STAB = 0xe0;
const N_TYPE = 0x0e;
const N_EXT = 0x01;
const N_UNDF = 0x0;
const N_INDR = 0xa;
const N_WEAK_REF = 0x0040;
/** ld64 leaves one N_OPT stab ("radr://5614542") in stripped images; it is a marker, not debug info. */
const N_OPT = 0x3c;
/** Special library ordinals in n_desc (<mach-o/nlist.h>). */
const SELF_LIBRARY_ORDINAL = 0x0;
const DYNAMIC_LOOKUP_ORDINAL = 0xfe;
const EXECUTABLE_ORDINAL = 0xff;

export type SymbolKind = 'undefined' | 'defined' | 'local' | 'common' | 'indirect' | 'debug';

export interface MachOSymbol {
  name: string;
  kind: SymbolKind;
  external: boolean;
  /** Raw n_type, n_sect, n_desc. */
  type: number;
  sect: number;
  desc: number;
  value: number;
  /** For undefined symbols: the install name of the dylib it binds to, when known. */
  library?: string;
  weakImport?: boolean;
}

export interface SymbolTable {
  symbols: MachOSymbol[];
  /** Names of external undefined symbols (imported functions, classes, data), in table order, unique. */
  imports: string[];
  /** Names of external defined symbols. */
  exports: string[];
  /** Non-external defined symbols (what `strip` removes). */
  localCount: number;
  /** Debugging (STAB) entries, not counting the N_OPT marker ld64 leaves in stripped images. */
  debugCount: number;
  /** Symbols whose n_strx pointed outside the string table (their name is ""). */
  badNameCount: number;
}

export interface SymbolLimits {
  maxSymbols: number;
  maxNameLength: number;
}

export const DEFAULT_SYMBOL_LIMITS: Readonly<SymbolLimits> = Object.freeze({ maxSymbols: 4_000_000, maxNameLength: 4096 });

const NON_ASCII = /[\x80-\xff]/;

/**
 * The string table decoded once as latin1 (one char per byte, so offsets are
 * indexes); a name with non-ASCII bytes is re-decoded as UTF-8. Much faster
 * than decoding each of hundreds of thousands of names on its own.
 */
class StringTable {
  private readonly text: string;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly maxNameLength: number,
  ) {
    this.text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  }

  at(offset: number): string {
    let end = this.text.indexOf('\0', offset);
    if (end < 0) end = this.text.length;
    end = Math.min(end, offset + this.maxNameLength);
    const name = this.text.slice(offset, end);
    return NON_ASCII.test(name) ? Buffer.from(this.bytes.subarray(offset, end)).toString('utf8') : name;
  }
}

function classify(type: number, value: number): { kind: SymbolKind; external: boolean } {
  const external = (type & N_EXT) !== 0;
  if ((type & N_STAB) !== 0) return { kind: 'debug', external: false };
  const t = type & N_TYPE;
  if (t === N_UNDF) return { kind: external && value !== 0 ? 'common' : 'undefined', external };
  if (t === N_INDR) return { kind: 'indirect', external };
  return { kind: external ? 'defined' : 'local', external };
}

function libraryFor(image: MachOImage, desc: number): string | undefined {
  const ordinal = (desc >> 8) & 0xff;
  if (ordinal === SELF_LIBRARY_ORDINAL || ordinal === DYNAMIC_LOOKUP_ORDINAL || ordinal === EXECUTABLE_ORDINAL) return undefined;
  return image.dylibs[ordinal - 1]?.name;
}

/** Reads LC_SYMTAB; an image without one yields an empty table. */
export function readSymbolTable(image: MachOImage, limits: Partial<SymbolLimits> = {}): SymbolTable {
  const { maxSymbols, maxNameLength } = { ...DEFAULT_SYMBOL_LIMITS, ...limits };
  const table: SymbolTable = { symbols: [], imports: [], exports: [], localCount: 0, debugCount: 0, badNameCount: 0 };
  const symtab = image.symtab;
  if (!symtab || symtab.nsyms === 0) return table;
  const r = new ByteReader(image.data, 'macho-symtab', image.header.endian);
  const entrySize = image.header.is64 ? 16 : 12;
  const available = Math.max(0, r.length - symtab.symoff);
  const count = boundedCount(r, symtab.nsyms, 'symbols', maxSymbols, entrySize, symtab.symoff, available);
  r.check(symtab.symoff, count * entrySize, 'symbol table');
  r.check(symtab.stroff, symtab.strsize, 'string table');
  const names = new StringTable(r.bytes(symtab.stroff, symtab.strsize), maxNameLength);
  const twoLevel = (image.header.flags & 0x80) !== 0;
  const seenImports = new Set<string>();
  for (let i = 0, at = symtab.symoff; i < count; i++, at += entrySize) {
    const strx = r.u32(at);
    const type = r.u8(at + 4);
    const sect = r.u8(at + 5);
    const desc = r.u16(at + 6);
    const value = image.header.is64 ? Number(r.u64big(at + 8)) : r.u32(at + 8);
    let name = '';
    if (strx > 0 && strx < symtab.strsize) name = names.at(strx);
    else if (strx >= symtab.strsize && symtab.strsize > 0) table.badNameCount++;
    const { kind, external } = classify(type, value);
    const symbol: MachOSymbol = { name, kind, external, type, sect, desc, value };
    if (kind === 'undefined') {
      if (twoLevel) {
        const library = libraryFor(image, desc);
        if (library !== undefined) symbol.library = library;
      }
      if ((desc & N_WEAK_REF) !== 0) symbol.weakImport = true;
      if (external && name !== '' && !seenImports.has(name)) {
        seenImports.add(name);
        table.imports.push(name);
      }
    } else if (kind === 'defined' || kind === 'common') {
      table.exports.push(name);
    } else if (kind === 'local') {
      table.localCount++;
    } else if (kind === 'debug' && type !== N_OPT) {
      table.debugCount++;
    }
    table.symbols.push(symbol);
  }
  return table;
}
