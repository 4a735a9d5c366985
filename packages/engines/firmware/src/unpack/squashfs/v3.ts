/**
 * squashfs 3.x (Linux 2.6 before 2.6.29, most 2005–2012 routers), as laid out in
 * squashfs-tools' squashfs_compat.h. Its structures are C bitfields, so the
 * byte order decides the bit order too: a big-endian image packs each field
 * from the most significant bit of its first byte, a little-endian one from
 * the least. BitFields reads a packed structure that way, field by field.
 *
 * Vendors changed the magic (Huawei HG5xx: "qshs") and left the 32-bit "_2"
 * copies of the table offsets as garbage; only the 64-bit offsets are used.
 * There is no compressor field: blocks are zlib or LZMA ("sqlzma"), sniffed.
 */
import type { FileSystem, UnpackBudget } from '../model.ts';
import { type DirEntry, Endian, type Inode, type SquashReader, assembleFile, COMPRESSED_BIT_BLOCK, fragmentReader, metaPos, nodeType, readIndexed, readMetaTable, text, walk } from './common.ts';

const INVALID_FRAG = 0xffffffff;
/** Magics seen on 3.x images: standard LE/BE and vendor byte orders, with the byte order they imply. */
export const V3_MAGICS: Record<string, boolean> = { hsqs: true, sqsh: false, qshs: false, shsq: true };

/** Reads packed bitfields in declaration order. */
export class BitFields {
  private bit = 0;
  constructor(
    private readonly buf: Uint8Array,
    private readonly at: number,
    private readonly le: boolean,
  ) {}
  take(width: number): number {
    let v = 0;
    for (let i = 0; i < width; i++) {
      const bitPos = this.bit + i;
      const byteIndex = this.at + (bitPos >>> 3);
      if (byteIndex >= this.buf.length) throw new RangeError('inode runs past the inode table');
      const byte = this.buf[byteIndex]!;
      if (this.le) v += ((byte >>> (bitPos & 7)) & 1) * 2 ** i;
      else v = v * 2 + ((byte >>> (7 - (bitPos & 7))) & 1);
    }
    this.bit += width;
    return v;
  }
  get bytes(): number {
    return this.at + Math.ceil(this.bit / 8);
  }
}

export interface SuperV3 {
  le: boolean;
  magic: string;
  major: number;
  minor: number;
  inodes: number;
  blockSize: number;
  flags: number;
  fragments: number;
  root: number;
  bytesUsed: number;
  inodeTable: number;
  dirTable: number;
  fragTable: number;
}

export function readSuperV3(img: Uint8Array, off: number): SuperV3 | undefined {
  if (off + 119 > img.length) return undefined;
  const magic = String.fromCharCode(...img.subarray(off, off + 4));
  const le = V3_MAGICS[magic];
  if (le === undefined) return undefined;
  const r = new Endian(img, le);
  const major = r.u16(off + 28);
  if (major !== 3) return undefined;
  const b = off + 28 + 4;
  // s_major … block_size_1:16, block_log:16, flags:8, no_uids:8, no_guids:8, mkfs_time:32, root_inode:64, block_size:32, fragments:32, fragment_table_start_2:32, then 64-bit offsets.
  const blockLog = r.u16(b + 2);
  const flags = img[b + 4]!;
  const root = r.u64(b + 11);
  const blockSize = r.u32(b + 19);
  const fragments = r.u32(b + 23);
  const q = b + 31;
  if (blockSize !== 2 ** blockLog || blockLog < 12 || blockLog > 20) return undefined;
  return {
    le,
    magic,
    major,
    minor: r.u16(off + 30),
    inodes: r.u32(off + 4),
    blockSize,
    flags,
    fragments,
    root,
    bytesUsed: r.u64(q),
    inodeTable: r.u64(q + 24),
    dirTable: r.u64(q + 32),
    fragTable: r.u64(q + 40),
  };
}

