/**
 * One handler per format, as unblob does: it names the magic bytes that may
 * start its region, then checks a candidate offset and says how long the region
 * is and what it holds. The scanner (../scan.ts) claims regions in offset order
 * and never lets two overlap.
 */
import type { Blob, FileSystem, LocatorStep, RegionKind, UnpackBudget } from '../model.ts';

export interface Carved {
  length: number;
  kind: RegionKind;
  detail: string;
  /** Decompressed content, scanned again (kernels, nested images). */
  blob?: Blob;
  /** Several decompressed or assembled parts (UBI volumes), each scanned again. */
  blobs?: Blob[];
  filesystem?: FileSystem;
  /** Key facts of a vendor header (model, version …) for the identity check. */
  facts?: Record<string, string>;
  error?: string;
}

export interface HandlerContext {
  budget: UnpackBudget;
  /** Nesting level of the buffer being scanned (0 = the image itself). */
  depth: number;
  /** Read file contents of file systems (off for quick listings: files then get FsNode.load). */
  readContents: boolean;
  /** How the scanner reached the buffer being scanned (file systems record it as their locator). */
  trail?: LocatorStep[];
}

export interface Handler {
  name: string;
  /** Byte strings that may start a region (searched for in the whole buffer). */
  magics: readonly Uint8Array[];
  /** Offset of the region start relative to the magic (negative when the magic is inside). */
  magicOffset?: number;
  /** A general-purpose archive or stream (zip, 7z, gzip, LZMA): inside images it is unpacked, but alone it is no sign of firmware (APKs are zips). */
  generic?: boolean;
  /** Whether to look inside decompressed content too (depth > 0). */
  nested?: boolean;
  /** The region at `off`, or undefined when it is not really one. May throw on a damaged region. */
  carve(buf: Uint8Array, off: number, ctx: HandlerContext): Carved | undefined;
}

export const bytes = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));

export function cString(buf: Uint8Array, start: number, max: number): string {
  let end = start;
  while (end < start + max && end < buf.length && buf[end] !== 0) end++;
  return Buffer.from(buf.subarray(start, end)).toString('latin1').replace(/[^\x20-\x7e]/g, '?');
}
