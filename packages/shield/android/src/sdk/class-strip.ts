/**
 * Strips debug attributes from a Java class file (JVMS §4.7): SourceFile and
 * SourceDebugExtension on the class, LineNumberTable, LocalVariableTable and
 * LocalVariableTypeTable inside every Code attribute — what `javac -g:none`
 * leaves out. StackMapTable, signatures, annotations and MethodParameters stay:
 * the verifier and reflection need them. The constant pool is not compacted
 * (its now-unreferenced name strings stay, as with the DEX stripping), so
 * every index in the bytecode stays valid without rewriting code.
 */
import { ByteReader } from '@citadel/engine-core';

const DEBUG_CLASS_ATTRS = new Set(['SourceFile', 'SourceDebugExtension']);
const DEBUG_CODE_ATTRS = new Set(['LineNumberTable', 'LocalVariableTable', 'LocalVariableTypeTable']);
const MAX_CP = 65535;

export interface ClassStripResult {
  bytes: Buffer;
  removed: number;
}

export function stripClassDebug(input: Uint8Array): ClassStripResult {
  const r = new ByteReader(input, 'class');
  if (r.length < 10 || r.u32(0, 'be') !== 0xcafebabe) r.fail('not a class file', 0);
  const count = r.u16(8, 'be');
  if (count === 0 || count > MAX_CP) r.fail('invalid constant pool count', 8);
  const utf8 = new Map<number, string>();
  let p = 10;
  for (let i = 1; i < count; i++) {
    const tag = r.u8(p);
    switch (tag) {
      case 1: {
        const len = r.u16(p + 1, 'be');
        r.check(p + 3, len, 'utf8');
        utf8.set(i, Buffer.from(r.bytes(p + 3, len)).toString('latin1'));
        p += 3 + len;
        break;
      }
      case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18:
        p += 5;
        break;
      case 5: case 6:
        p += 9;
        i++;
        break;
      case 7: case 8: case 16: case 19: case 20:
        p += 3;
        break;
      case 15:
        p += 4;
        break;
      default:
        r.fail(`unknown constant pool tag ${tag}`, p);
    }
  }
  const out: Buffer[] = [Buffer.from(r.bytes(0, p + 6))]; // pool, access, this, super
  p += 6;
  const ifaces = r.u16(p, 'be');
  out.push(Buffer.from(r.bytes(p, 2 + ifaces * 2)));
  p += 2 + ifaces * 2;
  let removed = 0;
  const u16 = (v: number): Buffer => {
    const b = Buffer.alloc(2);
    b.writeUInt16BE(v);
    return b;
  };
  const u32 = (v: number): Buffer => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(v);
    return b;
  };
  /** Copies an attribute table from `at`, dropping `drop` names and rewriting Code attributes when asked. */
  const attributes = (at: number, drop: Set<string>, inMember: boolean): { bytes: Buffer[]; end: number } => {
    const n = r.u16(at, 'be');
    let q = at + 2;
    const kept: Buffer[] = [];
    let keptCount = 0;
    for (let i = 0; i < n; i++) {
      const name = utf8.get(r.u16(q, 'be')) ?? '';
      const len = r.u32(q + 2, 'be');
      r.check(q + 6, len, 'attribute');
      if (drop.has(name)) {
        removed++;
      } else if (inMember && name === 'Code') {
        const c = q + 6;
        const codeLen = r.u32(c + 4, 'be');
        const exAt = c + 8 + codeLen;
        const exCount = r.u16(exAt, 'be');
        const subAt = exAt + 2 + exCount * 8;
        const sub = attributes(subAt, DEBUG_CODE_ATTRS, false);
        if (sub.end !== c + len) r.fail('Code attribute length does not match its content', q);
        const body = Buffer.concat([Buffer.from(r.bytes(c, subAt - c)), ...sub.bytes]);
        kept.push(Buffer.from(r.bytes(q, 2)), u32(body.length), body);
        keptCount++;
      } else {
        kept.push(Buffer.from(r.bytes(q, 6 + len)));
        keptCount++;
      }
      q += 6 + len;
    }
    return { bytes: [u16(keptCount), ...kept], end: q };
  };
  for (let table = 0; table < 2; table++) {
    const n = r.u16(p, 'be');
    out.push(Buffer.from(r.bytes(p, 2)));
    p += 2;
    for (let i = 0; i < n; i++) {
      out.push(Buffer.from(r.bytes(p, 6)));
      const a = attributes(p + 6, new Set(), table === 1);
      out.push(...a.bytes);
      p = a.end;
    }
  }
  const cls = attributes(p, DEBUG_CLASS_ATTRS, false);
  out.push(...cls.bytes);
  if (cls.end !== r.length) r.fail(`${r.length - cls.end} bytes after the class`, cls.end);
  return { bytes: Buffer.concat(out), removed };
}
