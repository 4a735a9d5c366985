/**
 * squashfs 2.x (Linux 2.4/2.6 kernels of ~2004–2006 devices), as laid out in
 * squashfs-tools' squashfs_compat.h ("layout 2.x") and read by its
 * unsquash-2.c. Same superblock as 3.x, but only the 32-bit "_2" table offsets
 * are valid; inodes are C bitfields without link counts or inode numbers and
 * refer to owners through uid/guid tables (guid 255: the owner's uid);
 * directory headers are 4 bytes (count:8, start_block:24) and entries 3
 * (offset:13, type:3, size:8); directory sizes have no "+3"; fragment entries
 * are {start u32, size u32} behind an index of u32 pointers. Blocks are zlib
 * (or a vendor's LZMA: sniffed, as for 3.x). Both byte orders.
 */
import type { FileSystem, UnpackBudget } from '../model.ts';
import { type DirEntry, Endian, type Inode, type SquashReader, assembleFile, COMPRESSED_BIT_BLOCK, fragmentReader, metaPos, nodeType, readIndexed, readMetaTable, text, walk } from './common.ts';
import { BitFields, V3_MAGICS } from './v3.ts';

const INVALID_FRAG = 0xffffffff;
/** A guid index of 255 means "the same as the uid" (SQUASHFS_GUIDS). */
const SAME_AS_UID = 255;

export interface SuperV2 {
  le: boolean;
  magic: string;
  minor: number;
  inodes: number;
  blockSize: number;
  flags: number;
  fragments: number;
  root: number;
  bytesUsed: number;
  uidStart: number;
  guidStart: number;
  noUids: number;
  noGuids: number;
  inodeTable: number;
  dirTable: number;
  fragTable: number;
}

export function readSuperV2(img: Uint8Array, off: number): SuperV2 | undefined {
  if (off + 63 > img.length) return undefined;
  const magic = String.fromCharCode(...img.subarray(off, off + 4));
  const le = V3_MAGICS[magic];
  if (le === undefined) return undefined;
  const r = new Endian(img, le);
  if (r.u16(off + 28) !== 2) return undefined;
  const blockLog = r.u16(off + 34);
  const blockSize = r.u32(off + 51);
  if (blockSize !== 2 ** blockLog || blockLog < 12 || blockLog > 16) return undefined;
  const sb: SuperV2 = {
    le,
    magic,
    minor: r.u16(off + 30),
    inodes: r.u32(off + 4),
    blockSize,
    flags: img[off + 36]!,
    noUids: img[off + 37]!,
    noGuids: img[off + 38]!,
    root: r.u64(off + 43),
    fragments: r.u32(off + 55),
    bytesUsed: r.u32(off + 8),
    uidStart: r.u32(off + 12),
    guidStart: r.u32(off + 16),
    inodeTable: r.u32(off + 20),
    dirTable: r.u32(off + 24),
    fragTable: r.u32(off + 59),
  };
  // Tables in the order mksquashfs 2.x writes them, inside the declared size: anything else is not a 2.x superblock.
  if (!(sb.inodeTable < sb.dirTable && sb.dirTable <= sb.bytesUsed && sb.uidStart <= sb.bytesUsed && sb.fragTable <= sb.bytesUsed)) return undefined;
  return sb;
}

export function readSquashfsV2(image: Uint8Array, off: number, sb: SuperV2, budget: UnpackBudget, readContents = true): FileSystem {
  const errors: string[] = [];
  const fs: FileSystem = { kind: 'squashfs', variant: `2.${sb.minor} ${sb.le ? 'le' : 'be'} (magic ${sb.magic})`, offset: off, length: Math.min(sb.bytesUsed, image.length - off), declaredInodes: sb.inodes, nodes: [], errors };
  if (sb.bytesUsed > image.length - off) errors.push(`file system declares ${sb.bytesUsed} bytes but only ${image.length - off} are in the image (truncated)`);
  const img = image.subarray(off);
  const r = new Endian(img, sb.le);
  const check = (sb.flags & 4) !== 0;
  const inodes = readMetaTable(img, sb.le, sb.inodeTable, sb.dirTable, 'sniff', check, errors);
  // The directory table ends where the next table starts (fragment index, then uid/guid tables in mksquashfs 2.x).
  const dirEnd = Math.min(...[sb.fragTable, sb.uidStart, sb.guidStart, sb.bytesUsed, img.length].filter((x) => x > sb.dirTable));
  const dirs = readMetaTable(img, sb.le, sb.dirTable, dirEnd, 'sniff', check, errors);

  const table = (at: number, n: number): number[] => {
    const out: number[] = [];
    for (let i = 0; i < n && at + i * 4 + 4 <= img.length; i++) out.push(r.u32(at + i * 4));
    return out;
  };
  const uids = table(sb.uidStart, sb.noUids);
  const guids = table(sb.guidStart, sb.noGuids);

  const fragment = fragmentReader(img, { le: sb.le, at: sb.fragTable, count: sb.fragments, blockSize: sb.blockSize, entry: 8, comp: 'sniff', checkByte: check });

  const reader: SquashReader = {
    root: { block: Math.floor(sb.root / 65536), offset: sb.root % 65536 },
    inode(block, offset) {
      const p = metaPos(inodes, block, offset);
      if (p === undefined) throw new Error(`inode reference ${block}:${offset} is not in the inode table`);
      return readInodeV2(inodes.data, p, sb.le, sb.blockSize, uids, guids);
    },
    list(dir) {
      return listDirV2(dirs, sb.le, dir);
    },
    readFile(ino) {
      return assembleFile(img, ino, sb.blockSize, COMPRESSED_BIT_BLOCK, 'sniff', fragment);
    },
  };
  fs.nodes = walk(reader, budget, errors, readContents);
  return fs;
}

