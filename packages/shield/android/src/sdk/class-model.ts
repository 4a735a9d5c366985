/**
 * A class file (JVMS §4) read for renaming: the constant pool as entries,
 * and every place outside the pool that holds a constant-pool index to a
 * CONSTANT_Utf8 ("sites": member names and descriptors, Signature, annotation
 * types and values, attribute names …), each with its byte offset and what it
 * means. Renaming then never shifts bytecode: existing pool entries keep their
 * indices, changed names get new Utf8/NameAndType entries appended at the end,
 * sites are patched in place, and Utf8 entries nothing refers to any more are
 * blanked (so old names disappear without renumbering the pool).
 * Attributes this reader does not know make the class "opaque": its Utf8
 * entries are never blanked, since an unknown attribute may point at them.
 */
import { ByteReader } from '@citadel/engine-core';

export type CpEntry =
  | { tag: 1; text: string }
  | { tag: 3 | 4; raw: Buffer }
  | { tag: 5 | 6; raw: Buffer }
  | { tag: 7 | 8 | 16 | 19 | 20; ref: number }
  | { tag: 9 | 10 | 11 | 12 | 17 | 18; a: number; b: number }
  | { tag: 15; kind: number; ref: number }
  | { tag: 0 }; // the unusable slot after a long/double

export type SiteKind = 'member-name' | 'descriptor' | 'signature' | 'annotation-type' | 'other';
export interface Site { at: number; kind: SiteKind; /** for member names: 'f'ield or 'm'ethod and the descriptor's index */ member?: { field: boolean; desc: number } }
export interface Member { field: boolean; access: number; nameIdx: number; descIdx: number; nameAt: number; descAt: number }

export interface ClassModel {
  bytes: Buffer;
  cp: CpEntry[];
  /** end of the constant pool in `bytes` */
  cpEnd: number;
  access: number;
  thisClass: number;
  superClass: number;
  interfaces: number[];
  members: Member[];
  sites: Site[];
  attributes: string[];
  /** InnerClasses: this class is nested (it appears as inner_class of an entry naming itself) */
  nested: boolean;
  opaque: boolean;
  /** offsets of EnclosingMethod bodies (class index, NameAndType index) */
  enclosing: number[];
}

const KNOWN = new Set(['Code', 'StackMapTable', 'Exceptions', 'InnerClasses', 'EnclosingMethod', 'Synthetic', 'Signature', 'SourceFile', 'SourceDebugExtension', 'LineNumberTable', 'LocalVariableTable', 'LocalVariableTypeTable', 'Deprecated', 'RuntimeVisibleAnnotations', 'RuntimeInvisibleAnnotations', 'RuntimeVisibleParameterAnnotations', 'RuntimeInvisibleParameterAnnotations', 'AnnotationDefault', 'BootstrapMethods', 'MethodParameters', 'NestHost', 'NestMembers', 'ConstantValue', 'PermittedSubclasses']);

export function utf8(m: ClassModel, i: number): string {
  const e = m.cp[i];
  if (!e || e.tag !== 1) throw new Error(`constant ${i} is not Utf8`);
  return e.text;
}
export function className(m: ClassModel, i: number): string {
  const e = m.cp[i];
  if (!e || e.tag !== 7) throw new Error(`constant ${i} is not a Class`);
  return utf8(m, e.ref);
}

/** Modified UTF-8 (JVMS §4.4.7) decoded well enough for names: NUL as C0 80, supplementary chars as surrogate pairs. */
function decodeMutf8(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; ) {
    const c = b[i]!;
    if (c < 0x80) { s += String.fromCharCode(c); i++; }
    else if ((c & 0xe0) === 0xc0) { s += String.fromCharCode(((c & 0x1f) << 6) | (b[i + 1]! & 0x3f)); i += 2; }
    else { s += String.fromCharCode(((c & 0x0f) << 12) | ((b[i + 1]! & 0x3f) << 6) | (b[i + 2]! & 0x3f)); i += 3; }
  }
  return s;
}
export function encodeMutf8(s: string): Buffer {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 0 && c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  return Buffer.from(out);
}

