/**
 * What squashfs 3.x and 4.0 share: block decompression (by the superblock's
 * compressor, or for 3.x — which has no compressor field — by sniffing zlib vs
 * LZMA as the vendor "sqlzma" kernels did), metadata tables decoded whole into
 * one buffer with a map from on-disk block position to buffer position, and
 * the directory walk that turns inodes into nodes with loop and depth checks.
 */
import { inflateSync } from 'node:zlib';
import { LzmaError, decodeProps, lzmaDecodeRaw, readAloneHeader } from '../../decompress/lzma.ts';
import { lz4BlockDecompress } from '../../decompress/lz4.ts';
import { lzo1xDecompress } from '../../decompress/lzo.ts';
import { xzDecompress } from '../../decompress/xz.ts';
import { zstdDecompress } from '../../decompress/zstd.ts';
import type { FsNode, NodeType, UnpackBudget } from '../model.ts';

/** Set in a block or fragment size word when the data is stored uncompressed (SQUASHFS_COMPRESSED_BIT_BLOCK). */
export const COMPRESSED_BIT_BLOCK = 1 << 24;

export type Compressor = 'gzip' | 'lzma' | 'lzo' | 'xz' | 'lz4' | 'zstd' | 'sniff';

export const V4_COMPRESSORS: Record<number, Compressor> = { 1: 'gzip', 2: 'lzma', 3: 'lzo', 4: 'xz', 5: 'lz4', 6: 'zstd' };

/** Decompresses one block of at most `max` bytes. */
export function decompressBlock(comp: Compressor, src: Uint8Array, max: number): Uint8Array {
  if (comp === 'gzip' || (comp === 'sniff' && src[0] === 0x78)) return new Uint8Array(inflateSync(src, { maxOutputLength: Math.max(1, max) }));
  if (comp === 'lzma' || comp === 'sniff') {
    const h = readAloneHeader(src, 0);
    if (h && (h.size === undefined || h.size <= max)) {
      try {
        return lzmaDecodeRaw(src, 13, h.props, h.size, max).data;
      } catch (e) {
        if (!(e instanceof LzmaError) || h.size !== undefined) throw e;
      }
    }
    // Vendor variant: raw LZMA with the usual lc=3 lp=0 pb=2 and no header.
    return lzmaDecodeRaw(src, 0, decodeProps(0x5d, 1 << 23)!, undefined, max).data;
  }
  if (comp === 'xz') return xzDecompress(src, max);
  if (comp === 'zstd') return zstdDecompress(src, max);
  if (comp === 'lzo') return lzo1xDecompress(src, max);
  if (comp === 'lz4') return lz4BlockDecompress(src, max);
  throw new Error(`squashfs compressor ${comp} is not supported`);
}

export class Endian {
  constructor(
    readonly buf: Uint8Array,
    readonly le: boolean,
  ) {}
  private dv(o: number, n: number): DataView {
    if (o < 0 || o + n > this.buf.length) throw new RangeError(`read of ${n} bytes at ${o} is outside the data (${this.buf.length})`);
    return new DataView(this.buf.buffer, this.buf.byteOffset + o, n);
  }
  u16(o: number): number {
    return this.dv(o, 2).getUint16(0, this.le);
  }
  s16(o: number): number {
    return this.dv(o, 2).getInt16(0, this.le);
  }
  u32(o: number): number {
    return this.dv(o, 4).getUint32(0, this.le);
  }
  u64(o: number): number {
    const v = this.dv(o, 8).getBigUint64(0, this.le);
    return v > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(v);
  }
}

/** A metadata table decoded whole: `data` and the buffer position of each on-disk block (relative to the table start). */
export interface MetaTable {
  data: Uint8Array;
  blocks: Map<number, number>;
}

const META = 8192;

/**
 * Decodes the metadata blocks from `start` (absolute in the image) up to `end`.
 * `checkByte`: 3.x file systems made with -check have one byte after each header.
 */
export function readMetaTable(img: Uint8Array, le: boolean, start: number, end: number, comp: Compressor, checkByte: boolean, errors: string[]): MetaTable {
  const r = new Endian(img, le);
  const parts: Uint8Array[] = [];
  const blocks = new Map<number, number>();
  let pos = start;
  let total = 0;
  const stop = Math.min(end, img.length);
  while (pos + 2 <= stop) {
    const h = r.u16(pos);
    const size = h & 0x7fff;
    const raw = (h & 0x8000) !== 0;
    const body = pos + 2 + (checkByte ? 1 : 0);
    if (size === 0 || body + size > img.length) {
      errors.push(`metadata block at ${pos} runs past the image`);
      break;
    }
    blocks.set(pos - start, total);
    try {
      const d = raw ? img.subarray(body, body + size) : decompressBlock(comp, img.subarray(body, body + size), META);
      parts.push(d);
      total += d.length;
    } catch (e) {
      errors.push(`metadata block at ${pos}: ${(e as Error).message}`);
      break;
    }
    pos = body + size;
  }
  const data = new Uint8Array(total);
  let o = 0;
  for (const p of parts) {
    data.set(p, o);
    o += p.length;
  }
  return { data, blocks };
}

