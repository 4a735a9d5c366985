/**
 * Walks one method's bytecode and collects what the code checks look at:
 * methods invoked (with what is known of their arguments), strings loaded,
 * fields read or written, types used, integer literals. No decompilation:
 * a linear pass that decodes each instruction's length from its format and
 * keeps, per register, the last constant, string, field or call result put
 * there — enough to see `openFileOutput(name, 1)` or
 * `setHostnameVerifier(ALLOW_ALL_HOSTNAME_VERIFIER)`. Arrays created in the
 * method are followed too: one built only from constants (new-array, then
 * fill-array-data or constant aput) that reaches a call is a constant array,
 * e.g. a static IV; handed to any call before, it may have been filled there
 * (SecureRandom.nextBytes) and is no longer constant.
 */
import type { ByteReader } from '@citadel/engine-core';
import type { CodeItem } from './dex-file.ts';
import { INVOKE_KINDS, OP, OPCODE_UNITS, WRITES_FIRST_REGISTER, type InvokeKind } from './opcodes.ts';

/** What the walker knows about a register at an invoke. */
export type ArgValue =
  | { kind: 'int'; value: number }
  | { kind: 'wide'; value: bigint }
  | { kind: 'string'; stringIndex: number }
  | { kind: 'field'; fieldIndex: number }
  | { kind: 'type'; typeIndex: number }
  | { kind: 'new-instance'; typeIndex: number }
  /** The result of a call; `from`: a string constant among that call's arguments ("k3y".getBytes(), Base64.decode("…", 0)). */
  | { kind: 'result'; methodIndex: number; from?: { kind: 'string'; stringIndex: number } }
  /** An array created in this method; `constant` while only constants were stored in it and no call received it. */
  | { kind: 'array'; typeIndex: number; constant: boolean };

export interface InvokeSite {
  kind: InvokeKind;
  /** method_ids index (for invoke-custom: the call_site_ids index). */
  methodIndex: number;
  /** Code-unit offset of the instruction in the method. */
  offset: number;
  /** One entry per argument register (receiver first for instance calls); undefined when unknown. */
  args: (ArgValue | undefined)[];
}

export interface FieldAccess {
  fieldIndex: number;
  access: 'read' | 'write';
  isStatic: boolean;
  offset: number;
}

export interface TypeUse {
  typeIndex: number;
  op: 'new-instance' | 'const-class' | 'check-cast' | 'instance-of' | 'new-array' | 'filled-new-array';
  offset: number;
}

export interface CodeFacts {
  invokes: InvokeSite[];
  strings: { stringIndex: number; offset: number }[];
  fields: FieldAccess[];
  types: TypeUse[];
  /** Integer literals (const*, literal arithmetic), at most `maxLiterals`. */
  literals: number[];
  /** Instructions decoded. */
  instructions: number;
}

export interface WalkLimits {
  /** Arguments kept per invoke (invoke/range can name 255 registers). */
  maxArgs: number;
  maxLiterals: number;
}

const DEFAULT_WALK_LIMITS: WalkLimits = { maxArgs: 16, maxLiterals: 4096 };
const PAYLOAD_PACKED_SWITCH = 0x0100;
const PAYLOAD_SPARSE_SWITCH = 0x0200;
const PAYLOAD_FILL_ARRAY = 0x0300;

const TYPE_OPS: Partial<Record<number, TypeUse['op']>> = {
  [OP.NEW_INSTANCE]: 'new-instance',
  [OP.CONST_CLASS]: 'const-class',
  [OP.CHECK_CAST]: 'check-cast',
  [OP.INSTANCE_OF]: 'instance-of',
  [OP.NEW_ARRAY]: 'new-array',
  [OP.FILLED_NEW_ARRAY]: 'filled-new-array',
  [OP.FILLED_NEW_ARRAY_RANGE]: 'filled-new-array',
};

/** Length in code units of the payload pseudo-instruction at `pc`, or 0 when it is not one. */
function payloadUnits(r: ByteReader, at: number, ident: number, remaining: number): number {
  if (remaining < 2) return 0;
  if (ident === PAYLOAD_PACKED_SWITCH) return 4 + r.u16(at + 2) * 2;
  if (ident === PAYLOAD_SPARSE_SWITCH) return 2 + r.u16(at + 2) * 4;
  if (ident === PAYLOAD_FILL_ARRAY) {
    if (remaining < 4) return 0;
    const width = r.u16(at + 2);
    const count = r.u32(at + 4);
    return 4 + Math.ceil((width * count) / 2);
  }
  return 0;
}

