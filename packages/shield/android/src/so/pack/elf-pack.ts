/**
 * The SO packer ("SO 加壳"): encrypts chosen byte ranges of a shared library
 * (its .text section, strings in .rodata) and adds a constructor that decrypts
 * them at load time, before any code of the library runs.
 *
 * Layout of the output: the input bytes unchanged except for the encrypted
 * ranges, e_phoff/e_phnum and one dynamic entry; then a new read+execute
 * PT_LOAD holding a new program header table (with PT_PHDR, so bionic finds it), the
 * stub code (stub-source.ts, page aligned) and its parameter block; and, only when the
 * library has no DT_INIT and no spare DT_NULL slot, a new read+write PT_LOAD
 * with a copy of .dynamic plus DT_INIT (PT_DYNAMIC and the .dynamic section
 * header follow it: bionic checks that they agree). The stub is entered
 * through DT_INIT, which both glibc and bionic call before DT_INIT_ARRAY; it
 * chains to the library's own DT_INIT when there was one.
 *
 * Refused (SHIELD_SO_UNSUPPORTED), because code would run before the
 * constructor or the encrypted bytes could be patched by the loader: text
 * relocations, IFUNC symbols or IRELATIVE relocations; also non-shared
 * objects and ranges sharing a 4 KiB page with a segment of other permissions.
 *
 * Format references: System V gABI (program headers, dynamic section);
 * bionic linker_phdr.cpp (FindPhdr, ReadDynamicSection, W+E refusal).
 */
import { randomBytes } from 'node:crypto';
import { parseElf, type ElfFile } from '@citadel/engine-core';
import { fail } from '../../text.ts';
import { fnv1a, xorRange } from './cipher.ts';
import type { Stub } from './stub-build.ts';

export const PT_LOAD = 1;
export const PT_DYNAMIC = 2;
export const PT_PHDR = 6;
export const DT_NULL = 0;
export const DT_INIT = 12;
const DT_TEXTREL = 22;
const DT_FLAGS = 30;
const DF_TEXTREL = 4;
const DT_REL = 17, DT_RELSZ = 18, DT_RELA = 7, DT_RELASZ = 8, DT_JMPREL = 23, DT_PLTRELSZ = 2, DT_PLTREL = 20;
const IRELATIVE: Record<number, number> = { 62: 37, 3: 42, 183: 1032, 40: 160 };
export const PARAMS_MAGIC = 0x4c445443;
/** words before the region table: magic, self, old_init, key, anti_debug, exit_code, nregions, nranges, integrity, checksum */
export const PARAMS_HEAD = 10;
const PAGE = 4096;

export interface PackRange { vaddr: number; len: number; kind: 'text' | 'strings' }
export interface PackOptions {
  packText: boolean;
  /** 'off' | 'all' printable strings in .rodata | 'listed' only strings containing a listed marker */
  strings: 'off' | 'all' | 'listed';
  markers: string[];
  minStringLength: number;
  antiDebug: 'off' | 'exit' | 'kill';
  /** checksum of the encrypted bytes checked by the stub before decrypting */
  integrity: 'off' | 'exit' | 'kill';
  exitCode: number;
  /** fixed key for reproducible tests; random otherwise */
  key?: number;
  /** tests only: take the moved-.dynamic path even when a cheaper hook exists (lld-built libraries need it) */
  forceMoveDynamic?: boolean;
}
export interface PackResult {
  bytes: Buffer;
  ranges: PackRange[];
  /** every string that was encrypted (text, for the report and the verification) */
  strings: string[];
  textBytes: number;
  hook: 'chained-init' | 'spare-slot' | 'moved-dynamic';
}

const unsupported = (why: string): never => fail('SHIELD_SO_UNSUPPORTED', `该库无法加壳：${why.split('|')[0]}`, `The library cannot be packed: ${why.split('|')[1] ?? why}`);

const alignUp = (v: number, a: number): number => Math.ceil(v / a) * a;

