/** The Mach-O data model produced by the readers in this folder. Offsets are relative to the thin image. */
import type { Endian } from '@citadel/engine-core';

export interface MachHeader {
  magic: number;
  is64: boolean;
  endian: Endian;
  cputype: number;
  cpusubtype: number;
  /** e.g. "arm64", "armv7", "arm64e", "x86_64". */
  arch: string;
  filetype: number;
  /** e.g. "MH_EXECUTE"; "MH_0x…" when unknown. */
  filetypeName: string;
  ncmds: number;
  sizeofcmds: number;
  flags: number;
  /** Names of the set header flags, e.g. ["MH_NOUNDEFS", "MH_PIE"]. */
  flagNames: string[];
  /** 28 or 32 bytes. */
  headerSize: number;
}

export interface Section {
  sectname: string;
  segname: string;
  addr: number;
  size: number;
  /** File offset of the section bytes (0 for zero-fill sections). */
  offset: number;
  align: number;
  flags: number;
  /** Low byte of flags (S_REGULAR, S_CSTRING_LITERALS, S_ZEROFILL …). */
  type: number;
  reserved1: number;
  reserved2: number;
}

export interface Segment {
  name: string;
  vmaddr: number;
  vmsize: number;
  fileoff: number;
  filesize: number;
  maxprot: number;
  initprot: number;
  flags: number;
  sections: Section[];
}

export type DylibKind = 'load' | 'weak' | 'reexport' | 'lazy' | 'upward';

export interface DylibRef {
  kind: DylibKind;
  /** Install name, e.g. "/System/Library/Frameworks/UIKit.framework/UIKit" or "@rpath/Foo.framework/Foo". */
  name: string;
  currentVersion: string;
  compatibilityVersion: string;
  timestamp: number;
}

export interface EncryptionInfo {
  cryptoff: number;
  cryptsize: number;
  /** Non-zero when the range is encrypted (FairPlay); 0 in decrypted or unsigned builds. */
  cryptid: number;
}

/** LC_CODE_SIGNATURE, LC_FUNCTION_STARTS, LC_DYLD_CHAINED_FIXUPS, LC_DYLD_EXPORTS_TRIE: a range in __LINKEDIT. */
export interface LinkeditData {
  dataoff: number;
  datasize: number;
}

export interface SymtabCommand {
  symoff: number;
  nsyms: number;
  stroff: number;
  strsize: number;
}

export interface DysymtabCommand {
  ilocalsym: number;
  nlocalsym: number;
  iextdefsym: number;
  nextdefsym: number;
  iundefsym: number;
  nundefsym: number;
  indirectsymoff: number;
  nindirectsyms: number;
}

export interface DyldInfo {
  rebaseOff: number;
  rebaseSize: number;
  bindOff: number;
  bindSize: number;
  weakBindOff: number;
  weakBindSize: number;
  lazyBindOff: number;
  lazyBindSize: number;
  exportOff: number;
  exportSize: number;
}

/** From LC_VERSION_MIN_* or LC_BUILD_VERSION. */
export interface PlatformVersion {
  source: 'LC_VERSION_MIN_MACOSX' | 'LC_VERSION_MIN_IPHONEOS' | 'LC_VERSION_MIN_TVOS' | 'LC_VERSION_MIN_WATCHOS' | 'LC_BUILD_VERSION';
  /** e.g. "ios", "macos", "iossimulator"; "platform(N)" when unknown. */
  platform: string;
  minos: string;
  sdk: string;
}

export interface LoadCommandEntry {
  cmd: number;
  /** e.g. "LC_SEGMENT_64"; "LC_0x…" when unknown. */
  name: string;
  offset: number;
  size: number;
}

export interface MachOImage {
  /** The thin image bytes; every offset below is relative to them. */
  data: Uint8Array;
  /** Where the thin image starts in the file it was read from (slice offset for fat files). */
  fileOffset: number;
  header: MachHeader;
  loadCommands: LoadCommandEntry[];
  segments: Segment[];
  dylibs: DylibRef[];
  /** LC_ID_DYLIB, for dynamic libraries and frameworks. */
  idDylib?: DylibRef;
  rpaths: string[];
  dylinker?: string;
  uuid?: string;
  encryption?: EncryptionInfo;
  codeSignature?: LinkeditData;
  symtab?: SymtabCommand;
  dysymtab?: DysymtabCommand;
  dyldInfo?: DyldInfo;
  chainedFixups?: LinkeditData;
  exportsTrie?: LinkeditData;
  functionStarts?: LinkeditData;
  platforms: PlatformVersion[];
  /** LC_MAIN entry point offset and stack size. */
  entryPoint?: { entryoff: number; stacksize: number };
  sourceVersion?: string;
  /** A __RESTRICT segment (or __restrict section) asks dyld to ignore DYLD_* environment variables. */
  restricted: boolean;
  /** Things that were odd but did not stop the reading (e.g. a linkedit range past the end). */
  warnings: string[];
}

export interface FatArch {
  cputype: number;
  cpusubtype: number;
  arch: string;
  offset: number;
  size: number;
  align: number;
}
