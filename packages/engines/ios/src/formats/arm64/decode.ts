/**
 * The few AArch64 instructions a static call graph needs, decoded from their
 * 32-bit little-endian words (Arm Architecture Reference Manual, A64 base
 * instructions): direct branches and calls (B, BL, B.cond, CBZ/CBNZ, TBZ/TBNZ),
 * the end of a path (RET and its pointer-authenticated forms, BR), indirect
 * calls (BLR and its authenticated forms), and the address arithmetic that
 * loads a selector or class reference (ADRP, ADR, ADD immediate, LDR immediate,
 * LDR literal — what ld64's optimisation hints turn an ADRP+LDR pair into —,
 * MOV between registers). Everything else is 'other' with the register it may
 * write (bits 0–4), so a caller can forget what that register held.
 */

export type Insn =
  | { op: 'bl'; target: number }
  | { op: 'b'; target: number }
  | { op: 'bcond'; target: number }
  | { op: 'ret' }
  | { op: 'br' }
  | { op: 'blr' }
  | { op: 'adrp'; rd: number; value: number }
  | { op: 'adr'; rd: number; value: number }
  | { op: 'add'; rd: number; rn: number; imm: number }
  | { op: 'ldr'; rt: number; rn: number; offset: number }
  | { op: 'ldrlit'; rt: number; address: number }
  | { op: 'mov'; rd: number; rm: number }
  | { op: 'other'; rd: number };

const sext = (v: number, bits: number): number => (v << (32 - bits)) >> (32 - bits);
/** Whether the bits under `mask` equal `value` (unsigned: JavaScript's & gives signed 32-bit results). */
const is = (w: number, mask: number, value: number): boolean => (w & mask) >>> 0 === value;

/** Decodes the word at address `pc`. Addresses are plain numbers (well inside 2^53). */
export function decode(w: number, pc: number): Insn {
  const top6 = w >>> 26;
  if (top6 === 0x25) return { op: 'bl', target: pc + sext(w & 0x3ffffff, 26) * 4 };
  if (top6 === 0x05) return { op: 'b', target: pc + sext(w & 0x3ffffff, 26) * 4 };
  if (is(w, 0xff000010, 0x54000000)) return { op: 'bcond', target: pc + sext((w >>> 5) & 0x7ffff, 19) * 4 };
  if (is(w, 0x7e000000, 0x34000000)) return { op: 'bcond', target: pc + sext((w >>> 5) & 0x7ffff, 19) * 4 }; // CBZ/CBNZ
  if (is(w, 0x7e000000, 0x36000000)) return { op: 'bcond', target: pc + sext((w >>> 5) & 0x3fff, 14) * 4 }; // TBZ/TBNZ
  const u = w >>> 0;
  // RET {Xn}, RETAA, RETAB
  if (is(u, 0xfffffc1f, 0xd65f0000) || u === 0xd65f0bff || u === 0xd65f0fff) return { op: 'ret' };
  // BR Xn, BRAAZ/BRABZ, BRAA/BRAB
  if (is(u, 0xfffffc1f, 0xd61f0000) || is(u, 0xfffff81f, 0xd61f081f) || is(u, 0xfffff800, 0xd71f0800)) return { op: 'br' };
  // BLR Xn, BLRAAZ/BLRABZ, BLRAA/BLRAB
  if (is(u, 0xfffffc1f, 0xd63f0000) || is(u, 0xfffff81f, 0xd63f081f) || is(u, 0xfffff800, 0xd73f0800)) return { op: 'blr' };
  if (is(u, 0x9f000000, 0x90000000)) {
    const imm = sext((((u >>> 5) & 0x7ffff) << 2) | ((u >>> 29) & 3), 21);
    return { op: 'adrp', rd: u & 31, value: Math.floor(pc / 4096) * 4096 + imm * 4096 };
  }
  if (is(u, 0x9f000000, 0x10000000)) return { op: 'adr', rd: u & 31, value: pc + sext((((u >>> 5) & 0x7ffff) << 2) | ((u >>> 29) & 3), 21) };
  if (is(u, 0xff800000, 0x91000000)) {
    const imm = (u >>> 10) & 0xfff;
    return { op: 'add', rd: u & 31, rn: (u >>> 5) & 31, imm: (u >>> 22) & 1 ? imm * 4096 : imm };
  }
  if (is(u, 0xffc00000, 0xf9400000)) return { op: 'ldr', rt: u & 31, rn: (u >>> 5) & 31, offset: ((u >>> 10) & 0xfff) * 8 };
  if (is(u, 0xff000000, 0x58000000)) return { op: 'ldrlit', rt: u & 31, address: pc + sext((u >>> 5) & 0x7ffff, 19) * 4 };
  if (is(u, 0xffe0ffe0, 0xaa0003e0)) return { op: 'mov', rd: u & 31, rm: (u >>> 16) & 31 };
  return { op: 'other', rd: u & 31 };
}