export interface RawLayout {
  is64: boolean;
  word: number;
  phoff: number;
  phentsize: number;
  phnum: number;
  dynOff: number;
  dynSize: number;
  dynEnt: number;
}

export function rawLayout(elf: ElfFile): RawLayout {
  const is64 = elf.header.bits === 64;
  const dyn = elf.programHeaders.find((p) => p.type === PT_DYNAMIC);
  return { is64, word: is64 ? 8 : 4, phoff: elf.header.phoff, phentsize: elf.header.phentsize, phnum: elf.header.phnum, dynOff: dyn?.offset ?? 0, dynSize: dyn?.filesz ?? 0, dynEnt: is64 ? 16 : 8 };
}

export function readWord(b: Buffer, o: number, is64: boolean): number {
  return is64 ? Number(b.readBigUInt64LE(o)) : b.readUInt32LE(o);
}
export function writeWord(b: Buffer, o: number, v: number, is64: boolean): void {
  if (is64) b.writeBigUInt64LE(BigInt(v), o);
  else b.writeUInt32LE(v >>> 0, o);
}
/** Raw dynamic entries including the trailing DT_NULLs, with their file offsets. */
export function dynamicSlots(b: Buffer, l: RawLayout): { tag: number; value: number; at: number }[] {
  const out = [];
  for (let at = l.dynOff; at + l.dynEnt <= l.dynOff + l.dynSize; at += l.dynEnt) {
    const tag = l.is64 ? Number(b.readBigInt64LE(at)) : b.readInt32LE(at);
    out.push({ tag, value: readWord(b, at + l.word, l.is64), at });
  }
  return out;
}

function phdrBytes(p: { type: number; flags: number; offset: number; vaddr: number; filesz: number; memsz: number; align: number }, is64: boolean): Buffer {
  const b = Buffer.alloc(is64 ? 56 : 32);
  if (is64) {
    b.writeUInt32LE(p.type, 0); b.writeUInt32LE(p.flags, 4);
    b.writeBigUInt64LE(BigInt(p.offset), 8); b.writeBigUInt64LE(BigInt(p.vaddr), 16); b.writeBigUInt64LE(BigInt(p.vaddr), 24);
    b.writeBigUInt64LE(BigInt(p.filesz), 32); b.writeBigUInt64LE(BigInt(p.memsz), 40); b.writeBigUInt64LE(BigInt(p.align), 48);
  } else {
    b.writeUInt32LE(p.type, 0); b.writeUInt32LE(p.offset, 4); b.writeUInt32LE(p.vaddr, 8); b.writeUInt32LE(p.vaddr, 12);
    b.writeUInt32LE(p.filesz, 16); b.writeUInt32LE(p.memsz, 20); b.writeUInt32LE(p.flags, 24); b.writeUInt32LE(p.align, 28);
  }
  return b;
}

/** Printable runs (ASCII or UTF-8 bytes) of at least `min` bytes ending in NUL, inside [start, end). */
export function findStrings(b: Buffer, start: number, end: number, min: number): { at: number; len: number }[] {
  const out: { at: number; len: number }[] = [];
  let run = start;
  for (let i = start; i < end; i++) {
    const c = b[i]!;
    const printable = (c >= 0x20 && c < 0x7f) || c === 9 || c === 10 || c === 13 || c >= 0x80;
    if (printable) continue;
    if (c === 0 && i - run >= min) out.push({ at: run, len: i - run });
    run = i + 1;
  }
  return out;
}

