/**
 * Decoders for the load commands we need, each reading inside its own command
 * bounds [at, at+size). The walker in image.ts guarantees those bounds lie
 * inside sizeofcmds and the buffer; here every field read is still checked.
 */
import { boundedCount, type ByteReader } from '@citadel/engine-core';
import { LC, PLATFORMS, packedVersion } from './constants.ts';
import type { DylibKind, DylibRef, LinkeditData, MachOImage, PlatformVersion, Section, Segment } from './types.ts';

/** Load-command fields read here, minus the cmd/cmdsize prefix, in bytes. */
const SEGMENT_64_SIZE = 72;
const SEGMENT_32_SIZE = 56;
const SECTION_64_SIZE = 80;
const SECTION_32_SIZE = 68;
const MAX_LC_STRING = 4096;

/** A 64-bit field as a number; precision above 2^53 is lost, which no real file offset or size reaches. */
function u64n(r: ByteReader, at: number): number {
  return Number(r.u64big(at));
}

function fixedString(r: ByteReader, at: number, size: number): string {
  return r.cstring(at, size, 'latin1');
}

/** An lc_str: an offset from the command start to a NUL-terminated string inside the command. */
function lcString(r: ByteReader, at: number, size: number, fieldAt: number, minOffset: number): string {
  const offset = r.u32(fieldAt);
  if (offset < minOffset || offset >= size) r.fail(`string offset ${offset} outside its load command`, fieldAt);
  return r.cstring(at + offset, Math.min(size - offset, MAX_LC_STRING));
}

function readSections(r: ByteReader, at: number, size: number, is64: boolean, nsects: number): Section[] {
  const headerSize = is64 ? SEGMENT_64_SIZE : SEGMENT_32_SIZE;
  const sectionSize = is64 ? SECTION_64_SIZE : SECTION_32_SIZE;
  boundedCount(r, nsects, 'sections', 0xffff, sectionSize, at, size - headerSize);
  const sections: Section[] = [];
  for (let i = 0, s = at + headerSize; i < nsects; i++, s += sectionSize) {
    const word = is64 ? 8 : 4;
    const addr = is64 ? u64n(r, s + 32) : r.u32(s + 32);
    const sectSize = is64 ? u64n(r, s + 40) : r.u32(s + 36);
    const rest = s + 32 + 2 * word;
    const flags = r.u32(rest + 16);
    sections.push({
      sectname: fixedString(r, s, 16),
      segname: fixedString(r, s + 16, 16),
      addr,
      size: sectSize,
      offset: r.u32(rest),
      align: r.u32(rest + 4),
      flags,
      type: flags & 0xff,
      reserved1: r.u32(rest + 20),
      reserved2: r.u32(rest + 24),
    });
  }
  return sections;
}

export function readSegment(r: ByteReader, at: number, size: number, is64: boolean): Segment {
  const headerSize = is64 ? SEGMENT_64_SIZE : SEGMENT_32_SIZE;
  if (size < headerSize) r.fail(`segment command of ${size} bytes is too short`, at);
  const name = fixedString(r, at + 8, 16);
  const f = at + 24;
  const [vmaddr, vmsize, fileoff, filesize, tail] = is64
    ? [u64n(r, f), u64n(r, f + 8), u64n(r, f + 16), u64n(r, f + 24), f + 32]
    : [r.u32(f), r.u32(f + 4), r.u32(f + 8), r.u32(f + 12), f + 16];
  const nsects = r.u32(tail + 8);
  return {
    name,
    vmaddr,
    vmsize,
    fileoff,
    filesize,
    maxprot: r.i32(tail),
    initprot: r.i32(tail + 4),
    flags: r.u32(tail + 12),
    sections: readSections(r, at, size, is64, nsects),
  };
}

const DYLIB_KINDS: ReadonlyMap<number, DylibKind> = new Map([
  [LC.LOAD_DYLIB, 'load'],
  [LC.LOAD_WEAK_DYLIB, 'weak'],
  [LC.REEXPORT_DYLIB, 'reexport'],
  [LC.LAZY_LOAD_DYLIB, 'lazy'],
  [LC.LOAD_UPWARD_DYLIB, 'upward'],
  [LC.ID_DYLIB, 'load'],
]);

export function readDylib(r: ByteReader, at: number, size: number, cmd: number): DylibRef {
  if (size < 24) r.fail('dylib command too short', at);
  return {
    kind: DYLIB_KINDS.get(cmd) ?? 'load',
    name: lcString(r, at, size, at + 8, 24),
    timestamp: r.u32(at + 12),
    currentVersion: packedVersion(r.u32(at + 16)),
    compatibilityVersion: packedVersion(r.u32(at + 20)),
  };
}

export function isDylibCommand(cmd: number): boolean {
  return DYLIB_KINDS.has(cmd) && cmd !== LC.ID_DYLIB;
}

function requireSize(r: ByteReader, at: number, size: number, min: number, what: string): void {
  if (size < min) r.fail(`${what} command of ${size} bytes is too short (needs ${min})`, at);
}

function readLinkedit(r: ByteReader, at: number, size: number): LinkeditData {
  requireSize(r, at, size, 16, 'linkedit data');
  return { dataoff: r.u32(at + 8), datasize: r.u32(at + 12) };
}

const VERSION_MIN_SOURCES: ReadonlyMap<number, [PlatformVersion['source'], string]> = new Map([
  [LC.VERSION_MIN_MACOSX, ['LC_VERSION_MIN_MACOSX', 'macos']],
  [LC.VERSION_MIN_IPHONEOS, ['LC_VERSION_MIN_IPHONEOS', 'ios']],
  [LC.VERSION_MIN_TVOS, ['LC_VERSION_MIN_TVOS', 'tvos']],
  [LC.VERSION_MIN_WATCHOS, ['LC_VERSION_MIN_WATCHOS', 'watchos']],
] as const);

