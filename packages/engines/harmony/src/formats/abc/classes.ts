/**
 * Class, Field and Method items of an Ark bytecode file (runtime_core
 * docs/file_format.md, "Class", "Field", "Method" and their tag tables). In
 * ArkTS/JS output a Class is a *record*: one per source module (its fields
 * carry module metadata such as moduleRecordIdx and pkgName@…, its methods are
 * the module's functions).
 */
import { boundedCount, type ByteReader } from '@citadel/engine-core';
import { spend, type WorkBudget } from './budget.ts';
import { readAbcString, tryReadAbcString } from './mutf8.ts';

export interface AbcField {
  offset: number;
  name: string;
  /** INT_VALUE (sleb128) payload, when present. */
  intValue?: number;
  /** VALUE payload (a 32-bit value or an offset: for moduleRecordIdx the module literal array). */
  value?: number;
}

export interface AbcCode {
  offset: number;
  numVregs: number;
  numArgs: number;
  /** Where the instructions start and how many bytes they take (bounds-checked). */
  instructionsOffset: number;
  codeSize: number;
  triesSize: number;
}

export interface AbcMethod {
  offset: number;
  name: string;
  /** Method access flags (old formats) or MethodIndexData (header index, function kind) in newer ones. */
  accessFlags: number;
  /** Bits 16-23 of MethodIndexData in format ≥ 10: 1 function, 2 arrow, 3 generator, 4 async … */
  functionKind: number;
  code?: AbcCode;
  debugInfoOffset?: number;
}

export interface AbcClass {
  offset: number;
  /** Type descriptor as stored, e.g. "Lcom.example/entry/ets/pages/Index;" or "L&entry/src/main/ets/pages/Index&;". */
  descriptor: string;
  /** Descriptor without the L…; wrapper. */
  name: string;
  /** True for entries of the class index that lie in the foreign region (declared elsewhere; name only). */
  foreign: boolean;
  accessFlags: number;
  sourceFile?: string;
  fields: AbcField[];
  methods: AbcMethod[];
}

/** Smallest encodings: u16 + u16 + u32 + uleb + end tag. */
const MIN_MEMBER_BYTES = 10;
/** A tagged-value list longer than this is garbage, not metadata. */
const MAX_TAGS = 256;

export function descriptorToName(descriptor: string): string {
  return descriptor.startsWith('L') && descriptor.endsWith(';') ? descriptor.slice(1, -1) : descriptor;
}

export function parseClass(r: ByteReader, offset: number, foreign: boolean, limits: { maxMembersPerClass: number }, budget?: WorkBudget): AbcClass {
  const nameItem = readAbcString(r, offset, budget);
  const descriptor = nameItem.value;
  const base: AbcClass = { offset, descriptor, name: descriptorToName(descriptor), foreign, accessFlags: 0, fields: [], methods: [] };
  if (foreign) return base;

  let p = offset + nameItem.byteLength;
  p += 4; // super_class_off (reserved in ArkTS output)
  r.check(p - 4, 4, 'class super_class_off');
  const [accessFlags, n1] = r.uleb128(p);
  p += n1;
  const [numFields, n2] = r.uleb128(p);
  p += n2;
  const [numMethods, n3] = r.uleb128(p);
  p += n3;
  boundedCount(r, numFields, 'class fields', limits.maxMembersPerClass, MIN_MEMBER_BYTES, p, r.length - p);
  boundedCount(r, numMethods, 'class methods', limits.maxMembersPerClass, MIN_MEMBER_BYTES, p, r.length - p);
  spend(budget, numFields + numMethods, r, p);
  base.accessFlags = accessFlags;

  // class_data
  for (let i = 0; ; i++) {
    if (i >= MAX_TAGS) r.fail('class_data tag list does not end', p);
    const tag = r.u8(p++);
    if (tag === 0x00) break;
    if (tag === 0x01) {
      const [n, len] = r.uleb128(p);
      boundedCount(r, n, 'class interfaces', 65536, 2, p, r.length - p - len);
      p += len + n * 2;
    } else if (tag === 0x02) {
      p += 1;
    } else if (tag >= 0x03 && tag <= 0x07) {
      const v = r.u32(p);
      if (tag === 0x07) base.sourceFile = tryReadAbcString(r, v, budget)?.value;
      p += 4;
    } else {
      r.fail(`unknown class_data tag 0x${tag.toString(16)}`, p - 1);
    }
  }

  for (let i = 0; i < numFields; i++) {
    const [field, next] = parseField(r, p, budget);
    base.fields.push(field);
    p = next;
  }
  for (let i = 0; i < numMethods; i++) {
    const [method, next] = parseMethod(r, p, budget);
    base.methods.push(method);
    p = next;
  }
  return base;
}

function parseField(r: ByteReader, offset: number, budget?: WorkBudget): [AbcField, number] {
  const name = readAbcString(r, r.u32(offset + 4), budget).value;
  let p = offset + 8;
  p += r.uleb128(p)[1]; // access flags / reserved
  const field: AbcField = { offset, name };
  for (let i = 0; ; i++) {
    if (i >= MAX_TAGS) r.fail('field_data tag list does not end', p);
    const tag = r.u8(p++);
    if (tag === 0x00) break;
    if (tag === 0x01) {
      const [v, len] = r.sleb128(p);
      field.intValue = v;
      p += len;
    } else if (tag >= 0x02 && tag <= 0x06) {
      if (tag === 0x02) field.value = r.u32(p);
      else r.check(p, 4, 'field annotation');
      p += 4;
    } else {
      r.fail(`unknown field_data tag 0x${tag.toString(16)}`, p - 1);
    }
  }
  return [field, p];
}

function parseMethod(r: ByteReader, offset: number, budget?: WorkBudget): [AbcMethod, number] {
  const name = readAbcString(r, r.u32(offset + 4), budget).value;
  let p = offset + 8;
  const [accessFlags, len] = r.uleb128(p);
  p += len;
  const method: AbcMethod = { offset, name, accessFlags, functionKind: Math.floor(accessFlags / 65536) & 0xff };
  for (let i = 0; ; i++) {
    if (i >= MAX_TAGS) r.fail('method_data tag list does not end', p);
    const tag = r.u8(p++);
    if (tag === 0x00) break;
    if (tag === 0x02) {
      p += 1;
    } else if (tag === 0x01 || (tag >= 0x03 && tag <= 0x09)) {
      const v = r.u32(p);
      if (tag === 0x01) method.code = parseCode(r, v);
      if (tag === 0x05) method.debugInfoOffset = v;
      p += 4;
    } else {
      r.fail(`unknown method_data tag 0x${tag.toString(16)}`, p - 1);
    }
  }
  return [method, p];
}

function parseCode(r: ByteReader, offset: number): AbcCode {
  let p = offset;
  const values: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [v, len] = r.uleb128(p);
    values.push(v);
    p += len;
  }
  const [numVregs, numArgs, codeSize, triesSize] = values as [number, number, number, number];
  r.check(p, codeSize, 'method instructions');
  return { offset, numVregs, numArgs, instructionsOffset: p, codeSize, triesSize };
}