/*
 * What each register holds, as typed arrays shared by every walk (walkCode is
 * synchronous, so one walk at a time per thread): a kind code and a number
 * (a bigint for wide constants), valid only when the register's stamp is the
 * current walk's. Starting a walk is one increment instead of a new Map, and
 * constants cost no object until an invoke reads them as arguments. Register
 * numbers are u16; invoke/range and wide pairs can reach a little past that.
 */
const REG_SLOTS = 65536 + 512;
const K_INT = 1;
const K_WIDE = 2;
const K_STRING = 3;
const K_FIELD = 4;
const K_TYPE = 5;
const K_NEW = 6;
const K_RESULT = 7;
const K_ARRAY = 8;
const regStamp = new Uint32Array(REG_SLOTS);
const regKind = new Uint8Array(REG_SLOTS);
const regNum = new Float64Array(REG_SLOTS);
/** K_RESULT: the string constant argument of the call (-1: none). */
const regFrom = new Float64Array(REG_SLOTS);
const regWide: bigint[] = [];
let stamp = 0;
/** Arrays created in the current walk, by id (what K_ARRAY registers hold): type and whether still constant. */
const MAX_ARRAYS = 4096;
const arrayType = new Uint32Array(MAX_ARRAYS);
const arrayConstant = new Uint8Array(MAX_ARRAYS);
let arrays = 0;

function setReg(reg: number, kind: number, value: number): void {
  regStamp[reg] = stamp;
  regKind[reg] = kind;
  regNum[reg] = value;
}

function setWide(reg: number, value: bigint): void {
  regStamp[reg] = stamp;
  regKind[reg] = K_WIDE;
  regWide[reg] = value;
  regStamp[reg + 1] = 0;
}

function copyReg(to: number, from: number): void {
  if (regStamp[from] !== stamp) return;
  regStamp[to] = stamp;
  regKind[to] = regKind[from]!;
  regNum[to] = regNum[from]!;
  regFrom[to] = regFrom[from]!;
  if (regKind[from] === K_WIDE) regWide[to] = regWide[from]!;
}

/** The id of the array a register holds, or -1. */
function arrayIn(reg: number): number {
  return regStamp[reg] === stamp && regKind[reg] === K_ARRAY ? regNum[reg]! : -1;
}

function argOf(reg: number): ArgValue | undefined {
  if (regStamp[reg] !== stamp) return undefined;
  const v = regNum[reg]!;
  switch (regKind[reg]) {
    case K_INT:
      return { kind: 'int', value: v };
    case K_WIDE:
      return { kind: 'wide', value: regWide[reg]! };
    case K_STRING:
      return { kind: 'string', stringIndex: v };
    case K_FIELD:
      return { kind: 'field', fieldIndex: v };
    case K_TYPE:
      return { kind: 'type', typeIndex: v };
    case K_NEW:
      return { kind: 'new-instance', typeIndex: v };
    case K_RESULT: {
      const from = regFrom[reg]!;
      return from >= 0 ? { kind: 'result', methodIndex: v, from: { kind: 'string', stringIndex: from } } : { kind: 'result', methodIndex: v };
    }
    case K_ARRAY:
      return { kind: 'array', typeIndex: arrayType[v]!, constant: arrayConstant[v] === 1 };
  }
  return undefined;
}

/** Little-endian u16 at a byte offset already known to be inside the method's code. */
function u16(b: Uint8Array, o: number): number {
  return b[o]! | (b[o + 1]! << 8);
}

