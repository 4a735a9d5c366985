/**
 * Walks one method's bytecode and collects what the code checks look at:
 * methods invoked (with what is known of their arguments), strings loaded,
 * fields read or written, types used, integer literals. No decompilation:
 * a linear pass that decodes each instruction's length from its format and
 * keeps, per register, the last constant, string, field or call result put
 * there — enough to see `openFileOutput(name, 1)` or
 * `setHostnameVerifier(ALLOW_ALL_HOSTNAME_VERIFIER)`.
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
  | { kind: 'result'; methodIndex: number };

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

export function walkCode(r: ByteReader, code: CodeItem, limits: Partial<WalkLimits> = {}): CodeFacts {
  const lim = { ...DEFAULT_WALK_LIMITS, ...limits };
  const facts: CodeFacts = { invokes: [], strings: [], fields: [], types: [], literals: [], instructions: 0 };
  const base = code.insnsOffset;
  const size = code.insnsSize;
  const regs = new Map<number, ArgValue>();
  let lastInvoke = -1;
  const unit = (pc: number): number => r.u16(base + pc * 2);
  const literal = (v: number): void => {
    if (facts.literals.length < lim.maxLiterals) facts.literals.push(v);
  };

  let pc = 0;
  while (pc < size) {
    const u0 = unit(pc);
    const op = u0 & 0xff;
    let len = OPCODE_UNITS[op]!;
    if (op === 0 && u0 !== 0) {
      const p = payloadUnits(r, base + pc * 2, u0, size - pc);
      if (p > 0) len = p;
    }
    if (pc + len > size) r.fail(`instruction 0x${op.toString(16)} at ${pc} runs past the end of the method (${size} units)`, base + pc * 2);
    facts.instructions++;
    const a8 = u0 >>> 8; // vAA
    const a4 = (u0 >>> 8) & 0xf; // vA of 12x/11n/22c
    const resultFromInvoke = lastInvoke;
    lastInvoke = -1;

    // Forget what the destination register held; specific cases below set it again.
    if (WRITES_FIRST_REGISTER[op]) {
      const fmtNibble = op === 0x01 || op === 0x04 || op === 0x07 || op === 0x12 || op === 0x20 || op === 0x21 || op === 0x23 || (op >= 0x52 && op <= 0x58) || (op >= 0x7b && op <= 0x8f) || (op >= 0xb0 && op <= 0xcf) || (op >= 0xd0 && op <= 0xd7);
      const dst = op === 0x03 || op === 0x06 || op === 0x09 ? unit(pc + 1) : fmtNibble ? a4 : a8;
      regs.delete(dst);
    }

    if (op >= OP.INVOKE_FIRST && op <= OP.INVOKE_LAST) {
      facts.invokes.push(invoke35c(r, base, pc, INVOKE_KINDS[op - OP.INVOKE_FIRST]!, regs, lim.maxArgs));
      lastInvoke = facts.invokes[facts.invokes.length - 1]!.methodIndex;
    } else if (op >= OP.INVOKE_RANGE_FIRST && op <= OP.INVOKE_RANGE_LAST) {
      facts.invokes.push(invoke3rc(r, base, pc, INVOKE_KINDS[op - OP.INVOKE_RANGE_FIRST]!, regs, lim.maxArgs));
      lastInvoke = facts.invokes[facts.invokes.length - 1]!.methodIndex;
    } else if (op === OP.INVOKE_POLYMORPHIC || op === OP.INVOKE_CUSTOM) {
      facts.invokes.push(invoke35c(r, base, pc, op === OP.INVOKE_CUSTOM ? 'custom' : 'polymorphic', regs, lim.maxArgs));
    } else if (op === OP.INVOKE_POLYMORPHIC_RANGE || op === OP.INVOKE_CUSTOM_RANGE) {
      facts.invokes.push(invoke3rc(r, base, pc, op === OP.INVOKE_CUSTOM_RANGE ? 'custom' : 'polymorphic', regs, lim.maxArgs));
    } else {
      switch (op) {
        case OP.MOVE_RESULT:
        case OP.MOVE_RESULT_OBJECT:
          if (resultFromInvoke >= 0) regs.set(a8, { kind: 'result', methodIndex: resultFromInvoke });
          break;
        case OP.MOVE_OBJECT:
        case OP.MOVE: {
          const v = regs.get(u0 >>> 12);
          if (v) regs.set(a4, v);
          break;
        }
        case OP.MOVE_OBJECT_FROM16:
        case OP.MOVE_FROM16: {
          const v = regs.get(unit(pc + 1));
          if (v) regs.set(a8, v);
          break;
        }
        case OP.CONST_4: {
          const v = ((u0 >>> 12) << 28) >> 28;
          regs.set(a4, { kind: 'int', value: v });
          literal(v);
          break;
        }
        case OP.CONST_16: {
          const v = (unit(pc + 1) << 16) >> 16;
          regs.set(a8, { kind: 'int', value: v });
          literal(v);
          break;
        }
        case OP.CONST: {
          const v = (unit(pc + 1) | (unit(pc + 2) << 16)) | 0;
          regs.set(a8, { kind: 'int', value: v });
          literal(v);
          break;
        }
        case OP.CONST_HIGH16: {
          const v = (unit(pc + 1) << 16) | 0;
          regs.set(a8, { kind: 'int', value: v });
          literal(v);
          break;
        }
        case OP.CONST_WIDE_16:
          regs.set(a8, { kind: 'wide', value: BigInt((unit(pc + 1) << 16) >> 16) });
          regs.delete(a8 + 1);
          break;
        case OP.CONST_WIDE_32:
          regs.set(a8, { kind: 'wide', value: BigInt((unit(pc + 1) | (unit(pc + 2) << 16)) | 0) });
          regs.delete(a8 + 1);
          break;
        case OP.CONST_WIDE:
          regs.set(a8, { kind: 'wide', value: r.u64big(base + pc * 2 + 2) });
          regs.delete(a8 + 1);
          break;
        case OP.CONST_WIDE_HIGH16:
          regs.set(a8, { kind: 'wide', value: BigInt(unit(pc + 1)) << 48n });
          regs.delete(a8 + 1);
          break;
        case OP.CONST_STRING: {
          const idx = unit(pc + 1);
          facts.strings.push({ stringIndex: idx, offset: pc });
          regs.set(a8, { kind: 'string', stringIndex: idx });
          break;
        }
        case OP.CONST_STRING_JUMBO: {
          const idx = (unit(pc + 1) | (unit(pc + 2) << 16)) >>> 0;
          facts.strings.push({ stringIndex: idx, offset: pc });
          regs.set(a8, { kind: 'string', stringIndex: idx });
          break;
        }
        default:
          if (op >= OP.IGET_FIRST && op <= OP.IPUT_LAST) {
            facts.fields.push({ fieldIndex: unit(pc + 1), access: op < OP.IPUT_FIRST ? 'read' : 'write', isStatic: false, offset: pc });
          } else if (op >= OP.SGET_FIRST && op <= OP.SPUT_LAST) {
            const fieldIndex = unit(pc + 1);
            const read = op < OP.SPUT_FIRST;
            facts.fields.push({ fieldIndex, access: read ? 'read' : 'write', isStatic: true, offset: pc });
            if (read) regs.set(a8, { kind: 'field', fieldIndex });
          } else if (TYPE_OPS[op]) {
            const typeIndex = unit(pc + 1);
            facts.types.push({ typeIndex, op: TYPE_OPS[op]!, offset: pc });
            if (op === OP.NEW_INSTANCE) regs.set(a8, { kind: 'new-instance', typeIndex });
            else if (op === OP.CONST_CLASS) regs.set(a8, { kind: 'type', typeIndex });
          } else if (op >= 0xd0 && op <= 0xd7) {
            literal((unit(pc + 1) << 16) >> 16);
          } else if (op >= 0xd8 && op <= 0xe2) {
            literal((unit(pc + 1) << 16) >> 24);
          }
      }
    }
    pc += len;
  }
  return facts;
}

function invoke35c(r: ByteReader, base: number, pc: number, kind: InvokeKind, regs: Map<number, ArgValue>, maxArgs: number): InvokeSite {
  const u0 = r.u16(base + pc * 2);
  const methodIndex = r.u16(base + pc * 2 + 2);
  const u2 = r.u16(base + pc * 2 + 4);
  const count = Math.min(u0 >>> 12, 5, maxArgs);
  const regList = [u2 & 0xf, (u2 >>> 4) & 0xf, (u2 >>> 8) & 0xf, (u2 >>> 12) & 0xf, (u0 >>> 8) & 0xf];
  const args: (ArgValue | undefined)[] = [];
  for (let i = 0; i < count; i++) args.push(regs.get(regList[i]!));
  return { kind, methodIndex, offset: pc, args };
}

function invoke3rc(r: ByteReader, base: number, pc: number, kind: InvokeKind, regs: Map<number, ArgValue>, maxArgs: number): InvokeSite {
  const count = Math.min(r.u16(base + pc * 2) >>> 8, maxArgs);
  const methodIndex = r.u16(base + pc * 2 + 2);
  const first = r.u16(base + pc * 2 + 4);
  const args: (ArgValue | undefined)[] = [];
  for (let i = 0; i < count; i++) args.push(regs.get(first + i));
  return { kind, methodIndex, offset: pc, args };
}
