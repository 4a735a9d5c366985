/**
 * Structural proof that a packed library is the input library once its
 * constructor has run — without running it (an uploaded library is never
 * executed on the server). Everything is read back from the output file:
 * DT_INIT must enter the appended stub, whose bytes equal the compiled stub;
 * the parameter block the stub will use (key, regions, ranges, chained
 * DT_INIT) is parsed from the file and the stub's decryption is replayed in
 * TypeScript over the file bytes (cipher.ts, the same key stream the load
 * tests prove against the C stub). The result must equal the input byte for
 * byte apart from e_phoff/e_phnum and the one dynamic entry (or the .dynamic
 * section header when .dynamic moved). Then: exports, imports and NEEDED are
 * equal, the encrypted strings and listed markers are absent and no 16-byte
 * run of the original .text is left in the file.
 */
import { parseElf, type ElfFile } from '@citadel/engine-core';
import { fnv1a, xorRange } from './cipher.ts';
import { DT_INIT, DT_NULL, PARAMS_HEAD, PARAMS_MAGIC, PT_DYNAMIC, PT_LOAD, dynamicSlots, rawLayout, readWord, type PackRange } from './elf-pack.ts';
import type { Stub } from './stub-build.ts';

export interface PackCheck { id: 'structure' | 'roundtrip' | 'secrecy'; ok: boolean; detail: string }

const sameList = (a: string[], b: string[]): boolean => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