/** linkedit_data_command kinds we keep, and the image field each fills. */
const LINKEDIT_COMMANDS: ReadonlyMap<number, 'codeSignature' | 'functionStarts' | 'chainedFixups' | 'exportsTrie'> = new Map([
  [LC.CODE_SIGNATURE, 'codeSignature'],
  [LC.FUNCTION_STARTS, 'functionStarts'],
  [LC.DYLD_CHAINED_FIXUPS, 'chainedFixups'],
  [LC.DYLD_EXPORTS_TRIE, 'exportsTrie'],
] as const);

function sourceVersion(v: bigint): string {
  const parts = [v >> 40n, (v >> 30n) & 0x3ffn, (v >> 20n) & 0x3ffn, (v >> 10n) & 0x3ffn, v & 0x3ffn];
  return parts.map(String).join('.');
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex').toUpperCase();
}

function formatUuid(bytes: Uint8Array): string {
  const h = hex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Applies one load command to the image being built. Unknown commands are
 * only listed (by the caller); known ones are decoded into typed fields.
 */
export function applyLoadCommand(r: ByteReader, image: MachOImage, cmd: number, at: number, size: number): void {
  switch (cmd) {
    case LC.SEGMENT:
    case LC.SEGMENT_64:
      image.segments.push(readSegment(r, at, size, cmd === LC.SEGMENT_64));
      return;
    case LC.LOAD_DYLIB:
    case LC.LOAD_WEAK_DYLIB:
    case LC.REEXPORT_DYLIB:
    case LC.LAZY_LOAD_DYLIB:
    case LC.LOAD_UPWARD_DYLIB:
      image.dylibs.push(readDylib(r, at, size, cmd));
      return;
    case LC.ID_DYLIB:
      image.idDylib = readDylib(r, at, size, cmd);
      return;
    case LC.RPATH:
      requireSize(r, at, size, 12, 'rpath');
      image.rpaths.push(lcString(r, at, size, at + 8, 12));
      return;
    case LC.LOAD_DYLINKER:
      requireSize(r, at, size, 12, 'dylinker');
      image.dylinker = lcString(r, at, size, at + 8, 12);
      return;
    case LC.UUID:
      requireSize(r, at, size, 24, 'uuid');
      image.uuid = formatUuid(r.bytes(at + 8, 16));
      return;
    case LC.SYMTAB:
      requireSize(r, at, size, 24, 'symtab');
      image.symtab = { symoff: r.u32(at + 8), nsyms: r.u32(at + 12), stroff: r.u32(at + 16), strsize: r.u32(at + 20) };
      return;
    case LC.DYSYMTAB:
      requireSize(r, at, size, 80, 'dysymtab');
      image.dysymtab = {
        ilocalsym: r.u32(at + 8), nlocalsym: r.u32(at + 12), iextdefsym: r.u32(at + 16), nextdefsym: r.u32(at + 20),
        iundefsym: r.u32(at + 24), nundefsym: r.u32(at + 28), indirectsymoff: r.u32(at + 56), nindirectsyms: r.u32(at + 60),
      };
      return;
    case LC.ENCRYPTION_INFO:
    case LC.ENCRYPTION_INFO_64:
      requireSize(r, at, size, 20, 'encryption info');
      image.encryption = { cryptoff: r.u32(at + 8), cryptsize: r.u32(at + 12), cryptid: r.u32(at + 16) };
      return;
    case LC.DYLD_INFO:
    case LC.DYLD_INFO_ONLY: {
      requireSize(r, at, size, 48, 'dyld info');
      const w = (i: number) => r.u32(at + 8 + 4 * i);
      image.dyldInfo = {
        rebaseOff: w(0), rebaseSize: w(1), bindOff: w(2), bindSize: w(3), weakBindOff: w(4), weakBindSize: w(5),
        lazyBindOff: w(6), lazyBindSize: w(7), exportOff: w(8), exportSize: w(9),
      };
      return;
    }
    case LC.MAIN:
      requireSize(r, at, size, 24, 'main');
      image.entryPoint = { entryoff: u64n(r, at + 8), stacksize: u64n(r, at + 16) };
      return;
    case LC.SOURCE_VERSION:
      requireSize(r, at, size, 16, 'source version');
      image.sourceVersion = sourceVersion(r.u64big(at + 8));
      return;
    case LC.BUILD_VERSION: {
      requireSize(r, at, size, 24, 'build version');
      const platform = r.u32(at + 8);
      image.platforms.push({
        source: 'LC_BUILD_VERSION',
        platform: PLATFORMS[platform] ?? `platform(${platform})`,
        minos: packedVersion(r.u32(at + 12)),
        sdk: packedVersion(r.u32(at + 16)),
      });
      return;
    }
    default: {
      const linkeditField = LINKEDIT_COMMANDS.get(cmd);
      if (linkeditField) {
        image[linkeditField] = readLinkedit(r, at, size);
        return;
      }
      const versionMin = VERSION_MIN_SOURCES.get(cmd);
      if (versionMin) {
        requireSize(r, at, size, 16, 'version min');
        image.platforms.push({ source: versionMin[0], platform: versionMin[1], minos: packedVersion(r.u32(at + 8)), sdk: packedVersion(r.u32(at + 12)) });
      }
    }
  }
}
