/**
 * Decodes Ark bytecode instructions with the ISA table: opcode (or prefix and
 * opcode), then the operands its format lists, little-endian. Every read is
 * bounds-checked against the method's instruction range; an opcode the table
 * does not know ends the method with a FormatError (its width is unknown, so
 * nothing after it can be decoded).
 */
import type { ByteReader } from '@citadel/engine-core';
import { ISA_TABLE } from './isa-table.ts';

export interface OperandSpec {
  kind: 'v' | 'imm' | 'id';
  bits: 4 | 8 | 16 | 32 | 64;
}

export interface InstructionSpec {
  mnemonic: string;
  operands: readonly OperandSpec[];
  /** Bytes of the whole instruction, opcode (and prefix) included. */
  size: number;
  /** Width of its id operand (16: index-region entry, 32: file offset), 0 without one. */
  idBits: number;
}

export interface Instruction {
  offset: number;
  spec: InstructionSpec;
  /** Operands by kind, in encoding order. */
  v: number[];
  imm: number[];
  id: number[];
}

function parseFormat(format: string): OperandSpec[] {
  if (format === '') return [];
  const parts = format.split('_');
  const out: OperandSpec[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const kind = parts[i]!.replace(/\d+$/, '') as OperandSpec['kind'];
    const bits = Number(parts[i + 1]) as OperandSpec['bits'];
    out.push({ kind, bits });
  }
  return out;
}

function build(): { plain: (InstructionSpec | undefined)[]; prefixed: Map<number, (InstructionSpec | undefined)[]> } {
  const plain: (InstructionSpec | undefined)[] = new Array(256);
  const prefixed = new Map<number, (InstructionSpec | undefined)[]>();
  for (const [prefix, opcode, mnemonic, format] of ISA_TABLE) {
    const operands = parseFormat(format);
    const size = (prefix ? 2 : 1) + operands.reduce((n, o) => n + o.bits, 0) / 8;
    const spec: InstructionSpec = { mnemonic, operands, size, idBits: operands.find((o) => o.kind === 'id')?.bits ?? 0 };
    if (prefix === 0) plain[opcode] = spec;
    else {
      let t = prefixed.get(prefix);
      if (!t) prefixed.set(prefix, (t = new Array(256)));
      t[opcode] = spec;
    }
  }
  return { plain, prefixed };
}

const TABLES = build();

/** The spec of a mnemonic (first match), for encoders in tests and for documentation. */
export function specOf(mnemonic: string): { prefix: number; opcode: number; spec: InstructionSpec }[] {
  const out: { prefix: number; opcode: number; spec: InstructionSpec }[] = [];
  for (const [prefix, opcode, m] of ISA_TABLE) {
    if (m !== mnemonic) continue;
    const spec = prefix === 0 ? TABLES.plain[opcode] : TABLES.prefixed.get(prefix)?.[opcode];
    if (spec) out.push({ prefix, opcode, spec });
  }
  return out;
}

/** An instruction object to decode into again and again (decodeInstruction's `into`). */
export function newInstruction(): Instruction {
  return { offset: 0, spec: { mnemonic: '', operands: [], size: 1, idBits: 0 }, v: [], imm: [], id: [] };
}

/**
 * Decodes the instruction at `at`; `end` is the end of the method's
 * instructions. With `into`, that object is overwritten and returned (a walk
 * over a whole file then allocates nothing per instruction).
 */
export function decodeInstruction(r: ByteReader, at: number, end: number, into?: Instruction): Instruction {
  const first = r.u8(at);
  let spec = TABLES.plain[first];
  let p = at + 1;
  if (!spec) {
    const table = TABLES.prefixed.get(first);
    if (!table) r.fail(`unknown opcode 0x${first.toString(16)}`, at);
    if (p >= end) r.fail('prefixed instruction cut off by the end of the method', at);
    const second = r.u8(p);
    spec = table[second];
    if (!spec) r.fail(`unknown opcode 0x${first.toString(16)} 0x${second.toString(16)}`, at);
    p++;
  }
  if (at + spec.size > end) r.fail(`${spec.mnemonic} runs past the end of the method`, at);
  const ins: Instruction = into ?? newInstruction();
  ins.offset = at;
  ins.spec = spec;
  ins.v.length = 0;
  ins.imm.length = 0;
  ins.id.length = 0;
  let nibble = false;
  for (const o of spec.operands) {
    let value: number;
    switch (o.bits) {
      case 4:
        value = nibble ? r.u8(p) >> 4 : r.u8(p) & 0x0f;
        if (nibble) p++;
        nibble = !nibble;
        break;
      case 8:
        value = r.u8(p);
        p += 1;
        break;
      case 16:
        value = r.u16(p);
        p += 2;
        break;
      case 32:
        value = r.u32(p);
        p += 4;
        break;
      default:
        // 64-bit immediates: the f64 of fldai; others are not needed as numbers.
        value = Buffer.from(r.bytes(p, 8)).readDoubleLE(0);
        p += 8;
    }
    ins[o.kind].push(value);
  }
  return ins;
}
