/**
 * Builds small but structurally real ELF files (ELF32/ELF64, either byte
 * order) for tests: program headers, a dynamic section with NEEDED, SONAME,
 * RPATH/RUNPATH and binding flags, .dynsym with imports and exports, a SysV
 * hash table, optional .symtab, build-id note and section headers. Virtual
 * addresses equal file offsets. Not a linker: the code bytes are filler.
 */
import { DF, DF_1, DT, ET, PF, PT, SHT } from './elf-constants.ts';

export interface ElfBuildOptions {
  bits?: 32 | 64;
  endian?: 'le' | 'be';
  /** e_machine; defaults to AArch64 (64-bit) or ARM (32-bit). */
  machine?: number;
  type?: 'dyn' | 'exec';
  /** PT_GNU_STACK flags, or 'absent'. Default 'rw'. */
  gnuStack?: 'rw' | 'rwx' | 'absent';
  /** Emit PT_GNU_RELRO (default true). */
  relro?: boolean;
  /** How BIND_NOW is expressed, or 'none' (default 'flags_1'). */
  bindNow?: 'none' | 'dt' | 'flags' | 'flags_1';
  needed?: string[];
  soname?: string;
  rpath?: string;
  runpath?: string;
  textrel?: boolean;
  pieFlag?: boolean;
  interpreter?: string;
  imports?: string[];
  exports?: string[];
  /** Emit an unstripped .symtab holding these local symbols plus the exports. */
  localSymbols?: string[];
  buildId?: Buffer;
  /** p_align of both LOAD segments (default 0x1000). */
  loadAlign?: number;
  /** Write section headers (default true); false leaves only what the loader sees. */
  sectionHeaders?: boolean;
}

type Piece = { name: string; type: number; data: Buffer; offset: number; link?: number; info?: number; entsize?: number; flags?: number };

