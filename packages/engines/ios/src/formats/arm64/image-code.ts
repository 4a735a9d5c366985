/**
 * The code of one arm64 Mach-O image as a call graph can use it: instruction
 * words of __TEXT, function starts (LC_FUNCTION_STARTS, plus every Objective-C
 * method implementation), and what each call reaches — a function of the image,
 * an imported function through a symbol stub, or an Objective-C message (an
 * objc_msgSend stub with the selector in x1, or an __objc_stubs entry that
 * loads its own selector) with the receiver's class when x0 held a class
 * reference. Walked functions are cached.
 */
import { ByteReader } from '@citadel/engine-core';
import { CPU_TYPE_ARM64 } from '../macho/constants.ts';
import { symbolStubs } from '../macho/imports.ts';
import type { MachOImage, Section } from '../macho/types.ts';
import { findSection, vmToFileOffset } from '../macho/vm.ts';
import { ObjcImage, type ObjcMethod } from '../objc/methods.ts';
import { decode } from './decode.ts';
import { type CallFact, type FunctionFacts, type RegValue, type WalkEnv, walkFunction } from './walk.ts';

export type Callee =
  | { kind: 'function'; addr: number }
  | { kind: 'import'; name: string }
  /** receiverClass: the class of the receiver when known; receiverIsClass: a class (+) method is called. */
  | { kind: 'message'; selector?: string; receiverClass?: string; receiverIsClass?: boolean; super: boolean }
  | { kind: 'unknown' };

/** Messages whose result is an instance of the receiver class (+alloc, +new) or the receiver itself (-init…). */
const MAKES_INSTANCE = new Set(['alloc', 'new', 'allocWithZone:']);
const MSG_SEND = new Set(['_objc_msgSend', '_objc_msgSend_stret', '_objc_msgSendSuper', '_objc_msgSendSuper2', '_objc_msgSendSuper2_stret']);
const DATA_SEGMENTS = ['__DATA', '__DATA_CONST', '__DATA_DIRTY', '__AUTH_CONST'] as const;
const MAX_FUNCTION_STARTS = 2_000_000;

const within = (s: Section | undefined, addr: number): boolean => s !== undefined && addr >= s.addr && addr < s.addr + s.size;

export class ImageCode implements WalkEnv {
  readonly objc: ObjcImage;
  readonly methods: ObjcMethod[];
  private readonly r: ByteReader;
  private readonly stubs: Map<number, string>;
  private readonly starts = new Set<number>();
  private readonly text: Section[];
  private readonly selrefs?: Section;
  private readonly classrefs?: Section;
  private readonly superrefs?: Section;
  private readonly objcStubs?: Section;
  private readonly loads = new Map<number, RegValue | null>();
  private readonly walked = new Map<number, FunctionFacts>();
  private readonly methodAt = new Map<number, ObjcMethod>();

  constructor(readonly image: MachOImage) {
    this.r = new ByteReader(image.data, 'arm64', 'le');
    this.objc = new ObjcImage(image);
    this.methods = this.objc.methods();
    this.stubs = symbolStubs(image);
    this.text = image.segments.filter((s) => s.name === '__TEXT').flatMap((s) => s.sections);
    this.selrefs = findSection(image, DATA_SEGMENTS, '__objc_selrefs');
    this.classrefs = findSection(image, DATA_SEGMENTS, '__objc_classrefs');
    this.superrefs = findSection(image, DATA_SEGMENTS, '__objc_superrefs');
    this.objcStubs = findSection(image, ['__TEXT'], '__objc_stubs');
    for (const m of this.methods) {
      this.starts.add(m.imp);
      if (!this.methodAt.has(m.imp)) this.methodAt.set(m.imp, m);
    }
    this.readFunctionStarts();
    if (this.entryAddress() !== undefined) this.starts.add(this.entryAddress()!);
  }

  /** Whether the image is arm64 code this reader can walk. */
  static supports(image: MachOImage): boolean {
    return image.header.is64 && image.header.cputype === CPU_TYPE_ARM64 && image.header.endian === 'le';
  }

  private readFunctionStarts(): void {
    const lc = this.image.functionStarts;
    const text = this.image.segments.find((s) => s.name === '__TEXT');
    if (!lc || !text) return;
    let at = lc.dataoff;
    const end = Math.min(lc.dataoff + lc.datasize, this.r.length);
    let addr = text.vmaddr;
    while (at < end && this.starts.size < MAX_FUNCTION_STARTS) {
      let delta = 0;
      let shift = 0;
      let byte: number;
      do {
        byte = this.r.u8(at++);
        delta += (byte & 0x7f) * 2 ** shift;
        shift += 7;
      } while (byte & 0x80 && at < end && shift < 49);
      if (delta === 0) break;
      addr += delta;
      this.starts.add(addr);
    }
  }

