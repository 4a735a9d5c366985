/**
 * cramfs (Linux include/uapi/linux/cramfs_fs.h, fs/cramfs): a read-only,
 * compressed file system in the byte order of the machine that built it.
 * Superblock: magic 0x28cd3d45, size, flags, "Compressed ROMFS", fsid (crc,
 * edition, blocks, files), name, root inode. An inode is three 32-bit words of
 * bit fields — mode:16 uid:16 / size:24 gid:8 / namelen:6 offset:26 (namelen
 * and offset in 4-byte units) — laid out from the low bits on little-endian
 * builds and from the high bits on big-endian ones. A directory's offset
 * points at its entries (inode + padded name), `size` bytes of them; a file's
 * or symlink's at a table of block end pointers, then zlib blocks of 4 KiB
 * pages; a device's size holds its device number.
 */
import { crc32, inflateSync } from 'node:zlib';
import { FsBuilder, typeFromMode } from '../archive/fs-builder.ts';
import type { Handler } from './types.ts';
import { cString } from './types.ts';

const PAGE = 4096;
const FLAG_FSID_V2 = 0x1;
const FLAG_HOLES = 0x100;
const FLAG_SHIFTED_ROOT = 0x400;
const FLAG_EXT_BLOCK_POINTERS = 0x800;
const BLK_UNCOMPRESSED = 0x80000000;
const BLK_DIRECT = 0x40000000;

interface CramInode {
  mode: number;
  uid: number;
  size: number;
  gid: number;
  namelen: number;
  offset: number;
}