export function buildElf(o: ElfBuildOptions = {}): Buffer {
  const bits = o.bits ?? 64;
  const le = (o.endian ?? 'le') === 'le';
  const is64 = bits === 64;
  const num = (size: 1 | 2 | 4 | 8, v: number | bigint): Buffer => {
    const b = Buffer.alloc(size);
    if (size === 1) b.writeUInt8(Number(v));
    else if (size === 2) (le ? b.writeUInt16LE(Number(v)) : b.writeUInt16BE(Number(v)));
    else if (size === 4) (le ? b.writeUInt32LE(Number(v) >>> 0) : b.writeUInt32BE(Number(v) >>> 0));
    else (le ? b.writeBigUInt64LE(BigInt(v)) : b.writeBigUInt64BE(BigInt(v)));
    return b;
  };
  const w = (v: number | bigint) => num(is64 ? 8 : 4, v);
  const align8 = (n: number) => Math.ceil(n / 8) * 8;

  // String tables.
  const dynstrParts: string[] = [''];
  const dynstrIndex = new Map<string, number>();
  const addDynstr = (s: string) => {
    if (!dynstrIndex.has(s)) {
      dynstrIndex.set(s, Buffer.byteLength(dynstrParts.join('\0') + '\0'));
      dynstrParts.push(s);
    }
    return dynstrIndex.get(s)!;
  };
  const imports = o.imports ?? [];
  const exportsList = o.exports ?? [];
  for (const s of [...(o.needed ?? ['libc.so']), o.soname, o.rpath, o.runpath, ...imports, ...exportsList]) if (s !== undefined) addDynstr(s);
  const dynstr = Buffer.from(dynstrParts.join('\0') + '\0');

  const ehsize = is64 ? 64 : 52;
  const phentsize = is64 ? 56 : 32;
  const phCount = 3 + (o.interpreter ? 1 : 0) + (o.buildId ? 1 : 0) + (o.gnuStack !== 'absent' ? 1 : 0) + (o.relro !== false ? 1 : 0);
  let cursor = align8(ehsize + phCount * phentsize);
  const pieces: Piece[] = [];
  const place = (name: string, type: number, data: Buffer, extra: Partial<Piece> = {}): Piece => {
    const piece = { name, type, data, offset: cursor, ...extra };
    cursor = align8(cursor + data.length);
    pieces.push(piece);
    return piece;
  };

  const interp = o.interpreter ? place('.interp', SHT.PROGBITS, Buffer.from(o.interpreter + '\0')) : undefined;
  const dynstrPiece = place('.dynstr', SHT.STRTAB, dynstr);
  const textIndexPlaceholder = 0xfff0; // patched below once section indices are known
  const symEntry = (name: number, value: number, info: number, shndx: number): Buffer =>
    is64
      ? Buffer.concat([num(4, name), num(1, info), num(1, 0), num(2, shndx), num(8, value), num(8, 0)])
      : Buffer.concat([num(4, name), num(4, value), num(4, 0), num(1, info), num(1, 0), num(2, shndx)]);
  const GLOBAL_FUNC = (1 << 4) | 2;
  const dynsymEntries = () => [
    symEntry(0, 0, 0, 0),
    ...imports.map((n) => symEntry(dynstrIndex.get(n)!, 0, GLOBAL_FUNC, 0)),
    ...exportsList.map((n, i) => symEntry(dynstrIndex.get(n)!, 0x100 + i * 16, GLOBAL_FUNC, textIndexPlaceholder)),
  ];
  const nsyms = 1 + imports.length + exportsList.length;
  const dynsym = place('.dynsym', SHT.DYNSYM, Buffer.concat(dynsymEntries()), { entsize: is64 ? 24 : 16, info: 1 });
  const hash = place('.hash', SHT.HASH, Buffer.concat([num(4, 1), num(4, nsyms), num(4, 0), ...Array.from({ length: nsyms }, () => num(4, 0))]));
  const text = place('.text', SHT.PROGBITS, Buffer.alloc(64, 0xcc), { flags: 6 });
  const note = o.buildId
    ? place('.note.gnu.build-id', SHT.NOTE, Buffer.concat([num(4, 4), num(4, o.buildId.length), num(4, 3), Buffer.from('GNU\0'), o.buildId, Buffer.alloc((4 - (o.buildId.length % 4)) % 4)]))
    : undefined;

  const dynEntries: Array<[number, number]> = [];
  for (const n of o.needed ?? ['libc.so']) dynEntries.push([DT.NEEDED, dynstrIndex.get(n)!]);
  if (o.soname) dynEntries.push([DT.SONAME, dynstrIndex.get(o.soname)!]);
  if (o.rpath) dynEntries.push([DT.RPATH, dynstrIndex.get(o.rpath)!]);
  if (o.runpath) dynEntries.push([DT.RUNPATH, dynstrIndex.get(o.runpath)!]);
  dynEntries.push([DT.STRTAB, dynstrPiece.offset], [DT.STRSZ, dynstr.length], [DT.SYMTAB, dynsym.offset], [DT.SYMENT, is64 ? 24 : 16], [DT.HASH, hash.offset]);
  const bindNow = o.bindNow ?? 'flags_1';
  let flags = 0;
  let flags1 = o.pieFlag ? DF_1.PIE : 0;
  if (bindNow === 'dt') dynEntries.push([DT.BIND_NOW, 0]);
  if (bindNow === 'flags') flags |= DF.BIND_NOW;
  if (bindNow === 'flags_1') flags1 |= DF_1.NOW;
  if (o.textrel) dynEntries.push([DT.TEXTREL, 0]);
  if (flags) dynEntries.push([DT.FLAGS, flags]);
  if (flags1) dynEntries.push([DT.FLAGS_1, flags1]);
  dynEntries.push([DT.NULL, 0]);
  const dynamic = place('.dynamic', SHT.DYNAMIC, Buffer.concat(dynEntries.map(([t, v]) => Buffer.concat([w(t), w(v)]))), { entsize: is64 ? 16 : 8 });
  const loadedEnd = cursor;

  let symtab: Piece | undefined;
  if (o.localSymbols) {
    const names = ['', ...o.localSymbols, ...exportsList];
    const strtab = Buffer.from(names.join('\0') + '\0');
    const offsets = names.map((_, i) => Buffer.byteLength(names.slice(0, i).join('\0') + (i > 0 ? '\0' : '')));
    const strtabPiece = place('.strtab', SHT.STRTAB, strtab);
    const entries = names.map((_, i) => (i === 0 ? symEntry(0, 0, 0, 0) : symEntry(offsets[i]!, 0x100, i <= o.localSymbols!.length ? 2 : GLOBAL_FUNC, textIndexPlaceholder)));
    symtab = place('.symtab', SHT.SYMTAB, Buffer.concat(entries), { entsize: is64 ? 24 : 16, info: 1 + o.localSymbols.length });
    symtab.link = pieces.indexOf(strtabPiece) + 1;
  }
  dynsym.link = pieces.indexOf(dynstrPiece) + 1;
  dynamic.link = pieces.indexOf(dynstrPiece) + 1;
  hash.link = pieces.indexOf(dynsym) + 1;
  // Patch the exports' section index now that .text's index is known.
  const textIndex = pieces.indexOf(text) + 1;
  for (const p of [dynsym, symtab]) {
    if (!p) continue;
    const entSize = is64 ? 24 : 16;
    for (let at = 0; at < p.data.length; at += entSize) {
      const o2 = at + (is64 ? 6 : 14);
      if ((le ? p.data.readUInt16LE(o2) : p.data.readUInt16BE(o2)) === textIndexPlaceholder) p.data.set(num(2, textIndex), o2);
    }
  }

  const shstrNames = ['', ...pieces.map((p) => p.name), '.shstrtab'];
  place('.shstrtab', SHT.STRTAB, Buffer.from(shstrNames.join('\0') + '\0'));
  const nameOffset = (i: number) => Buffer.byteLength(shstrNames.slice(0, i).join('\0') + (i > 0 ? '\0' : ''));
  const withSections = o.sectionHeaders !== false;
  const shoff = withSections ? cursor : 0;
  const sectionCount = pieces.length + 1;

  const align = o.loadAlign ?? 0x1000;
  const ph = (type: number, flagsP: number, offset: number, size: number, al: number) =>
    is64
      ? Buffer.concat([num(4, type), num(4, flagsP), num(8, offset), num(8, offset), num(8, offset), num(8, size), num(8, size), num(8, al)])
      : Buffer.concat([num(4, type), num(4, offset), num(4, offset), num(4, offset), num(4, size), num(4, size), num(4, flagsP), num(4, al)]);
  const phdrs: Buffer[] = [];
  if (interp) phdrs.push(ph(PT.INTERP, PF.R, interp.offset, interp.data.length, 1));
  phdrs.push(ph(PT.LOAD, PF.R | PF.X, 0, dynamic.offset, align));
  phdrs.push(ph(PT.LOAD, PF.R | PF.W, dynamic.offset, loadedEnd - dynamic.offset, align));
  phdrs.push(ph(PT.DYNAMIC, PF.R | PF.W, dynamic.offset, dynamic.data.length, 8));
  if (note) phdrs.push(ph(PT.NOTE, PF.R, note.offset, note.data.length, 4));
  if (o.gnuStack !== 'absent') phdrs.push(ph(PT.GNU_STACK, o.gnuStack === 'rwx' ? PF.R | PF.W | PF.X : PF.R | PF.W, 0, 0, 16));
  if (o.relro !== false) phdrs.push(ph(PT.GNU_RELRO, PF.R, dynamic.offset, dynamic.data.length, 1));

  const ident = Buffer.from([0x7f, 0x45, 0x4c, 0x46, is64 ? 2 : 1, le ? 1 : 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  const machine = o.machine ?? (is64 ? 183 : 40);
  const ehdr = Buffer.concat([
    ident,
    num(2, o.type === 'exec' ? ET.EXEC : ET.DYN),
    num(2, machine),
    num(4, 1),
    w(0),
    w(ehsize),
    w(shoff),
    num(4, 0),
    num(2, ehsize),
    num(2, phentsize),
    num(2, phdrs.length),
    num(2, is64 ? 64 : 40),
    num(2, withSections ? sectionCount : 0),
    num(2, withSections ? sectionCount - 1 : 0),
  ]);
  const sh = (name: number, p: Piece | undefined) => {
    const f = p ? [p.type, p.flags ?? 2, p.offset, p.offset, p.data.length, p.link ?? 0, p.info ?? 0, 8, p.entsize ?? 0] : [0, 0, 0, 0, 0, 0, 0, 0, 0];
    return is64
      ? Buffer.concat([num(4, name), num(4, f[0]!), num(8, f[1]!), num(8, f[2]!), num(8, f[3]!), num(8, f[4]!), num(4, f[5]!), num(4, f[6]!), num(8, f[7]!), num(8, f[8]!)])
      : Buffer.concat([num(4, name), num(4, f[0]!), num(4, f[1]!), num(4, f[2]!), num(4, f[3]!), num(4, f[4]!), num(4, f[5]!), num(4, f[6]!), num(4, f[7]!), num(4, f[8]!)]);
  };

  const out = Buffer.alloc(withSections ? shoff + sectionCount * (is64 ? 64 : 40) : cursor);
  ehdr.copy(out, 0);
  Buffer.concat(phdrs).copy(out, ehsize);
  for (const p of pieces) p.data.copy(out, p.offset);
  if (withSections) {
    const headers = [sh(0, undefined), ...pieces.map((p, i) => sh(nameOffset(i + 1), p))];
    Buffer.concat(headers).copy(out, shoff);
  }
  return out;
}
