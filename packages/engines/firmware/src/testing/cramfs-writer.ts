/**
 * Test utility: a cramfs image (layout of Linux include/uapi/linux/cramfs_fs.h)
 * in either byte order: superblock with the root inode, every directory's
 * entries (inode + name padded to 4 bytes) breadth-first, then each file's or
 * symlink's block end pointers and zlib-compressed 4 KiB pages. The fsid CRC is
 * filled in as mkcramfs does (CRC-32 with the field zero).
 */
import { crc32, deflateSync } from 'node:zlib';
import type { TestNode } from './squashfs-writer.ts';

const enc = new TextEncoder();
const MODE_TYPE = { file: 0o100000, dir: 0o040000, symlink: 0o120000, chardev: 0o020000 } as const;

export function buildCramfs(root: TestNode & { type: 'dir' }, opts: { le?: boolean; name?: string } = {}): Uint8Array {
  const le = opts.le ?? true;
  interface Entry {
    name: Uint8Array;
    node: TestNode;
    /** Offset of the directory listing or data this inode points at. */
    target: number;
    size: number;
  }
  const listings = new Map<TestNode, Entry[]>();
  const order: TestNode[] = [root];
  for (let i = 0; i < order.length; i++) {
    const d = order[i]!;
    if (d.type !== 'dir') continue;
    const list = Object.keys(d.children)
      .sort()
      .map((k) => {
        const raw = enc.encode(k);
        const name = new Uint8Array(Math.ceil(raw.length / 4) * 4);
        name.set(raw);
        return { name, node: d.children[k]!, target: 0, size: 0 };
      });
    listings.set(d, list);
    for (const e of list) order.push(e.node);
  }
  // Listing offsets, breadth-first after the 76-byte superblock.
  const listingAt = new Map<TestNode, number>();
  let pos = 76;
  for (const d of order) {
    const list = listings.get(d);
    if (!list) continue;
    listingAt.set(d, pos);
    pos += list.reduce((s, e) => s + 12 + e.name.length, 0);
  }
  const data: Uint8Array[] = [];
  const dataStart = pos;
  const bytesOf = (n: TestNode): Uint8Array | undefined => (n.type === 'file' ? (typeof n.data === 'string' ? enc.encode(n.data) : n.data) : n.type === 'symlink' ? enc.encode(n.target) : undefined);
  for (const list of listings.values())
    for (const e of list) {
      const bytes = bytesOf(e.node);
      if (e.node.type === 'dir') {
        e.target = listingAt.get(e.node)!;
        e.size = listings.get(e.node)!.reduce((s, x) => s + 12 + x.name.length, 0);
      } else if (e.node.type === 'chardev') e.size = e.node.rdev;
      else if (bytes) {
        e.target = pos;
        e.size = bytes.length;
        const pages = Math.ceil(bytes.length / 4096);
        const blocks = Array.from({ length: pages }, (_, p) => deflateSync(bytes.subarray(p * 4096, (p + 1) * 4096)));
        const table = new DataView(new ArrayBuffer(pages * 4));
        let end = pos + pages * 4;
        blocks.forEach((b, p) => table.setUint32(p * 4, (end += b.length), le));
        data.push(new Uint8Array(table.buffer), ...blocks);
        pos = end;
        // Data starts are 4-byte aligned (offsets are stored in 4-byte units).
        const padLen = (4 - (pos % 4)) % 4;
        data.push(new Uint8Array(padLen));
        pos += padLen;
      }
    }
  const size = Math.ceil(pos / 4096) * 4096;
  const out = new Uint8Array(size);
  const dv = new DataView(out.buffer);
  const inode = (at: number, mode: number, isize: number, namelen: number, offset: number): void => {
    const [a, b, c] = le ? [(mode & 0xffff) | 0, isize & 0xffffff, (namelen & 63) | (offset << 6)] : [(mode << 16) >>> 0, (isize << 8) >>> 0, ((namelen << 26) | offset) >>> 0];
    dv.setUint32(at, a >>> 0, le);
    dv.setUint32(at + 4, b >>> 0, le);
    dv.setUint32(at + 8, c >>> 0, le);
  };
  const modeOf = (n: TestNode): number => MODE_TYPE[n.type] | ('mode' in n && n.mode !== undefined ? n.mode : n.type === 'dir' ? 0o755 : n.type === 'symlink' ? 0o777 : 0o644);
  for (const [d, list] of listings) {
    let at = listingAt.get(d)!;
    for (const e of list) {
      inode(at, modeOf(e.node), e.size, e.name.length / 4, e.target / 4);
      out.set(e.name, at + 12);
      at += 12 + e.name.length;
    }
  }
  let o = dataStart;
  for (const part of data) {
    out.set(part, o);
    o += part.length;
  }
  dv.setUint32(0, 0x28cd3d45, le);
  dv.setUint32(4, size, le);
  dv.setUint32(8, 0x1 | 0x2, le); // FSID version 2, sorted directories
  out.set(enc.encode('Compressed ROMFS'), 16);
  dv.setUint32(36, 0, le); // edition
  dv.setUint32(40, Math.ceil(pos / 4096), le);
  dv.setUint32(44, order.length, le);
  out.set(enc.encode((opts.name ?? 'test').slice(0, 16)), 48);
  inode(64, modeOf(root), listings.get(root)!.reduce((s, x) => s + 12 + x.name.length, 0), 0, 76 / 4);
  dv.setUint32(32, crc32(out) >>> 0, le);
  return out;
}
