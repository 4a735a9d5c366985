/**
 * Renaming of a JAR's internals (what ProGuard's obfuscation step does, for
 * the part that is safe without the platform's class hierarchy): non-public
 * top-level classes get short names in their own package (package access
 * still works), private fields and methods get short names. Public and
 * protected API, constructors, native methods, serialization hooks, classes
 * and members matched by keep rules (the strategy's list and the AAR's
 * consumer rules) and names that appear as string constants (likely
 * reflection) are kept. Non-private members are never renamed: without the
 * Android/JDK class files (Debian's proguard-cli 6.2.2 cannot read JDK 17's
 * class files) an override of a library method cannot be ruled out.
 *
 * Why not ProGuard: proguard-cli 6.2.2 stops on JDK 17's java.base.jmod
 * ("Unsupported version number [61.0] (maximum 57.0, Java 13)"), and running
 * it without library classes would rename overrides of library methods.
 */
import { type ClassModel, type CpEntry, className, encodeMutf8, readClassModel, utf8 } from './class-model.ts';

const ACC_PUBLIC = 0x1;
const ACC_PRIVATE = 0x2;
const ACC_NATIVE = 0x100;
const ACC_ANNOTATION = 0x2000;
const ACC_MODULE = 0x8000;
const SERIAL = new Set(['serialVersionUID', 'serialPersistentFields', 'writeObject', 'readObject', 'readObjectNoData', 'writeReplace', 'readResolve']);

export interface RenameResult {
  /** entry name → new entry name and bytes */
  classes: Map<string, { name: string; bytes: Buffer }>;
  classMap: Map<string, string>;
  /** owner → "f:name:desc" → new name */
  memberMap: Map<string, Map<string, string>>;
  membersRenamed: number;
  /** renamed member names used by nothing kept (no kept member, outside reference or string has them): must be gone */
  goneMemberNames: Set<string>;
}

/** Short names: a, b, …, z, aa, ab … skipping taken ones (compared case-insensitively for class files on such file systems). */
function* shortNames(taken: (n: string) => boolean): Generator<string> {
  for (let i = 0; ; i++) {
    let n = '';
    let k = i;
    do {
      n = String.fromCharCode(97 + (k % 26)) + n;
      k = Math.floor(k / 26) - 1;
    } while (k >= 0);
    if (!taken(n)) yield n;
  }
}