/** One metadata block at `pos` (absolute), decoded. */
export function readMetaBlock(img: Uint8Array, le: boolean, pos: number, comp: Compressor, checkByte: boolean): Uint8Array {
  const h = new Endian(img, le).u16(pos);
  const size = h & 0x7fff;
  const body = pos + 2 + (checkByte ? 1 : 0);
  if (size === 0 || body + size > img.length) throw new Error(`metadata block at ${pos} runs past the image`);
  return h & 0x8000 ? img.subarray(body, body + size) : decompressBlock(comp, img.subarray(body, body + size), META);
}

/** A table behind an index of u64 block pointers (fragments, ids; u32 pointers in squashfs 2.x), decoded up to `bytes` bytes. */
export function readIndexed(img: Uint8Array, le: boolean, indexAt: number, bytes: number, comp: Compressor, checkByte: boolean, pointerBytes: 4 | 8 = 8): Uint8Array {
  if (bytes > 64 << 20) throw new Error(`table of ${bytes} bytes is implausible`);
  const r = new Endian(img, le);
  const out = new Uint8Array(bytes);
  let o = 0;
  for (let i = 0; o < bytes; i++) {
    const b = readMetaBlock(img, le, pointerBytes === 8 ? r.u64(indexAt + i * 8) : r.u32(indexAt + i * 4), comp, checkByte);
    out.set(b.subarray(0, Math.min(b.length, bytes - o)), o);
    o += Math.min(b.length, META);
  }
  return out;
}

/** Buffer position of (block, offset) in a table, or undefined when the block is not one of its blocks. */
/**
 * Fragment blocks, read from the fragment table on demand and cached (64 at a time). The table's entry is
 * 8 bytes with a 32-bit start in 2.x, 16 bytes with a 64-bit start in 3.x and 4.0; the size word follows the start.
 */
export function fragmentReader(
  img: Uint8Array,
  table: { le: boolean; at: number; count: number; blockSize: number; entry: 8 | 16; comp: Compressor; checkByte: boolean },
): (index: number) => Uint8Array {
  let entries: Uint8Array | undefined;
  const cache = new Map<number, Uint8Array>();
  return (index) => {
    const hit = cache.get(index);
    if (hit) return hit;
    if (index >= table.count) throw new Error(`fragment ${index} out of range (${table.count})`);
    entries ??= readIndexed(img, table.le, table.at, table.count * table.entry, table.comp, table.checkByte, table.entry === 8 ? 4 : 8);
    const e = new Endian(entries, table.le);
    const start = table.entry === 8 ? e.u32(index * 8) : e.u64(index * 16);
    const word = e.u32(index * table.entry + (table.entry === 8 ? 4 : 8));
    const size = word & ~COMPRESSED_BIT_BLOCK & 0xffffff;
    if (start + size > img.length) throw new Error(`fragment ${index} runs past the image (truncated file system)`);
    const src = img.subarray(start, start + size);
    const d = word & COMPRESSED_BIT_BLOCK ? src : decompressBlock(table.comp, src, table.blockSize);
    if (cache.size > 64) cache.clear();
    cache.set(index, d);
    return d;
  };
}

export function metaPos(t: MetaTable, block: number, offset: number): number | undefined {
  const b = t.blocks.get(block);
  return b === undefined || b + offset > t.data.length ? undefined : b + offset;
}

/** An inode as both versions read it: enough to list directories and read files. */
export interface Inode {
  type: NodeType;
  mode: number;
  uid: number;
  gid: number;
  mtime: number;
  number: number;
  /** dir: listing location and size; file: data location. */
  startBlock: number;
  offset: number;
  fileSize: number;
  fragment: number;
  fragOffset: number;
  blockSizes: number[];
  target?: string;
  rdev?: number;
}

export interface DirEntry {
  name: string;
  /** Inode reference: block (relative to the inode table) and offset. */
  block: number;
  offset: number;
}

/** What a version-specific reader gives the walk. */
export interface SquashReader {
  root: { block: number; offset: number };
  inode(block: number, offset: number): Inode;
  list(dir: Inode): DirEntry[];
  readFile(ino: Inode): Uint8Array;
}

/** Names we refuse: they would escape the tree or are not names at all. */
function badName(name: string): boolean {
  return name === '' || name === '.' || name === '..' || name.includes('/') || name.includes('\0');
}

