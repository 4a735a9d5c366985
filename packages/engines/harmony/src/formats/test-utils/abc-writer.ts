/**
 * Builds small but structurally complete Ark bytecode files for tests: a
 * header with a correct adler32, a foreign region, record classes with
 * fields (pkgName, isCommonjs, moduleRecordIdx) and methods with code and
 * debug info (SET_SOURCE_CODE), literal arrays, module records, one index
 * region and the class / literal / line-number-program indexes. Methods can
 * carry their own instructions (asm encodes them from the ISA table).
 */
import { specOf } from '../abc/code/instructions.ts';
import { adler32 } from '../abc/header.ts';
import { ByteWriter } from '@citadel/engine-core/testing';

/** Region indexes of strings and methods, for the id operands of instructions. */
export interface CodeRefs {
  str(s: string): number;
  method(name: string): number;
}

/** A method with its own code: instruction bytes (see asm), registers and arguments. */
export interface AbcMethodSpec {
  name: string;
  code: (refs: CodeRefs) => number[];
  numVregs?: number;
  numArgs?: number;
}

export interface AbcRecordSpec {
  /** Record name without the L…; wrapper, e.g. "com.example/entry/ets/pages/Index". */
  name: string;
  /** Names get a shared two-instruction body; specs carry their own code. */
  methods: (string | AbcMethodSpec)[];
  sourceFile?: string;
  /** Module source text attached through the first method's debug info. */
  sourceCode?: string;
  module?: {
    requests: string[];
    regularImports?: { localName: string; importName: string; requestIdx: number }[];
    localExports?: { localName: string; exportName: string }[];
  };
  /** Strings placed as STRING literals in one literal array of this record. */
  literalStrings?: string[];
}

export interface AbcSpec {
  version?: [number, number, number, number];
  records: AbcRecordSpec[];
  /** Extra strings referenced only from the index region (as instruction operands would be). */
  regionStrings?: string[];
}

export function encodeMutf8(s: string): { header: number; bytes: number[] } {
  const bytes: number[] = [];
  let ascii = true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 1 && c < 0x80) bytes.push(c);
    else if (c < 0x800) {
      ascii = false;
      bytes.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    } else {
      ascii = false;
      bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    }
  }
  return { header: s.length * 2 + (ascii ? 1 : 0), bytes };
}

