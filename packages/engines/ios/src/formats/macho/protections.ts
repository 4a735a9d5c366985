/**
 * Binary protections of one Mach-O image, computed as data (what is present
 * and the evidence for it). Rules in the engine turn these into findings.
 */
import { MH_ALLOW_STACK_EXECUTION, MH_BUNDLE, MH_DYLIB, MH_NO_HEAP_EXECUTION, MH_PIE } from './constants.ts';
import { ARC_IMPORTS, matchInsecureImports, STACK_CANARY_IMPORTS, type InsecureImportHit } from './insecure-imports.ts';
import type { SymbolTable } from './symbols.ts';
import type { MachOImage } from './types.ts';

/**
 * strip(1) removes every local symbol and all debug stabs (the N_OPT marker
 * ld64 leaves behind is not counted as debug, see symbols.ts), so a stripped
 * image keeps no local symbol at all.
 */
export const STRIPPED_MAX_LOCAL_SYMBOLS = 0;

export interface BinaryProtections {
  arch: string;
  /** MH_PIE on an executable; dylibs and bundles are always position-independent. */
  pie: boolean;
  stackCanary: boolean;
  arc: boolean;
  /** Links the Swift runtime. */
  swift: boolean;
  /** LC_ENCRYPTION_INFO(_64) with a non-zero cryptid. */
  encrypted: boolean;
  /** The cryptid, or null without an encryption command. */
  cryptid: number | null;
  codeSignature: boolean;
  stripped: boolean;
  /** LC_RPATH entries or @rpath/ install names: library search paths an attacker may plant into. */
  usesRpath: boolean;
  restrictedSegment: boolean;
  stackExecutionAllowed: boolean;
  noHeapExecution: boolean;
  insecureImports: InsecureImportHit[];
  /** One line of evidence per boolean above, for findings. */
  evidence: Record<'pie' | 'stackCanary' | 'arc' | 'swift' | 'encrypted' | 'codeSignature' | 'stripped' | 'usesRpath' | 'restrictedSegment', string>;
}

function firstOf(imports: ReadonlySet<string>, names: readonly string[]): string | undefined {
  return names.find((n) => imports.has(n));
}

export function analyzeProtections(image: MachOImage, symbols: SymbolTable): BinaryProtections {
  const imports = new Set(symbols.imports);
  const { header } = image;
  const pieFlag = (header.flags & MH_PIE) !== 0;
  const alwaysPic = header.filetype === MH_DYLIB || header.filetype === MH_BUNDLE;
  const canary = firstOf(imports, STACK_CANARY_IMPORTS);
  const arc = firstOf(imports, ARC_IMPORTS);
  const swiftImport = symbols.imports.find((n) => n.startsWith('_swift_'));
  const swiftDylib = image.dylibs.find((d) => /\/libswift[A-Za-z_]*\.dylib$/.test(d.name));
  const cryptid = image.encryption ? image.encryption.cryptid : null;
  const hasSignature = image.codeSignature !== undefined && image.codeSignature.datasize > 0;
  const noSymtab = image.symtab === undefined || image.symtab.nsyms === 0;
  const stripped = noSymtab || (symbols.debugCount === 0 && symbols.localCount <= STRIPPED_MAX_LOCAL_SYMBOLS);
  const rpathDylib = image.dylibs.find((d) => d.name.startsWith('@rpath/'));
  const usesRpath = image.rpaths.length > 0 || rpathDylib !== undefined;
  return {
    arch: header.arch,
    pie: pieFlag || alwaysPic,
    stackCanary: canary !== undefined,
    arc: arc !== undefined,
    swift: swiftImport !== undefined || swiftDylib !== undefined,
    encrypted: cryptid !== null && cryptid !== 0,
    cryptid,
    codeSignature: hasSignature,
    stripped,
    usesRpath,
    restrictedSegment: image.restricted,
    stackExecutionAllowed: (header.flags & MH_ALLOW_STACK_EXECUTION) !== 0,
    noHeapExecution: (header.flags & MH_NO_HEAP_EXECUTION) !== 0,
    insecureImports: matchInsecureImports(symbols.imports),
    evidence: {
      pie: pieFlag ? 'MH_PIE set in the Mach-O header' : alwaysPic ? `${header.filetypeName} is position-independent by type` : 'MH_PIE not set',
      stackCanary: canary ? `imports ${canary}` : 'neither ___stack_chk_fail nor ___stack_chk_guard imported',
      arc: arc ? `imports ${arc}` : 'no ARC runtime calls imported',
      swift: swiftImport ? `imports ${swiftImport}` : swiftDylib ? `links ${swiftDylib.name}` : 'no Swift runtime',
      encrypted: cryptid === null ? 'no LC_ENCRYPTION_INFO command' : `cryptid ${cryptid}`,
      codeSignature: hasSignature ? `LC_CODE_SIGNATURE, ${image.codeSignature!.datasize} bytes` : 'no LC_CODE_SIGNATURE',
      stripped: noSymtab
        ? 'no symbol table'
        : `${symbols.localCount} local and ${symbols.debugCount} debug symbols`,
      usesRpath: image.rpaths.length > 0 ? `LC_RPATH ${image.rpaths.join(', ')}` : rpathDylib ? `links ${rpathDylib.name}` : 'no @rpath use',
      restrictedSegment: image.restricted ? '__RESTRICT/__restrict present' : 'no __RESTRICT segment',
    },
  };
}
