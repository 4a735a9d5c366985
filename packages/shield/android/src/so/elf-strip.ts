/**
 * Strips an ELF shared library the way `strip --strip-unneeded` does for the
 * parts that matter to a reverser: the static symbol table (.symtab/.strtab,
 * which names every internal function), DWARF (.debug_*, .zdebug_*), the
 * compiler banner (.comment) and debug links. Only sections outside every
 * loaded segment (no SHF_ALLOC) are removed, so the bytes the dynamic loader
 * maps — code, data, .dynsym/.dynstr with the JNI exports, relocations — are
 * copied unchanged: the first `loadEnd` bytes of the output equal the input's.
 * Kept non-loaded sections (.shstrtab, .ARM.attributes …) are moved up behind
 * them and the section header table is rewritten with links remapped.
 *
 * Format: System V gABI, "Sections" and "Program Header" chapters.
 */
import { FormatError } from '@citadel/engine-core';

const SHF_ALLOC = 0x2;
const SHT_SYMTAB = 2;
const SHT_STRTAB = 3;
const SHT_RELA = 4;
const SHT_REL = 9;
const SHN_LORESERVE = 0xff00;

const REMOVABLE = /^(\.symtab|\.strtab|\.comment|\.debug.*|\.zdebug.*|\.gnu_debuglink|\.gnu_debugdata|\.note\.gnu\.gold-version|\.rela?\.debug.*)$/;

interface Section {
  index: number;
  name: string;
  raw: Buffer;
  type: number;
  flags: number;
  offset: number;
  size: number;
  link: number;
  info: number;
  align: number;
}

export interface ElfStripResult {
  bytes: Buffer;
  /** names of removed sections */
  removed: string[];
  /** bytes the loader maps, copied unchanged */
  loadEnd: number;
}

function fail(msg: string): never {
  throw new FormatError(msg, 'elf');
}