export function buildAbc(spec: AbcSpec): Uint8Array {
  const b = new ByteWriter();
  b.ascii('PANDA\0\0\0');
  b.u32(0); // checksum, patched last
  b.bytes(spec.version ?? [9, 0, 0, 0]);
  while (b.length < 60) b.u8(0);

  const strings = new Map<string, number>();
  const str = (s: string): number => {
    let at = strings.get(s);
    if (at === undefined) {
      at = b.length;
      const { header, bytes } = encodeMutf8(s);
      b.uleb(header).bytes(bytes).u8(0);
      strings.set(s, at);
    }
    return at;
  };

  const foreignOff = b.length;
  str('L_ESTypeAnnotation;');
  const foreignSize = b.length - foreignOff;

  const methodName = (m: string | AbcMethodSpec) => (typeof m === 'string' ? m : m.name);
  for (const rec of spec.records) {
    str(`L${rec.name};`);
    for (const m of rec.methods) str(methodName(m));
    for (const s of rec.literalStrings ?? []) str(s);
    for (const s of rec.module?.requests ?? []) str(s);
    for (const i of rec.module?.regularImports ?? []) (str(i.localName), str(i.importName));
    for (const e of rec.module?.localExports ?? []) (str(e.localName), str(e.exportName));
    if (rec.sourceFile) str(rec.sourceFile);
    if (rec.sourceCode) str(rec.sourceCode);
  }
  for (const n of ['pkgName@entry', 'isCommonjs', 'moduleRecordIdx', 'this']) str(n);
  const regionStringOffsets = (spec.regionStrings ?? []).map(str);

  // Code of methods with a spec: strings they name go into the index region after the methods and region strings.
  const allMethods = spec.records.flatMap((r) => r.methods.map(methodName));
  const codeStrings: string[] = [];
  const codeStringOffsets: number[] = [];
  const refs: CodeRefs = {
    str(s) {
      let i = codeStrings.indexOf(s);
      if (i < 0) {
        i = codeStrings.push(s) - 1;
        codeStringOffsets.push(str(s));
      }
      return allMethods.length + regionStringOffsets.length + i;
    },
    method(name) {
      const i = allMethods.indexOf(name);
      if (i < 0) throw new Error(`no method ${name}`);
      return i;
    },
  };
  const codeBytes = new Map<AbcMethodSpec, number[]>();
  for (const rec of spec.records) for (const m of rec.methods) if (typeof m !== 'string') codeBytes.set(m, m.code(refs));

  const literalArrays: number[] = [];
  const literalOf = new Map<AbcRecordSpec, number>();
  for (const rec of spec.records) {
    if (!rec.literalStrings?.length) continue;
    const at = b.length;
    b.u32(rec.literalStrings.length * 2 + 2);
    for (const s of rec.literalStrings) b.u8(0x05).u32(str(s));
    b.u8(0x02).u32(rec.literalStrings.length);
    literalArrays.push(at);
    literalOf.set(rec, at);
  }
  const moduleOf = new Map<AbcRecordSpec, number>();
  for (const rec of spec.records) {
    if (!rec.module) continue;
    const at = b.length;
    const m = rec.module;
    b.u32(0); // literal count: not used by readers
    b.u32(m.requests.length);
    for (const s of m.requests) b.u32(str(s));
    b.u32(m.regularImports?.length ?? 0);
    for (const i of m.regularImports ?? []) b.u32(str(i.localName)).u32(str(i.importName)).u16(i.requestIdx);
    b.u32(0); // namespace imports
    b.u32(m.localExports?.length ?? 0);
    for (const e of m.localExports ?? []) b.u32(str(e.localName)).u32(str(e.exportName));
    b.u32(0).u32(0); // indirect and star exports
    literalArrays.push(at);
    moduleOf.set(rec, at);
  }

  // Line number programs: one per record with source code (SET_SOURCE_CODE, a special opcode, END).
  const lnps: number[] = [];
  const debugOf = new Map<AbcRecordSpec, number>();
  for (const rec of spec.records) {
    if (!rec.sourceCode) continue;
    const lnp = b.length;
    b.u8(0x0a).u8(0x0d).u8(0x03).u8(0x00).u8(0x00); // SET_SOURCE_CODE, special, START_LOCAL r0, END_SEQUENCE
    lnps.push(lnp);
    const debug = b.length;
    const pool = new ByteWriter().uleb(str(rec.sourceCode)).uleb(str('this')).uleb(0).toBytes();
    b.uleb(1).uleb(1).uleb(str('this')).uleb(pool.length).bytes(pool).uleb(lnps.length - 1);
    debugOf.set(rec, debug);
  }

  const code = b.length;
  b.uleb(1).uleb(3).uleb(2).uleb(0).u8(0x00).u8(0x64); // ldundefined; returnundefined
  const codeOf = new Map<AbcMethodSpec, number>();
  for (const [m, bytes] of codeBytes) {
    codeOf.set(m, b.length);
    b.uleb(m.numVregs ?? 16).uleb(m.numArgs ?? 3).uleb(bytes.length).uleb(0).bytes(bytes);
  }

  const classOffsets: number[] = [];
  const methodOffsets: number[] = [];
  for (const rec of spec.records) {
    const at = b.length;
    classOffsets.push(at);
    b.bytes(stringBytes(`L${rec.name};`));
    b.u32(0).uleb(1);
    b.uleb(3).uleb(rec.methods.length);
    b.u8(0x02).u8(0);
    if (rec.sourceFile) b.u8(0x07).u32(str(rec.sourceFile));
    b.u8(0x00);
    b.u16(0).u16(0).u32(str('pkgName@entry')).uleb(1).u8(0x01).sleb(0).u8(0);
    b.u16(0).u16(0).u32(str('isCommonjs')).uleb(1).u8(0x01).sleb(0).u8(0);
    b.u16(0).u16(0).u32(str('moduleRecordIdx')).uleb(1);
    if (moduleOf.has(rec)) b.u8(0x02).u32(moduleOf.get(rec)!);
    b.u8(0);
    rec.methods.forEach((m, i) => {
      methodOffsets.push(b.length);
      b.u16(0).u16(0).u32(str(methodName(m))).uleb(0x10008);
      b.u8(0x01).u32(typeof m === 'string' ? code : codeOf.get(m)!);
      if (i === 0 && debugOf.has(rec)) b.u8(0x05).u32(debugOf.get(rec)!);
      b.u8(0);
    });
  }
  classOffsets.push(foreignOff);

  b.align(4);
  const classIdxOff = b.length;
  for (const o of classOffsets) b.u32(o);
  const literalIdxOff = b.length;
  for (const o of literalArrays) b.u32(o);
  const lnpIdxOff = b.length;
  for (const o of lnps) b.u32(o);
  const methodIdx = [...methodOffsets, ...regionStringOffsets, ...codeStringOffsets, ...literalOf.values()];
  const methodIdxOff = b.length;
  for (const o of methodIdx) b.u32(o);
  const indexSectionOff = b.length;
  const regionHeaderSize = 40;
  b.u32(foreignOff).u32(indexSectionOff + regionHeaderSize);
  b.u32(0).u32(methodIdxOff).u32(methodIdx.length).u32(methodIdxOff);
  b.u32(0).u32(methodIdxOff).u32(0).u32(methodIdxOff);

  const fileSize = b.length;
  b.patch32(16, fileSize)
    .patch32(20, foreignOff)
    .patch32(24, foreignSize)
    .patch32(28, classOffsets.length)
    .patch32(32, classIdxOff)
    .patch32(36, lnps.length)
    .patch32(40, lnpIdxOff)
    .patch32(44, literalArrays.length)
    .patch32(48, literalIdxOff)
    .patch32(52, 1)
    .patch32(56, indexSectionOff);
  const out = b.toBytes();
  new DataView(out.buffer).setUint32(8, adler32(out.subarray(12)), true);
  return out;
}

