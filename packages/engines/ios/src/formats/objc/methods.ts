/**
 * Objective-C methods of an image and where their code is: for each class of
 * __objc_classlist its instance methods (class_ro_t.baseMethods) and class
 * methods (the metaclass's), and the methods categories add (__objc_catlist),
 * each as class, selector and implementation address. Method lists come in
 * two layouts (objc4 objc-runtime-new.h): pointer entries {name, types, imp},
 * and relative entries (flag 0x80000000) of three int32 offsets from the
 * entry's own fields, whose name offset reaches a selector reference.
 * Everything is bounded; what cannot be followed is skipped.
 */
import { boundedCount } from '@citadel/engine-core';
import { type ChainedImports, boundImport, chainedImports } from '../macho/imports.ts';
import { findSection, sectionBytes, vmToFileOffset } from '../macho/vm.ts';
import type { MachOImage } from '../macho/types.ts';
import { imageBase, imageReader, readPointerAt, resolvePointerAddress } from './pointers.ts';

export interface ObjcMethod {
  className: string;
  selector: string;
  /** Virtual address of the implementation. */
  imp: number;
  /** A class (+) method. */
  meta: boolean;
}

const DATA_SEGMENTS = ['__DATA', '__DATA_CONST', '__DATA_DIRTY'] as const;
const MAX_METHODS = 1_000_000;
const MAX_LIST = 65_536;
const RELATIVE = 0x80000000;
const CLASS_SYMBOL = '_OBJC_CLASS_$_';

export class ObjcImage {
  private readonly r;
  private readonly base: number;
  readonly imports: ChainedImports;

  constructor(readonly image: MachOImage) {
    this.r = imageReader(image, 'objc');
    this.base = imageBase(image);
    this.imports = chainedImports(image);
  }

  /** The virtual address stored at a virtual address (undefined for binds and unmapped values). */
  pointerAt(addr: number, mask = ~0n): number | undefined {
    const off = vmToFileOffset(this.image, addr);
    const raw = off === undefined ? undefined : readPointerAt(this.r, this.image, off);
    return raw === undefined ? undefined : resolvePointerAddress(this.image, raw & mask, this.base);
  }

  /** The imported symbol a stored pointer binds to (chained fixups), if it is a bind. */
  bindAt(addr: number): string | undefined {
    const off = vmToFileOffset(this.image, addr);
    const raw = off === undefined ? undefined : readPointerAt(this.r, this.image, off);
    return raw === undefined ? undefined : boundImport(raw, this.imports);
  }

  cstringAt(addr: number | undefined, max = 1024): string | undefined {
    const off = addr === undefined ? undefined : vmToFileOffset(this.image, addr);
    if (off === undefined || !this.r.has(off, 1)) return undefined;
    return this.r.cstring(off, max, 'latin1');
  }

  private i32At(addr: number): number | undefined {
    const off = vmToFileOffset(this.image, addr);
    return off !== undefined && this.r.has(off, 4) ? this.r.i32(off) : undefined;
  }

  private u32At(addr: number): number | undefined {
    const off = vmToFileOffset(this.image, addr);
    return off !== undefined && this.r.has(off, 4) ? this.r.u32(off) : undefined;
  }

  /** The name of the class a class_t at `addr` describes (its class_ro_t name). */
  classNameOf(classT: number): string | undefined {
    const ro = this.pointerAt(classT + 32, ~7n);
    return ro === undefined ? undefined : this.cstringAt(this.pointerAt(ro + 24));
  }

  /** The class a stored class pointer names: a class of this image, or an imported one (`_OBJC_CLASS_$_X` → X). */
  classAt(addr: number): string | undefined {
    // A bind first: some bind encodings also read as a plausible rebase.
    const bound = this.bindAt(addr);
    if (bound !== undefined) return bound.startsWith(CLASS_SYMBOL) ? bound.slice(CLASS_SYMBOL.length) : undefined;
    const local = this.pointerAt(addr);
    return local === undefined ? undefined : this.classNameOf(local);
  }

  /** The selector named by a selector reference at `addr` (a pointer to the method name string). */
  selectorAt(addr: number): string | undefined {
    return this.cstringAt(this.pointerAt(addr), 512);
  }

  private methodList(listAt: number | undefined, className: string, meta: boolean, out: ObjcMethod[]): void {
    if (listAt === undefined) return;
    const flags = this.u32At(listAt);
    const count = this.u32At(listAt + 4);
    if (flags === undefined || count === undefined) return;
    const relative = (flags & RELATIVE) !== 0;
    const entsize = flags & 0xfffc;
    if (entsize < (relative ? 12 : 24)) return;
    for (let i = 0; i < Math.min(count, MAX_LIST) && out.length < MAX_METHODS; i++) {
      const e = listAt + 8 + i * entsize;
      let selector: string | undefined;
      let imp: number | undefined;
      if (relative) {
        const nameOff = this.i32At(e);
        const impOff = this.i32At(e + 8);
        if (nameOff === undefined || impOff === undefined) return;
        selector = this.selectorAt(e + nameOff);
        imp = impOff === 0 ? undefined : e + 8 + impOff;
      } else {
        selector = this.cstringAt(this.pointerAt(e), 512);
        imp = this.pointerAt(e + 16);
      }
      if (selector && imp !== undefined) out.push({ className, selector, imp, meta });
    }
  }

  /** Every method of the image's classes and categories. */
  methods(): ObjcMethod[] {
    const out: ObjcMethod[] = [];
    const ptr = 8;
    const classList = findSection(this.image, DATA_SEGMENTS, '__objc_classlist');
    if (classList && this.image.header.is64) {
      const n = boundedCount(this.r, Math.floor(sectionBytes(this.image, classList).length / ptr), 'objc classes', 200_000, ptr, classList.offset, classList.size);
      for (let i = 0; i < n; i++) {
        const cls = this.pointerAt(classList.addr + i * ptr);
        if (cls === undefined) continue;
        const name = this.classNameOf(cls);
        if (!name) continue;
        const ro = this.pointerAt(cls + 32, ~7n);
        if (ro !== undefined) this.methodList(this.pointerAt(ro + 32), name, false, out);
        const metaclass = this.pointerAt(cls);
        const metaRo = metaclass === undefined ? undefined : this.pointerAt(metaclass + 32, ~7n);
        if (metaRo !== undefined) this.methodList(this.pointerAt(metaRo + 32), name, true, out);
      }
    }
    const catList = findSection(this.image, DATA_SEGMENTS, '__objc_catlist');
    if (catList && this.image.header.is64) {
      const n = boundedCount(this.r, Math.floor(sectionBytes(this.image, catList).length / ptr), 'objc categories', 200_000, ptr, catList.offset, catList.size);
      for (let i = 0; i < n; i++) {
        const cat = this.pointerAt(catList.addr + i * ptr);
        if (cat === undefined) continue;
        // category_t: name, cls, instanceMethods, classMethods, protocols, instanceProperties.
        const className = this.classAt(cat + 8) ?? this.cstringAt(this.pointerAt(cat)) ?? '?';
        this.methodList(this.pointerAt(cat + 16), className, false, out);
        this.methodList(this.pointerAt(cat + 24), className, true, out);
      }
    }
    return out;
  }
}