  /** main(), from LC_MAIN. */
  entryAddress(): number | undefined {
    const text = this.image.segments.find((s) => s.name === '__TEXT');
    return this.image.entryPoint && text ? text.vmaddr + this.image.entryPoint.entryoff : undefined;
  }

  word(addr: number): number | undefined {
    if (addr % 4 !== 0 || !this.text.some((s) => within(s, addr))) return undefined;
    const off = vmToFileOffset(this.image, addr);
    return off !== undefined && this.r.has(off, 4) ? this.r.u32(off) : undefined;
  }

  isFunction(addr: number): boolean {
    return this.starts.has(addr);
  }

  load(addr: number): RegValue | undefined {
    let v = this.loads.get(addr);
    if (v === undefined) {
      v = null;
      if (within(this.selrefs, addr)) {
        const name = this.objc.selectorAt(addr);
        if (name) v = { kind: 'sel', name };
      } else if (within(this.classrefs, addr) || within(this.superrefs, addr)) {
        const name = this.objc.classAt(addr);
        if (name) v = { kind: 'cls', name };
      } else {
        const bound = this.objc.bindAt(addr);
        if (bound) v = bound.startsWith('_OBJC_CLASS_$_') ? { kind: 'cls', name: bound.slice(14) } : { kind: 'sym', name: bound };
      }
      if (this.loads.size < 1_000_000) this.loads.set(addr, v);
    }
    return v ?? undefined;
  }

  /** The selector an __objc_stubs entry loads into x1 before it jumps to objc_msgSend. */
  private stubSelector(addr: number): string | undefined {
    let x1: number | undefined;
    for (let pc = addr, i = 0; i < 4; i++, pc += 4) {
      const w = this.word(pc);
      if (w === undefined) return undefined;
      const insn = decode(w, pc);
      if (insn.op === 'adrp' && insn.rd === 1) x1 = insn.value;
      else if (insn.op === 'ldr' && insn.rt === 1 && insn.rn === 1 && x1 !== undefined) {
        const v = this.load(x1 + insn.offset);
        return v?.kind === 'sel' ? v.name : undefined;
      }
    }
    return undefined;
  }

  /** What a call reaches. */
  callee(call: CallFact): Callee {
    const stub = this.stubs.get(call.target);
    const receiver = call.x0?.kind === 'cls' || call.x0?.kind === 'obj' ? { receiverClass: call.x0.name, receiverIsClass: call.x0.kind === 'cls' } : {};
    if (stub !== undefined) {
      if (MSG_SEND.has(stub)) return { kind: 'message', ...(call.x1?.kind === 'sel' ? { selector: call.x1.name } : {}), ...receiver, super: stub.includes('Super') };
      return { kind: 'import', name: stub };
    }
    if (within(this.objcStubs, call.target)) {
      const selector = this.stubSelector(call.target);
      return { kind: 'message', ...(selector ? { selector } : {}), ...receiver, super: false };
    }
    if (this.word(call.target) !== undefined) return { kind: 'function', addr: call.target };
    return { kind: 'unknown' };
  }

  /** x0 after a call: an instance of X after +[X alloc]/+[X new], the same instance after -init…. */
  afterCall(call: CallFact): RegValue | undefined {
    const c = this.callee(call);
    if (c.kind !== 'message' || !c.selector || !c.receiverClass) return undefined;
    if (c.receiverIsClass && MAKES_INSTANCE.has(c.selector)) return { kind: 'obj', name: c.receiverClass };
    if (!c.receiverIsClass && c.selector.startsWith('init')) return { kind: 'obj', name: c.receiverClass };
    return undefined;
  }

  /** The function starting at `addr`, walked once; in a method, x0 is self (an instance, or the class in a + method). */
  facts(addr: number): FunctionFacts {
    let f = this.walked.get(addr);
    if (!f) {
      const m = this.methodAt.get(addr);
      f = walkFunction(this, addr, undefined, m ? new Map([[0, { kind: m.meta ? 'cls' : 'obj', name: m.className } as RegValue]]) : undefined);
      this.walked.set(addr, f);
    }
    return f;
  }
}
