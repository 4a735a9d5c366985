/**
 * String encryption in selected classes of a JAR: every `ldc`/`ldc_w` of a
 * string constant in a method becomes `ldc_w <ciphertext>` + `invokestatic
 * <decryptor>.d(String)String`. The code grows by 3–4 bytes per site, so each
 * method is re-laid out: branch and switch offsets, the exception table,
 * StackMapTable frames (offset deltas and `uninitialized` offsets) and line /
 * local-variable tables are remapped (JVMS §4.7.3–4.7.4, §6.5). A method whose
 * code carries other offset-bearing attributes (type annotations), or whose
 * new offsets would not fit, is left as it was and counted. Constants also used
 * by `ConstantValue` or bootstrap arguments (string concatenation recipes)
 * stay readable there; the encrypted copies are new constants.
 *
 * Cipher (must match DECRYPTOR_JAVA): per string, k = key ^ length; for each
 * char k = k * 1103515245 + 12345, c ^= (k >>> 16) & 0x7fff — obfuscation, the
 * key is in the decryptor.
 */
import { type ClassModel, type CpEntry, encodeMutf8, readClassModel, utf8 } from './class-model.ts';

export function cipherString(s: string, key: number): string {
  let k = (key ^ s.length) | 0;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    k = (Math.imul(k, 1103515245) + 12345) | 0;
    out += String.fromCharCode(s.charCodeAt(i) ^ ((k >>> 16) & 0x7fff));
  }
  return out;
}

