/**
 * Test utility: an arm64 Mach-O with code, for the call-graph readers. Functions
 * are written with a tiny assembler (the instructions the walker decodes, by their
 * A64 encodings); Objective-C classes get class_t/metaclass/class_ro_t and method
 * lists (pointer or relative layout); selectors and class references get
 * __objc_selrefs/__objc_classrefs entries; imported functions get __stubs with
 * an indirect symbol table (LC_DYSYMTAB); imported classes are chained-fixup
 * binds (DYLD_CHAINED_PTR_64, LC_DYLD_CHAINED_FIXUPS). Labels: `fn:<name>`,
 * `sel:<selector>`, `cls:<class>`, `stub:<symbol>`.
 */
import { ByteSink } from './byte-sink.ts';
import { MACHO_BASE_ADDRESS, writeMachO, type AddrOf, type SectionSpec } from './macho-writer.ts';

export type Label = string;
export type Asm = (pc: number, at: (label: Label) => number) => number;

const page = (a: number) => Math.floor(a / 4096) * 4096;
export const asm = {
  bl: (label: Label): Asm => (pc, at) => (0x94000000 | (((at(label) - pc) / 4) & 0x3ffffff)) >>> 0,
  b: (label: Label): Asm => (pc, at) => (0x14000000 | (((at(label) - pc) / 4) & 0x3ffffff)) >>> 0,
  /** CBZ x0 to a label (a conditional branch inside the function). */
  cbz: (label: Label): Asm => (pc, at) => (0xb4000000 | ((((at(label) - pc) / 4) & 0x7ffff) << 5)) >>> 0,
  adrp: (rd: number, label: Label): Asm => (pc, at) => {
    const imm = (page(at(label)) - page(pc)) / 4096;
    return (0x90000000 | ((imm & 3) << 29) | (((imm >> 2) & 0x7ffff) << 5) | rd) >>> 0;
  },
  ldr: (rt: number, rn: number, label: Label): Asm => (_pc, at) => (0xf9400000 | (((at(label) & 0xfff) / 8) << 10) | (rn << 5) | rt) >>> 0,
  mov: (rd: number, rm: number): Asm => () => (0xaa0003e0 | (rm << 16) | rd) >>> 0,
  ret: (): Asm => () => 0xd65f03c0,
  nop: (): Asm => () => 0xd503201f,
  /** Loads a selector reference into x1 (the objc_msgSend selector argument). */
  sel: (selector: string): Asm[] => [asm.adrp(1, `sel:${selector}`), asm.ldr(1, 1, `sel:${selector}`)],
  /** Loads a class reference into a register. */
  cls: (rd: number, name: string): Asm[] => [asm.adrp(rd, `cls:${name}`), asm.ldr(rd, rd, `cls:${name}`)],
  /** [receiver-in-x0 selector] through the objc_msgSend stub. */
  send: (selector: string): Asm[] => [...asm.sel(selector), asm.bl('stub:_objc_msgSend')],
};

export interface Arm64ImageSpec {
  functions: { name: string; code: Asm[] }[];
  classes?: { name: string; methods: { selector: string; fn: string; meta?: boolean }[] }[];
  /** Classes of other images referenced in the code (cls:Name labels). */
  importedClasses?: string[];
  /** Imported functions called through stubs (stub:Name labels); _objc_msgSend is always there. */
  importedFunctions?: string[];
  relativeMethodLists?: boolean;
}

const cstrings = (list: string[]) => Buffer.from(list.map((s) => `${s}\0`).join(''), 'latin1');
const offsetsOf = (list: string[]) => list.map((_, i) => Buffer.byteLength(list.slice(0, i).map((s) => `${s}\0`).join(''), 'latin1'));

