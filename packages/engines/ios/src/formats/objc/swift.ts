/**
 * Swift type names, for SDK detection. Where cheap, from __TEXT,__swift5_types
 * (relative pointers to type context descriptors, whose parent chain gives the
 * module: "Module.Outer.Inner"); otherwise from mangled symbol names of
 * nominal type descriptors ("$s7Module4ViewCMn" → "Module.View"). Mangled
 * names that use substitutions or word references are skipped, not guessed.
 */
import { boundedCount, type ByteReader } from '@citadel/engine-core';
import type { MachOImage } from '../macho/types.ts';
import { findSection, sectionBytes, vmToFileOffset } from '../macho/vm.ts';
import { followPointer, imageBase, imageReader } from './pointers.ts';

export interface SwiftTypeNames {
  names: string[];
  source: 'swift5_types' | 'symbols' | 'none';
}

const MAX_TYPES = 200_000;
const MAX_PARENT_DEPTH = 16;
const MAX_NAME = 512;
/** Context descriptor kinds (low 5 bits of the flags). */
const KIND_MODULE = 0;
const KIND_TYPE_FIRST = 16;
const KIND_TYPE_LAST = 31;
const IDENTIFIER = /^[A-Za-z_][\w]*$/;

class DescriptorReader {
  private readonly r: ByteReader;
  private readonly base: number;

  constructor(private readonly image: MachOImage) {
    this.r = imageReader(image, 'swift5_types');
    this.base = imageBase(image);
  }

  /** Target of the 32-bit signed relative pointer at `addr` (low bits already understood by the caller). */
  private relative(addr: number, mask: number): { target: number; low: number } | undefined {
    const at = vmToFileOffset(this.image, addr);
    if (at === undefined || !this.r.has(at, 4)) return undefined;
    const rel = this.r.i32(at);
    return { target: addr + (rel & ~mask), low: rel & mask };
  }

  /** vmaddr of the pointer target stored at vmaddr `addr` (an indirect relative pointer). */
  private indirect(addr: number): number | undefined {
    const at = vmToFileOffset(this.image, addr);
    const target = at === undefined ? undefined : followPointer(this.r, this.image, at, ~0n, this.base);
    if (target === undefined) return undefined;
    const seg = this.image.segments.find((s) => target >= s.fileoff && target < s.fileoff + s.filesize);
    return seg ? seg.vmaddr + (target - seg.fileoff) : undefined;
  }

  private nameOf(desc: number): string | undefined {
    const ref = this.relative(desc + 8, 0);
    const at = ref === undefined ? undefined : vmToFileOffset(this.image, ref.target);
    if (at === undefined) return undefined;
    const name = this.r.cstring(at, MAX_NAME, 'latin1');
    return IDENTIFIER.test(name) ? name : undefined;
  }

  private kindOf(desc: number): number | undefined {
    const at = vmToFileOffset(this.image, desc);
    return at !== undefined && this.r.has(at, 4) ? this.r.u32(at) & 0x1f : undefined;
  }

  /** "Module.Outer.Inner" for a type descriptor, or undefined when any step cannot be read. */
  qualifiedName(desc: number): string | undefined {
    const parts: string[] = [];
    let current: number | undefined = desc;
    for (let depth = 0; current !== undefined && depth < MAX_PARENT_DEPTH; depth++) {
      const kind = this.kindOf(current);
      if (kind === undefined) return undefined;
      if (kind === KIND_MODULE || (kind >= KIND_TYPE_FIRST && kind <= KIND_TYPE_LAST)) {
        const name = this.nameOf(current);
        if (name === undefined) return undefined;
        parts.unshift(name);
        if (kind === KIND_MODULE) break;
      } else {
        // Extensions and anonymous contexts have no plain name: keep what we have.
        break;
      }
      const parent = this.relative(current + 4, 1);
      if (parent === undefined || parent.target === current + 4) break;
      current = parent.low === 1 ? this.indirect(parent.target) : parent.target;
    }
    return parts.length > 0 ? parts.join('.') : undefined;
  }

  /** The descriptor address an entry of __swift5_types points at (kinds 0 and 1; ObjC kinds are skipped). */
  entryTarget(entryAddr: number): number | undefined {
    const ref = this.relative(entryAddr, 3);
    if (ref === undefined) return undefined;
    if (ref.low === 0) return ref.target;
    if (ref.low === 1) return this.indirect(ref.target);
    return undefined;
  }
}

function fromSwift5Types(image: MachOImage): string[] {
  const section = findSection(image, ['__TEXT'], '__swift5_types');
  if (!section) return [];
  const bytes = sectionBytes(image, section);
  const reader = new DescriptorReader(image);
  const count = boundedCount(imageReader(image, 'swift5_types'), Math.floor(bytes.length / 4), 'swift types', MAX_TYPES, 4, section.offset, bytes.length);
  const names = new Set<string>();
  for (let i = 0; i < count; i++) {
    const desc = reader.entryTarget(section.addr + 4 * i);
    const name = desc === undefined ? undefined : reader.qualifiedName(desc);
    if (name !== undefined) names.add(name);
  }
  return [...names];
}

/**
 * "_$s7Module5OuterC5InnerVMn" → "Module.Outer.Inner": identifiers with their
 * lengths, each type followed by C (class), V (struct) or O (enum), ending in
 * Mn (nominal type descriptor). Returns undefined for anything fancier.
 */
export function swiftTypeFromSymbol(symbol: string): string | undefined {
  const m = /^_?\$[sS](.+)Mn$/.exec(symbol);
  if (!m) return undefined;
  const body = m[1]!;
  const parts: string[] = [];
  let i = 0;
  while (i < body.length && parts.length < MAX_PARENT_DEPTH) {
    const len = /^[1-9]\d{0,3}/.exec(body.slice(i, i + 4));
    if (!len) return undefined;
    i += len[0].length;
    const ident = body.slice(i, i + Number(len[0]));
    if (ident.length !== Number(len[0]) || !IDENTIFIER.test(ident)) return undefined;
    parts.push(ident);
    i += ident.length;
    const kind = body[i];
    if (parts.length >= 2 && (kind === 'C' || kind === 'V' || kind === 'O')) {
      i++;
      if (i === body.length) return parts.join('.');
    }
  }
  return undefined;
}

export function readSwiftTypeNames(image: MachOImage, symbolNames: readonly string[] = []): SwiftTypeNames {
  const fromSection = fromSwift5Types(image);
  if (fromSection.length > 0) return { names: fromSection, source: 'swift5_types' };
  const fromSymbols = new Set<string>();
  for (const symbol of symbolNames) {
    const name = swiftTypeFromSymbol(symbol);
    if (name !== undefined) fromSymbols.add(name);
  }
  return fromSymbols.size > 0 ? { names: [...fromSymbols], source: 'symbols' } : { names: [], source: 'none' };
}