function readInodeV2(buf: Uint8Array, p: number, le: boolean, blockSize: number, uids: number[], guids: number[]): Inode {
  const f = new BitFields(buf, p, le);
  const t = f.take(4);
  const type = nodeType(t);
  if (!type || t > 8) throw new Error(`unknown inode type ${t}`);
  const mode = f.take(12);
  const uidIndex = f.take(8);
  const guidIndex = f.take(8);
  const uid = uids[uidIndex] ?? uidIndex;
  const gid = guidIndex === SAME_AS_UID ? uid : (guids[guidIndex] ?? guidIndex);
  const ino: Inode = { type, mode, uid, gid, mtime: 0, number: 0, startBlock: 0, offset: 0, fileSize: 0, fragment: INVALID_FRAG, fragOffset: 0, blockSizes: [] };
  switch (t) {
    case 1: // dir: file_size:19, offset:13, mtime, start_block:24
    case 8: // ldir: file_size:27, offset:13, mtime, start_block:24, i_count:16, index (not needed to list)
      ino.fileSize = f.take(t === 1 ? 19 : 27);
      ino.offset = f.take(13);
      ino.mtime = f.take(32);
      ino.startBlock = f.take(24);
      break;
    case 2: {
      // reg: mtime, start_block, fragment, offset, file_size, then 32-bit block sizes.
      ino.mtime = f.take(32);
      ino.startBlock = f.take(32);
      ino.fragment = f.take(32);
      ino.fragOffset = f.take(32);
      ino.fileSize = f.take(32);
      const n = ino.fragment === INVALID_FRAG ? Math.ceil(ino.fileSize / blockSize) : Math.floor(ino.fileSize / blockSize);
      const at = f.bytes;
      if (at + n * 4 > buf.length) throw new Error('block list runs past the inode table');
      const r = new Endian(buf, le);
      for (let i = 0; i < n; i++) ino.blockSizes.push(r.u32(at + i * 4));
      break;
    }
    case 3: {
      const size = f.take(16);
      const at = f.bytes;
      if (at + size > buf.length) throw new Error('symlink target truncated');
      ino.target = text(buf.subarray(at, at + size));
      break;
    }
    case 4:
    case 5:
      ino.rdev = f.take(16);
      break;
  }
  return ino;
}

function listDirV2(dirs: { data: Uint8Array; blocks: Map<number, number> }, le: boolean, dir: Inode): DirEntry[] {
  const out: DirEntry[] = [];
  if (dir.fileSize === 0) return out;
  const start = metaPos(dirs, dir.startBlock, dir.offset);
  if (start === undefined) throw new Error(`directory listing ${dir.startBlock}:${dir.offset} is not in the directory table`);
  const end = Math.min(start + dir.fileSize, dirs.data.length);
  let p = start;
  while (p + 4 <= end) {
    const h = new BitFields(dirs.data, p, le);
    const count = h.take(8) + 1;
    const block = h.take(24);
    p += 4;
    for (let i = 0; i < count && p + 3 <= end; i++) {
      const e = new BitFields(dirs.data, p, le);
      const offset = e.take(13);
      e.take(3);
      const size = e.take(8) + 1;
      p += 3;
      out.push({ name: text(dirs.data.subarray(p, p + size)), block, offset });
      p += size;
    }
  }
  return out;
}