export function walkCode(r: ByteReader, code: CodeItem, limits: Partial<WalkLimits> = {}): CodeFacts {
  const maxArgs = limits.maxArgs ?? DEFAULT_WALK_LIMITS.maxArgs;
  const maxLiterals = limits.maxLiterals ?? DEFAULT_WALK_LIMITS.maxLiterals;
  const facts: CodeFacts = { invokes: [], strings: [], fields: [], types: [], literals: [], instructions: 0 };
  // codeItem() checked that the instructions lie inside the buffer; each read below stays inside
  // the current instruction, whose length is checked against the method's size first.
  const b = r.buf;
  const base = code.insnsOffset;
  const size = code.insnsSize;
  if (++stamp === 0xffffffff) {
    regStamp.fill(0);
    stamp = 1;
  }
  arrays = 0;
  const literals = facts.literals;
  let lastInvoke = -1;
  let lastInvokeFrom = -1;

  let pc = 0;
  while (pc < size) {
    const at = base + pc * 2;
    const u0 = u16(b, at);
    const op = u0 & 0xff;
    let len = OPCODE_UNITS[op]!;
    if (op === 0 && u0 !== 0) {
      const p = payloadUnits(r, at, u0, size - pc);
      if (p > 0) len = p;
    }
    if (pc + len > size) r.fail(`instruction 0x${op.toString(16)} at ${pc} runs past the end of the method (${size} units)`, at);
    facts.instructions++;
    const a8 = u0 >>> 8; // vAA
    const a4 = (u0 >>> 8) & 0xf; // vA of 12x/11n/22c
    const resultFromInvoke = lastInvoke;
    const resultFrom = lastInvokeFrom;
    lastInvoke = -1;
    lastInvokeFrom = -1;

    // Forget what the destination register held; specific cases below set it again.
    if (WRITES_FIRST_REGISTER[op]) {
      const fmtNibble = op === 0x01 || op === 0x04 || op === 0x07 || op === 0x12 || op === 0x20 || op === 0x21 || op === 0x23 || (op >= 0x52 && op <= 0x58) || (op >= 0x7b && op <= 0x8f) || (op >= 0xb0 && op <= 0xcf) || (op >= 0xd0 && op <= 0xd7);
      const dst = op === 0x03 || op === 0x06 || op === 0x09 ? u16(b, at + 2) : fmtNibble ? a4 : a8;
      regStamp[dst] = 0;
    }

    if (op >= OP.INVOKE_FIRST && op <= OP.INVOKE_LAST) {
      const inv = invoke35c(b, at, pc, INVOKE_KINDS[op - OP.INVOKE_FIRST]!, maxArgs);
      facts.invokes.push(inv);
      lastInvoke = inv.methodIndex;
      lastInvokeFrom = stringArgOf(inv);
    } else if (op >= OP.INVOKE_RANGE_FIRST && op <= OP.INVOKE_RANGE_LAST) {
      const inv = invoke3rc(b, at, pc, INVOKE_KINDS[op - OP.INVOKE_RANGE_FIRST]!, maxArgs);
      facts.invokes.push(inv);
      lastInvoke = inv.methodIndex;
      lastInvokeFrom = stringArgOf(inv);
    } else if (op === OP.INVOKE_POLYMORPHIC || op === OP.INVOKE_CUSTOM) {
      facts.invokes.push(invoke35c(b, at, pc, op === OP.INVOKE_CUSTOM ? 'custom' : 'polymorphic', maxArgs));
    } else if (op === OP.INVOKE_POLYMORPHIC_RANGE || op === OP.INVOKE_CUSTOM_RANGE) {
      facts.invokes.push(invoke3rc(b, at, pc, op === OP.INVOKE_CUSTOM_RANGE ? 'custom' : 'polymorphic', maxArgs));
    } else {
      switch (op) {
        case OP.MOVE_RESULT:
        case OP.MOVE_RESULT_OBJECT:
          if (resultFromInvoke >= 0) {
            setReg(a8, K_RESULT, resultFromInvoke);
            regFrom[a8] = resultFrom;
          }
          break;
        case OP.FILL_ARRAY_DATA:
          // Constants into an array: it stays constant (nothing to do), whatever it was.
          break;
        case OP.MOVE_OBJECT:
        case OP.MOVE:
          copyReg(a4, u0 >>> 12);
          break;
        case OP.MOVE_OBJECT_FROM16:
        case OP.MOVE_FROM16:
          copyReg(a8, u16(b, at + 2));
          break;
        case OP.CONST_4: {
          const v = ((u0 >>> 12) << 28) >> 28;
          setReg(a4, K_INT, v);
          if (literals.length < maxLiterals) literals.push(v);
          break;
        }
        case OP.CONST_16: {
          const v = (u16(b, at + 2) << 16) >> 16;
          setReg(a8, K_INT, v);
          if (literals.length < maxLiterals) literals.push(v);
          break;
        }
        case OP.CONST: {
          const v = (u16(b, at + 2) | (u16(b, at + 4) << 16)) | 0;
          setReg(a8, K_INT, v);
          if (literals.length < maxLiterals) literals.push(v);
          break;
        }
        case OP.CONST_HIGH16: {
          const v = (u16(b, at + 2) << 16) | 0;
          setReg(a8, K_INT, v);
          if (literals.length < maxLiterals) literals.push(v);
          break;
        }
        case OP.CONST_WIDE_16:
          setWide(a8, BigInt((u16(b, at + 2) << 16) >> 16));
          break;
        case OP.CONST_WIDE_32:
          setWide(a8, BigInt((u16(b, at + 2) | (u16(b, at + 4) << 16)) | 0));
          break;
        case OP.CONST_WIDE:
          setWide(a8, r.u64big(at + 2));
          break;
        case OP.CONST_WIDE_HIGH16:
          setWide(a8, BigInt(u16(b, at + 2)) << 48n);
          break;
        case OP.CONST_STRING: {
          const idx = u16(b, at + 2);
          facts.strings.push({ stringIndex: idx, offset: pc });
          setReg(a8, K_STRING, idx);
          break;
        }
        case OP.CONST_STRING_JUMBO: {
          const idx = (u16(b, at + 2) | (u16(b, at + 4) << 16)) >>> 0;
          facts.strings.push({ stringIndex: idx, offset: pc });
          setReg(a8, K_STRING, idx);
          break;
        }
        default:
          if (op >= OP.IGET_FIRST && op <= OP.IPUT_LAST) {
            facts.fields.push({ fieldIndex: u16(b, at + 2), access: op < OP.IPUT_FIRST ? 'read' : 'write', isStatic: false, offset: pc });
          } else if (op >= OP.SGET_FIRST && op <= OP.SPUT_LAST) {
            const fieldIndex = u16(b, at + 2);
            const read = op < OP.SPUT_FIRST;
            facts.fields.push({ fieldIndex, access: read ? 'read' : 'write', isStatic: true, offset: pc });
            if (read) setReg(a8, K_FIELD, fieldIndex);
          } else if (TYPE_OPS[op]) {
            const typeIndex = u16(b, at + 2);
            facts.types.push({ typeIndex, op: TYPE_OPS[op]!, offset: pc });
            if (op === OP.NEW_INSTANCE) setReg(a8, K_NEW, typeIndex);
            else if (op === OP.CONST_CLASS) setReg(a8, K_TYPE, typeIndex);
            else if (op === OP.NEW_ARRAY && arrays < MAX_ARRAYS) {
              // Zero-filled when created: constant until something not constant is stored or a call receives it.
              arrayType[arrays] = typeIndex;
              arrayConstant[arrays] = 1;
              setReg(a4, K_ARRAY, arrays++);
            }
          } else if (op >= OP.APUT_FIRST && op <= OP.APUT_LAST) {
            const array = arrayIn(u16(b, at + 2) & 0xff);
            const valueConstant = regStamp[a8] === stamp && (regKind[a8] === K_INT || regKind[a8] === K_WIDE);
            if (array >= 0 && !valueConstant) arrayConstant[array] = 0;
          } else if (op >= 0xd0 && op <= 0xd7) {
            if (literals.length < maxLiterals) literals.push((u16(b, at + 2) << 16) >> 16);
          } else if (op >= 0xd8 && op <= 0xe2) {
            if (literals.length < maxLiterals) literals.push((u16(b, at + 2) << 16) >> 24);
          }
      }
    }
    pc += len;
  }
  return facts;
}