/** Relocation entries of the standard tables whose type is IRELATIVE (an IFUNC resolver runs before constructors). */
function hasIrelative(b: Buffer, elf: ElfFile, l: RawLayout, slots: { tag: number; value: number }[]): boolean {
  const irel = IRELATIVE[elf.header.machine];
  const get = (t: number): number | undefined => slots.find((s) => s.tag === t)?.value;
  const tables: [number | undefined, number | undefined, boolean][] = [
    [get(DT_REL), get(DT_RELSZ), false],
    [get(DT_RELA), get(DT_RELASZ), true],
    [get(DT_JMPREL), get(DT_PLTRELSZ), get(DT_PLTREL) === DT_RELA],
  ];
  for (const [addr, size, rela] of tables) {
    if (addr === undefined || !size) continue;
    const seg = elf.programHeaders.find((p) => p.type === PT_LOAD && addr >= p.vaddr && addr + size <= p.vaddr + p.filesz);
    if (!seg) unsupported('重定位表不在已加载的段内|a relocation table lies outside the loaded segments');
    const off = seg!.offset + addr - seg!.vaddr;
    const ent = l.is64 ? (rela ? 24 : 16) : rela ? 12 : 8;
    for (let p = off; p + ent <= off + size; p += ent) {
      const info = readWord(b, p + l.word, l.is64);
      const type = l.is64 ? info % 2 ** 32 : info & 0xff;
      if (type === irel) return true;
    }
  }
  return false;
}

