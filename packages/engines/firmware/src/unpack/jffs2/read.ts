/**
 * Reads a JFFS2 image into nodes: the log is scanned node by node (erased
 * 0xff space skipped, the file system ends after 128 KiB without a valid
 * node), the newest version of each directory entry wins (an entry whose inode
 * is 0 deletes the name), files are assembled from their data nodes in version
 * order, and the tree is walked from the root inode (1) with loop and depth
 * checks through the shared path-safe builder.
 */
import { inflateRawSync, inflateSync } from 'node:zlib';
import { lzmaDecodeRaw } from '../../decompress/lzma.ts';
import { rtimeDecompress } from '../../decompress/rtime.ts';
import { FsBuilder, typeFromMode } from '../archive/fs-builder.ts';
import type { FileSystem, UnpackBudget } from '../model.ts';
import { type Dirent, type InodeNode, Jffs2Reader, NODE_DIRENT, NODE_INODE } from './nodes.ts';

const MAX_GAP = 128 << 10;
const COMPR = ['none', 'zero', 'rtime', 'rubin', 'copy', 'dynrubin', 'zlib', 'lzo', 'lzma'];

function decompress(r: Jffs2Reader, n: InodeNode): Uint8Array {
  const src = r.buf.subarray(n.dataAt, n.dataAt + n.csize);
  switch (n.compr) {
    case 0:
      return src;
    case 1:
      return new Uint8Array(n.dsize);
    case 2:
      return rtimeDecompress(src, n.dsize);
    case 6:
      try {
        return new Uint8Array(inflateSync(src, { maxOutputLength: Math.max(1, n.dsize) }));
      } catch {
        return new Uint8Array(inflateRawSync(src, { maxOutputLength: Math.max(1, n.dsize) }));
      }
    case 8:
      // OpenWrt's JFFS2 LZMA: raw stream, lc=0 lp=0 pb=0, 8 KiB dictionary.
      return lzmaDecodeRaw(src, 0, { lc: 0, lp: 0, pb: 0, dictSize: 1 << 13 }, n.dsize, n.dsize).data;
    default:
      throw new Error(`JFFS2 compression ${COMPR[n.compr] ?? n.compr} is not supported`);
  }
}

export interface Jffs2Scan {
  reader: Jffs2Reader;
  end: number;
  dirents: Dirent[];
  inodes: Map<number, InodeNode[]>;
  nodeCount: number;
}

/** Scans the node log from `off`; undefined when the first node is not a valid JFFS2 node. */
export function scanJffs2(buf: Uint8Array, off: number): Jffs2Scan | undefined {
  const le = buf[off] === 0x85 && buf[off + 1] === 0x19;
  const reader = new Jffs2Reader(buf, le);
  if (!reader.header(off)) return undefined;
  const dirents: Dirent[] = [];
  const inodes = new Map<number, InodeNode[]>();
  let pos = off;
  let end = off;
  let nodeCount = 0;
  while (pos + 12 <= buf.length && pos - end <= MAX_GAP) {
    const h = reader.header(pos);
    if (!h) {
      pos += 4;
      continue;
    }
    const next = pos + Math.ceil(h.totlen / 4) * 4;
    if (h.type === NODE_DIRENT) {
      const d = reader.dirent(pos, h.totlen);
      if (d) dirents.push(d);
    } else if (h.type === NODE_INODE) {
      const n = reader.inode(pos, h.totlen);
      if (n) {
        const list = inodes.get(n.ino) ?? [];
        list.push(n);
        inodes.set(n.ino, list);
      }
    }
    nodeCount++;
    end = Math.min(next, buf.length);
    pos = next;
  }
  return { reader, end, dirents, inodes, nodeCount };
}

function rdevOf(r: Jffs2Reader, data: Uint8Array): number | undefined {
  if (data.length === 2) return new DataView(data.buffer, data.byteOffset, 2).getUint16(0, r.le);
  if (data.length !== 4) return undefined;
  const dev = new DataView(data.buffer, data.byteOffset, 4).getUint32(0, r.le);
  const major = (dev & 0xfff00) >>> 8;
  const minor = (dev & 0xff) | ((dev >>> 12) & 0xfff00);
  return (major << 8) | minor;
}

