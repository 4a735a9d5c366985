/**
 * Proof that a stripped library is still the same library to the dynamic
 * loader: it parses with the product's ELF reader, the loaded bytes are
 * identical (apart from the three section-table fields of the ELF header),
 * the exported and imported dynamic symbols (JNI_OnLoad, Java_* …) and the
 * needed libraries are the same, and the internal names of the old .symtab
 * appear nowhere in the output.
 */
import { parseElf, type ElfFile } from '@citadel/engine-core';

export interface ElfComparison {
  ok: boolean;
  detail: string;
  exports: number;
  jniExports: number;
  internalNamesBefore: number;
}

const sameList = (a: string[], b: string[]): boolean => a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);

/** Header fields strip may change: e_shoff, e_shnum, e_shstrndx. */
function headerMask(is64: boolean): [number, number][] {
  return is64 ? [[0x28, 8], [0x3c, 4]] : [[0x20, 4], [0x30, 4]];
}

export function compareStripped(before: Uint8Array, after: Uint8Array, loadEnd: number): ElfComparison {
  const fail = (detail: string): ElfComparison => ({ ok: false, detail, exports: 0, jniExports: 0, internalNamesBefore: 0 });
  let a: ElfFile;
  let b: ElfFile;
  try {
    b = parseElf(before);
    a = parseElf(after);
  } catch (e) {
    return fail(`does not parse: ${(e as Error).message}`);
  }
  if (a.warnings.length > b.warnings.length) return fail(`new reader warnings: ${a.warnings.slice(b.warnings.length).join('; ')}`);
  const x = Buffer.from(before.subarray(0, loadEnd));
  const y = Buffer.from(after.subarray(0, loadEnd));
  for (const [o, n] of headerMask(b.header.bits === 64)) {
    x.fill(0, o, o + n);
    y.fill(0, o, o + n);
  }
  if (!x.equals(y)) return fail('loaded bytes differ');
  if (!sameList(a.exports, b.exports)) return fail('exported symbols differ');
  if (!sameList(a.imports, b.imports)) return fail('imported symbols differ');
  if (!sameList(a.dynamic?.needed ?? [], b.dynamic?.needed ?? [])) return fail('needed libraries differ');
  if (a.symbols.length > 0) return fail(`.symtab still has ${a.symbols.length} symbols`);
  const dynamicNames = new Set(b.dynamicSymbols.map((s) => s.name));
  const internal = [...new Set(b.symbols.map((s) => s.name).filter((n) => n.length >= 4 && !dynamicNames.has(n)))];
  const out = Buffer.from(after);
  const leaked = internal.slice(0, 500).filter((n) => out.includes(Buffer.from(`\0${n}\0`, 'latin1')));
  if (leaked.length > 0) return fail(`internal names still present: ${leaked.slice(0, 5).join(', ')}`);
  const jni = a.exports.filter((n) => n === 'JNI_OnLoad' || n === 'JNI_OnUnload' || n.startsWith('Java_'));
  return {
    ok: true,
    detail: `${a.exports.length} exports kept (${jni.length} JNI), ${internal.length} internal names removed`,
    exports: a.exports.length,
    jniExports: jni.length,
    internalNamesBefore: internal.length,
  };
}
