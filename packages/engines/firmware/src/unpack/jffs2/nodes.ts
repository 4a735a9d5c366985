/**
 * JFFS2 nodes (Linux include/uapi/linux/jffs2.h): a log of directory entries
 * and inode data fragments, each with a 12-byte common header (magic 0x1985 in
 * the flash's byte order, node type, total length, header CRC) and 4-byte
 * alignment. The CRCs are Linux's crc32_le with seed 0 — zlib's CRC-32 without
 * its pre- and post-inversion.
 */
import { crc32 } from 'node:zlib';

export const NODE_DIRENT = 0xe001;
export const NODE_INODE = 0xe002;

/** Linux crc32_le(0, data), from zlib's inverted CRC-32. */
export function jffs2Crc(data: Uint8Array): number {
  return ~crc32(data, 0xffffffff) >>> 0;
}

export interface Dirent {
  pino: number;
  version: number;
  ino: number;
  type: number;
  name: string;
}

export interface InodeNode {
  ino: number;
  version: number;
  mode: number;
  uid: number;
  gid: number;
  isize: number;
  mtime: number;
  offset: number;
  dsize: number;
  compr: number;
  /** Where the (compressed) data sits in the image, and its length. */
  dataAt: number;
  csize: number;
}

export interface NodeHeader {
  type: number;
  totlen: number;
}

export class Jffs2Reader {
  readonly dv: DataView;
  constructor(
    readonly buf: Uint8Array,
    readonly le: boolean,
  ) {
    this.dv = new DataView(buf.buffer, buf.byteOffset, buf.length);
  }
  u16(at: number): number {
    return this.dv.getUint16(at, this.le);
  }
  u32(at: number): number {
    return this.dv.getUint32(at, this.le);
  }

  /** A node header at `at` whose magic and header CRC check, or undefined. */
  header(at: number): NodeHeader | undefined {
    if (at + 12 > this.buf.length || this.u16(at) !== 0x1985) return undefined;
    if (jffs2Crc(this.buf.subarray(at, at + 8)) !== this.u32(at + 8)) return undefined;
    const totlen = this.u32(at + 4);
    if (totlen < 12) return undefined;
    return { type: this.u16(at + 2), totlen };
  }

  dirent(at: number, totlen: number): Dirent | undefined {
    if (totlen < 40 || at + 40 > this.buf.length) return undefined;
    if (jffs2Crc(this.buf.subarray(at, at + 32)) !== this.u32(at + 32)) return undefined;
    const nsize = this.buf[at + 28]!;
    if (at + 40 + nsize > this.buf.length) return undefined;
    const nameBytes = this.buf.subarray(at + 40, at + 40 + nsize);
    return { pino: this.u32(at + 12), version: this.u32(at + 16), ino: this.u32(at + 20), type: this.buf[at + 29]!, name: Buffer.from(nameBytes).toString('utf8') };
  }

  inode(at: number, totlen: number): InodeNode | undefined {
    if (totlen < 68 || at + 68 > this.buf.length) return undefined;
    // node_crc covers the node up to (not including) data_crc.
    if (jffs2Crc(this.buf.subarray(at, at + 60)) !== this.u32(at + 64)) return undefined;
    const csize = this.u32(at + 48);
    if (68 + csize > totlen) return undefined;
    return {
      ino: this.u32(at + 12),
      version: this.u32(at + 16),
      mode: this.u32(at + 20),
      uid: this.u16(at + 24),
      gid: this.u16(at + 26),
      isize: this.u32(at + 28),
      mtime: this.u32(at + 36),
      offset: this.u32(at + 44),
      csize,
      dsize: this.u32(at + 52),
      compr: this.buf[at + 56]!,
      dataAt: at + 68,
    };
  }
}