export const decryptorJava = (pkg: string, name: string, key: number): string => `${pkg ? `package ${pkg.replace(/\//g, '.')};\n` : ''}public final class ${name} {
  private ${name}() {}
  public static String d(String s) {
    char[] c = s.toCharArray();
    int k = ${key | 0} ^ c.length;
    for (int i = 0; i < c.length; i++) {
      k = k * 1103515245 + 12345;
      c[i] = (char) (c[i] ^ ((k >>> 16) & 0x7fff));
    }
    // interned like the literal it replaces: code may compare string constants by identity (==)
    return new String(c).intern();
  }
}
`;

const LEN: number[] = (() => {
  const t = new Array<number>(256).fill(1);
  const set = (from: number, to: number, n: number): void => { for (let i = from; i <= to; i++) t[i] = n; };
  set(0x10, 0x10, 2); set(0x11, 0x11, 3); set(0x12, 0x12, 2); set(0x13, 0x14, 3);
  set(0x15, 0x19, 2); set(0x36, 0x3a, 2); set(0x84, 0x84, 3); set(0x99, 0xa8, 3); set(0xa9, 0xa9, 2);
  set(0xb2, 0xb8, 3); set(0xb9, 0xba, 5); set(0xbb, 0xbb, 3); set(0xbc, 0xbc, 2); set(0xbd, 0xbd, 3);
  set(0xc0, 0xc1, 3); set(0xc5, 0xc5, 4); set(0xc6, 0xc7, 3); set(0xc8, 0xc9, 5);
  for (let i = 0xca; i < 256; i++) t[i] = 0; // reserved / invalid
  return t;
})();
const BRANCH16 = (op: number): boolean => (op >= 0x99 && op <= 0xa8) || op === 0xc6 || op === 0xc7;

interface Insn { pc: number; op: number; len: number; npc: number; nlen: number; str?: number }

export interface StringEncryptResult { bytes: Buffer; sites: number; strings: string[]; skippedMethods: number }

/** Encrypts the string constants loaded by this class's code; `owner` is the decryptor class (internal name). */
export function encryptClassStrings(input: Buffer, owner: string, key: number): StringEncryptResult {
  const m = readClassModel(input);
  const b = m.bytes;
  const cp: CpEntry[] = m.cp.map((e) => ({ ...e }) as CpEntry);
  const push = (e: CpEntry): number => cp.push(e) - 1;
  const u8 = new Map<string, number>();
  const utf = (s: string): number => u8.get(s) ?? (u8.set(s, push({ tag: 1, text: s })), u8.get(s)!);
  let methodRef = 0;
  const decryptRef = (): number => {
    if (!methodRef) {
      const cls = push({ tag: 7, ref: utf(owner) });
      const nat = push({ tag: 12, a: utf('d'), b: utf('(Ljava/lang/String;)Ljava/lang/String;') });
      methodRef = push({ tag: 10, a: cls, b: nat });
    }
    return methodRef;
  };
  const encrypted = new Map<number, number>(); // old String index → new String index
  const strings: string[] = [];
  const encFor = (idx: number): number => {
    let n = encrypted.get(idx);
    if (n === undefined) {
      const e = m.cp[idx] as { tag: 8; ref: number };
      const plain = utf8(m, e.ref);
      strings.push(plain);
      n = push({ tag: 8, ref: push({ tag: 1, text: cipherString(plain, key) }) });
      encrypted.set(idx, n);
    }
    return n;
  };
  let sites = 0;
  let skippedMethods = 0;
  const patches: { at: number; end: number; data: Buffer }[] = [];

  // walk to the methods (fields first), as the class-file layout requires
  let p = m.cpEnd + 6;
  p += 2 + b.readUInt16BE(p) * 2;
  const skipAttrs = (q: number): number => {
    const n = b.readUInt16BE(q);
    q += 2;
    for (let i = 0; i < n; i++) q += 6 + b.readUInt32BE(q + 2);
    return q;
  };
  // string constants that stay referenced in clear: ConstantValue, bootstrap arguments, methods left as they were
  const pinned = new Set<number>();
  const pinAttrs = (q: number): number => {
    const n = b.readUInt16BE(q);
    q += 2;
    for (let i = 0; i < n; i++) {
      const name = utf8(m, b.readUInt16BE(q));
      if (name === 'ConstantValue') pinned.add(b.readUInt16BE(q + 6));
      if (name === 'BootstrapMethods') {
        let z = q + 8;
        for (let k = b.readUInt16BE(q + 6); k > 0; k--) {
          const na = b.readUInt16BE(z + 2);
          for (let a = 0; a < na; a++) pinned.add(b.readUInt16BE(z + 4 + a * 2));
          z += 4 + na * 2;
        }
      }
      q += 6 + b.readUInt32BE(q + 2);
    }
    return q;
  };
  const nf = b.readUInt16BE(p);
  p += 2;
  for (let i = 0; i < nf; i++) p = pinAttrs(p + 6);
  const nm = b.readUInt16BE(p);
  p += 2;
  for (let i = 0; i < nm; i++) {
    const n = b.readUInt16BE(p + 6);
    let q = p + 8;
    for (let j = 0; j < n; j++) {
      const len = b.readUInt32BE(q + 2);
      if (utf8(m, b.readUInt16BE(q)) === 'Code') {
        const r = rewriteCode(m, b.subarray(q + 6, q + 6 + len), (idx) => m.cp[idx]?.tag === 8, encFor, decryptRef);
        if (typeof r === 'object' && 'skip' in r) {
          skippedMethods++;
          for (const x of r.skip) pinned.add(x);
        }
        else if (r) {
          sites += r.sites;
          const head = Buffer.alloc(6);
          head.writeUInt16BE(b.readUInt16BE(q), 0);
          head.writeUInt32BE(r.body.length, 2);
          patches.push({ at: q, end: q + 6 + len, data: Buffer.concat([head, r.body]) });
        }
      }
      q += 6 + len;
    }
    p = q;
  }
  pinAttrs(p);
  if (sites === 0) return { bytes: input, sites: 0, strings: [], skippedMethods };
  // the clear text leaves the pool: an encrypted constant nothing else loads points at its ciphertext, and a
  // plain-text Utf8 nothing refers to any more is blanked (never in classes with attributes we do not know)
  for (const [old, enc] of encrypted) if (!pinned.has(old)) (cp[old] as { ref: number }).ref = (cp[enc] as { ref: number }).ref;
  if (!m.opaque) {
    const used = new Set<number>();
    for (const e of cp) {
      if (e.tag === 7 || e.tag === 8 || e.tag === 16 || e.tag === 19 || e.tag === 20) used.add(e.ref);
      else if (e.tag === 12) { used.add(e.a); used.add(e.b); }
    }
    for (const st of m.sites) used.add(b.readUInt16BE(st.at));
    for (const old of encrypted.keys()) {
      const plain = (m.cp[old] as { ref: number }).ref;
      if (!used.has(plain)) (cp[plain] as { text: string }).text = '';
    }
  }
  if (cp.length > 0xffff) throw new Error('constant pool would exceed 65535 entries');
  const parts: Buffer[] = [Buffer.from(b.subarray(0, 8)), Buffer.from([cp.length >> 8, cp.length & 0xff])];
  for (const e of cp.slice(1)) parts.push(cpBytes(e));
  let at = m.cpEnd;
  for (const x of patches) {
    parts.push(Buffer.from(b.subarray(at, x.at)), x.data);
    at = x.end;
  }
  parts.push(Buffer.from(b.subarray(at)));
  return { bytes: Buffer.concat(parts), sites, strings, skippedMethods };
}

export function cpBytes(e: CpEntry): Buffer {
  switch (e.tag) {
    case 0: return Buffer.alloc(0);
    case 1: { const s = encodeMutf8(e.text); return Buffer.concat([Buffer.from([1, s.length >> 8, s.length & 0xff]), s]); }
    case 3: case 4: case 5: case 6: return Buffer.concat([Buffer.from([e.tag]), e.raw]);
    case 7: case 8: case 16: case 19: case 20: return Buffer.from([e.tag, e.ref >> 8, e.ref & 0xff]);
    case 15: return Buffer.from([15, e.kind, e.ref >> 8, e.ref & 0xff]);
    default: return Buffer.from([e.tag, e.a >> 8, e.a & 0xff, e.b >> 8, e.b & 0xff]);
  }
}

const CODE_ATTRS_WITH_PC = new Set(['StackMapTable', 'LineNumberTable', 'LocalVariableTable', 'LocalVariableTypeTable']);

/** The Code attribute body re-laid out, undefined when it loads no string, 'skip' when it cannot be rewritten safely. */
function rewriteCode(m: ClassModel, body: Buffer, isString: (idx: number) => boolean, encFor: (idx: number) => number, ref: () => number): { body: Buffer; sites: number } | undefined | { skip: number[] } {
  const codeLen = body.readUInt32BE(4);
  const code = body.subarray(8, 8 + codeLen);
  const insns: Insn[] = [];
  for (let pc = 0; pc < codeLen; ) {
    const op = code[pc]!;
    let len = LEN[op]!;
    if (op === 0xaa || op === 0xab) {
      const base = (pc + 4) & ~3;
      len = op === 0xaa ? base - pc + 12 + (code.readInt32BE(base + 8) - code.readInt32BE(base + 4) + 1) * 4 : base - pc + 8 + code.readInt32BE(base + 4) * 8;
    } else if (op === 0xc4) len = code[pc + 1] === 0x84 ? 6 : 4;
    if (len <= 0 || pc + len > codeLen) throw new Error(`bad instruction 0x${op.toString(16)} at ${pc}`);
    const insn: Insn = { pc, op, len, npc: 0, nlen: len };
    if (op === 0x12 || op === 0x13) {
      const idx = op === 0x12 ? code[pc + 1]! : code.readUInt16BE(pc + 1);
      if (isString(idx)) insn.str = idx;
    }
    insns.push(insn);
    pc += len;
  }
  if (!insns.some((x) => x.str !== undefined)) return undefined;
  const skip = { skip: insns.filter((x) => x.str !== undefined).map((x) => x.str!) };
  // sub-attributes: only the ones we can remap
  const exAt = 8 + codeLen;
  const exCount = body.readUInt16BE(exAt);
  const attrsAt = exAt + 2 + exCount * 8;
  const nAttr = body.readUInt16BE(attrsAt);
  const attrs: { name: string; data: Buffer }[] = [];
  for (let i = 0, q = attrsAt + 2; i < nAttr; i++) {
    const name = utf8(m, body.readUInt16BE(q));
    const len = body.readUInt32BE(q + 2);
    if (!CODE_ATTRS_WITH_PC.has(name)) return skip;
    attrs.push({ name, data: body.subarray(q + 6, q + 6 + len) });
    q += 6 + len;
  }
  // new layout (a forward pass: a switch's padding depends only on its own new position)
  let npc = 0;
  for (const x of insns) {
    x.npc = npc;
    if (x.str !== undefined) x.nlen = 6;
    else if (x.op === 0xaa || x.op === 0xab) {
      const oldPad = ((x.pc + 4) & ~3) - (x.pc + 1);
      const newPad = ((npc + 4) & ~3) - (npc + 1);
      x.nlen = x.len - oldPad + newPad;
    }
    npc += x.nlen;
  }
  if (npc > 65535) return skip;
  const map = new Map<number, number>(insns.map((x) => [x.pc, x.npc]));
  map.set(codeLen, npc);
  const to = (pc: number): number => {
    const v = map.get(pc);
    if (v === undefined) throw new Error(`offset ${pc} is not an instruction boundary`);
    return v;
  };
  const out = Buffer.alloc(npc);
  let sites = 0;
  for (const x of insns) {
    if (x.str !== undefined) {
      const n = encFor(x.str);
      const r = ref();
      out.set([0x13, n >> 8, n & 0xff, 0xb8, r >> 8, r & 0xff], x.npc);
      sites++;
    } else if (BRANCH16(x.op)) {
      const d = to(x.pc + code.readInt16BE(x.pc + 1)) - x.npc;
      if (d < -32768 || d > 32767) return skip;
      out[x.npc] = x.op;
      out.writeInt16BE(d, x.npc + 1);
    } else if (x.op === 0xc8 || x.op === 0xc9) {
      out[x.npc] = x.op;
      out.writeInt32BE(to(x.pc + code.readInt32BE(x.pc + 1)) - x.npc, x.npc + 1);
    } else if (x.op === 0xaa || x.op === 0xab) {
      const ob = (x.pc + 4) & ~3;
      const nb = (x.npc + 4) & ~3;
      out[x.npc] = x.op;
      const rel = (o: number): number => to(x.pc + code.readInt32BE(o)) - x.npc;
      out.writeInt32BE(rel(ob), nb);
      if (x.op === 0xaa) {
        const lo = code.readInt32BE(ob + 4);
        const hi = code.readInt32BE(ob + 8);
        out.writeInt32BE(lo, nb + 4);
        out.writeInt32BE(hi, nb + 8);
        for (let k = 0; k <= hi - lo; k++) out.writeInt32BE(rel(ob + 12 + k * 4), nb + 12 + k * 4);
      } else {
        const np = code.readInt32BE(ob + 4);
        out.writeInt32BE(np, nb + 4);
        for (let k = 0; k < np; k++) {
          out.writeInt32BE(code.readInt32BE(ob + 8 + k * 8), nb + 8 + k * 8);
          out.writeInt32BE(rel(ob + 12 + k * 8), nb + 12 + k * 8);
        }
      }
    } else code.copy(out, x.npc, x.pc, x.pc + x.len);
  }
  const ex = Buffer.alloc(exCount * 8);
  for (let i = 0; i < exCount; i++) {
    const e = exAt + 2 + i * 8;
    ex.writeUInt16BE(to(body.readUInt16BE(e)), i * 8);
    ex.writeUInt16BE(to(body.readUInt16BE(e + 2)), i * 8 + 2);
    ex.writeUInt16BE(to(body.readUInt16BE(e + 4)), i * 8 + 4);
    ex.writeUInt16BE(body.readUInt16BE(e + 6), i * 8 + 6);
  }
  const newAttrs: Buffer[] = [];
  for (let i = 0, q = attrsAt + 2; i < nAttr; i++) {
    const a = attrs[i]!;
    const data = a.name === 'StackMapTable' ? remapFrames(a.data, to) : remapTable(a.name, a.data, to);
    const head = Buffer.alloc(6);
    head.writeUInt16BE(body.readUInt16BE(q), 0);
    head.writeUInt32BE(data.length, 2);
    newAttrs.push(head, data);
    q += 6 + a.data.length;
  }
  const hdr = Buffer.alloc(8);
  body.copy(hdr, 0, 0, 4); // max_stack, max_locals: ldc_w + invokestatic keeps the stack depth
  hdr.writeUInt32BE(npc, 4);
  const exHead = Buffer.alloc(2);
  exHead.writeUInt16BE(exCount);
  const nHead = Buffer.alloc(2);
  nHead.writeUInt16BE(nAttr);
  return { body: Buffer.concat([hdr, out, exHead, ex, nHead, ...newAttrs]), sites };
}

function remapTable(name: string, d: Buffer, to: (pc: number) => number): Buffer {
  const o = Buffer.from(d);
  const n = d.readUInt16BE(0);
  if (name === 'LineNumberTable') for (let i = 0; i < n; i++) o.writeUInt16BE(to(d.readUInt16BE(2 + i * 4)), 2 + i * 4);
  else
    for (let i = 0; i < n; i++) {
      const s = d.readUInt16BE(2 + i * 10);
      const e = s + d.readUInt16BE(4 + i * 10);
      o.writeUInt16BE(to(s), 2 + i * 10);
      o.writeUInt16BE(to(e) - to(s), 4 + i * 10);
    }
  return o;
}

/** StackMapTable with every frame at its new offset (extended forms when a delta outgrows the short ones). */
function remapFrames(d: Buffer, to: (pc: number) => number): Buffer {
  const n = d.readUInt16BE(0);
  const out: Buffer[] = [d.subarray(0, 2)];
  let q = 2;
  let prevOld = -1;
  let prevNew = -1;
  const vti = (at: number, list: Buffer[]): number => {
    const tag = d[at]!;
    if (tag === 7) { list.push(d.subarray(at, at + 3)); return at + 3; }
    if (tag === 8) { const b = Buffer.alloc(3); b[0] = 8; b.writeUInt16BE(to(d.readUInt16BE(at + 1)), 1); list.push(b); return at + 3; }
    list.push(d.subarray(at, at + 1));
    return at + 1;
  };
  for (let i = 0; i < n; i++) {
    const t = d[q]!;
    let delta: number;
    let rest: Buffer[] = [];
    let kind: 'same' | 'same1' | 'other';
    if (t < 64) { delta = t; kind = 'same'; q += 1; }
    else if (t < 128) { delta = t - 64; kind = 'same1'; q = vti(q + 1, rest); }
    else if (t === 247) { delta = d.readUInt16BE(q + 1); kind = 'same1'; q = vti(q + 3, rest); }
    else if (t >= 248 && t <= 251) { delta = d.readUInt16BE(q + 1); kind = t === 251 ? 'same' : 'other'; q += 3; }
    else if (t >= 252 && t <= 254) { delta = d.readUInt16BE(q + 1); kind = 'other'; q += 3; for (let k = 0; k < t - 251; k++) q = vti(q, rest); }
    else if (t === 255) {
      delta = d.readUInt16BE(q + 1);
      kind = 'other';
      const nl = d.readUInt16BE(q + 3);
      rest.push(d.subarray(q + 3, q + 5));
      q += 5;
      for (let k = 0; k < nl; k++) q = vti(q, rest);
      const ns = d.readUInt16BE(q);
      rest.push(d.subarray(q, q + 2));
      q += 2;
      for (let k = 0; k < ns; k++) q = vti(q, rest);
    } else throw new Error(`reserved stack map frame type ${t}`);
    const oldPc = prevOld + delta + 1;
    const newPc = to(oldPc);
    const nd = newPc - prevNew - 1;
    prevOld = oldPc;
    prevNew = newPc;
    const d2 = Buffer.alloc(2);
    d2.writeUInt16BE(nd);
    if (kind === 'same') out.push(nd < 64 ? Buffer.from([nd]) : Buffer.from([251, d2[0]!, d2[1]!]));
    else if (kind === 'same1') out.push(nd < 64 ? Buffer.from([64 + nd]) : Buffer.from([247, d2[0]!, d2[1]!]), ...rest);
    else out.push(Buffer.from([t, d2[0]!, d2[1]!]), ...rest);
    rest = [];
  }
  if (q !== d.length) throw new Error('stack map table length mismatch');
  return Buffer.concat(out);
}

