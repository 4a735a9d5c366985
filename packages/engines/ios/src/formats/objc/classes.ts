/**
 * Objective-C class names, for SDK detection by class prefix. Primary source:
 * __DATA(_CONST),__objc_classlist → class_t → class_ro_t → name (pointers
 * resolved as described in pointers.ts); fallback when that yields nothing:
 * the C strings of __TEXT,__objc_classname (which also hold protocol names).
 */
import { boundedCount } from '@citadel/engine-core';
import { findSection, sectionBytes } from '../macho/vm.ts';
import type { MachOImage } from '../macho/types.ts';
import { followPointer, imageBase, imageReader } from './pointers.ts';
import { cstringsOf } from './strings.ts';

export interface ObjcClassLimits {
  maxClasses: number;
  maxNameLength: number;
}

export const DEFAULT_OBJC_CLASS_LIMITS: Readonly<ObjcClassLimits> = Object.freeze({ maxClasses: 200_000, maxNameLength: 1024 });

export interface ObjcClassNames {
  /** Class names in class-list order, unique. Swift classes keep their runtime name (e.g. "_TtC5MyApp4View"). */
  names: string[];
  source: 'classlist' | 'classname-section' | 'none';
  /** Class-list entries whose name could not be reached (binds to other images, unmapped pointers). */
  unresolved: number;
}

const DATA_SEGMENTS = ['__DATA', '__DATA_CONST', '__DATA_DIRTY'] as const;
/**
 * class_t.data carries flag bits in its low bits (FAST_IS_SWIFT… below bit 3
 * on 64-bit, bits 0..1 on 32-bit). Only those are cleared before resolving:
 * clearing high bits too (as FAST_DATA_MASK does at run time) would destroy
 * the chained-fixup fields that pointers.ts decodes.
 */
const DATA_MASK_64 = ~7n;
const DATA_MASK_32 = ~3n;
const CLASS_NAME = /^[A-Za-z_$][\w$.<>:]*$/;

function namesFromClassList(image: MachOImage, limits: ObjcClassLimits): { names: string[]; unresolved: number } | undefined {
  const section = findSection(image, DATA_SEGMENTS, '__objc_classlist');
  if (!section) return undefined;
  const r = imageReader(image, 'objc');
  const ptr = image.header.is64 ? 8 : 4;
  const bytes = sectionBytes(image, section);
  const count = boundedCount(r, Math.floor(bytes.length / ptr), 'objc classes', limits.maxClasses, ptr, section.offset, bytes.length);
  const base = imageBase(image);
  const names = new Set<string>();
  let unresolved = 0;
  for (let i = 0; i < count; i++) {
    const classT = followPointer(r, image, section.offset + i * ptr, ~0n, base);
    // class_t = { isa, superclass, cache, vtable, data }: data is the fifth word.
    const ro = classT === undefined ? undefined : followPointer(r, image, classT + 4 * ptr, image.header.is64 ? DATA_MASK_64 : DATA_MASK_32, base);
    // class_ro_t: flags, instanceStart, instanceSize, [reserved on 64-bit], ivarLayout, name.
    const namePtrAt = ro === undefined ? undefined : ro + (image.header.is64 ? 24 : 16);
    const nameAt = namePtrAt === undefined ? undefined : followPointer(r, image, namePtrAt, ~0n, base);
    const name = nameAt === undefined ? '' : r.cstring(nameAt, limits.maxNameLength, 'latin1');
    if (CLASS_NAME.test(name)) names.add(name);
    else unresolved++;
  }
  return { names: [...names], unresolved };
}

export function readObjcClassNames(image: MachOImage, limits: Partial<ObjcClassLimits> = {}): ObjcClassNames {
  const effective = { ...DEFAULT_OBJC_CLASS_LIMITS, ...limits };
  const fromList = namesFromClassList(image, effective);
  if (fromList && fromList.names.length > 0) return { names: fromList.names, source: 'classlist', unresolved: fromList.unresolved };
  const section = findSection(image, ['__TEXT'], '__objc_classname');
  if (section) {
    const names = cstringsOf(sectionBytes(image, section), { minLength: 1, maxLength: effective.maxNameLength, maxStrings: effective.maxClasses })
      .map((s) => s.value)
      .filter((n) => CLASS_NAME.test(n));
    return { names: [...new Set(names)], source: 'classname-section', unresolved: fromList?.unresolved ?? 0 };
  }
  return { names: [], source: 'none', unresolved: fromList?.unresolved ?? 0 };
}

/**
 * "_TtC7MyModule4View" → "MyModule.View" (the Swift 4 runtime names of classes
 * that Objective-C sees); other names are returned unchanged.
 */
export function demangleObjcSwiftName(name: string): string {
  const m = /^_TtC(.*)$/.exec(name);
  if (!m) return name;
  const parts: string[] = [];
  let rest = m[1]!;
  if (rest.startsWith('s')) {
    parts.push('Swift');
    rest = rest.slice(1);
  }
  while (rest.length > 0 && parts.length < 16) {
    const len = /^([1-9]\d{0,3})/.exec(rest);
    if (!len) return name;
    const n = Number(len[1]);
    const ident = rest.slice(len[1]!.length, len[1]!.length + n);
    if (ident.length !== n) return name;
    parts.push(ident);
    rest = rest.slice(len[1]!.length + n);
  }
  return parts.length >= 2 && rest.length === 0 ? parts.join('.') : name;
}
