/**
 * Entry point for any Mach-O file: thin or fat. Each fat slice is read on its
 * own; a broken slice becomes a slice error instead of hiding the good ones.
 */
import { FormatError } from '@citadel/engine-core';
import { isFatMagic, readFatArches } from './fat.ts';
import { readMachOImage, thinMagic } from './image.ts';
import type { FatArch, MachOImage } from './types.ts';

export interface MachOSliceError {
  arch: string;
  offset: number;
  error: FormatError;
}

export interface MachOFile {
  kind: 'thin' | 'fat';
  /** The fat header's entries; empty for a thin file. */
  fatArches: FatArch[];
  /** One image per readable slice (one for a thin file). */
  images: MachOImage[];
  /** Fat slices that are not Mach-O (e.g. the ar archives of a universal static library) or are malformed. */
  sliceErrors: MachOSliceError[];
}

/** True when the bytes start with a thin or fat Mach-O magic. */
export function isMachO(bytes: Uint8Array): boolean {
  return thinMagic(bytes) !== undefined || isFatMagic(bytes);
}

export function readMachO(bytes: Uint8Array): MachOFile {
  if (thinMagic(bytes)) return { kind: 'thin', fatArches: [], images: [readMachOImage(bytes, 0)], sliceErrors: [] };
  if (!isFatMagic(bytes)) throw new FormatError('not a Mach-O file (bad magic)', 'macho', 0);
  const fatArches = readFatArches(bytes);
  const images: MachOImage[] = [];
  const sliceErrors: MachOSliceError[] = [];
  for (const arch of fatArches) {
    try {
      images.push(readMachOImage(bytes.subarray(arch.offset, arch.offset + arch.size), arch.offset));
    } catch (error) {
      if (!(error instanceof FormatError)) throw error;
      sliceErrors.push({ arch: arch.arch, offset: arch.offset, error });
    }
  }
  return { kind: 'fat', fatArches, images, sliceErrors };
}
