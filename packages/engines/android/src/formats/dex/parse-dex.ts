/**
 * Entry point for DEX bytes: one file, or a v41 container holding several
 * DEX files back to back (each header's file_size says where the next begins).
 */
import { ByteReader } from '@citadel/engine-core';
import { DexFile, type DexLimits } from './dex-file.ts';
import { hasDexMagic } from './header.ts';

const MAX_DEX_IN_CONTAINER = 256;

export function parseDex(bytes: Uint8Array, limits: Partial<DexLimits> = {}): DexFile {
  return new DexFile(bytes, 0, limits);
}

/** Every DEX in the bytes: one for versions up to 040, possibly several for a 041 container. */
export function parseDexContainer(bytes: Uint8Array, limits: Partial<DexLimits> = {}): DexFile[] {
  const r = new ByteReader(bytes, 'dex');
  const first = new DexFile(r, 0, limits);
  if (first.header.version !== '041') return [first];
  const out = [first];
  let base = first.header.fileSize;
  const end = Math.min(first.header.containerSize ?? r.length, r.length);
  while (base < end && hasDexMagic(r, base)) {
    if (out.length >= MAX_DEX_IN_CONTAINER) r.fail('too many DEX files in the container', base);
    const next = new DexFile(r, base, limits);
    out.push(next);
    base += next.header.fileSize;
  }
  return out;
}

/** classes.dex, classes2.dex … in the order the runtime loads them. */
export function isDexEntryName(name: string): boolean {
  return /^classes\d*\.dex$/.test(name);
}

export function compareDexEntryNames(a: string, b: string): number {
  const n = (s: string): number => Number(/^classes(\d*)\.dex$/.exec(s)?.[1] || '1');
  return n(a) - n(b);
}
