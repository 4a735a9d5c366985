/**
 * ELF constants (System V gABI, GNU and Android extensions) used by the
 * reader and the native checks, with the names reports print.
 */

export const ET = { REL: 1, EXEC: 2, DYN: 3, CORE: 4 } as const;
export const ELF_TYPE_NAMES: Readonly<Record<number, 'relocatable' | 'executable' | 'shared-object' | 'core'>> = {
  1: 'relocatable',
  2: 'executable',
  3: 'shared-object',
  4: 'core',
};

export const PT = {
  NULL: 0,
  LOAD: 1,
  DYNAMIC: 2,
  INTERP: 3,
  NOTE: 4,
  PHDR: 6,
  TLS: 7,
  GNU_EH_FRAME: 0x6474e550,
  GNU_STACK: 0x6474e551,
  GNU_RELRO: 0x6474e552,
  GNU_PROPERTY: 0x6474e553,
} as const;

export const PF = { X: 1, W: 2, R: 4 } as const;

export const SHT = { NULL: 0, PROGBITS: 1, SYMTAB: 2, STRTAB: 3, RELA: 4, HASH: 5, DYNAMIC: 6, NOTE: 7, NOBITS: 8, REL: 9, DYNSYM: 11, GNU_HASH: 0x6ffffff6 } as const;

export const SHN = { UNDEF: 0, LORESERVE: 0xff00, ABS: 0xfff1, COMMON: 0xfff2, XINDEX: 0xffff } as const;

export const DT = {
  NULL: 0,
  NEEDED: 1,
  HASH: 4,
  STRTAB: 5,
  SYMTAB: 6,
  STRSZ: 10,
  SYMENT: 11,
  SONAME: 14,
  RPATH: 15,
  SYMBOLIC: 16,
  TEXTREL: 22,
  BIND_NOW: 24,
  RUNPATH: 29,
  FLAGS: 30,
  GNU_HASH: 0x6ffffef5,
  FLAGS_1: 0x6ffffffb,
} as const;

export const DF = { SYMBOLIC: 0x2, TEXTREL: 0x4, BIND_NOW: 0x8 } as const;
export const DF_1 = { NOW: 0x1, PIE: 0x08000000 } as const;

export const STB = { LOCAL: 0, GLOBAL: 1, WEAK: 2 } as const;
export const STT_NAMES = ['notype', 'object', 'func', 'section', 'file', 'common', 'tls'] as const;
export const STV = { DEFAULT: 0, INTERNAL: 1, HIDDEN: 2, PROTECTED: 3 } as const;

export const NT_GNU_BUILD_ID = 3;

/** e_machine → architecture name and, where Android ships it, the ABI directory name. */
export const MACHINES: Readonly<Record<number, { arch: string; abi32?: string; abi64?: string }>> = {
  2: { arch: 'sparc' },
  3: { arch: 'x86', abi32: 'x86' },
  8: { arch: 'mips', abi32: 'mips', abi64: 'mips64' },
  20: { arch: 'ppc' },
  21: { arch: 'ppc64' },
  22: { arch: 's390' },
  // ELF32 ARM: armeabi and armeabi-v7a share e_machine; v7a is the only one current NDKs build.
  40: { arch: 'arm', abi32: 'armeabi-v7a' },
  42: { arch: 'superh' },
  50: { arch: 'ia64' },
  62: { arch: 'x86_64', abi64: 'x86_64' },
  183: { arch: 'arm64', abi64: 'arm64-v8a' },
  243: { arch: 'riscv', abi64: 'riscv64' },
  258: { arch: 'loongarch' },
};