/** A call received this register: if it holds an array, the callee may have written into it. */
function releaseArray(reg: number): void {
  const array = arrayIn(reg);
  if (array >= 0) arrayConstant[array] = 0;
}

/** The first string constant among a call's arguments, or -1. */
function stringArgOf(inv: InvokeSite): number {
  for (const a of inv.args) if (a?.kind === 'string') return a.stringIndex;
  return -1;
}

function invoke35c(b: Uint8Array, at: number, pc: number, kind: InvokeKind, maxArgs: number): InvokeSite {
  const u0 = u16(b, at);
  const methodIndex = u16(b, at + 2);
  const u2 = u16(b, at + 4);
  const count = Math.min(u0 >>> 12, 5, maxArgs);
  const args: (ArgValue | undefined)[] = [];
  for (let i = 0; i < count; i++) args.push(argOf(i === 4 ? (u0 >>> 8) & 0xf : (u2 >>> (i * 4)) & 0xf));
  for (let i = 0; i < Math.min(u0 >>> 12, 5); i++) releaseArray(i === 4 ? (u0 >>> 8) & 0xf : (u2 >>> (i * 4)) & 0xf);
  return { kind, methodIndex, offset: pc, args };
}

function invoke3rc(b: Uint8Array, at: number, pc: number, kind: InvokeKind, maxArgs: number): InvokeSite {
  const count = Math.min(u16(b, at) >>> 8, maxArgs);
  const methodIndex = u16(b, at + 2);
  const first = u16(b, at + 4);
  const args: (ArgValue | undefined)[] = [];
  for (let i = 0; i < count; i++) args.push(argOf(first + i));
  for (let i = 0, n = u16(b, at) >>> 8; i < n; i++) releaseArray(first + i);
  return { kind, methodIndex, offset: pc, args };
}