/** Class names inside a descriptor or generic signature mapped ("Lold;" → "Lnew;", also before "<" and "."). */
export function mapDescriptor(s: string, classMap: Map<string, string>): string {
  if (classMap.size === 0 || !s.includes('L')) return s;
  return s.replace(/L([^;<>.:[]+)(?=[;<.])/g, (all, n: string) => (classMap.has(n) ? `L${classMap.get(n)}` : all));
}

/**
 * Keep rules as internal-name prefixes: "" or "*" keeps everything, "pkg/" a
 * package, "pkg/Name*" a prefix, "pkg/Name" the class, its nested classes and
 * (as a package) anything below it.
 */
export function keepMatches(keep: string[], name: string): boolean {
  return keep.some((k) => {
    if (k === '' || k === '*') return true;
    if (k.endsWith('*')) return name.startsWith(k.slice(0, -1));
    if (k.endsWith('/')) return name.startsWith(k);
    return name === k || name.startsWith(`${k}/`) || name.startsWith(`${k}$`);
  });
}

/** `plainStrings`: strings of the JAR that string encryption has already turned into ciphertext (still reflection candidates). */
export function renameJar(entries: Map<string, Buffer>, keep: string[], plainStrings: Iterable<string> = []): RenameResult {
  const models = new Map<string, { entry: string; m: ClassModel }>();
  const strings = new Set<string>(plainStrings);
  for (const [entry, bytes] of entries) {
    const m = readClassModel(bytes);
    models.set(className(m, m.thisClass), { entry, m });
    for (const e of m.cp) if (e.tag === 8) strings.add(utf8(m, e.ref));
  }
  const reflected = (n: string): boolean => strings.has(n) || strings.has(n.replace(/\//g, '.'));
  const lower = new Set([...models.keys()].map((n) => n.toLowerCase()));
  const classMap = new Map<string, string>();
  for (const [name, { m }] of models) {
    if ((m.access & (ACC_PUBLIC | ACC_ANNOTATION | ACC_MODULE)) !== 0 || m.nested || m.opaque || name.endsWith('package-info') || name === 'module-info' || keepMatches(keep, name) || reflected(name)) continue;
    // a class that is the outer class of nested ones keeps its name: their names and InnerClasses entries derive from it
    if ([...models.keys()].some((n) => n.startsWith(`${name}$`))) continue;
    const pkg = name.includes('/') ? name.slice(0, name.lastIndexOf('/') + 1) : '';
    const next = shortNames((n) => lower.has(`${pkg}${n}`.toLowerCase()) || models.has(`${pkg}${n}`)).next().value!;
    classMap.set(name, pkg + next);
    lower.add(`${pkg}${next}`.toLowerCase());
  }
  const memberMap = new Map<string, Map<string, string>>();
  let membersRenamed = 0;
  for (const [name, { m }] of models) {
    if (m.opaque || keepMatches(keep, name)) continue;
    const map = new Map<string, string>();
    const renamable = m.members.filter((x) => {
      const n = utf8(m, x.nameIdx);
      return (x.access & ACC_PRIVATE) !== 0 && (x.access & ACC_NATIVE) === 0 && !n.startsWith('<') && !SERIAL.has(n) && !reflected(n);
    });
    const kept = new Set(m.members.filter((x) => !renamable.includes(x)).map((x) => utf8(m, x.nameIdx)));
    const gen = shortNames((n) => kept.has(n));
    for (const x of renamable) {
      map.set(`${x.field ? 'f' : 'm'}:${utf8(m, x.nameIdx)}:${utf8(m, x.descIdx)}`, gen.next().value!);
      membersRenamed++;
    }
    if (map.size > 0) memberMap.set(name, map);
  }
  const goneMemberNames = new Set([...memberMap.values()].flatMap((mm) => [...mm.keys()].map((k) => k.split(':')[1]!)));
  for (const [owner, { m }] of models) {
    const renamed = memberMap.get(owner);
    for (const x of m.members) if (!renamed?.has(`${x.field ? 'f' : 'm'}:${utf8(m, x.nameIdx)}:${utf8(m, x.descIdx)}`)) goneMemberNames.delete(utf8(m, x.nameIdx));
    for (const e of m.cp) {
      if (e.tag === 8) goneMemberNames.delete(utf8(m, e.ref));
      if (e.tag === 9 || e.tag === 10 || e.tag === 11) {
        // a reference that is not to a renamed member keeps its name (e.g. an inherited platform field through a subclass)
        const nt = m.cp[e.b];
        if (nt?.tag === 12 && !memberMap.get(className(m, e.a))?.has(`${e.tag === 9 ? 'f' : 'm'}:${utf8(m, nt.a)}:${utf8(m, nt.b)}`)) goneMemberNames.delete(utf8(m, nt.a));
      }
      if (e.tag === 17 || e.tag === 18) {
        const nt = m.cp[e.b];
        if (nt?.tag === 12) goneMemberNames.delete(utf8(m, nt.a));
      }
    }
    // names in attributes that stay as they are (annotation elements, parameter names, attribute names …)
    for (const st of m.sites) if (st.kind === 'other') goneMemberNames.delete(utf8(m, m.bytes.readUInt16BE(st.at)));
  }
  const classes = new Map<string, { name: string; bytes: Buffer }>();
  for (const [name, { entry, m }] of models) {
    const renamed = classMap.get(name);
    classes.set(entry, { name: renamed ? entry.slice(0, entry.length - name.length - 6) + `${renamed}.class` : entry, bytes: rewrite(m, classMap, memberMap) });
  }
  return { classes, classMap, memberMap, membersRenamed, goneMemberNames };
}

function rewrite(m: ClassModel, classMap: Map<string, string>, memberMap: Map<string, Map<string, string>>): Buffer {
  const cp: CpEntry[] = m.cp.map((e) => ({ ...e }) as CpEntry);
  const utf8Ids = new Map<string, number>();
  cp.forEach((e, i) => { if (e.tag === 1 && !utf8Ids.has(e.text)) utf8Ids.set(e.text, i); });
  const u = (text: string): number => {
    let i = utf8Ids.get(text);
    if (i === undefined) {
      i = cp.push({ tag: 1, text }) - 1;
      utf8Ids.set(text, i);
    }
    return i;
  };
  const nats = new Map<string, number>();
  const nat = (a: number, b: number): number => {
    const k = `${a}:${b}`;
    let i = nats.get(k);
    if (i === undefined) {
      i = cp.push({ tag: 12, a, b }) - 1;
      nats.set(k, i);
    }
    return i;
  };
  const text = (i: number): string => utf8(m, i);
  const mapClass = (n: string): string => (n.startsWith('[') ? mapDescriptor(n, classMap) : (classMap.get(n) ?? n));
  const mapMember = (owner: string, field: boolean, name: string, desc: string): string => memberMap.get(owner)?.get(`${field ? 'f' : 'm'}:${name}:${desc}`) ?? name;
  const natFor = (owner: string, field: boolean, natIdx: number): number => {
    const e = m.cp[natIdx];
    if (!e || e.tag !== 12) throw new Error(`constant ${natIdx} is not a NameAndType`);
    const name = text(e.a);
    const desc = text(e.b);
    const nn = mapMember(owner, field, name, desc);
    const nd = mapDescriptor(desc, classMap);
    return nn === name && nd === desc ? natIdx : nat(u(nn), u(nd));
  };
  const n0 = m.cp.length;
  for (let i = 1; i < n0; i++) {
    const e = cp[i]!;
    if (e.tag === 7) {
      const old = text(e.ref);
      const nw = mapClass(old);
      if (nw !== old) e.ref = u(nw);
    } else if (e.tag === 16) {
      const old = text(e.ref);
      const nw = mapDescriptor(old, classMap);
      if (nw !== old) e.ref = u(nw);
    } else if (e.tag === 9 || e.tag === 10 || e.tag === 11) {
      e.b = natFor(className(m, e.a), e.tag === 9, e.b);
    } else if (e.tag === 17 || e.tag === 18) {
      e.b = natFor('', false, e.b);
    }
  }
  const patches = new Map<number, number>();
  const self = className(m, m.thisClass);
  for (const s of m.sites) {
    const old = m.bytes.readUInt16BE(s.at);
    const value = text(old);
    let nw = value;
    if (s.kind === 'member-name') nw = mapMember(self, s.member!.field, value, text(s.member!.desc));
    else if (s.kind === 'descriptor' || s.kind === 'signature' || s.kind === 'annotation-type') nw = mapDescriptor(value, classMap);
    if (nw !== value) patches.set(s.at, u(nw));
  }
  for (const at of m.enclosing) {
    const natIdx = m.bytes.readUInt16BE(at + 2);
    if (natIdx !== 0) {
      const n = natFor(className(m, m.bytes.readUInt16BE(at)), false, natIdx);
      if (n !== natIdx) patches.set(at + 2, n);
    }
  }
  if (!m.opaque) {
    // NameAndType entries no reference uses any more, then Utf8 entries nothing refers to: blanked so old names leave the file
    const usedNat = new Set<number>();
    for (const e of cp) if (e.tag === 9 || e.tag === 10 || e.tag === 11 || e.tag === 17 || e.tag === 18) usedNat.add(e.b);
    for (const at of m.enclosing) usedNat.add(patches.get(at + 2) ?? m.bytes.readUInt16BE(at + 2));
    // HotSpot checks every NameAndType, used or not (non-empty legal name and descriptor): "_" of type int stands in
    const blankName = u('_');
    const blankType = u('I');
    cp.forEach((e, i) => { if (e.tag === 12 && !usedNat.has(i)) { e.a = blankName; e.b = blankType; } });
    const used = new Set<number>([blankName, blankType]);
    for (const e of cp) {
      if (e.tag === 7 || e.tag === 8 || e.tag === 16 || e.tag === 19 || e.tag === 20) used.add(e.ref);
      else if (e.tag === 12) { used.add(e.a); used.add(e.b); }
    }
    for (const s of m.sites) used.add(patches.get(s.at) ?? m.bytes.readUInt16BE(s.at));
    cp.forEach((e, i) => { if (e.tag === 1 && !used.has(i)) e.text = ''; });
  }
  if (cp.length > 0xffff) throw new Error('constant pool would exceed 65535 entries');
  const parts: Buffer[] = [Buffer.from(m.bytes.subarray(0, 8)), Buffer.from([cp.length >> 8, cp.length & 0xff])];
  for (const e of cp.slice(1)) {
    switch (e.tag) {
      case 0: break;
      case 1: { const b = encodeMutf8(e.text); parts.push(Buffer.from([1, b.length >> 8, b.length & 0xff]), b); break; }
      case 3: case 4: case 5: case 6: parts.push(Buffer.from([e.tag]), e.raw); break;
      case 7: case 8: case 16: case 19: case 20: parts.push(Buffer.from([e.tag, e.ref >> 8, e.ref & 0xff])); break;
      case 15: parts.push(Buffer.from([15, e.kind, e.ref >> 8, e.ref & 0xff])); break;
      default: parts.push(Buffer.from([e.tag, e.a >> 8, e.a & 0xff, e.b >> 8, e.b & 0xff]));
    }
  }
  const rest = Buffer.from(m.bytes.subarray(m.cpEnd));
  for (const [at, v] of patches) rest.writeUInt16BE(v, at - m.cpEnd);
  parts.push(rest);
  return Buffer.concat(parts);
}