export function readJffs2(scan: Jffs2Scan, off: number, budget: UnpackBudget, readContents: boolean): FileSystem {
  const { reader: r, inodes } = scan;
  const fs = new FsBuilder(budget, readContents);
  // Newest dirent per (parent, name); ino 0 deletes the name.
  const latest = new Map<string, Dirent>();
  for (const d of scan.dirents) {
    const k = `${d.pino}/${d.name}`;
    const cur = latest.get(k);
    if (!cur || d.version > cur.version) latest.set(k, d);
  }
  const children = new Map<number, Dirent[]>();
  for (const d of latest.values()) {
    if (d.ino === 0) continue;
    const list = children.get(d.pino) ?? [];
    list.push(d);
    children.set(d.pino, list);
  }
  const sorted = (ino: number): InodeNode[] => (inodes.get(ino) ?? []).slice().sort((a, b) => a.version - b.version);
  const content = (nodes: InodeNode[], size: number): Uint8Array => {
    const out = new Uint8Array(size);
    for (const n of nodes) {
      if (n.offset >= size || n.dsize === 0) continue;
      const d = decompress(r, n);
      out.set(d.subarray(0, Math.min(d.length, size - n.offset)), n.offset);
    }
    return out;
  };

  fs.add({ path: '/', type: 'dir', mode: 0o755 });
  const seenDirs = new Set<number>([1]);
  const walk = (pino: number, prefix: string, depth: number): void => {
    for (const d of (children.get(pino) ?? []).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = `${prefix}/${d.name}`;
      if (d.name === '' || d.name === '.' || d.name === '..' || d.name.includes('/')) {
        fs.errors.push(`${prefix || '/'}: entry name ${JSON.stringify(d.name)} refused`);
        continue;
      }
      const nodes = sorted(d.ino);
      const last = nodes[nodes.length - 1];
      if (!last) {
        fs.errors.push(`${path}: no inode node for inode ${d.ino}`);
        continue;
      }
      const type = typeFromMode(last.mode);
      if (!type) {
        fs.errors.push(`${path}: unknown file type in mode ${last.mode.toString(8)}`);
        continue;
      }
      let small: Uint8Array | undefined;
      const smallData = (): Uint8Array => (small ??= content(nodes, Math.min(last.isize, 4096)));
      let target: string | undefined;
      let rdev: number | undefined;
      try {
        if (type === 'symlink') target = Buffer.from(smallData()).toString('utf8');
        if (type === 'chardev' || type === 'blockdev') rdev = rdevOf(r, content(nodes, nodes.reduce((m, n) => Math.max(m, n.dsize), 0)));
      } catch (e) {
        fs.errors.push(`${path}: ${(e as Error).message}`);
      }
      const added = fs.add({
        path,
        type,
        mode: last.mode,
        uid: last.uid,
        gid: last.gid,
        mtime: last.mtime,
        size: type === 'file' ? last.isize : (target?.length ?? 0),
        ...(target !== undefined ? { target } : {}),
        ...(rdev !== undefined ? { rdev } : {}),
        ...(type === 'file' ? { read: () => content(nodes, last.isize) } : {}),
      });
      if (!added) return;
      if (type === 'dir') {
        if (seenDirs.has(d.ino)) fs.errors.push(`${path}: directory loop (inode ${d.ino} seen before); not followed`);
        else if (depth >= budget.limits.maxPathDepth) fs.errors.push(`${path}: deeper than ${budget.limits.maxPathDepth} levels; not read`);
        else {
          seenDirs.add(d.ino);
          walk(d.ino, path, depth + 1);
        }
      }
    }
  };
  walk(1, '', 1);
  const compressions = new Set<string>();
  for (const list of inodes.values()) for (const n of list) if (n.csize) compressions.add(COMPR[n.compr] ?? String(n.compr));
  return fs.fileSystem('jffs2', `${r.le ? 'le' : 'be'} ${[...compressions].sort().join('+') || 'none'}`, off, scan.end - off, fs.nodes.length);
}
