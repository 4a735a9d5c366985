/**
 * Test utility: a JFFS2 image from a test tree, node by node as
 * include/uapi/linux/jffs2.h lays them out (either byte order, zlib or no
 * compression), files split into 4 KiB data nodes like mkfs.jffs2 does, and
 * optionally a later version of a file and a deleted name, to check that the
 * newest node wins.
 */
import { deflateSync } from 'node:zlib';
import { jffs2Crc } from '../unpack/jffs2/nodes.ts';
import type { TestNode } from './squashfs-writer.ts';

const enc = new TextEncoder();
const S_IF = { file: 0o100000, dir: 0o040000, symlink: 0o120000, chardev: 0o020000 } as const;
const DT = { file: 8, dir: 4, symlink: 10, chardev: 2 } as const;

export interface Jffs2WriterOptions {
  le?: boolean;
  zlib?: boolean;
  /** Appends a second version of this path's contents (newest wins). */
  rewrite?: { path: string; data: string };
  /** Appends a deletion dirent for this path. */
  unlink?: string;
}

export function buildJffs2(root: TestNode & { type: 'dir' }, opts: Jffs2WriterOptions = {}): Uint8Array {
  const le = opts.le ?? true;
  const parts: number[] = [];
  /** One node: common header with its CRC, then the body; the node CRC goes at `crcAt` and covers the node's first `covered` bytes. */
  const node = (type: number, body: Uint8Array, crcAt: number, covered: number): void => {
    const all = new Uint8Array(12 + body.length);
    const dv = new DataView(all.buffer);
    dv.setUint16(0, 0x1985, le);
    dv.setUint16(2, type, le);
    dv.setUint32(4, all.length, le);
    dv.setUint32(8, jffs2Crc(all.subarray(0, 8)), le);
    all.set(body, 12);
    dv.setUint32(crcAt, jffs2Crc(all.subarray(0, covered)), le);
    parts.push(...all);
    while (parts.length % 4) parts.push(0xff);
  };
  const versions = new Map<number, number>();
  const nextVersion = (ino: number): number => {
    const v = (versions.get(ino) ?? 0) + 1;
    versions.set(ino, v);
    return v;
  };
  const dirent = (pino: number, ino: number, name: string, dtype: number): void => {
    const n = enc.encode(name);
    const body = new Uint8Array(28 + n.length);
    const dv = new DataView(body.buffer);
    dv.setUint32(0, pino, le);
    dv.setUint32(4, nextVersion(0), le); // one counter for all dirents: later is newer
    dv.setUint32(8, ino, le);
    dv.setUint32(12, 1_700_000_000, le);
    body[16] = n.length;
    body[17] = dtype;
    body.set(n, 28);
    // node_crc over the first 32 bytes of the node, name_crc over the name.
    dv.setUint32(24, jffs2Crc(n), le);
    node(0xe001, body, 32, 32);
  };
  const inode = (ino: number, mode: number, size: number, offset: number, data: Uint8Array): void => {
    const packed = opts.zlib && data.length > 0 ? new Uint8Array(deflateSync(data)) : data;
    const useZlib = opts.zlib && packed.length < data.length;
    const stored = useZlib ? packed : data;
    const body = new Uint8Array(56 + stored.length);
    const dv = new DataView(body.buffer);
    dv.setUint32(0, ino, le);
    dv.setUint32(4, nextVersion(ino), le);
    dv.setUint32(8, mode, le);
    dv.setUint32(16, size, le);
    dv.setUint32(24, 1_700_000_000, le);
    dv.setUint32(32, offset, le);
    dv.setUint32(36, stored.length, le);
    dv.setUint32(40, data.length, le);
    body[44] = useZlib ? 6 : 0;
    dv.setUint32(48, jffs2Crc(stored), le);
    body.set(stored, 56);
    node(0xe002, body, 64, 60);
  };
  let nextIno = 2;
  const inos = new Map<string, number>();
  const emit = (dir: TestNode & { type: 'dir' }, pino: number, prefix: string): void => {
    for (const [name, n] of Object.entries(dir.children)) {
      const ino = nextIno++;
      inos.set(`${prefix}/${name}`, ino);
      dirent(pino, ino, name, DT[n.type]);
      const perm = 'mode' in n && n.mode !== undefined ? n.mode : n.type === 'dir' ? 0o755 : n.type === 'symlink' ? 0o777 : 0o644;
      const mode = S_IF[n.type] | perm;
      if (n.type === 'file') {
        const data = typeof n.data === 'string' ? enc.encode(n.data) : n.data;
        if (data.length === 0) inode(ino, mode, 0, 0, data);
        for (let o = 0; o < data.length; o += 4096) inode(ino, mode, data.length, o, data.subarray(o, o + 4096));
      } else if (n.type === 'symlink') {
        const t = enc.encode(n.target);
        inode(ino, mode, t.length, 0, t);
      } else if (n.type === 'chardev') {
        const d = new Uint8Array(2);
        new DataView(d.buffer).setUint16(0, n.rdev, le);
        inode(ino, mode, 2, 0, d);
      } else {
        inode(ino, mode, 0, 0, new Uint8Array());
        emit(n, ino, `${prefix}/${name}`);
      }
    }
  };
  emit(root, 1, '');
  if (opts.rewrite) {
    const d = enc.encode(opts.rewrite.data);
    inode(inos.get(opts.rewrite.path)!, S_IF.file | 0o644, d.length, 0, d);
  }
  if (opts.unlink) {
    const path = opts.unlink;
    const parent = path.slice(0, path.lastIndexOf('/'));
    dirent(parent ? inos.get(parent)! : 1, 0, path.slice(path.lastIndexOf('/') + 1), 0);
  }
  return Uint8Array.from(parts);
}