export function writeArm64Image(spec: Arm64ImageSpec): Uint8Array {
  const classes = spec.classes ?? [];
  const imported = spec.importedClasses ?? [];
  const stubs = ['_objc_msgSend', ...(spec.importedFunctions ?? []).filter((f) => f !== '_objc_msgSend')];
  // Every selector named in code or by a method, every local class.
  const probe = new Set<string>();
  for (const f of spec.functions) for (const i of f.code) i(0, (l) => (probe.add(l), 0));
  const selectors = [...new Set([...[...probe].filter((l) => l.startsWith('sel:')).map((l) => l.slice(4)), ...classes.flatMap((c) => c.methods.map((m) => m.selector))])];
  const classRefs = [...new Set([...probe].filter((l) => l.startsWith('cls:')).map((l) => l.slice(4)))];
  const methodLists = classes.flatMap((c, ci) => [false, true].map((meta) => ({ ci, meta, methods: c.methods.filter((m) => Boolean(m.meta) === meta) })));
  const entry = spec.relativeMethodLists ? 12 : 24;
  const listSizes = methodLists.map((l) => (l.methods.length > 0 ? 8 + entry * l.methods.length : 0));
  const listOffsets = listSizes.map((_, i) => listSizes.slice(0, i).reduce((a, b) => a + b, 0));
  const codeSizes = spec.functions.map((f) => f.code.length * 4);
  const codeOffsets = codeSizes.map((_, i) => codeSizes.slice(0, i).reduce((a, b) => a + b, 0));
  const methnames = cstrings(selectors);
  const methnameOffsets = offsetsOf(selectors);
  const classnames = cstrings(classes.map((c) => c.name));
  const classnameOffsets = offsetsOf(classes.map((c) => c.name));
  const importNames = imported.map((n) => `_OBJC_CLASS_$_${n}`);
  const symbolsBlob = Buffer.concat([Buffer.from([0]), cstrings(importNames)]);
  const fixupsSize = 28 + 8 + 24 + 4 * importNames.length + symbolsBlob.length;

  const at = (a: AddrOf) => (label: Label): number => {
    const [kind, name] = [label.slice(0, label.indexOf(':')), label.slice(label.indexOf(':') + 1)];
    if (kind === 'fn') {
      const i = spec.functions.findIndex((f) => f.name === name);
      if (i < 0) throw new Error(`no function ${name}`);
      return a('__TEXT', '__text') + codeOffsets[i]!;
    }
    if (kind === 'sel') return a('__DATA', '__objc_selrefs') + 8 * selectors.indexOf(name);
    if (kind === 'cls') return a('__DATA', '__objc_classrefs') + 8 * classRefs.indexOf(name);
    if (kind === 'stub') return a('__TEXT', '__stubs') + 12 * stubs.indexOf(name);
    throw new Error(`bad label ${label}`);
  };
  const classT = (a: AddrOf, i: number, meta: boolean) => a('__DATA', '__objc_data') + 80 * i + (meta ? 40 : 0);
  const ro = (a: AddrOf, i: number, meta: boolean) => a('__DATA', '__objc_const') + 144 * i + (meta ? 72 : 0);
  const list = (a: AddrOf, i: number, meta: boolean) => {
    const k = methodLists.findIndex((l) => l.ci === i && l.meta === meta);
    return listSizes[k] === 0 ? 0 : a('__DATA', '__objc_methlists') + listOffsets[k]!;
  };

  const sections = (fixupsAt: { value: number }): { text: SectionSpec[]; data: SectionSpec[] } => ({
    text: [
      { name: '__text', size: codeOffsets.length ? codeOffsets.at(-1)! + codeSizes.at(-1)! : 0, flags: 0x80000400, fill: (a) => {
        const s = new ByteSink();
        spec.functions.forEach((f, i) => f.code.forEach((ins, k) => s.u32(ins(a('__TEXT', '__text') + codeOffsets[i]! + 4 * k, at(a)))));
        return s.toBytes();
      } },
      // ADRP x16 / LDR x16 / BR x16 in real images; the reader goes by the indirect table, not the stub's code.
      { name: '__stubs', size: 12 * stubs.length, flags: 0x80000408, reserved1: 0, reserved2: 12, fill: () => {
        const s = new ByteSink();
        for (let i = 0; i < stubs.length; i++) s.u32(0xd503201f).u32(0xd503201f).u32(0xd61f0200);
        return s.toBytes();
      } },
      { name: '__objc_methname', data: methnames, flags: 2 },
      { name: '__objc_classname', data: classnames.length ? classnames : Buffer.from([0]), flags: 2 },
    ],
    data: [
      { name: '__objc_selrefs', size: 8 * selectors.length, fill: (a) => {
        const s = new ByteSink();
        selectors.forEach((_, i) => s.u64(a('__TEXT', '__objc_methname') + methnameOffsets[i]!));
        return s.toBytes();
      } },
      { name: '__objc_classrefs', size: 8 * Math.max(1, classRefs.length), fill: (a) => {
        const s = new ByteSink();
        for (const name of classRefs) {
          const local = classes.findIndex((c) => c.name === name);
          if (local >= 0) s.u64(classT(a, local, false));
          else s.u64((1n << 63n) | BigInt(imported.indexOf(name))); // DYLD_CHAINED_PTR_64 bind, ordinal
        }
        if (classRefs.length === 0) s.u64(0);
        return s.toBytes();
      } },
      { name: '__objc_classlist', size: 8 * Math.max(1, classes.length), fill: (a) => {
        const s = new ByteSink();
        classes.forEach((_, i) => s.u64(classT(a, i, false)));
        if (classes.length === 0) s.u64(0);
        return s.toBytes();
      } },
      { name: '__objc_data', size: 80 * Math.max(1, classes.length), fill: (a) => {
        const s = new ByteSink();
        classes.forEach((_, i) => {
          s.u64(classT(a, i, true)).u64(0).u64(0).u64(0).u64(ro(a, i, false));
          s.u64(0).u64(0).u64(0).u64(0).u64(ro(a, i, true));
        });
        if (classes.length === 0) s.zeros(80);
        return s.toBytes();
      } },
      { name: '__objc_const', size: 144 * Math.max(1, classes.length), fill: (a) => {
        const s = new ByteSink();
        classes.forEach((_, i) => {
          for (const meta of [false, true]) {
            s.u32(meta ? 1 : 0).u32(8).u32(8).u32(0).u64(0);
            s.u64(a('__TEXT', '__objc_classname') + classnameOffsets[i]!);
            s.u64(list(a, i, meta)).u64(0).u64(0).u64(0).u64(0);
          }
        });
        if (classes.length === 0) s.zeros(144);
        return s.toBytes();
      } },
      { name: '__objc_methlists', size: Math.max(8, listSizes.reduce((x, y) => x + y, 0)), fill: (a) => {
        const s = new ByteSink();
        methodLists.forEach((l, k) => {
          if (listSizes[k] === 0) return;
          const base = a('__DATA', '__objc_methlists') + listOffsets[k]!;
          s.u32(entry | (spec.relativeMethodLists ? 0x80000000 : 0)).u32(l.methods.length);
          l.methods.forEach((m, j) => {
            const e = base + 8 + entry * j;
            const imp = at(a)(`fn:${m.fn}`);
            if (spec.relativeMethodLists) s.i32(at(a)(`sel:${m.selector}`) - e).i32(0).i32(imp - (e + 8));
            else s.u64(a('__TEXT', '__objc_methname') + methnameOffsets[selectors.indexOf(m.selector)]!).u64(0).u64(imp);
          });
        });
        if (listSizes.every((x) => x === 0)) s.zeros(8);
        return s.toBytes();
      } },
      // The indirect symbol table (one entry per stub: the symbol index) and the chained-fixup imports.
      { name: '__indirect', size: 4 * stubs.length, fill: () => {
        const s = new ByteSink();
        stubs.forEach((_, i) => s.u32(i));
        return s.toBytes();
      } },
      { name: '__fixups', size: fixupsSize, fill: (a) => {
        fixupsAt.value = a('__DATA', '__fixups') - MACHO_BASE_ADDRESS;
        const s = new ByteSink();
        const importsOffset = 28 + 8 + 24;
        s.u32(0).u32(28).u32(importsOffset).u32(importsOffset + 4 * importNames.length).u32(importNames.length).u32(1).u32(0);
        // dyld_chained_starts_in_image (1 segment) and its dyld_chained_starts_in_segment: pointer_format 2 (DYLD_CHAINED_PTR_64).
        s.u32(1).u32(8);
        s.u32(24).u16(0x4000).u16(2).u64(0).u32(0).u16(0).u16(0);
        const offsets = offsetsOf(importNames).map((o) => o + 1);
        offsets.forEach((o) => s.u32(1 | (o << 9)));
        s.bytes(symbolsBlob);
        return s.toBytes();
      } },
    ],
  });

  // Two passes: the load commands that point into sections need the sections' file offsets.
  const build = (raw: Uint8Array[], fixupsAt: { value: number }, indirectAt: { value: number }) => {
    const secs = sections(fixupsAt);
    const data = secs.data.map((d) => (d.name === '__indirect' ? { ...d, fill: (a: AddrOf) => ((indirectAt.value = a('__DATA', '__indirect') - MACHO_BASE_ADDRESS), d.fill!(a)) } : d));
    return writeMachO({
      cputype: 0x0100000c,
      symbols: stubs.map((name) => ({ name, kind: 'import' as const })),
      segments: [{ name: '__TEXT', sections: secs.text }, { name: '__DATA', initprot: 3, sections: data }],
      rawCommands: raw,
    });
  };
  const commands = (fixupsOff: number, indirectOff: number): Uint8Array[] => {
    const dysym = new ByteSink().u32(0xb).u32(80);
    // ilocalsym nlocalsym iextdefsym nextdefsym iundefsym nundefsym tocoff ntoc modtaboff nmodtab extrefsymoff nextrefsyms indirectsymoff nindirectsyms extreloff nextrel locreloff nlocrel
    dysym.u32(0).u32(0).u32(0).u32(0).u32(0).u32(stubs.length).u32(0).u32(0).u32(0).u32(0).u32(0).u32(0).u32(indirectOff).u32(stubs.length).u32(0).u32(0).u32(0).u32(0);
    const fixups = new ByteSink().u32(0x80000034).u32(16).u32(fixupsOff).u32(fixupsSize);
    return [dysym.toBytes(), fixups.toBytes()];
  };
  const fixupsAt = { value: 0 };
  const indirectAt = { value: 0 };
  build(commands(0, 0), fixupsAt, indirectAt);
  return build(commands(fixupsAt.value, indirectAt.value), { value: 0 }, { value: 0 });
}
