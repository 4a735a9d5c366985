/**
 * Mach-O numbers as data: magics, CPU types, file types, header flags, load
 * command ids, platforms. Values from <mach-o/loader.h>, <mach-o/fat.h> and
 * <mach/machine.h> (facts, not code).
 */

export const MH_MAGIC = 0xfeedface;
export const MH_MAGIC_64 = 0xfeedfacf;
export const MH_CIGAM = 0xcefaedfe;
export const MH_CIGAM_64 = 0xcffaedfe;
export const FAT_MAGIC = 0xcafebabe;
export const FAT_MAGIC_64 = 0xcafebabf;

export const CPU_ARCH_ABI64 = 0x01000000;
export const CPU_ARCH_ABI64_32 = 0x02000000;
export const CPU_TYPE_X86 = 7;
export const CPU_TYPE_ARM = 12;
export const CPU_TYPE_POWERPC = 18;
export const CPU_TYPE_X86_64 = CPU_TYPE_X86 | CPU_ARCH_ABI64;
export const CPU_TYPE_ARM64 = CPU_TYPE_ARM | CPU_ARCH_ABI64;
export const CPU_TYPE_ARM64_32 = CPU_TYPE_ARM | CPU_ARCH_ABI64_32;
/** Upper byte of cpusubtype carries capability bits (e.g. pointer authentication ABI version). */
export const CPU_SUBTYPE_MASK = 0xff000000;

const ARM_SUBTYPES: Readonly<Record<number, string>> = {
  0: 'arm', 5: 'armv4t', 6: 'armv6', 7: 'armv5', 8: 'xscale', 9: 'armv7', 10: 'armv7f', 11: 'armv7s',
  12: 'armv7k', 13: 'armv8', 14: 'armv6m', 15: 'armv7m', 16: 'armv7em',
};
const ARM64_SUBTYPES: Readonly<Record<number, string>> = { 0: 'arm64', 1: 'arm64v8', 2: 'arm64e' };

/** The conventional architecture name (as lipo prints it) for a cputype/cpusubtype pair. */
export function cpuName(cputype: number, cpusubtype: number): string {
  const sub = (cpusubtype & ~CPU_SUBTYPE_MASK) >>> 0;
  switch (cputype) {
    case CPU_TYPE_ARM:
      return ARM_SUBTYPES[sub] ?? `arm(subtype ${sub})`;
    case CPU_TYPE_ARM64:
      return ARM64_SUBTYPES[sub] ?? `arm64(subtype ${sub})`;
    case CPU_TYPE_ARM64_32:
      return 'arm64_32';
    case CPU_TYPE_X86:
      return 'i386';
    case CPU_TYPE_X86_64:
      return sub === 8 ? 'x86_64h' : 'x86_64';
    case CPU_TYPE_POWERPC:
      return 'ppc';
    case CPU_TYPE_POWERPC | CPU_ARCH_ABI64:
      return 'ppc64';
    default:
      return `cpu(${cputype}/${sub})`;
  }
}

export const MH_OBJECT = 0x1;
export const MH_EXECUTE = 0x2;
export const MH_DYLIB = 0x6;
export const MH_BUNDLE = 0x8;

export const FILE_TYPES: Readonly<Record<number, string>> = {
  1: 'MH_OBJECT', 2: 'MH_EXECUTE', 3: 'MH_FVMLIB', 4: 'MH_CORE', 5: 'MH_PRELOAD', 6: 'MH_DYLIB', 7: 'MH_DYLINKER',
  8: 'MH_BUNDLE', 9: 'MH_DYLIB_STUB', 10: 'MH_DSYM', 11: 'MH_KEXT_BUNDLE', 12: 'MH_FILESET',
};

export const MH_PIE = 0x200000;
export const MH_ALLOW_STACK_EXECUTION = 0x20000;
export const MH_NO_HEAP_EXECUTION = 0x1000000;

