/**
 * Rust binaries built with cargo-auditable: a `.dep-v0` section (ELF, PE; on
 * Mach-O `__DATA,.dep-v0`) holding zlib-compressed JSON
 *   {"packages": [{"name","version","source","kind","dependencies":[index…],"root"}]}
 * (the format of the rust-secure-code/cargo-auditable project). `source` is
 * "crates.io", "git", "local" or "registry"; `kind` "build" marks build-time
 * crates (build scripts, proc macros) that are not linked into the binary —
 * dev here. The root package is the binary itself: its dependencies are
 * direct. The section is located by parsing the container's section table,
 * bounded: section count, names and the decompressed size are capped.
 */
import { inflateSync } from 'node:zlib';
import { Inventory, type Manifest, ManifestError, pkgKey } from '../model.ts';
import { arr, isObject, obj, str } from './common.ts';

const MAX_SECTIONS = 10_000;
const MAX_JSON = 32 << 20;

/** [offset, size] of a named section, or undefined. Throws on a truncated table. */
export function findSection(b: Uint8Array, name: string): [number, number] | undefined {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const inside = (off: number, len: number): boolean => off >= 0 && len >= 0 && off + len <= b.length;
  const cstr = (off: number, max: number): string => {
    let e = off;
    while (e < b.length && e < off + max && b[e] !== 0) e++;
    return Buffer.from(b.buffer, b.byteOffset + off, e - off).toString('latin1');
  };
  if (b.length >= 52 && b[0] === 0x7f && b[1] === 0x45 && b[2] === 0x4c && b[3] === 0x46) {
    const is64 = b[4] === 2;
    const le = b[5] === 1;
    const u16 = (o: number): number => dv.getUint16(o, le);
    const u32 = (o: number): number => dv.getUint32(o, le);
    const uN = (o: number): number => (is64 ? Number(dv.getBigUint64(o, le)) : u32(o));
    const shoff = uN(is64 ? 0x28 : 0x20);
    const shentsize = u16(is64 ? 0x3a : 0x2e);
    const shnum = u16(is64 ? 0x3c : 0x30);
    const shstrndx = u16(is64 ? 0x3e : 0x32);
    if (shnum === 0 || shnum > MAX_SECTIONS || !inside(shoff, shnum * shentsize) || shstrndx >= shnum) return undefined;
    const sec = (i: number) => {
      const o = shoff + i * shentsize;
      return { name: u32(o), off: uN(o + (is64 ? 0x18 : 0x10)), size: uN(o + (is64 ? 0x20 : 0x14)) };
    };
    const strtab = sec(shstrndx);
    if (!inside(strtab.off, strtab.size)) return undefined;
    for (let i = 0; i < shnum; i++) {
      const s = sec(i);
      if (s.name < strtab.size && cstr(strtab.off + s.name, 256) === name) {
        if (!inside(s.off, s.size)) throw new Error(`section ${name} lies outside the file`);
        return [s.off, s.size];
      }
    }
    return undefined;
  }
  if (b.length >= 64 && b[0] === 0x4d && b[1] === 0x5a) {
    const pe = dv.getUint32(0x3c, true);
    if (!inside(pe, 24) || dv.getUint32(pe, true) !== 0x4550) return undefined;
    const nsec = dv.getUint16(pe + 6, true);
    const optSize = dv.getUint16(pe + 20, true);
    const table = pe + 24 + optSize;
    if (nsec > MAX_SECTIONS || !inside(table, nsec * 40)) return undefined;
    for (let i = 0; i < nsec; i++) {
      const o = table + i * 40;
      if (cstr(o, 8) === name) {
        const size = Math.min(dv.getUint32(o + 8, true) || dv.getUint32(o + 16, true), dv.getUint32(o + 16, true));
        const off = dv.getUint32(o + 20, true);
        if (!inside(off, size)) throw new Error(`section ${name} lies outside the file`);
        return [off, size];
      }
    }
  }
  return undefined;
}

export function parseCargoAuditable(file: string, bytes: Uint8Array): Manifest {
  let sec: [number, number] | undefined;
  try {
    sec = findSection(bytes, '.dep-v0');
  } catch (e) {
    throw new ManifestError(file, `damaged executable: ${(e as Error).message}`);
  }
  if (!sec) throw new ManifestError(file, 'no .dep-v0 section (not built with cargo-auditable)', 'unsupported');
  let doc: unknown;
  try {
    const raw = inflateSync(bytes.subarray(sec[0], sec[0] + sec[1]), { maxOutputLength: MAX_JSON });
    doc = JSON.parse(raw.toString('utf8'));
  } catch (e) {
    throw new ManifestError(file, `the .dep-v0 section is not zlib-compressed JSON: ${String((e as Error).message).slice(0, 160)}`);
  }
  if (!isObject(doc) || !Array.isArray(doc.packages)) throw new ManifestError(file, 'the .dep-v0 section has no packages list');
  const list = doc.packages.map(obj);
  const inv = new Inventory(file);
  const keys: (string | undefined)[] = list.map((p) => {
    const name = str(p.name);
    const version = str(p.version);
    if (!name || !version || p.root === true) return undefined;
    return pkgKey(inv.add({ ecosystem: 'crates.io', name, version, dev: p.kind === 'build', deps: [] }));
  });
  const notes: string[] = [];
  list.forEach((p, i) => {
    const deps = arr(p.dependencies).map((d) => (typeof d === 'number' ? keys[d] : undefined)).filter((k): k is string => !!k);
    if (p.root === true) for (const k of deps) inv.get(k)!.direct = true;
    else if (keys[i]) inv.get(keys[i]!)!.deps = deps;
    if (!p.root && p.source !== undefined && p.source !== 'crates.io' && keys[i]) notes.push(`${p.name} ${p.version}: from ${String(p.source)}, may not be the crates.io release`);
  });
  return { file, format: 'cargo-auditable binary', packages: inv.list(), notes };
}
