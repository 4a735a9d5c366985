/**
 * A bounded Java class-file reader for SDKs shipped as JAR/AAR (no DEX):
 * the class name, super class and interfaces, and from the constant pool the
 * string literals and the methods and fields referenced. No bytecode is
 * decoded, so findings from class files name the class, not the method,
 * and know no argument values.
 */
import { ByteReader } from '@citadel/engine-core';

export interface MemberRef {
  /** Internal name, e.g. "java/lang/Runtime". */
  className: string;
  name: string;
  descriptor: string;
}

export interface ClassFileInfo {
  /** Where it came from, e.g. "classes.jar!/com/x/A.class". */
  file: string;
  /** Dotted name, e.g. "com.x.A". */
  className: string;
  superName?: string;
  interfaces: string[];
  strings: string[];
  methodRefs: MemberRef[];
  fieldRefs: MemberRef[];
}

const MAGIC = 0xcafebabe;
const MAX_STRING = 1 << 16;

type Entry = { tag: number; a: number; b: number; text?: string };

export function parseClassFile(bytes: Uint8Array, file: string): ClassFileInfo {
  const r = new ByteReader(bytes, 'class', 'be');
  if (r.length < 10 || r.u32(0) !== MAGIC) r.fail('not a class file (bad magic)', 0);
  const count = r.u16(8);
  const pool: (Entry | undefined)[] = new Array(count);
  let p = 10;
  for (let i = 1; i < count; i++) {
    const tag = r.u8(p);
    switch (tag) {
      case 1: {
        const len = r.u16(p + 1);
        r.check(p + 3, len, 'utf8 constant');
        pool[i] = { tag, a: 0, b: 0, text: len <= MAX_STRING ? decodeModifiedUtf8(bytes, p + 3, len) : '' };
        p += 3 + len;
        break;
      }
      case 3:
      case 4:
        p += 5;
        break;
      case 5:
      case 6:
        p += 9;
        i++; // longs and doubles take two slots
        break;
      case 7:
      case 8:
      case 16:
      case 19:
      case 20:
        pool[i] = { tag, a: r.u16(p + 1), b: 0 };
        p += 3;
        break;
      case 9:
      case 10:
      case 11:
      case 12:
      case 17:
      case 18:
        pool[i] = { tag, a: r.u16(p + 1), b: r.u16(p + 3) };
        p += 5;
        break;
      case 15:
        p += 4;
        break;
      default:
        r.fail(`unknown constant pool tag ${tag} at entry ${i}`, p);
    }
  }
  const utf = (i: number): string => {
    const e = pool[i];
    return e?.tag === 1 ? (e.text ?? '') : '';
  };
  const classAt = (i: number): string => (pool[i]?.tag === 7 ? utf(pool[i]!.a) : '');
  const info: ClassFileInfo = { file, className: '', interfaces: [], strings: [], methodRefs: [], fieldRefs: [] };
  for (let i = 1; i < count; i++) {
    const e = pool[i];
    if (!e) continue;
    if (e.tag === 8) info.strings.push(utf(e.a));
    else if (e.tag === 9 || e.tag === 10 || e.tag === 11) {
      const nat = pool[e.b];
      if (nat?.tag !== 12) continue;
      const ref = { className: classAt(e.a), name: utf(nat.a), descriptor: utf(nat.b) };
      (e.tag === 9 ? info.fieldRefs : info.methodRefs).push(ref);
    }
  }
  r.check(p, 8, 'class header');
  info.className = classAt(r.u16(p + 2)).replace(/\//g, '.');
  const sup = classAt(r.u16(p + 4));
  if (sup) info.superName = sup.replace(/\//g, '.');
  const n = r.u16(p + 6);
  r.check(p + 8, n * 2, 'interfaces');
  for (let k = 0; k < n; k++) info.interfaces.push(classAt(r.u16(p + 8 + k * 2)).replace(/\//g, '.'));
  return info;
}

/** Java's modified UTF-8 (NUL as C0 80, supplementary characters as surrogate pairs). */
function decodeModifiedUtf8(b: Uint8Array, start: number, len: number): string {
  const out: number[] = [];
  const end = start + len;
  for (let i = start; i < end; ) {
    const c = b[i]!;
    if (c < 0x80) {
      out.push(c);
      i++;
    } else if ((c & 0xe0) === 0xc0 && i + 1 < end) {
      out.push(((c & 0x1f) << 6) | (b[i + 1]! & 0x3f));
      i += 2;
    } else if ((c & 0xf0) === 0xe0 && i + 2 < end) {
      out.push(((c & 0x0f) << 12) | ((b[i + 1]! & 0x3f) << 6) | (b[i + 2]! & 0x3f));
      i += 3;
    } else {
      out.push(0xfffd);
      i++;
    }
  }
  let s = '';
  for (let k = 0; k < out.length; k += 8192) s += String.fromCharCode(...out.slice(k, k + 8192));
  return s;
}