export const HEADER_FLAGS: ReadonlyArray<readonly [number, string]> = [
  [0x1, 'MH_NOUNDEFS'], [0x2, 'MH_INCRLINK'], [0x4, 'MH_DYLDLINK'], [0x8, 'MH_BINDATLOAD'], [0x10, 'MH_PREBOUND'],
  [0x20, 'MH_SPLIT_SEGS'], [0x40, 'MH_LAZY_INIT'], [0x80, 'MH_TWOLEVEL'], [0x100, 'MH_FORCE_FLAT'],
  [0x200, 'MH_NOMULTIDEFS'], [0x400, 'MH_NOFIXPREBINDING'], [0x800, 'MH_PREBINDABLE'], [0x1000, 'MH_ALLMODSBOUND'],
  [0x2000, 'MH_SUBSECTIONS_VIA_SYMBOLS'], [0x4000, 'MH_CANONICAL'], [0x8000, 'MH_WEAK_DEFINES'],
  [0x10000, 'MH_BINDS_TO_WEAK'], [MH_ALLOW_STACK_EXECUTION, 'MH_ALLOW_STACK_EXECUTION'], [0x40000, 'MH_ROOT_SAFE'],
  [0x80000, 'MH_SETUID_SAFE'], [0x100000, 'MH_NO_REEXPORTED_DYLIBS'], [MH_PIE, 'MH_PIE'],
  [0x400000, 'MH_DEAD_STRIPPABLE_DYLIB'], [0x800000, 'MH_HAS_TLV_DESCRIPTORS'], [MH_NO_HEAP_EXECUTION, 'MH_NO_HEAP_EXECUTION'],
  [0x2000000, 'MH_APP_EXTENSION_SAFE'], [0x4000000, 'MH_NLIST_OUTOFSYNC_WITH_DYLDINFO'], [0x8000000, 'MH_SIM_SUPPORT'],
  [0x80000000, 'MH_DYLIB_IN_CACHE'],
];

/** Set on load commands the dynamic linker must understand. */
export const LC_REQ_DYLD = 0x80000000;

export const LC = {
  SEGMENT: 0x1,
  SYMTAB: 0x2,
  DYSYMTAB: 0xb,
  LOAD_DYLIB: 0xc,
  ID_DYLIB: 0xd,
  LOAD_DYLINKER: 0xe,
  LOAD_WEAK_DYLIB: (0x18 | LC_REQ_DYLD) >>> 0,
  SEGMENT_64: 0x19,
  UUID: 0x1b,
  RPATH: (0x1c | LC_REQ_DYLD) >>> 0,
  CODE_SIGNATURE: 0x1d,
  REEXPORT_DYLIB: (0x1f | LC_REQ_DYLD) >>> 0,
  LAZY_LOAD_DYLIB: 0x20,
  ENCRYPTION_INFO: 0x21,
  DYLD_INFO: 0x22,
  DYLD_INFO_ONLY: (0x22 | LC_REQ_DYLD) >>> 0,
  LOAD_UPWARD_DYLIB: (0x23 | LC_REQ_DYLD) >>> 0,
  VERSION_MIN_MACOSX: 0x24,
  VERSION_MIN_IPHONEOS: 0x25,
  FUNCTION_STARTS: 0x26,
  MAIN: (0x28 | LC_REQ_DYLD) >>> 0,
  SOURCE_VERSION: 0x2a,
  ENCRYPTION_INFO_64: 0x2c,
  VERSION_MIN_TVOS: 0x2f,
  VERSION_MIN_WATCHOS: 0x30,
  BUILD_VERSION: 0x32,
  DYLD_EXPORTS_TRIE: (0x33 | LC_REQ_DYLD) >>> 0,
  DYLD_CHAINED_FIXUPS: (0x34 | LC_REQ_DYLD) >>> 0,
} as const;

