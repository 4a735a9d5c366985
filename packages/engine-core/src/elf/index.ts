/**
 * ELF reader and native-protection checks for .so libraries and executables
 * (Android, Harmony, firmware): parseElf reads the structure under strict
 * bounds, checkNativeProtections turns it into facts (NX, PIE, canary, RELRO,
 * FORTIFY, RPATH, stripped, dangerous imports, 16 KB alignment), and buildElf
 * makes small ELF files for tests.
 */
export { parseElf, isElf, type ElfFile, type ElfHeader, type ElfProgramHeader, type ElfSection, type ElfReadOptions } from './elf-reader.ts';
export { addressToOffset, type ElfDynamic, type ElfDynamicEntry } from './elf-dynamic.ts';
export type { ElfSymbol } from './elf-symbols.ts';
export { checkNativeProtections, type NativeProtections } from './native-checks.ts';
export { DANGEROUS_FUNCTIONS, findDangerousFunctions, type DangerousFunction, type DangerousFunctionCategory } from './dangerous-functions.ts';
export * as ELF from './elf-constants.ts';
export { buildElf, type ElfBuildOptions } from './elf-builder.ts';
