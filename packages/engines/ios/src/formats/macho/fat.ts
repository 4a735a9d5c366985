/**
 * Fat (universal) headers: FAT_MAGIC (20-byte fat_arch) and FAT_MAGIC_64
 * (32-byte fat_arch_64), always big-endian. Absurd arch counts, slices past the
 * end or inside the header, and overlapping slices are refused.
 */
import { boundedCount, ByteReader } from '@citadel/engine-core';
import { cpuName, FAT_MAGIC, FAT_MAGIC_64 } from './constants.ts';
import type { FatArch } from './types.ts';

/** Real universal files carry 1–5 slices; Java class files share the 0xcafebabe magic with a "count" of 45+. */
export const MAX_FAT_ARCHES = 32;

export function isFatMagic(bytes: Uint8Array): boolean {
  if (bytes.length < 8) return false;
  const magic = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, false);
  return magic === FAT_MAGIC || magic === FAT_MAGIC_64;
}

export function readFatArches(bytes: Uint8Array): FatArch[] {
  const r = new ByteReader(bytes, 'macho-fat', 'be');
  const magic = r.u32(0);
  if (magic !== FAT_MAGIC && magic !== FAT_MAGIC_64) r.fail('not a fat Mach-O (bad magic)', 0);
  const is64 = magic === FAT_MAGIC_64;
  const entrySize = is64 ? 32 : 20;
  const count = boundedCount(r, r.u32(4), 'fat architectures', MAX_FAT_ARCHES, entrySize, 4, r.length - 8);
  if (count === 0) r.fail('fat header lists no architectures', 4);
  const headerEnd = 8 + count * entrySize;
  const arches: FatArch[] = [];
  for (let i = 0, at = 8; i < count; i++, at += entrySize) {
    const cputype = r.i32(at);
    const cpusubtype = r.i32(at + 4);
    const offset = is64 ? r.u64(at + 8) : r.u32(at + 8);
    const size = is64 ? r.u64(at + 16) : r.u32(at + 12);
    const align = is64 ? r.u32(at + 24) : r.u32(at + 16);
    if (offset < headerEnd) r.fail(`slice ${i} starts inside the fat header`, at + 8);
    if (size === 0 || !r.has(offset, size)) r.fail(`slice ${i} (${size} bytes at ${offset}) lies outside the file`, at + 8);
    arches.push({ cputype, cpusubtype, arch: cpuName(cputype, cpusubtype), offset, size, align });
  }
  const sorted = [...arches].sort((a, b) => a.offset - b.offset);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    const next = sorted[i]!;
    if (prev.offset + prev.size > next.offset) r.fail(`slices ${prev.arch} and ${next.arch} overlap`, 8);
  }
  return arches;
}
