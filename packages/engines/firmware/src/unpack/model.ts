/**
 * What unpacking produces: the image's regions (every byte accounted for as
 * unpacked, padding or unknown) and the file systems found in them as lists of
 * nodes. Nodes live in memory only: nothing is ever written to the disk while
 * unpacking, so a symlink is just its target text (never followed to read a
 * file) and a device node is just its type and numbers.
 */

export type NodeType = 'file' | 'dir' | 'symlink' | 'chardev' | 'blockdev' | 'fifo' | 'socket';

export interface FsNode {
  /** Path inside its file system, '/'-separated, starting with '/'. */
  path: string;
  type: NodeType;
  /** Permission bits (and setuid/setgid/sticky), without the type bits. */
  mode: number;
  uid: number;
  gid: number;
  mtime: number;
  /** Declared size (files), target length (symlinks). */
  size: number;
  /** Symlink target as stored, never resolved. */
  target?: string;
  /** Device number (major << 8 | minor as stored). */
  rdev?: number;
  /** File contents, when read. */
  data?: Uint8Array;
  /** Why the contents could not be read (truncated image, bad block …). */
  error?: string;
  /**
   * Reads the contents on demand: set on regular files when the file system was
   * listed without contents (the file viewer reads one file, not the image). May throw.
   */
  load?: () => Uint8Array;
}

/**
 * One step of the way from the image to a file system: the handler whose
 * region starts at `offset` in the current buffer and, for all steps but the
 * last, which of its decompressed blobs the next step is in. Replaying the
 * steps re-carves just that file system (the unpacker is deterministic).
 */
export interface LocatorStep {
  handler: string;
  offset: number;
  blob?: number;
}

export interface FileSystem {
  /** 'squashfs' … */
  kind: string;
  /** e.g. "4.0 le lzma". */
  variant: string;
  offset: number;
  length: number;
  /** Inode count the superblock declares, to compare with what was read. */
  declaredInodes: number;
  nodes: FsNode[];
  /** Problems met while reading (partial results). */
  errors: string[];
  /** Where it is: set by the scanner (../carve/locate.ts replays it). */
  locator?: LocatorStep[];
}

export type RegionKind = 'header' | 'filesystem' | 'compressed' | 'bootloader' | 'padding' | 'unknown';

export interface Region {
  offset: number;
  length: number;
  kind: RegionKind;
  /** The handler that claimed it ("tplink", "squashfs", "lzma" …), or "padding"/"unknown". */
  handler: string;
  /** Shannon entropy in bits per byte (0–8). */
  entropy: number;
  /** Human detail: what the header says, what was decompressed. */
  detail?: string;
  /** The region could not be unpacked completely: why. */
  error?: string;
  /** Regions found inside this one's decompressed content. */
  children?: Region[];
}

/** A decompressed blob (kernel, nested image) kept for analysis (banners, identity). */
export interface Blob {
  name: string;
  data: Uint8Array;
}

export interface UnpackLimits {
  /** Nesting of containers inside decompressed content. */
  maxDepth: number;
  /** Sum of all decompressed bytes (files and blobs). */
  maxTotalBytes: number;
  /** Decompressed / compressed, per stream, above a 1 MiB floor. */
  maxRatio: number;
  /** File system nodes over all file systems. */
  maxNodes: number;
  /** Directory nesting inside a file system. */
  maxPathDepth: number;
}

export const DEFAULT_LIMITS: UnpackLimits = {
  maxDepth: 4,
  maxTotalBytes: 1 << 30,
  maxRatio: 200,
  maxNodes: 200_000,
  maxPathDepth: 64,
};

/** Budget shared by everything unpacked from one image. */
export class UnpackBudget {
  bytes = 0;
  nodes = 0;
  constructor(readonly limits: UnpackLimits) {}

  /** Room for `n` more decompressed bytes, or an error message. */
  takeBytes(n: number): string | undefined {
    if (this.bytes + n > this.limits.maxTotalBytes) return `total unpacked size over the limit of ${this.limits.maxTotalBytes} bytes`;
    this.bytes += n;
    return undefined;
  }

  /** The most a stream of `compressed` bytes may expand to under the ratio and total limits. */
  maxOut(compressed: number): number {
    return Math.max(0, Math.min(this.limits.maxTotalBytes - this.bytes, Math.max(1 << 20, compressed * this.limits.maxRatio)));
  }

  takeNode(): boolean {
    if (this.nodes >= this.limits.maxNodes) return false;
    this.nodes++;
    return true;
  }
}

export class UnpackError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnpackError';
  }
}