/**
 * Walks the tree from the root: each directory once (a directory reached twice is a
 * loop and skipped), names checked, depth and node count bounded by the budget.
 */
export function walk(reader: SquashReader, budget: UnpackBudget, errors: string[], readContents: boolean): FsNode[] {
  const nodes: FsNode[] = [];
  const seenDirs = new Set<string>();
  const visit = (ref: { block: number; offset: number }, path: string, depth: number): void => {
    let ino: Inode;
    try {
      ino = reader.inode(ref.block, ref.offset);
    } catch (e) {
      errors.push(`${path || '/'}: inode unreadable: ${(e as Error).message}`);
      return;
    }
    if (!budget.takeNode()) {
      if (!errors.includes('node limit')) errors.push(`node limit of ${budget.limits.maxNodes} reached; the rest of the file system was not read`);
      return;
    }
    const node: FsNode = { path: path || '/', type: ino.type, mode: ino.mode, uid: ino.uid, gid: ino.gid, mtime: ino.mtime, size: ino.type === 'file' ? ino.fileSize : ino.type === 'symlink' ? (ino.target?.length ?? 0) : 0 };
    if (ino.target !== undefined) node.target = ino.target;
    if (ino.rdev !== undefined) node.rdev = ino.rdev;
    nodes.push(node);
    if (ino.type === 'file' && !readContents) node.load = () => reader.readFile(ino);
    if (ino.type === 'file' && readContents) {
      const err = budget.takeBytes(ino.fileSize);
      if (err) node.error = err;
      else {
        try {
          node.data = reader.readFile(ino);
        } catch (e) {
          node.error = (e as Error).message;
          errors.push(`${node.path}: ${node.error}`);
        }
      }
    }
    if (ino.type !== 'dir') return;
    const key = `${ref.block}:${ref.offset}`;
    if (seenDirs.has(key)) {
      errors.push(`${node.path}: directory loop (inode ${ino.number} seen before); not followed`);
      return;
    }
    seenDirs.add(key);
    if (depth >= budget.limits.maxPathDepth) {
      errors.push(`${node.path}: deeper than ${budget.limits.maxPathDepth} levels; not read`);
      return;
    }
    let entries: DirEntry[];
    try {
      entries = reader.list(ino);
    } catch (e) {
      errors.push(`${node.path}: directory unreadable: ${(e as Error).message}`);
      return;
    }
    for (const e of entries) {
      if (badName(e.name)) {
        errors.push(`${node.path}: entry name ${JSON.stringify(e.name)} refused`);
        continue;
      }
      visit(e, `${path}/${e.name}`, depth + 1);
    }
  };
  visit(reader.root, '', 0);
  return nodes;
}

/** Reads a regular file's blocks (and tail fragment) into one buffer of its declared size. */
export function assembleFile(
  img: Uint8Array,
  ino: Inode,
  blockSize: number,
  compressedBit: number,
  comp: Compressor,
  fragment: (index: number) => Uint8Array,
): Uint8Array {
  const out = new Uint8Array(ino.fileSize);
  let pos = ino.startBlock;
  let o = 0;
  for (const word of ino.blockSizes) {
    const size = word & ~compressedBit & 0xffffff;
    const raw = (word & compressedBit) !== 0;
    const want = Math.min(blockSize, ino.fileSize - o);
    if (size === 0) {
      o += want; // sparse block: zeros
      continue;
    }
    if (pos + size > img.length) throw new Error(`data block at ${pos} runs past the image (truncated file system)`);
    const d = raw ? img.subarray(pos, pos + size) : decompressBlock(comp, img.subarray(pos, pos + size), blockSize);
    out.set(d.subarray(0, Math.min(d.length, want)), o);
    o += want;
    pos += size;
  }
  if (ino.fragment !== 0xffffffff && o < ino.fileSize) {
    const frag = fragment(ino.fragment);
    const need = ino.fileSize - o;
    if (ino.fragOffset + need > frag.length) throw new Error(`fragment ${ino.fragment} is shorter than the file's tail`);
    out.set(frag.subarray(ino.fragOffset, ino.fragOffset + need), o);
  }
  return out;
}

/** File-type bits of a squashfs inode type number (both versions share 1–7; 4.0 adds 8–14 as long forms). */
export function nodeType(t: number): NodeType | undefined {
  switch (t) {
    case 1:
    case 8:
      return 'dir';
    case 2:
    case 9:
      return 'file';
    case 3:
    case 10:
      return 'symlink';
    case 4:
    case 11:
      return 'blockdev';
    case 5:
    case 12:
      return 'chardev';
    case 6:
    case 13:
      return 'fifo';
    case 7:
    case 14:
      return 'socket';
    default:
      return undefined;
  }
}

const dec = new TextDecoder('utf-8', { fatal: false });
export const text = (b: Uint8Array): string => dec.decode(b);
