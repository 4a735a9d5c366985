/**
 * Test utility: writes a small little-endian squashfs 4.0 image (data blocks
 * gzip-compressed or stored, metadata stored, no fragments) from a tree of
 * files, directories, symlinks and device nodes, so tests build their inputs
 * in code instead of shipping binary blobs. Directories are written after their
 * children, so every directory entry can name its child's inode position.
 */
import { deflateSync } from 'node:zlib';
import { xz } from '@napi-rs/lzma';
import { lz4Compress, lzo1xCompress } from './lz-writers.ts';

export type TestNode =
  | { type: 'file'; data: Uint8Array | string; mode?: number }
  | { type: 'dir'; children: Record<string, TestNode>; mode?: number }
  | { type: 'symlink'; target: string }
  | { type: 'chardev'; rdev: number };

const BLOCK = 4096;
const META = 8192;

class Bytes {
  private parts: number[] = [];
  get length(): number {
    return this.parts.length;
  }
  u8(v: number): this {
    this.parts.push(v & 0xff);
    return this;
  }
  u16(v: number): this {
    return this.u8(v).u8(v >>> 8);
  }
  u32(v: number): this {
    return this.u16(v & 0xffff).u16(Math.floor(v / 65536));
  }
  u64(v: number): this {
    return this.u32(v % 2 ** 32).u32(Math.floor(v / 2 ** 32));
  }
  raw(b: Uint8Array): this {
    for (const x of b) this.parts.push(x);
    return this;
  }
  bytes(): Uint8Array {
    return Uint8Array.from(this.parts);
  }
}

/** Splits a table into stored (uncompressed) 8 KiB metadata blocks. */
function metaBlocks(table: Uint8Array): Uint8Array {
  const out = new Bytes();
  for (let i = 0; i < table.length; i += META) {
    const chunk = table.subarray(i, i + META);
    out.u16(chunk.length | 0x8000).raw(chunk);
  }
  return out.bytes();
}
const ref = (u: number): { block: number; offset: number } => ({ block: Math.floor(u / META) * (META + 2), offset: u % META });

export function buildSquashfs(root: TestNode & { type: 'dir' }, opts: { compress?: boolean; compressor?: 'gzip' | 'xz' | 'lzo' | 'lz4'; mtime?: number } = {}): Uint8Array {
  const compress = opts.compress ?? true;
  const compressor = opts.compressor ?? 'gzip';
  const pack = (chunk: Uint8Array): Uint8Array =>
    compressor === 'xz' ? xz.compressSync(Buffer.from(chunk)) : compressor === 'lzo' ? lzo1xCompress(chunk) : compressor === 'lz4' ? lz4Compress(chunk) : deflateSync(chunk);
  const mtime = opts.mtime ?? 1_700_000_000;
  const data = new Bytes();
  const inodes = new Bytes();
  const dirs = new Bytes();
  let inodeNumber = 0;
  const enc = new TextEncoder();

  const header = (type: number, mode: number): number => {
    const at = inodes.length;
    inodes.u16(type).u16(mode).u16(0).u16(0).u32(mtime).u32(++inodeNumber);
    return at;
  };
  const emit = (node: TestNode, parent: number): { at: number; number: number; type: number } => {
    switch (node.type) {
      case 'file': {
        const bytes = typeof node.data === 'string' ? enc.encode(node.data) : node.data;
        const start = 96 + data.length;
        const sizes: number[] = [];
        for (let i = 0; i < bytes.length; i += BLOCK) {
          const chunk = bytes.subarray(i, i + BLOCK);
          const z = compress ? pack(chunk) : undefined;
          if (z && z.length < chunk.length) {
            data.raw(z);
            sizes.push(z.length);
          } else {
            data.raw(chunk);
            sizes.push(chunk.length | (1 << 24));
          }
        }
        const at = header(2, node.mode ?? 0o644);
        inodes.u32(start).u32(0xffffffff).u32(0).u32(bytes.length);
        for (const s of sizes) inodes.u32(s);
        return { at, number: inodeNumber, type: 2 };
      }
      case 'symlink': {
        const t = enc.encode(node.target);
        const at = header(3, 0o777);
        inodes.u32(1).u32(t.length).raw(t);
        return { at, number: inodeNumber, type: 3 };
      }
      case 'chardev': {
        const at = header(5, 0o600);
        inodes.u32(1).u32(node.rdev);
        return { at, number: inodeNumber, type: 5 };
      }
      case 'dir': {
        const kids = Object.keys(node.children)
          .sort()
          .map((name) => ({ name, ...emit(node.children[name]!, inodeNumber + 1) }));
        const listingAt = dirs.length;
        for (const k of kids) {
          const r = ref(k.at);
          const n = enc.encode(k.name);
          dirs.u32(0).u32(r.block).u32(k.number);
          dirs.u16(r.offset).u16(0).u16(k.type).u16(n.length - 1).raw(n);
        }
        const listing = ref(listingAt);
        const at = header(1, node.mode ?? 0o755);
        inodes.u32(listing.block).u32(2 + kids.length).u16(dirs.length - listingAt + 3).u16(listing.offset).u32(parent);
        return { at, number: inodeNumber, type: 1 };
      }
    }
  };
  const rootInode = emit(root, 0);
  const dataBytes = data.bytes();
  const inodeTable = metaBlocks(inodes.bytes());
  const dirTable = metaBlocks(dirs.bytes());
  const inodeStart = 96 + dataBytes.length;
  const dirStart = inodeStart + inodeTable.length;
  const idBlockAt = dirStart + dirTable.length;
  const idBlock = new Bytes().u16(4 | 0x8000).u32(0).bytes();
  const idIndexAt = idBlockAt + idBlock.length;
  const idIndex = new Bytes().u64(idBlockAt).bytes();
  const bytesUsed = idIndexAt + idIndex.length;
  const r = ref(rootInode.at);
  const sb = new Bytes()
    .raw(enc.encode('hsqs'))
    .u32(inodeNumber)
    .u32(mtime)
    .u32(BLOCK)
    .u32(0) // fragments
    .u16({ gzip: 1, lzo: 3, xz: 4, lz4: 5 }[compressor]) // compressor id
    .u16(12) // block log
    .u16(0x0002 | 0x0008 | 0x0010) // no fragments, always-fragments off
    .u16(1) // ids
    .u16(4)
    .u16(0)
    .u64(r.block * 65536 + r.offset)
    .u64(bytesUsed)
    .u64(idIndexAt)
    .u64(2 ** 53 - 1) // xattr table: none
    .u64(inodeStart)
    .u64(dirStart)
    .u64(2 ** 53 - 1) // fragment table: none
    .u64(2 ** 53 - 1) // export table: none
    .bytes();
  const out = new Uint8Array(bytesUsed);
  out.set(sb, 0);
  out.set(dataBytes, 96);
  out.set(inodeTable, inodeStart);
  out.set(dirTable, dirStart);
  out.set(idBlock, idBlockAt);
  out.set(idIndex, idIndexAt);
  return out;
}