const LOAD_COMMAND_NAMES: Readonly<Record<number, string>> = {
  0x1: 'LC_SEGMENT', 0x2: 'LC_SYMTAB', 0x3: 'LC_SYMSEG', 0x4: 'LC_THREAD', 0x5: 'LC_UNIXTHREAD', 0x6: 'LC_LOADFVMLIB',
  0x7: 'LC_IDFVMLIB', 0x8: 'LC_IDENT', 0x9: 'LC_FVMFILE', 0xa: 'LC_PREPAGE', 0xb: 'LC_DYSYMTAB', 0xc: 'LC_LOAD_DYLIB',
  0xd: 'LC_ID_DYLIB', 0xe: 'LC_LOAD_DYLINKER', 0xf: 'LC_ID_DYLINKER', 0x10: 'LC_PREBOUND_DYLIB', 0x11: 'LC_ROUTINES',
  0x12: 'LC_SUB_FRAMEWORK', 0x13: 'LC_SUB_UMBRELLA', 0x14: 'LC_SUB_CLIENT', 0x15: 'LC_SUB_LIBRARY',
  0x16: 'LC_TWOLEVEL_HINTS', 0x17: 'LC_PREBIND_CKSUM', 0x18: 'LC_LOAD_WEAK_DYLIB', 0x19: 'LC_SEGMENT_64',
  0x1a: 'LC_ROUTINES_64', 0x1b: 'LC_UUID', 0x1c: 'LC_RPATH', 0x1d: 'LC_CODE_SIGNATURE', 0x1e: 'LC_SEGMENT_SPLIT_INFO',
  0x1f: 'LC_REEXPORT_DYLIB', 0x20: 'LC_LAZY_LOAD_DYLIB', 0x21: 'LC_ENCRYPTION_INFO', 0x22: 'LC_DYLD_INFO',
  0x23: 'LC_LOAD_UPWARD_DYLIB', 0x24: 'LC_VERSION_MIN_MACOSX', 0x25: 'LC_VERSION_MIN_IPHONEOS',
  0x26: 'LC_FUNCTION_STARTS', 0x27: 'LC_DYLD_ENVIRONMENT', 0x28: 'LC_MAIN', 0x29: 'LC_DATA_IN_CODE',
  0x2a: 'LC_SOURCE_VERSION', 0x2b: 'LC_DYLIB_CODE_SIGN_DRS', 0x2c: 'LC_ENCRYPTION_INFO_64', 0x2d: 'LC_LINKER_OPTION',
  0x2e: 'LC_LINKER_OPTIMIZATION_HINT', 0x2f: 'LC_VERSION_MIN_TVOS', 0x30: 'LC_VERSION_MIN_WATCHOS', 0x31: 'LC_NOTE',
  0x32: 'LC_BUILD_VERSION', 0x33: 'LC_DYLD_EXPORTS_TRIE', 0x34: 'LC_DYLD_CHAINED_FIXUPS', 0x35: 'LC_FILESET_ENTRY',
  0x36: 'LC_ATOM_INFO',
};

export function loadCommandName(cmd: number): string {
  const base = (cmd & ~LC_REQ_DYLD) >>> 0;
  const name = LOAD_COMMAND_NAMES[base];
  if (name === undefined) return `LC_0x${(cmd >>> 0).toString(16)}`;
  // LC_DYLD_INFO and LC_DYLD_INFO_ONLY differ only by the LC_REQ_DYLD bit.
  return base === 0x22 && cmd & LC_REQ_DYLD ? 'LC_DYLD_INFO_ONLY' : name;
}

export const PLATFORMS: Readonly<Record<number, string>> = {
  1: 'macos', 2: 'ios', 3: 'tvos', 4: 'watchos', 5: 'bridgeos', 6: 'maccatalyst', 7: 'iossimulator',
  8: 'tvossimulator', 9: 'watchossimulator', 10: 'driverkit', 11: 'visionos', 12: 'visionossimulator',
};

/** Section type (low byte of section flags) for sections with no bytes in the file. */
export const ZEROFILL_SECTION_TYPES: ReadonlySet<number> = new Set([0x1, 0xc, 0x12]);

/** X.Y.Z packed as xxxx.yy.zz (dylib versions, LC_VERSION_MIN, LC_BUILD_VERSION). */
export function packedVersion(v: number): string {
  return `${v >>> 16}.${(v >>> 8) & 0xff}.${v & 0xff}`;
}