export function readClassModel(input: Uint8Array): ClassModel {
  const bytes = Buffer.from(input);
  const r = new ByteReader(bytes, 'class');
  if (r.length < 10 || r.u32(0, 'be') !== 0xcafebabe) r.fail('not a class file', 0);
  const count = r.u16(8, 'be');
  if (count === 0) r.fail('invalid constant pool count', 8);
  const cp: CpEntry[] = [{ tag: 0 }];
  let p = 10;
  for (let i = 1; i < count; i++) {
    const tag = r.u8(p);
    switch (tag) {
      case 1: {
        const len = r.u16(p + 1, 'be');
        r.check(p + 3, len, 'utf8');
        cp.push({ tag: 1, text: decodeMutf8(r.bytes(p + 3, len)) });
        p += 3 + len;
        break;
      }
      case 3: case 4: cp.push({ tag, raw: Buffer.from(r.bytes(p + 1, 4)) }); p += 5; break;
      case 5: case 6: cp.push({ tag, raw: Buffer.from(r.bytes(p + 1, 8)) }, { tag: 0 }); p += 9; i++; break;
      case 7: case 8: case 16: case 19: case 20: cp.push({ tag, ref: r.u16(p + 1, 'be') }); p += 3; break;
      case 9: case 10: case 11: case 12: case 17: case 18: cp.push({ tag, a: r.u16(p + 1, 'be'), b: r.u16(p + 3, 'be') }); p += 5; break;
      case 15: cp.push({ tag, kind: r.u8(p + 1), ref: r.u16(p + 2, 'be') }); p += 4; break;
      default: r.fail(`unknown constant pool tag ${tag}`, p);
    }
  }
  const cpEnd = p;
  const m: ClassModel = { bytes, cp, cpEnd, access: r.u16(p, 'be'), thisClass: r.u16(p + 2, 'be'), superClass: r.u16(p + 4, 'be'), interfaces: [], members: [], sites: [], attributes: [], nested: false, opaque: false, enclosing: [] };
  const isUtf8 = (i: number): boolean => cp[i]?.tag === 1;
  const site = (at: number, kind: SiteKind, member?: Site['member']): void => {
    if (!isUtf8(r.u16(at, 'be'))) r.fail('expected a Utf8 index', at);
    m.sites.push(member ? { at, kind, member } : { at, kind });
  };
  p += 6;
  const ni = r.u16(p, 'be');
  for (let i = 0; i < ni; i++) m.interfaces.push(r.u16(p + 2 + i * 2, 'be'));
  p += 2 + ni * 2;

  const elementValue = (q: number): number => {
    const tag = String.fromCharCode(r.u8(q));
    if ('BCDFIJSZ'.includes(tag)) return q + 3;
    if (tag === 's') { site(q + 1, 'other'); return q + 3; }
    if (tag === 'e') { site(q + 1, 'annotation-type'); site(q + 3, 'other'); return q + 5; }
    if (tag === 'c') { site(q + 1, 'annotation-type'); return q + 3; }
    if (tag === '@') return annotation(q + 1);
    if (tag === '[') {
      const n = r.u16(q + 1, 'be');
      let z = q + 3;
      for (let i = 0; i < n; i++) z = elementValue(z);
      return z;
    }
    return r.fail(`unknown annotation element tag ${tag}`, q);
  };
  const annotation = (q: number): number => {
    site(q, 'annotation-type');
    const n = r.u16(q + 2, 'be');
    let z = q + 4;
    for (let i = 0; i < n; i++) {
      site(z, 'other');
      z = elementValue(z + 2);
    }
    return z;
  };
  const attributes = (at: number, owner: 'class' | 'member' | 'code'): number => {
    const n = r.u16(at, 'be');
    let q = at + 2;
    for (let i = 0; i < n; i++) {
      site(q, 'other');
      const name = utf8(m, r.u16(q, 'be'));
      const len = r.u32(q + 2, 'be');
      r.check(q + 6, len, 'attribute');
      const body = q + 6;
      const end = body + len;
      if (owner === 'class') m.attributes.push(name);
      if (!KNOWN.has(name)) m.opaque = true;
      let parsedTo = end;
      switch (name) {
        case 'Code': {
          const codeLen = r.u32(body + 4, 'be');
          const ex = body + 8 + codeLen;
          parsedTo = attributes(ex + 2 + r.u16(ex, 'be') * 8, 'code');
          break;
        }
        case 'Signature': site(body, 'signature'); parsedTo = body + 2; break;
        case 'SourceFile': site(body, 'other'); parsedTo = body + 2; break;
        case 'EnclosingMethod': m.enclosing.push(body); parsedTo = body + 4; break;
        case 'LocalVariableTable': case 'LocalVariableTypeTable': {
          const k = r.u16(body, 'be');
          for (let j = 0; j < k; j++) { site(body + 2 + j * 10 + 4, 'other'); site(body + 2 + j * 10 + 6, name === 'LocalVariableTable' ? 'descriptor' : 'signature'); }
          parsedTo = body + 2 + k * 10;
          break;
        }
        case 'InnerClasses': {
          const k = r.u16(body, 'be');
          for (let j = 0; j < k; j++) {
            const e = body + 2 + j * 8;
            if (r.u16(e + 4, 'be') !== 0) site(e + 4, 'other');
            if (r.u16(e, 'be') === m.thisClass) m.nested = true;
          }
          parsedTo = body + 2 + k * 8;
          break;
        }
        case 'MethodParameters': {
          const k = r.u8(body);
          for (let j = 0; j < k; j++) if (r.u16(body + 1 + j * 4, 'be') !== 0) site(body + 1 + j * 4, 'other');
          parsedTo = body + 1 + k * 4;
          break;
        }
        case 'RuntimeVisibleAnnotations': case 'RuntimeInvisibleAnnotations': {
          const k = r.u16(body, 'be');
          let z = body + 2;
          for (let j = 0; j < k; j++) z = annotation(z);
          parsedTo = z;
          break;
        }
        case 'RuntimeVisibleParameterAnnotations': case 'RuntimeInvisibleParameterAnnotations': {
          const np = r.u8(body);
          let z = body + 1;
          for (let j = 0; j < np; j++) {
            const k = r.u16(z, 'be');
            z += 2;
            for (let x = 0; x < k; x++) z = annotation(z);
          }
          parsedTo = z;
          break;
        }
        case 'AnnotationDefault': parsedTo = elementValue(body); break;
        default: break; // no Utf8 index inside (class/NameAndType indices only) or unknown (opaque)
      }
      if (parsedTo !== end) r.fail(`attribute ${name} length does not match its content`, q);
      q = end;
    }
    return q;
  };
  for (let table = 0; table < 2; table++) {
    const n = r.u16(p, 'be');
    p += 2;
    for (let i = 0; i < n; i++) {
      const mem: Member = { field: table === 0, access: r.u16(p, 'be'), nameIdx: r.u16(p + 2, 'be'), descIdx: r.u16(p + 4, 'be'), nameAt: p + 2, descAt: p + 4 };
      site(p + 2, 'member-name', { field: table === 0, desc: mem.descIdx });
      site(p + 4, 'descriptor');
      m.members.push(mem);
      p = attributes(p + 6, 'member');
    }
  }
  p = attributes(p, 'class');
  if (p !== r.length) r.fail(`${r.length - p} bytes after the class`, p);
  return m;
}