export function packElf(input: Buffer, stub: Stub, o: PackOptions): PackResult {
  const elf = parseElf(input);
  const l = rawLayout(elf);
  if (elf.header.type !== 3) unsupported('不是共享库（ET_DYN）|not a shared object (ET_DYN)');
  if (l.phentsize !== (l.is64 ? 56 : 32)) unsupported('程序头大小异常|unexpected program header size');
  const loads = elf.programHeaders.filter((p) => p.type === PT_LOAD);
  if (loads.length === 0 || l.dynSize === 0) unsupported('没有可加载段或动态段|no loadable segment or dynamic section');
  const slots = dynamicSlots(input, l);
  const end = slots.findIndex((s) => s.tag === DT_NULL);
  if (end < 0) unsupported('动态段没有结束标记|the dynamic section has no DT_NULL');
  const live = slots.slice(0, end);
  if (elf.dynamic?.textRelocations || live.some((s) => s.tag === DT_TEXTREL || (s.tag === DT_FLAGS && (s.value & DF_TEXTREL) !== 0))) unsupported('含文本重定位（加载器会改写代码）|it has text relocations (the loader patches its code)');
  if (elf.dynamicSymbols.some((s) => s.defined && s.type === 'other')) unsupported('含 IFUNC 或未知类型的符号（在构造函数之前运行）|it has IFUNC or unknown-type symbols (they run before constructors)');
  if (hasIrelative(input, elf, l, live)) unsupported('含 IRELATIVE 重定位（在构造函数之前运行）|it has IRELATIVE relocations (they run before constructors)');

  // Ranges to encrypt: inside read-only segments, whose 4 KiB pages no segment of other permissions shares.
  const segOf = (vaddr: number, len: number) => loads.find((p) => vaddr >= p.vaddr && vaddr + len <= p.vaddr + p.filesz);
  const ranges: PackRange[] = [];
  const strings: string[] = [];
  let textBytes = 0;
  const usable = (vaddr: number, len: number): boolean => {
    const seg = segOf(vaddr, len);
    if (!seg || (seg.flags & 2) !== 0) return false;
    const s = Math.floor(vaddr / PAGE) * PAGE;
    const e = alignUp(vaddr + len, PAGE);
    return loads.every((p) => p === seg || p.vaddr + p.memsz <= s || p.vaddr >= e || p.flags === seg.flags);
  };
  if (o.packText) {
    const text = elf.sections.find((s) => s.name === '.text' && (s.flags & 4) !== 0 && s.type === 1);
    if (!text || text.size === 0) unsupported('找不到 .text 代码节|no .text section found');
    if (!usable(text!.addr, text!.size)) unsupported('.text 不在只读可执行段内或与可写段共享页面|.text is not in a read-only executable segment or shares a page with a writable one');
    ranges.push({ vaddr: text!.addr, len: text!.size, kind: 'text' });
    textBytes = text!.size;
  }
  if (o.strings !== 'off') {
    const markers = o.markers.map((m) => Buffer.from(m, 'utf8'));
    const found: { at: number; len: number }[] = [];
    for (const s of elf.sections.filter((x) => x.name.startsWith('.rodata') && x.type === 1 && (x.flags & 2) !== 0 && (x.flags & 5) === 0)) {
      if (!usable(s.addr, s.size)) continue;
      for (const r of findStrings(input, s.offset, s.offset + s.size, o.minStringLength)) {
        const bytes = input.subarray(r.at, r.at + r.len);
        if (o.strings === 'listed' && !markers.some((m) => bytes.includes(m))) continue;
        strings.push(bytes.toString('utf8'));
        found.push({ at: s.addr + (r.at - s.offset), len: r.len + 1 });
      }
    }
    // neighbouring strings share one table entry (the bytes between them are decrypted back the same way)
    for (const f of found) {
      const last = ranges.at(-1);
      if (last && last.kind === 'strings' && f.at - (last.vaddr + last.len) <= 32 && segOf(last.vaddr, f.at + f.len - last.vaddr)) last.len = f.at + f.len - last.vaddr;
      else ranges.push({ vaddr: f.at, len: f.len, kind: 'strings' });
    }
  }
  if (ranges.length === 0) fail('SHIELD_NOTHING_TO_DO', '没有可加密的代码或字符串', 'There is no code or string to encrypt');
  ranges.sort((a, b) => a.vaddr - b.vaddr);
  for (let i = 1; i < ranges.length; i++) if (ranges[i]!.vaddr < ranges[i - 1]!.vaddr + ranges[i - 1]!.len) unsupported('代码与字符串区间重叠|code and string ranges overlap');

  // One mprotect region per segment touched.
  const regions = new Map<(typeof loads)[number], { lo: number; hi: number }>();
  for (const r of ranges) {
    const seg = segOf(r.vaddr, r.len)!;
    const g = regions.get(seg);
    regions.set(seg, { lo: Math.min(g?.lo ?? r.vaddr, r.vaddr), hi: Math.max(g?.hi ?? 0, r.vaddr + r.len) });
  }
  const prot = (flags: number): number => ((flags & 4) ? 1 : 0) | ((flags & 2) ? 2 : 0) | ((flags & 1) ? 4 : 0);

  // Where DT_INIT goes.
  const init = live.find((s) => s.tag === DT_INIT);
  const nulls = slots.slice(live.length);
  const hook: PackResult['hook'] = o.forceMoveDynamic ? 'moved-dynamic' : init ? 'chained-init' : nulls.length >= 2 ? 'spare-slot' : 'moved-dynamic';

  // New segments after everything loaded.
  // The stub starts on a 4 KiB boundary (its own link address is 0): aarch64 code addresses its
  // constants page-relatively (adrp), which only holds when the offset within the page is kept.
  // The program header table opens the new segment (objcopy/strip expect it at a segment's start) and ends on a
  // 4 KiB boundary where the stub begins: the stub's link address is 0, and aarch64 code addresses its constants
  // page-relatively (adrp), which only holds when the offset within the page is kept.
  const phSizeEarly = (l.phnum + (elf.programHeaders.some((p) => p.type === PT_PHDR) ? 0 : 1) + 1 + (hook === 'moved-dynamic' ? 1 : 0)) * l.phentsize;
  const start = alignUp(input.length + phSizeEarly, PAGE) - phSizeEarly;
  const out = Buffer.concat([input, Buffer.alloc(start - input.length)]);
  const maxAlign = Math.max(PAGE, ...loads.map((p) => p.align));
  const vEnd = Math.max(...loads.map((p) => p.vaddr + p.memsz));
  const hasPhdr = elf.programHeaders.some((p) => p.type === PT_PHDR);
  const newPhnum = l.phnum + (hasPhdr ? 0 : 1) + 1 + (hook === 'moved-dynamic' ? 1 : 0);
  if (newPhnum >= 0xffff) unsupported('程序头过多|too many program headers');
  const o1 = out.length;
  const v1 = alignUp(vEnd, maxAlign) + (o1 % maxAlign);
  const phSize = newPhnum * l.phentsize;
  if (phSize !== phSizeEarly) throw new Error('program header count changed');
  const phAt = 0;
  const stubAt = phSize;
  const nParams = PARAMS_HEAD + regions.size * 3 + ranges.length * 2;
  const paramsAt = stubAt + stub.paramsOffset;
  const seg1 = Buffer.alloc(paramsAt + nParams * l.word);
  stub.code.copy(seg1, stubAt);
  const key = o.key ?? randomBytes(4).readUInt32LE(0);
  const mode = (x: 'off' | 'exit' | 'kill'): number => (x === 'off' ? 0 : x === 'exit' ? 1 : 2);
  const params = [PARAMS_MAGIC, v1 + paramsAt, init?.value ?? 0, key, mode(o.antiDebug), o.exitCode, regions.size, ranges.length, mode(o.integrity), 0];
  for (const [seg, g] of regions) params.push(g.lo, g.hi - g.lo, prot(seg.flags));
  for (const r of ranges) params.push(r.vaddr, r.len);
  params.forEach((v, i) => writeWord(seg1, paramsAt + i * l.word, v, l.is64));
  const entry = v1 + stubAt;

  let seg2: Buffer | undefined;
  let o2 = 0;
  let v2 = 0;
  if (hook === 'moved-dynamic') {
    o2 = alignUp(o1 + seg1.length, 16);
    v2 = alignUp(v1 + seg1.length, maxAlign) + (o2 % maxAlign);
    seg2 = Buffer.alloc((live.length + 2) * l.dynEnt);
    input.copy(seg2, 0, l.dynOff, l.dynOff + live.length * l.dynEnt);
    writeWord(seg2, live.length * l.dynEnt, DT_INIT, l.is64);
    writeWord(seg2, live.length * l.dynEnt + l.word, entry, l.is64);
  } else {
    const slot = init ?? nulls[0]!;
    const at = (init ? slots.find((s) => s.tag === DT_INIT)! : slot).at;
    writeWord(out, at, DT_INIT, l.is64);
    writeWord(out, at + l.word, entry, l.is64);
  }

  // Program header table: PT_PHDR first, the old entries (PT_DYNAMIC moved if needed), the new loads last (ascending vaddr).
  const phdrs = elf.programHeaders.map((p) => ({ ...p }));
  const phdrEntry = { type: PT_PHDR, flags: 4, offset: o1 + phAt, vaddr: v1 + phAt, filesz: phSize, memsz: phSize, align: l.word };
  const table = hasPhdr ? phdrs.map((p) => (p.type === PT_PHDR ? phdrEntry : p)) : [phdrEntry, ...phdrs];
  if (seg2) for (const p of table) if (p.type === PT_DYNAMIC) Object.assign(p, { offset: o2, vaddr: v2, filesz: seg2.length, memsz: seg2.length });
  table.push({ type: PT_LOAD, flags: 5, offset: o1, vaddr: v1, filesz: seg1.length, memsz: seg1.length, align: maxAlign });
  if (seg2) table.push({ type: PT_LOAD, flags: 6, offset: o2, vaddr: v2, filesz: seg2.length, memsz: seg2.length, align: maxAlign });
  Buffer.concat(table.map((p) => phdrBytes(p, l.is64))).copy(seg1, phAt);

  // Encrypt in place (file offsets through the segment that maps each range), then checksum the result.
  const fileRanges = ranges.map((r) => {
    const seg = segOf(r.vaddr, r.len)!;
    return { start: seg.offset + r.vaddr - seg.vaddr, length: r.len };
  });
  fileRanges.forEach((r, i) => xorRange(out, r.start, r.length, key, i));
  writeWord(seg1, paramsAt + 9 * l.word, fnv1a(out, fileRanges), l.is64);

  writeWord(out, l.is64 ? 0x20 : 0x1c, o1 + phAt, l.is64);
  out.writeUInt16LE(newPhnum, l.is64 ? 0x38 : 0x2c);
  if (seg2) {
    // keep the .dynamic section header in step with PT_DYNAMIC (bionic refuses a mismatch for targetSdk >= 26)
    const sec = elf.sections.find((s) => s.type === 6);
    if (sec) {
      const at = elf.header.shoff + sec.index * elf.header.shentsize;
      writeWord(out, at + (l.is64 ? 0x10 : 0x0c), v2, l.is64);
      writeWord(out, at + (l.is64 ? 0x18 : 0x10), o2, l.is64);
      writeWord(out, at + (l.is64 ? 0x20 : 0x14), seg2.length, l.is64);
    }
  }
  const parts: Buffer[] = [out, seg1];
  if (seg2) parts.push(Buffer.alloc(o2 - (o1 + seg1.length)), seg2);
  const body = Buffer.concat(parts);
  return { bytes: describeStub(body, elf, l, { offset: o1 + stubAt, vaddr: v1 + stubAt, size: seg1.length - stubAt }), ranges, strings, textBytes, hook };
}

