/**
 * squashfs 4.0 (Linux 2.6.29+), little- or big-endian, as laid out in the
 * kernel's fs/squashfs/squashfs_fs.h: 96-byte superblock, inode and directory
 * tables of 8 KiB metadata blocks, fragment and id tables behind index arrays.
 */
import type { FileSystem, UnpackBudget } from '../model.ts';
import { COMPRESSED_BIT_BLOCK, type Compressor, type DirEntry, Endian, type Inode, type SquashReader, V4_COMPRESSORS, assembleFile, fragmentReader, metaPos, readIndexed, nodeType, readMetaTable, text, walk } from './common.ts';

const INVALID_FRAG = 0xffffffff;

export interface SuperV4 {
  le: boolean;
  inodes: number;
  blockSize: number;
  fragments: number;
  compression: Compressor | undefined;
  compressionId: number;
  root: number;
  bytesUsed: number;
  idTable: number;
  inodeTable: number;
  dirTable: number;
  fragTable: number;
  exportTable: number;
}

export function readSuperV4(img: Uint8Array, off: number): SuperV4 | undefined {
  if (off + 96 > img.length) return undefined;
  const m = String.fromCharCode(...img.subarray(off, off + 4));
  const le = m === 'hsqs';
  if (!le && m !== 'sqsh') return undefined;
  const r = new Endian(img, le);
  if (r.u16(off + 28) !== 4) return undefined;
  const blockSize = r.u32(off + 12);
  const blockLog = r.u16(off + 22);
  if (blockSize !== 2 ** blockLog || blockLog < 12 || blockLog > 20) return undefined;
  const compressionId = r.u16(off + 20);
  return {
    le,
    inodes: r.u32(off + 4),
    blockSize,
    fragments: r.u32(off + 16),
    compression: V4_COMPRESSORS[compressionId],
    compressionId,
    root: r.u64(off + 32),
    bytesUsed: r.u64(off + 40),
    idTable: r.u64(off + 48),
    inodeTable: r.u64(off + 64),
    dirTable: r.u64(off + 72),
    fragTable: r.u64(off + 80),
    exportTable: r.u64(off + 88),
  };
}

export function readSquashfsV4(image: Uint8Array, off: number, sb: SuperV4, budget: UnpackBudget, readContents = true): FileSystem {
  const errors: string[] = [];
  const fs: FileSystem = { kind: 'squashfs', variant: `4.0 ${sb.le ? 'le' : 'be'} ${sb.compression ?? `compressor ${sb.compressionId}`}`, offset: off, length: Math.min(sb.bytesUsed, image.length - off), declaredInodes: sb.inodes, nodes: [], errors };
  if (!sb.compression || !['gzip', 'lzma', 'xz', 'zstd', 'lzo', 'lz4'].includes(sb.compression)) {
    errors.push(`squashfs compressor ${sb.compression ?? sb.compressionId} is not supported yet`);
    return fs;
  }
  if (sb.bytesUsed > image.length - off) errors.push(`file system declares ${sb.bytesUsed} bytes but only ${image.length - off} are in the image (truncated)`);
  const comp = sb.compression;
  // Offsets in the superblock are relative to the file system start.
  const img = image.subarray(off);
  const r = new Endian(img, sb.le);
  const limit = (x: number): number => (x > 0 && x < img.length ? x : img.length);
  const next = (after: number): number => Math.min(...[sb.fragTable, sb.exportTable, sb.idTable, sb.bytesUsed].filter((x) => x > after && x !== Number.MAX_SAFE_INTEGER), img.length);
  const inodes = readMetaTable(img, sb.le, sb.inodeTable, limit(sb.dirTable), comp, false, errors);
  const dirs = readMetaTable(img, sb.le, sb.dirTable, next(sb.dirTable), comp, false, errors);

  const ids: number[] = [];
  try {
    const count = r.u16(26);
    const table = new Endian(readIndexed(img, sb.le, sb.idTable, count * 4, comp, false), sb.le);
    for (let j = 0; j < count; j++) ids.push(table.u32(j * 4));
  } catch (e) {
    errors.push(`id table unreadable: ${(e as Error).message}`);
  }

  const fragment = fragmentReader(img, { le: sb.le, at: sb.fragTable, count: sb.fragments, blockSize: sb.blockSize, entry: 16, comp, checkByte: false });

  const reader: SquashReader = {
    root: { block: Math.floor(sb.root / 65536), offset: sb.root % 65536 },
    inode(block, offset) {
      const p = metaPos(inodes, block, offset);
      if (p === undefined) throw new Error(`inode reference ${block}:${offset} is not in the inode table`);
      return readInodeV4(new Endian(inodes.data, sb.le), p, sb.blockSize, ids);
    },
    list(dir) {
      return listDirV4(dirs, sb.le, dir);
    },
    readFile(ino) {
      return assembleFile(img, ino, sb.blockSize, COMPRESSED_BIT_BLOCK, comp, fragment);
    },
  };
  fs.nodes = walk(reader, budget, errors, readContents);
  return fs;
}

