/**
 * Walks one function of AArch64 code and records what a call graph needs:
 * every call (BL, and B to another function as a tail call) with what x0 and x1
 * held — the receiver and the selector of an objc_msgSend — and every class
 * reference loaded. Register values are followed through the ADRP/ADD/LDR/MOV
 * sequences compilers emit for selector and class references; anything else
 * that writes a register makes it unknown, and a call clears the caller-saved
 * registers. The walk is a linear sweep that goes on past a return while a
 * branch of the function still points further on, and stops at the next
 * function's start, at code it cannot read, or at its instruction limit.
 */
import { decode } from './decode.ts';

/** What a register holds: an address, a selector, a class, an instance of a class, an imported symbol's address. */
export type RegValue = { kind: 'addr'; value: number } | { kind: 'sel'; name: string } | { kind: 'cls'; name: string } | { kind: 'obj'; name: string } | { kind: 'sym'; name: string };

export interface WalkEnv {
  /** The instruction word at a code address, or undefined outside the code. */
  word(addr: number): number | undefined;
  /** What a pointer-sized load from this address gives, when it is known. */
  load(addr: number): RegValue | undefined;
  /** Whether a function starts at this address (a branch there is a tail call). */
  isFunction(addr: number): boolean;
  /** What x0 holds after a call returns, when known (e.g. an instance after +alloc). */
  afterCall?(call: CallFact): RegValue | undefined;
}

export interface CallFact {
  target: number;
  /** Address of the call instruction. */
  at: number;
  x0?: RegValue;
  x1?: RegValue;
  tail: boolean;
}

export interface FunctionFacts {
  start: number;
  calls: CallFact[];
  /** Classes whose reference the function loads (a class used without a message, e.g. passed on). */
  classes: string[];
  instructions: number;
  /** The instruction limit stopped the walk. */
  truncated: boolean;
}

export const DEFAULT_MAX_FUNCTION_INSTRUCTIONS = 50_000;
/** How far a B may jump and still be a branch within the function when no function start says otherwise. */
const MAX_INTRA_JUMP = 1 << 20;

/** `initial`: what registers hold on entry (x0 is `self` in a method). */
export function walkFunction(env: WalkEnv, start: number, maxInstructions = DEFAULT_MAX_FUNCTION_INSTRUCTIONS, initial?: ReadonlyMap<number, RegValue>): FunctionFacts {
  const facts: FunctionFacts = { start, calls: [], classes: [], instructions: 0, truncated: false };
  const regs = new Map<number, RegValue>(initial);
  let furthest = start; // the furthest address a branch of this function reaches
  let pc = start;
  const loadInto = (rt: number, loaded: RegValue | undefined): void => {
    if (!loaded) return void regs.delete(rt);
    regs.set(rt, loaded);
    if (loaded.kind === 'cls' && facts.classes.length < 1000 && !facts.classes.includes(loaded.name)) facts.classes.push(loaded.name);
  };
  for (;;) {
    if (facts.instructions >= maxInstructions) {
      facts.truncated = true;
      break;
    }
    const w = env.word(pc);
    if (w === undefined) break;
    facts.instructions++;
    const insn = decode(w, pc);
    let endsPath = false;
    switch (insn.op) {
      case 'bl': {
        const call: CallFact = { target: insn.target, at: pc, x0: regs.get(0), x1: regs.get(1), tail: false };
        facts.calls.push(call);
        for (let r = 0; r <= 18; r++) regs.delete(r);
        regs.delete(30);
        const result = env.afterCall?.(call);
        if (result) regs.set(0, result);
        break;
      }
      case 'blr':
        for (let r = 0; r <= 18; r++) regs.delete(r);
        regs.delete(30);
        break;
      case 'b': {
        const inside = !env.isFunction(insn.target) && insn.target > start && insn.target - start < MAX_INTRA_JUMP;
        if (inside) furthest = Math.max(furthest, insn.target);
        else facts.calls.push({ target: insn.target, at: pc, x0: regs.get(0), x1: regs.get(1), tail: true });
        endsPath = true;
        break;
      }
      case 'bcond':
        if (insn.target > pc && !env.isFunction(insn.target)) furthest = Math.max(furthest, insn.target);
        break;
      case 'ret':
      case 'br':
        endsPath = true;
        break;
      case 'adrp':
      case 'adr':
        regs.set(insn.rd, { kind: 'addr', value: insn.value });
        break;
      case 'add': {
        const v = regs.get(insn.rn);
        if (insn.rn !== 31 && v?.kind === 'addr') regs.set(insn.rd, { kind: 'addr', value: v.value + insn.imm });
        else regs.delete(insn.rd);
        break;
      }
      case 'ldr': {
        const v = regs.get(insn.rn);
        loadInto(insn.rt, insn.rn !== 31 && v?.kind === 'addr' ? env.load(v.value + insn.offset) : undefined);
        break;
      }
      case 'ldrlit':
        loadInto(insn.rt, env.load(insn.address));
        break;
      case 'mov': {
        const v = regs.get(insn.rm);
        if (v && insn.rm !== 31) regs.set(insn.rd, v);
        else regs.delete(insn.rd);
        break;
      }
      default:
        regs.delete(insn.rd);
    }
    const next = pc + 4;
    if (endsPath) {
      regs.clear();
      if (next > furthest) break;
    }
    if (next !== start && env.isFunction(next)) break;
    pc = next;
  }
  return facts;
}
