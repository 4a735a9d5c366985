/**
 * Mach-O executables, dylibs and object files, thin or fat/universal: header,
 * load commands, segments and sections, linked libraries, rpaths, encryption,
 * code-signature location, platform versions, the symbol table, and the
 * binary protections derived from them. Every count and offset is bounded.
 */
export * from './types.ts';
export {
  cpuName, FAT_MAGIC, FAT_MAGIC_64, FILE_TYPES, LC, loadCommandName, MH_ALLOW_STACK_EXECUTION, MH_BUNDLE, MH_DYLIB,
  MH_EXECUTE, MH_MAGIC, MH_MAGIC_64, MH_NO_HEAP_EXECUTION, MH_OBJECT, MH_PIE, PLATFORMS,
} from './constants.ts';
export { readMachOImage, thinMagic } from './image.ts';
export { isFatMagic, MAX_FAT_ARCHES, readFatArches } from './fat.ts';
export { isMachO, readMachO, type MachOFile, type MachOSliceError } from './read.ts';
export { DEFAULT_SYMBOL_LIMITS, readSymbolTable, type MachOSymbol, type SymbolKind, type SymbolLimits, type SymbolTable } from './symbols.ts';
export { findSection, sectionBytes, vmToFileOffset } from './vm.ts';
export { analyzeProtections, STRIPPED_MAX_LOCAL_SYMBOLS, type BinaryProtections } from './protections.ts';
export {
  ARC_IMPORTS, INSECURE_IMPORT_RULES, matchInsecureImports, STACK_CANARY_IMPORTS,
  type ImportCategory, type ImportPolarity, type InsecureImportHit, type InsecureImportRule,
} from './insecure-imports.ts';
export { boundImport, chainedImports, symbolStubs, type ChainedImports } from './imports.ts';