export function readSquashfsV3(image: Uint8Array, off: number, sb: SuperV3, budget: UnpackBudget, readContents = true): FileSystem {
  const errors: string[] = [];
  const fs: FileSystem = { kind: 'squashfs', variant: `${sb.major}.${sb.minor} ${sb.le ? 'le' : 'be'} (magic ${sb.magic})`, offset: off, length: Math.min(sb.bytesUsed, image.length - off), declaredInodes: sb.inodes, nodes: [], errors };
  if (sb.bytesUsed > image.length - off) errors.push(`file system declares ${sb.bytesUsed} bytes but only ${image.length - off} are in the image (truncated)`);
  const img = image.subarray(off);
  const check = (sb.flags & 4) !== 0;
  const inodes = readMetaTable(img, sb.le, sb.inodeTable, sb.dirTable, 'sniff', check, errors);
  const dirEnd = Math.min(...[sb.fragTable, sb.bytesUsed, img.length].filter((x) => x > sb.dirTable));
  const dirs = readMetaTable(img, sb.le, sb.dirTable, dirEnd, 'sniff', check, errors);

  const fragment = fragmentReader(img, { le: sb.le, at: sb.fragTable, count: sb.fragments, blockSize: sb.blockSize, entry: 16, comp: 'sniff', checkByte: check });

  const reader: SquashReader = {
    root: { block: Math.floor(sb.root / 65536), offset: sb.root % 65536 },
    inode(block, offset) {
      const p = metaPos(inodes, block, offset);
      if (p === undefined) throw new Error(`inode reference ${block}:${offset} is not in the inode table`);
      return readInodeV3(inodes.data, p, sb.le, sb.blockSize);
    },
    list(dir) {
      return listDirV3(dirs, sb.le, dir);
    },
    readFile(ino) {
      return assembleFile(img, ino, sb.blockSize, COMPRESSED_BIT_BLOCK, 'sniff', fragment);
    },
  };
  fs.nodes = walk(reader, budget, errors, readContents);
  return fs;
}

function readInodeV3(buf: Uint8Array, p: number, le: boolean, blockSize: number): Inode {
  const f = new BitFields(buf, p, le);
  const t = f.take(4);
  const type = nodeType(t);
  if (!type || t > 9) throw new Error(`unknown inode type ${t}`);
  const ino: Inode = { type, mode: f.take(12), uid: f.take(8), gid: f.take(8), mtime: f.take(32), number: f.take(32), startBlock: 0, offset: 0, fileSize: 0, fragment: INVALID_FRAG, fragOffset: 0, blockSizes: [] };
  const blocks = (): void => {
    const n = ino.fragment === INVALID_FRAG ? Math.ceil(ino.fileSize / blockSize) : Math.floor(ino.fileSize / blockSize);
    const at = f.bytes;
    if (at + n * 4 > buf.length) throw new Error('block list runs past the inode table');
    const r = new Endian(buf, le);
    for (let i = 0; i < n; i++) ino.blockSizes.push(r.u32(at + i * 4));
  };
  switch (t) {
    case 1: // dir: nlink, file_size:19, offset:13, start_block, parent
      f.take(32);
      ino.fileSize = f.take(19);
      ino.offset = f.take(13);
      ino.startBlock = f.take(32);
      break;
    case 8: // ldir: nlink, file_size:27, offset:13, start_block, i_count:16, parent
      f.take(32);
      ino.fileSize = f.take(27);
      ino.offset = f.take(13);
      ino.startBlock = f.take(32);
      break;
    case 2: // reg: start_block:64, fragment, offset, file_size:32, block_list
      ino.startBlock = f.take(64);
      ino.fragment = f.take(32);
      ino.fragOffset = f.take(32);
      ino.fileSize = f.take(32);
      blocks();
      break;
    case 9: // lreg: nlink, start_block:64, fragment, offset, file_size:64, block_list
      f.take(32);
      ino.startBlock = f.take(64);
      ino.fragment = f.take(32);
      ino.fragOffset = f.take(32);
      ino.fileSize = f.take(64);
      blocks();
      break;
    case 3: {
      f.take(32);
      const size = f.take(16);
      const at = f.bytes;
      if (at + size > buf.length) throw new Error('symlink target truncated');
      ino.target = text(buf.subarray(at, at + size));
      break;
    }
    case 4:
    case 5:
      f.take(32);
      ino.rdev = f.take(16);
      break;
  }
  return ino;
}

function listDirV3(dirs: { data: Uint8Array; blocks: Map<number, number> }, le: boolean, dir: Inode): DirEntry[] {
  const out: DirEntry[] = [];
  if (dir.fileSize <= 3) return out;
  const start = metaPos(dirs, dir.startBlock, dir.offset);
  if (start === undefined) throw new Error(`directory listing ${dir.startBlock}:${dir.offset} is not in the directory table`);
  const end = Math.min(start + dir.fileSize - 3, dirs.data.length);
  let p = start;
  while (p + 9 <= end) {
    const h = new BitFields(dirs.data, p, le);
    const count = h.take(8) + 1;
    const block = h.take(32);
    h.take(32);
    p += 9;
    for (let i = 0; i < count && p + 5 <= end; i++) {
      const e = new BitFields(dirs.data, p, le);
      const offset = e.take(13);
      e.take(3);
      const size = e.take(8) + 1;
      p += 5;
      out.push({ name: text(dirs.data.subarray(p, p + size)), block, offset });
      p += size;
    }
  }
  return out;
}