/**
 * Appends a copy of the section header table with one more section, ".citadel",
 * describing the stub segment (and a section name table that knows the name),
 * so readelf and objcopy see what the segment holds. The original table stays
 * where it was, unused; e_shoff/e_shnum point at the copy.
 */
function describeStub(body: Buffer, elf: ElfFile, l: RawLayout, stub: { offset: number; vaddr: number; size: number }): Buffer {
  const h = elf.header;
  if (h.shnum === 0 || h.shstrndx >= h.shnum || h.shnum + 1 >= 0xff00) return body;
  const names = elf.sections[h.shstrndx];
  if (!names) return body;
  const oldNames = body.subarray(names.offset, names.offset + names.size);
  const nameAt = oldNames.length;
  const newNames = Buffer.concat([oldNames, Buffer.from('.citadel\0', 'latin1')]);
  const namesOff = alignUp(body.length, 8);
  const tableOff = alignUp(namesOff + newNames.length, 8);
  const table = Buffer.alloc((h.shnum + 1) * h.shentsize);
  body.copy(table, 0, h.shoff, h.shoff + h.shnum * h.shentsize);
  const at = (i: number, o32: number, o64: number): number => i * h.shentsize + (l.is64 ? o64 : o32);
  // the name table's entry points at its copy
  writeWord(table, at(h.shstrndx, 0x10, 0x18), namesOff, l.is64);
  writeWord(table, at(h.shstrndx, 0x14, 0x20), newNames.length, l.is64);
  const n = h.shnum;
  table.writeUInt32LE(nameAt, at(n, 0, 0));
  table.writeUInt32LE(1, at(n, 4, 4)); // SHT_PROGBITS
  writeWord(table, at(n, 8, 8), 6, l.is64); // SHF_ALLOC | SHF_EXECINSTR
  writeWord(table, at(n, 0x0c, 0x10), stub.vaddr, l.is64);
  writeWord(table, at(n, 0x10, 0x18), stub.offset, l.is64);
  writeWord(table, at(n, 0x14, 0x20), stub.size, l.is64);
  writeWord(table, at(n, 0x20, 0x30), 16, l.is64);
  const out = Buffer.concat([body, Buffer.alloc(namesOff - body.length), newNames, Buffer.alloc(tableOff - namesOff - newNames.length), table]);
  writeWord(out, l.is64 ? 0x28 : 0x20, tableOff, l.is64);
  out.writeUInt16LE(n + 1, l.is64 ? 0x3c : 0x30);
  return out;
}
