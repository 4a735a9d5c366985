/**
 * A thin Mach-O image: header and load commands. The walk is bounded by ncmds
 * and sizeofcmds; a command with cmdsize 0 (which would loop forever) or one
 * reaching past sizeofcmds is a FormatError.
 */
import { boundedCount, ByteReader, type Endian } from '@citadel/engine-core';
import {
  cpuName, FILE_TYPES, HEADER_FLAGS, loadCommandName, MH_CIGAM, MH_CIGAM_64, MH_MAGIC, MH_MAGIC_64,
} from './constants.ts';
import { applyLoadCommand } from './load-commands.ts';
import type { MachHeader, MachOImage } from './types.ts';

const FORMAT = 'macho';
/** No real image has more; a bigger ncmds is an attack or corruption. */
const MAX_LOAD_COMMANDS = 65_536;
const MIN_LOAD_COMMAND_SIZE = 8;

/** The magic and its meaning, or undefined when the bytes are not a thin Mach-O. */
export function thinMagic(bytes: Uint8Array): { is64: boolean; endian: Endian } | undefined {
  if (bytes.length < 4) return undefined;
  const le = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true);
  if (le === MH_MAGIC) return { is64: false, endian: 'le' };
  if (le === MH_MAGIC_64) return { is64: true, endian: 'le' };
  if (le === MH_CIGAM) return { is64: false, endian: 'be' };
  if (le === MH_CIGAM_64) return { is64: true, endian: 'be' };
  return undefined;
}

function readHeader(r: ByteReader, is64: boolean, endian: Endian): MachHeader {
  const headerSize = is64 ? 32 : 28;
  r.check(0, headerSize, 'mach header');
  const cputype = r.i32(4);
  const cpusubtype = r.i32(8);
  const filetype = r.u32(12);
  const flags = r.u32(24);
  return {
    magic: r.u32(0),
    is64,
    endian,
    cputype,
    cpusubtype,
    arch: cpuName(cputype, cpusubtype),
    filetype,
    filetypeName: FILE_TYPES[filetype] ?? `MH_0x${filetype.toString(16)}`,
    ncmds: r.u32(16),
    sizeofcmds: r.u32(20),
    flags,
    flagNames: HEADER_FLAGS.filter(([bit]) => (flags & bit) >>> 0 === bit).map(([, name]) => name),
    headerSize,
  };
}

function warnOnLinkeditRanges(image: MachOImage): void {
  const ranges: [string, { dataoff: number; datasize: number } | undefined][] = [
    ['code signature', image.codeSignature],
    ['function starts', image.functionStarts],
    ['chained fixups', image.chainedFixups],
    ['exports trie', image.exportsTrie],
  ];
  for (const [what, range] of ranges) {
    if (range && range.dataoff + range.datasize > image.data.length) image.warnings.push(`${what} range past the end of the image`);
  }
  for (const seg of image.segments) {
    if (seg.filesize > 0 && seg.fileoff + seg.filesize > image.data.length) image.warnings.push(`segment ${seg.name} extends past the end of the image`);
  }
}

/** Reads a thin Mach-O image. `fileOffset` only records where the bytes came from. */
export function readMachOImage(bytes: Uint8Array, fileOffset = 0): MachOImage {
  const magic = thinMagic(bytes);
  if (!magic) throw new ByteReader(bytes, FORMAT).fail('not a thin Mach-O (bad magic)', 0);
  const r = new ByteReader(bytes, FORMAT, magic.endian);
  const header = readHeader(r, magic.is64, magic.endian);
  const cmdsEnd = header.headerSize + header.sizeofcmds;
  if (cmdsEnd > r.length) r.fail(`sizeofcmds ${header.sizeofcmds} past the end`, 20);
  boundedCount(r, header.ncmds, 'load commands', MAX_LOAD_COMMANDS, MIN_LOAD_COMMAND_SIZE, 16, header.sizeofcmds);

  const image: MachOImage = {
    data: bytes, fileOffset, header, loadCommands: [], segments: [], dylibs: [], rpaths: [], platforms: [],
    restricted: false, warnings: [],
  };
  let at = header.headerSize;
  for (let i = 0; i < header.ncmds; i++) {
    if (at + MIN_LOAD_COMMAND_SIZE > cmdsEnd) r.fail(`load command ${i} starts past sizeofcmds`, at);
    const cmd = r.u32(at);
    const size = r.u32(at + 4);
    if (size < MIN_LOAD_COMMAND_SIZE) r.fail(`load command ${i} has cmdsize ${size}`, at + 4);
    if (at + size > cmdsEnd) r.fail(`load command ${i} (cmdsize ${size}) reaches past sizeofcmds`, at + 4);
    image.loadCommands.push({ cmd, name: loadCommandName(cmd), offset: at, size });
    applyLoadCommand(r, image, cmd, at, size);
    at += size;
  }
  image.restricted = image.segments.some(
    (s) => s.name === '__RESTRICT' || s.sections.some((sec) => sec.sectname === '__restrict'),
  );
  warnOnLinkeditRanges(image);
  return image;
}