function readInodeV4(r: Endian, p: number, blockSize: number, ids: number[]): Inode {
  const t = r.u16(p);
  const type = nodeType(t);
  if (!type) throw new Error(`unknown inode type ${t}`);
  const id = (i: number): number => ids[i] ?? i;
  const ino: Inode = { type, mode: r.u16(p + 2) & 0o7777, uid: id(r.u16(p + 4)), gid: id(r.u16(p + 6)), mtime: r.u32(p + 8), number: r.u32(p + 12), startBlock: 0, offset: 0, fileSize: 0, fragment: INVALID_FRAG, fragOffset: 0, blockSizes: [] };
  const b = p + 16;
  const blocks = (at: number): void => {
    const n = ino.fragment === INVALID_FRAG ? Math.ceil(ino.fileSize / blockSize) : Math.floor(ino.fileSize / blockSize);
    if (at + n * 4 > r.buf.length) throw new Error('block list runs past the inode table');
    for (let i = 0; i < n; i++) ino.blockSizes.push(r.u32(at + i * 4));
  };
  switch (t) {
    case 1:
      ino.startBlock = r.u32(b);
      ino.fileSize = r.u16(b + 8);
      ino.offset = r.u16(b + 10);
      break;
    case 8:
      ino.fileSize = r.u32(b + 4);
      ino.startBlock = r.u32(b + 8);
      ino.offset = r.u16(b + 18);
      break;
    case 2:
      ino.startBlock = r.u32(b);
      ino.fragment = r.u32(b + 4);
      ino.fragOffset = r.u32(b + 8);
      ino.fileSize = r.u32(b + 12);
      blocks(b + 16);
      break;
    case 9:
      ino.startBlock = r.u64(b);
      ino.fileSize = r.u64(b + 8);
      ino.fragment = r.u32(b + 28);
      ino.fragOffset = r.u32(b + 32);
      blocks(b + 40);
      break;
    case 3:
    case 10: {
      const size = r.u32(b + 4);
      if (size > 4096 || b + 8 + size > r.buf.length) throw new Error('symlink target too long or truncated');
      ino.target = text(r.buf.subarray(b + 8, b + 8 + size));
      break;
    }
    case 4:
    case 5:
    case 11:
    case 12:
      ino.rdev = r.u32(b + 4);
      break;
  }
  return ino;
}

function listDirV4(dirs: { data: Uint8Array; blocks: Map<number, number> }, le: boolean, dir: Inode): DirEntry[] {
  const out: DirEntry[] = [];
  if (dir.fileSize <= 3) return out;
  const start = metaPos(dirs, dir.startBlock, dir.offset);
  if (start === undefined) throw new Error(`directory listing ${dir.startBlock}:${dir.offset} is not in the directory table`);
  const r = new Endian(dirs.data, le);
  const end = Math.min(start + dir.fileSize - 3, dirs.data.length);
  let p = start;
  while (p + 12 <= end) {
    const count = r.u32(p) + 1;
    const block = r.u32(p + 4);
    p += 12;
    if (count > 256) throw new Error(`directory header with ${count} entries`);
    for (let i = 0; i < count && p + 8 <= end; i++) {
      const offset = r.u16(p);
      const size = r.u16(p + 6) + 1;
      const name = text(dirs.data.subarray(p + 8, p + 8 + size));
      p += 8 + size;
      out.push({ name, block, offset });
    }
  }
  return out;
}