export function verifyPacked(before: Buffer, after: Buffer, stub: Stub, opts: { markers: string[]; strings: string[]; textRange?: PackRange }): PackCheck[] {
  const checks: PackCheck[] = [];
  const bad = (id: PackCheck['id'], detail: string): PackCheck[] => [...checks, { id, ok: false, detail }];
  let a: ElfFile;
  let b: ElfFile;
  try {
    b = parseElf(before);
    a = parseElf(after);
  } catch (e) {
    return bad('structure', `does not parse: ${(e as Error).message}`);
  }
  if (a.warnings.length > b.warnings.length) return bad('structure', `new reader warnings: ${a.warnings.slice(b.warnings.length).join('; ')}`);
  if (!sameList(a.exports, b.exports) || !sameList(a.imports, b.imports) || !sameList(a.dynamic?.needed ?? [], b.dynamic?.needed ?? [])) return bad('structure', 'exports, imports or needed libraries differ');
  const lb = rawLayout(b);
  const la = rawLayout(a);
  const is64 = la.is64;
  const w = la.word;
  const sb = dynamicSlots(before, lb);
  const sa = dynamicSlots(after, la);
  const liveB = sb.slice(0, sb.findIndex((s) => s.tag === DT_NULL));
  const endA = sa.findIndex((s) => s.tag === DT_NULL);
  if (endA < 0) return bad('structure', 'dynamic section without DT_NULL');
  const liveA = sa.slice(0, endA);
  const initB = liveB.find((s) => s.tag === DT_INIT);
  const entry = liveA.find((s) => s.tag === DT_INIT)?.value;
  if (entry === undefined) return bad('structure', 'no DT_INIT');
  // the dynamic entries are the old ones with DT_INIT set to the stub (changed in place or added once)
  const expected = initB ? liveB.map((s) => (s.tag === DT_INIT ? { tag: DT_INIT, value: entry } : s)) : [...liveB, { tag: DT_INIT, value: entry }];
  if (liveA.length !== expected.length || liveA.some((s, i) => s.tag !== expected[i]!.tag || s.value !== expected[i]!.value)) return bad('structure', 'dynamic entries differ beyond DT_INIT');
  const oldLoads = b.programHeaders.filter((p) => p.type === PT_LOAD);
  const oldEnd = Math.max(...oldLoads.map((p) => p.vaddr + p.memsz));
  const seg = a.programHeaders.find((p) => p.type === PT_LOAD && entry >= p.vaddr && entry + stub.code.length <= p.vaddr + p.filesz);
  if (!seg || (seg.flags & 3) !== 1 || seg.vaddr < oldEnd || seg.offset < before.length) return bad('structure', 'DT_INIT does not enter an appended read+execute segment');
  // the stub is linked at 0 and addresses its data page-relatively (aarch64 adrp): it must start on a 4 KiB boundary
  if (entry % 4096 !== 0) return bad('structure', 'the stub does not start on a page boundary');
  const stubOff = seg.offset + (entry - seg.vaddr);
  const newLoads = a.programHeaders.filter((p) => p.type === PT_LOAD);
  if (newLoads.some((p) => (p.flags & 3) === 3)) return bad('structure', 'writable and executable segment');
  for (const p of oldLoads) if (!newLoads.some((q) => q.offset === p.offset && q.vaddr === p.vaddr && q.filesz === p.filesz && q.memsz === p.memsz && q.flags === p.flags)) return bad('structure', 'an original segment changed');
  if (!after.subarray(stubOff, stubOff + stub.code.length).equals(stub.code)) return bad('structure', 'stub code differs from the compiled stub');

  // parameter block, as the stub reads it
  const pAt = stubOff + stub.paramsOffset;
  const word = (i: number): number => readWord(after, pAt + i * w, is64);
  if (pAt + PARAMS_HEAD * w > seg.offset + seg.filesz) return bad('structure', 'parameter block outside the segment');
  if (word(0) !== PARAMS_MAGIC || word(1) !== entry + stub.paramsOffset) return bad('structure', 'parameter block not found');
  if (word(2) !== (initB?.value ?? 0)) return bad('structure', 'the original DT_INIT is not chained');
  const key = word(3) >>> 0;
  const nreg = word(6);
  const nran = word(7);
  if (pAt + (PARAMS_HEAD + nreg * 3 + nran * 2) * w > seg.offset + seg.filesz) return bad('structure', 'parameter tables outside the segment');
  const H = PARAMS_HEAD;
  const regions = Array.from({ length: nreg }, (_, i) => ({ vaddr: word(H + i * 3), len: word(H + 1 + i * 3), prot: word(H + 2 + i * 3) }));
  const ranges = Array.from({ length: nran }, (_, i) => ({ vaddr: word(H + nreg * 3 + i * 2), len: word(H + 1 + nreg * 3 + i * 2) }));
  const ro = (v: number, n: number) => oldLoads.find((p) => (p.flags & 2) === 0 && v >= p.vaddr && v + n <= p.vaddr + p.filesz);
  for (const r of ranges) {
    const s = ro(r.vaddr, r.len);
    if (!s) return bad('structure', `range ${r.vaddr.toString(16)} outside the read-only segments`);
    const g = regions.find((x) => r.vaddr >= x.vaddr && r.vaddr + r.len <= x.vaddr + x.len);
    const prot = ((s.flags & 4) ? 1 : 0) | ((s.flags & 2) ? 2 : 0) | ((s.flags & 1) ? 4 : 0);
    if (!g || g.prot !== prot) return bad('structure', `range ${r.vaddr.toString(16)} not unlocked with its segment's protection`);
  }
  const fileRanges = ranges.map((r) => {
    const s = ro(r.vaddr, r.len)!;
    return { start: s.offset + r.vaddr - s.vaddr, length: r.len };
  });
  if (word(8) !== 0 && (word(9) >>> 0) !== fnv1a(after, fileRanges)) return bad('structure', 'integrity checksum does not match the encrypted bytes');
  checks.push({ id: 'structure', ok: true, detail: `DT_INIT → stub at 0x${entry.toString(16)} (${stub.code.length} bytes)${initB ? `, chains 0x${initB.value.toString(16)}` : ''}; ${nran} encrypted ranges in ${nreg} regions${word(8) ? ', integrity checksum matches' : ''}; ${a.exports.length} exports equal` });

  // replay the stub's decryption over the file bytes and compare with the input
  const copy = Buffer.from(after.subarray(0, before.length));
  fileRanges.forEach((r, i) => xorRange(copy, r.start, r.length, key, i));
  const ref = Buffer.from(before);
  const mask = (o: number, n: number): void => {
    copy.fill(0, o, o + n);
    ref.fill(0, o, o + n);
  };
  mask(is64 ? 0x20 : 0x1c, w);
  mask(is64 ? 0x38 : 0x2c, 2);
  // the section header table was copied to the end with the ".citadel" section added
  mask(is64 ? 0x28 : 0x20, w);
  mask(is64 ? 0x3c : 0x30, 2);
  const dynB = b.programHeaders.find((p) => p.type === PT_DYNAMIC)!;
  const dynA = a.programHeaders.find((p) => p.type === PT_DYNAMIC)!;
  if (dynA.offset === dynB.offset) mask(sa[initB ? liveB.findIndex((s) => s.tag === DT_INIT) : liveB.length]!.at, la.dynEnt);
  else {
    const sec = b.sections.find((s) => s.type === 6);
    if (sec) mask(b.header.shoff + sec.index * b.header.shentsize, b.header.shentsize);
  }
  if (!copy.equals(ref)) {
    let i = 0;
    while (copy[i] === ref[i]) i++;
    return bad('roundtrip', `decrypted file differs from the input at offset 0x${i.toString(16)}`);
  }
  checks.push({ id: 'roundtrip', ok: true, detail: `${ranges.reduce((n, r) => n + r.len, 0)} bytes decrypted by replaying the stub equal the input` });

  // nothing readable left
  const leaked = opts.markers.filter((m) => after.includes(Buffer.from(m, 'utf8')));
  if (leaked.length > 0) return bad('secrecy', `listed strings still in the file: ${leaked.slice(0, 5).join(', ')}`);
  const elsewhere = opts.strings.filter((s) => after.includes(Buffer.from(`${s}\0`, 'utf8'))).length;
  let textLeft = 0;
  let windows = 0;
  if (opts.textRange) {
    const s = ro(opts.textRange.vaddr, opts.textRange.len)!;
    const start = s.offset + opts.textRange.vaddr - s.vaddr;
    const wanted = new Map<number, number[]>();
    for (let o = start; o + 16 <= start + opts.textRange.len; o += 16) {
      if (new Set(before.subarray(o, o + 16)).size < 6) continue; // padding and fill patterns are not code a reader learns from
      windows++;
      const h = hash16(before, o);
      const list = wanted.get(h);
      if (list) list.push(o);
      else wanted.set(h, [o]);
    }
    textLeft = findWindows(after, before, wanted);
    if (textLeft > 0) return bad('secrecy', `${textLeft} of ${windows} 16-byte runs of the original .text still in the file`);
  }
  checks.push({ id: 'secrecy', ok: true, detail: `${opts.strings.length} strings encrypted (${elsewhere} also elsewhere in the file, e.g. as symbol names)${opts.markers.length ? `, ${opts.markers.length} listed strings absent` : ''}${opts.textRange ? `; none of ${windows} 16-byte .text runs left` : ''}` });
  return checks;
}

const B = 0x01000193;
const B15 = Array.from({ length: 15 }).reduce<number>((x) => Math.imul(x, B), 1);

function hash16(b: Buffer, o: number): number {
  let h = 0;
  for (let i = 0; i < 16; i++) h = (Math.imul(h, B) + b[o + i]!) | 0;
  return h;
}

/**
 * How many of the wanted 16-byte windows of `src` (by hash → offsets) occur
 * anywhere in `hay`: one rolling-hash pass over `hay` (Rabin–Karp), each hash
 * hit confirmed byte for byte — linear in the file size, so a large library's
 * .text is checked completely rather than sampled.
 */
function findWindows(hay: Buffer, src: Buffer, wanted: Map<number, number[]>): number {
  if (hay.length < 16 || wanted.size === 0) return 0;
  const found = new Set<number>();
  let h = hash16(hay, 0);
  for (let i = 0; ; i++) {
    const list = wanted.get(h);
    if (list) for (const o of list) if (!found.has(o) && hay.compare(src, o, o + 16, i, i + 16) === 0) found.add(o);
    if (i + 16 >= hay.length) break;
    h = (Math.imul(h - Math.imul(hay[i]!, B15), B) + hay[i + 16]!) | 0;
  }
  return found.size;
}