/**
 * Encodes one instruction by mnemonic with the ISA table: the first variant
 * whose operands fit the values, operands in encoding order (registers,
 * immediates and ids as the format lists them).
 */
export function asm(mnemonic: string, ...operands: number[]): number[] {
  for (const { prefix, opcode, spec } of specOf(mnemonic)) {
    if (spec.operands.length !== operands.length) continue;
    if (!spec.operands.every((o, i) => o.bits >= 32 || operands[i]! < 2 ** o.bits)) continue;
    const w = new ByteWriter();
    if (prefix) w.u8(prefix);
    w.u8(opcode);
    let half: number | undefined;
    spec.operands.forEach((o, i) => {
      const v = operands[i]!;
      if (o.bits === 4) {
        if (half === undefined) half = v;
        else {
          w.u8(half | (v << 4));
          half = undefined;
        }
      } else if (o.bits === 8) w.u8(v);
      else if (o.bits === 16) w.u16(v);
      else if (o.bits === 32) w.u32(v);
      else w.bytes(Buffer.alloc(8));
    });
    return [...w.toBytes()];
  }
  throw new Error(`asm: no variant of ${mnemonic} for ${operands.length} operands ${operands.join(', ')}`);
}

/** An argument of asmCall: a constant, or a global with a member path (MixedMode.All). */
export type AsmArg = string | boolean | number | { global: string; members?: string[] };

/**
 * `<root>.<members…>(<args>)` laid out the way es2abc does it: the receiver in
 * v2, the callee in v1 then the accumulator, arguments in v3… (range call
 * from v2 for more than three). `root` loads the base object into the
 * accumulator, e.g. asm('ldexternalmodulevar', 0) or
 * asm('tryldglobalbyname', 0, r.str('Web')).
 */
export function asmCall(r: CodeRefs, root: number[], members: string[], args: AsmArg[]): number[] {
  const load = (a: AsmArg): number[] => {
    if (typeof a === 'string') return asm('lda.str', r.str(a));
    if (typeof a === 'number') return asm('ldai', a);
    if (typeof a === 'boolean') return asm(a ? 'ldtrue' : 'ldfalse');
    return [...asm('tryldglobalbyname', 0, r.str(a.global)), ...(a.members ?? []).flatMap((m) => asm('ldobjbyname', 0, r.str(m)))];
  };
  const out = [...root];
  for (const m of members.slice(0, -1)) out.push(...asm('ldobjbyname', 0, r.str(m)));
  out.push(...asm('sta', 2), ...asm('ldobjbyname', 0, r.str(members[members.length - 1]!)), ...asm('sta', 1));
  args.forEach((a, i) => out.push(...load(a), ...asm('sta', 3 + i)));
  out.push(...asm('lda', 1));
  out.push(...(args.length <= 3 ? asm(`callthis${args.length}`, 0, 2, ...args.map((_, i) => 3 + i)) : asm('callthisrange', 0, args.length, 2)));
  return out;
}

function stringBytes(s: string): number[] {
  const { header, bytes } = encodeMutf8(s);
  return [...new ByteWriter().uleb(header).toBytes(), ...bytes, 0];
}