export const cramfsHandler: Handler = {
  name: 'cramfs',
  magics: [Uint8Array.of(0x45, 0x3d, 0xcd, 0x28), Uint8Array.of(0x28, 0xcd, 0x3d, 0x45)],
  nested: true,
  carve(buf, off, ctx) {
    if (off + 76 > buf.length) return undefined;
    const le = buf[off] === 0x45;
    const dv = new DataView(buf.buffer, buf.byteOffset);
    const u32 = (at: number): number => dv.getUint32(at, le);
    if (cString(buf, off + 16, 16) !== 'Compressed ROMFS') return undefined;
    const size = u32(off + 4);
    const flags = u32(off + 8);
    // mkcramfs -p leaves 512 bytes for boot code before the superblock; offsets and size then
    // count from the start of that padding, which the root listing (always right after the
    // 76-byte superblock) shows: at 588 instead of 76.
    const rootWord = u32(off + 72);
    const rootListing = (le ? rootWord >>> 6 : rootWord & 0x3ffffff) * 4;
    const base = rootListing === 512 + 76 && off >= 512 ? off - 512 : off;
    if (size < 76 || flags & ~0xf03) return undefined;
    const end = Math.min(buf.length, base + size);
    const fs = new FsBuilder(ctx.budget, ctx.readContents);
    if (base + size > buf.length) fs.errors.push(`cramfs declares ${size} bytes, ${buf.length - base} present (truncated)`);
    else if (flags & FLAG_FSID_V2) {
      // fsid.crc is CRC-32 of the whole file system with the crc field read as zero.
      // (from the superblock on: the boot-code pad is outside it)
      const copy = buf.slice(off, base + size);
      copy.fill(0, 32, 36);
      if ((crc32(copy) >>> 0) !== u32(off + 32)) fs.errors.push('cramfs CRC does not match the contents (modified or damaged)');
    }
    const inodeAt = (at: number): CramInode => {
      if (at + 12 > end) throw new RangeError(`inode at ${at - base} is outside the file system`);
      const [a, b, c] = [u32(at), u32(at + 4), u32(at + 8)];
      return le
        ? { mode: a & 0xffff, uid: a >>> 16, size: b & 0xffffff, gid: b >>> 24, namelen: c & 63, offset: c >>> 6 }
        : { mode: a >>> 16, uid: a & 0xffff, size: b >>> 8, gid: b & 0xff, namelen: c >>> 26, offset: c & 0x3ffffff };
    };
    const readData = (ino: CramInode): Uint8Array => {
      const pages = Math.ceil(ino.size / PAGE);
      const table = base + ino.offset * 4;
      if (table + pages * 4 > end) throw new RangeError('block table is outside the file system');
      const out = new Uint8Array(ino.size);
      let start = table + pages * 4;
      for (let p = 0; p < pages; p++) {
        const want = Math.min(PAGE, ino.size - p * PAGE);
        const raw = u32(table + p * 4);
        let ptr = raw;
        let stored = false;
        let blockStart = start;
        if (flags & FLAG_EXT_BLOCK_POINTERS) {
          stored = (raw & BLK_UNCOMPRESSED) !== 0;
          ptr = raw & ~(BLK_UNCOMPRESSED | BLK_DIRECT);
          if (raw & BLK_DIRECT) {
            // Direct pointers give the block start (in 4-byte units); compressed ones carry a 2-byte length first.
            blockStart = base + ptr * 4;
            if (stored) ptr = blockStart + want - base;
            else {
              if (blockStart + 2 > end) throw new RangeError(`page ${p}: block outside the file system`);
              ptr = blockStart + 2 + (buf[blockStart]! | (buf[blockStart + 1]! << 8)) - base;
              blockStart += 2;
            }
          }
        }
        const blockEnd = base + ptr;
        if (blockEnd < blockStart || blockEnd > end) throw new RangeError(`page ${p}: block pointer ${ptr} out of order or outside the file system`);
        if (blockEnd > blockStart) {
          const src = buf.subarray(blockStart, blockEnd);
          const page = stored ? src : inflateSync(src, { maxOutputLength: PAGE });
          out.set(page.subarray(0, want), p * PAGE);
        } else if (!(flags & FLAG_HOLES) && want > 0) throw new RangeError(`page ${p}: empty block in a file system without holes`);
        if (!(raw & BLK_DIRECT)) start = blockEnd;
      }
      return out;
    };

    const seenDirs = new Set<number>();
    let entries = 0;
    const walk = (dir: CramInode, prefix: string, depth: number): boolean => {
      const at0 = base + dir.offset * 4;
      if (seenDirs.has(at0)) {
        fs.errors.push(`${prefix || '/'}: directory listed twice (loop); not walked again`);
        return true;
      }
      seenDirs.add(at0);
      for (let at = at0; at < at0 + dir.size; ) {
        const ino = inodeAt(at);
        const nameLen = ino.namelen * 4;
        if (nameLen === 0 || at + 12 + nameLen > end) throw new RangeError(`${prefix || '/'}: entry at ${at - base} has a bad name length`);
        const name = Buffer.from(buf.subarray(at + 12, at + 12 + nameLen)).toString('utf8').replace(/\0+$/, '');
        at += 12 + nameLen;
        const type = typeFromMode(ino.mode);
        const path = `${prefix}/${name}`;
        entries++;
        if (!type) {
          fs.errors.push(`${path}: unknown file type in mode 0${ino.mode.toString(8)}`);
          continue;
        }
        const common = { path, type, mode: ino.mode, uid: ino.uid, gid: ino.gid };
        let ok: boolean;
        if (type === 'dir') {
          ok = fs.add({ ...common, size: 0 });
          if (ok && ino.offset && ino.size && depth < ctx.budget.limits.maxPathDepth) ok = walk(ino, path, depth + 1);
        } else if (type === 'symlink') {
          let target = '';
          try {
            target = Buffer.from(readData(ino)).toString('utf8');
          } catch (e) {
            fs.errors.push(`${path}: ${(e as Error).message}`);
          }
          ok = fs.add({ ...common, size: ino.size, target });
        } else if (type === 'file') ok = fs.add({ ...common, size: ino.size, ...(ino.offset || ino.size ? { read: () => readData(ino) } : { read: () => new Uint8Array() }) });
        else ok = fs.add({ ...common, size: 0, ...(type === 'chardev' || type === 'blockdev' ? { rdev: ino.size } : {}) });
        if (!ok) return false;
      }
      return true;
    };
    fs.add({ path: '/', type: 'dir', mode: 0o755 });
    try {
      const root = inodeAt(off + 64);
      if (flags & FLAG_SHIFTED_ROOT) fs.errors.push('cramfs with a shifted root offset: entries read from the root inode as stored');
      walk(root, '', 1);
    } catch (e) {
      fs.errors.push(`cramfs damaged: ${(e as Error).message}`);
    }
    const declared = u32(off + 44);
    const length = end - off;
    const name = cString(buf, off + 48, 16);
    const filesystem = fs.fileSystem('cramfs', `${le ? 'le' : 'be'}${name ? ` "${name}"` : ''}`, off, length, flags & FLAG_FSID_V2 ? declared : entries + 1);
    return { length, kind: 'filesystem', detail: `cramfs ${le ? 'little' : 'big'}-endian "${name}", ${entries} entries, ${size} bytes`, filesystem, ...(filesystem.errors.length ? { error: filesystem.errors[0] } : {}) };
  },
};