export function stripElf(input: Uint8Array): ElfStripResult {
  const buf = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (buf.length < 52 || buf.readUInt32BE(0) !== 0x7f454c46) fail('not an ELF file');
  const bits = buf[4] === 2 ? 64 : buf[4] === 1 ? 32 : fail('unknown ELF class');
  if (buf[5] !== 1) fail('only little-endian ELF is handled (every Android ABI is)');
  const is64 = bits === 64;
  if (is64 && buf.length < 64) fail('truncated ELF header');
  const word = (o: number): number => (is64 ? Number(buf.readBigUInt64LE(o)) : buf.readUInt32LE(o));
  const phoff = word(is64 ? 0x20 : 0x1c);
  const shoff = word(is64 ? 0x28 : 0x20);
  const phentsize = buf.readUInt16LE(is64 ? 0x36 : 0x2a);
  const phnum = buf.readUInt16LE(is64 ? 0x38 : 0x2c);
  const shentsize = buf.readUInt16LE(is64 ? 0x3a : 0x2e);
  const shnum = buf.readUInt16LE(is64 ? 0x3c : 0x30);
  const shstrndx = buf.readUInt16LE(is64 ? 0x3e : 0x32);
  if (phnum === 0 || phoff + phnum * phentsize > buf.length) fail('program headers out of bounds');
  if (shnum === 0) return { bytes: Buffer.from(buf), removed: [], loadEnd: buf.length };
  if (shnum >= SHN_LORESERVE || shstrndx >= shnum || shentsize !== (is64 ? 64 : 40) || shoff + shnum * shentsize > buf.length) fail('section header table out of bounds or extended');

  let loadEnd = phoff + phnum * phentsize;
  for (let i = 0; i < phnum; i++) {
    const p = phoff + i * phentsize;
    const off = word(p + (is64 ? 8 : 4));
    const filesz = word(p + (is64 ? 0x20 : 0x10));
    if (off + filesz > buf.length) fail(`segment ${i} runs past the end of the file`);
    // every segment (PT_LOAD, and PT_NOTE/PT_DYNAMIC/… which lie inside them) is kept byte for byte
    loadEnd = Math.max(loadEnd, off + filesz);
  }

  const sections: Section[] = [];
  for (let i = 0; i < shnum; i++) {
    const at = shoff + i * shentsize;
    const raw = Buffer.from(buf.subarray(at, at + shentsize));
    sections.push({
      index: i,
      name: '',
      raw,
      type: raw.readUInt32LE(4),
      flags: is64 ? Number(raw.readBigUInt64LE(8)) : raw.readUInt32LE(8),
      offset: is64 ? Number(raw.readBigUInt64LE(0x18)) : raw.readUInt32LE(0x10),
      size: is64 ? Number(raw.readBigUInt64LE(0x20)) : raw.readUInt32LE(0x14),
      link: raw.readUInt32LE(is64 ? 0x28 : 0x18),
      info: raw.readUInt32LE(is64 ? 0x2c : 0x1c),
      align: is64 ? Number(raw.readBigUInt64LE(0x30)) : raw.readUInt32LE(0x20),
    });
  }
  const names = sections[shstrndx]!;
  if (names.offset + names.size > buf.length) fail('section name table out of bounds');
  for (const s of sections) {
    const nameOff = s.raw.readUInt32LE(0);
    if (nameOff >= names.size) fail(`section ${s.index} has a name past the name table`);
    const end = buf.indexOf(0, names.offset + nameOff);
    s.name = buf.toString('latin1', names.offset + nameOff, end < 0 || end > names.offset + names.size ? names.offset + names.size : end);
  }

  const removable = (s: Section): boolean => s.index !== 0 && s.index !== shstrndx && (s.flags & SHF_ALLOC) === 0 && REMOVABLE.test(s.name);
  const kept = sections.filter((s) => !removable(s));
  // A string table some kept section links to (e.g. .dynsym → .dynstr, never .strtab in practice) must stay.
  for (const s of sections) {
    if (removable(s) && s.type === SHT_STRTAB && kept.some((k) => k.link === s.index && k.type !== SHT_SYMTAB)) kept.push(s);
  }
  kept.sort((a, b) => a.index - b.index);
  const removed = sections.filter((s) => !kept.includes(s));
  if (removed.length === 0) return { bytes: Buffer.from(buf), removed: [], loadEnd };
  const newIndex = new Map(kept.map((s, i) => [s.index, i]));

  const parts: Buffer[] = [Buffer.from(buf.subarray(0, loadEnd))];
  let size = loadEnd;
  for (const s of kept) {
    if (s.index === 0 || (s.flags & SHF_ALLOC) !== 0 || s.type === 8 /* NOBITS */) continue;
    if (s.offset + s.size <= loadEnd) continue; // inside the copied range: stays where it is
    if (s.offset < loadEnd) fail(`section ${s.name} straddles the end of the loaded segments`);
    const align = Math.max(1, Math.min(s.align, 4096));
    const pad = (align - (size % align)) % align;
    parts.push(Buffer.alloc(pad), buf.subarray(s.offset, s.offset + s.size));
    size += pad;
    s.offset = size;
    size += s.size;
    if (is64) s.raw.writeBigUInt64LE(BigInt(s.offset), 0x18);
    else s.raw.writeUInt32LE(s.offset, 0x10);
  }
  const shPad = (8 - (size % 8)) % 8;
  parts.push(Buffer.alloc(shPad));
  const newShoff = size + shPad;
  for (const s of kept) {
    const mapLink = (v: number): number => (v === 0 ? 0 : (newIndex.get(v) ?? 0));
    s.raw.writeUInt32LE(mapLink(s.link), is64 ? 0x28 : 0x18);
    if ((s.type === SHT_REL || s.type === SHT_RELA) && s.info !== 0) s.raw.writeUInt32LE(mapLink(s.info), is64 ? 0x2c : 0x1c);
    parts.push(s.raw);
  }
  const out = Buffer.concat(parts);
  if (is64) out.writeBigUInt64LE(BigInt(newShoff), 0x28);
  else out.writeUInt32LE(newShoff, 0x20);
  out.writeUInt16LE(kept.length, is64 ? 0x3c : 0x30);
  out.writeUInt16LE(newIndex.get(shstrndx)!, is64 ? 0x3e : 0x32);
  return { bytes: out, removed: removed.map((s) => s.name), loadEnd };
}
