/**
 * Virtual-address helpers: which file bytes back an address, and the bytes of
 * a named section. Used by the Objective-C/Swift and strings readers.
 */
import { ZEROFILL_SECTION_TYPES } from './constants.ts';
import type { MachOImage, Section } from './types.ts';

/** File offset backing a virtual address, or undefined when no segment maps it from the file. */
export function vmToFileOffset(image: MachOImage, addr: number): number | undefined {
  for (const seg of image.segments) {
    if (addr >= seg.vmaddr && addr < seg.vmaddr + seg.filesize) {
      const offset = seg.fileoff + (addr - seg.vmaddr);
      return offset < image.data.length ? offset : undefined;
    }
  }
  return undefined;
}

/** The first section with this name in one of the given segments (e.g. ['__DATA', '__DATA_CONST']). */
export function findSection(image: MachOImage, segnames: readonly string[], sectname: string): Section | undefined {
  for (const seg of image.segments) {
    for (const sec of seg.sections) {
      if (sec.sectname === sectname && segnames.includes(sec.segname)) return sec;
    }
  }
  return undefined;
}

/** The bytes of a section, clipped to the image; empty for zero-fill sections. */
export function sectionBytes(image: MachOImage, section: Section): Uint8Array {
  if (ZEROFILL_SECTION_TYPES.has(section.type) || section.offset >= image.data.length) return new Uint8Array(0);
  return image.data.subarray(section.offset, Math.min(image.data.length, section.offset + section.size));
}
