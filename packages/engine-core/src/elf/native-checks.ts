/**
 * The native protections of an ELF library or executable, as data: the facts
 * the Android, Harmony and firmware engines turn into findings (NX, PIE, stack
 * canary, RELRO, FORTIFY, RPATH/RUNPATH, stripped, dangerous imports, 16 KB
 * LOAD alignment). No verdicts or texts here, only what the file says.
 */
import { DF_1, ET, MACHINES, PF, PT, SHT } from './elf-constants.ts';
import type { ElfFile } from './elf-reader.ts';
import { findDangerousFunctions, type DangerousFunction } from './dangerous-functions.ts';

export interface NativeProtections {
  /** 'arm64', 'arm', 'x86', 'x86_64', 'mips', 'riscv' …, or 'machine-<n>'. */
  architecture: string;
  /** Android ABI directory this file fits (arm64-v8a, armeabi-v7a, x86, x86_64 …), when one exists. */
  androidAbi?: string;
  bits: 32 | 64;
  elfType: ElfFile['header']['typeName'];
  /** Non-executable stack: PT_GNU_STACK present without PF_X. A missing PT_GNU_STACK means an executable stack. */
  nx: boolean;
  /** 'RW', 'RWX' … of PT_GNU_STACK, or 'absent'. */
  gnuStack: string;
  /** Position independent: ET_DYN (every shared library; executables built with -fPIE). */
  pie: boolean;
  /** An ET_DYN executable rather than a library: DF_1_PIE, or PT_INTERP without a SONAME (old NDKs gave libraries a PT_INTERP too). */
  pieExecutable: boolean;
  /** __stack_chk_fail / __stack_chk_guard imported (or defined, in static binaries). */
  stackCanary: boolean;
  /** none: no PT_GNU_RELRO; partial: PT_GNU_RELRO without BIND_NOW; full: both. */
  relro: 'none' | 'partial' | 'full';
  /** Any *_chk function imported (built with _FORTIFY_SOURCE). */
  fortify: boolean;
  fortifiedFunctions: string[];
  rpath: string[];
  runpath: string[];
  /** No .symtab section. */
  stripped: boolean;
  /** Relocations that write into code (Android refuses them from API 23). */
  textRelocations: boolean;
  dangerousFunctions: DangerousFunction[];
  /** LOAD segment alignment: Android 15+ requires 16 KB pages for 64-bit ABIs. */
  loadAlignment: { minAlign: number; aligned16k: boolean; required16k: boolean };
  /** What could not be read (from the ELF reader). */
  warnings: string[];
}

const CANARY_SYMBOLS = new Set(['__stack_chk_fail', '__stack_chk_guard', '__intel_security_cookie']);
const PAGE_16K = 16 * 1024;

function flagString(flags: number): string {
  return `${flags & PF.R ? 'R' : ''}${flags & PF.W ? 'W' : ''}${flags & PF.X ? 'X' : ''}` || '-';
}

function isPowerOfTwo(n: number): boolean {
  return n > 0 && Number.isSafeInteger(n) && (n & (n - 1)) === 0;
}

export function checkNativeProtections(elf: ElfFile): NativeProtections {
  const { header, programHeaders } = elf;
  const machine = MACHINES[header.machine];
  const stack = programHeaders.find((p) => p.type === PT.GNU_STACK);
  const hasRelro = programHeaders.some((p) => p.type === PT.GNU_RELRO);
  const bindNow = elf.dynamic?.bindNow ?? false;
  const fortified = elf.imports.filter((n) => /^__\w+_chk$/.test(n));
  const canary = elf.imports.some((n) => CANARY_SYMBOLS.has(n)) || elf.symbols.some((s) => CANARY_SYMBOLS.has(s.name));
  const loads = programHeaders.filter((p) => p.type === PT.LOAD);
  const minAlign = loads.reduce((min, p) => Math.min(min, p.align), loads.length > 0 ? Infinity : 0);
  return {
    architecture: machine?.arch ?? `machine-${header.machine}`,
    androidAbi: header.bits === 64 ? machine?.abi64 : machine?.abi32,
    bits: header.bits,
    elfType: header.typeName,
    nx: stack !== undefined && (stack.flags & PF.X) === 0,
    gnuStack: stack ? flagString(stack.flags) : 'absent',
    pie: header.type === ET.DYN,
    pieExecutable: header.type === ET.DYN && (((elf.dynamic?.flags1 ?? 0) & DF_1.PIE) !== 0 || (elf.interpreter !== undefined && elf.dynamic?.soname === undefined)),
    stackCanary: canary,
    relro: !hasRelro ? 'none' : bindNow ? 'full' : 'partial',
    fortify: fortified.length > 0,
    fortifiedFunctions: fortified,
    rpath: elf.dynamic?.rpath ?? [],
    runpath: elf.dynamic?.runpath ?? [],
    stripped: !elf.sections.some((s) => s.type === SHT.SYMTAB),
    textRelocations: elf.dynamic?.textRelocations ?? false,
    dangerousFunctions: findDangerousFunctions(elf.imports),
    loadAlignment: {
      minAlign,
      aligned16k: loads.length > 0 && loads.every((p) => isPowerOfTwo(p.align) && p.align >= PAGE_16K),
      required16k: header.bits === 64,
    },
    warnings: elf.warnings,
  };
}
