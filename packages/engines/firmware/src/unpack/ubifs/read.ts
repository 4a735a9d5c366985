/**
 * UBIFS (Linux fs/ubifs/ubifs-media.h), little-endian, inside a UBI volume
 * laid out as logical erase blocks: LEB 0 the superblock node (LEB size,
 * count, default compressor, key format), LEBs 1–2 master nodes (the newest
 * names the root of the index B-tree), then log, LPT and orphan areas, then
 * the main area. Every node starts with a 24-byte common header (magic
 * 0x06101831, CRC of the rest, sequence number, length, type).
 *
 * The index B-tree is walked from the master node's root: index nodes hold
 * branches (LEB, offset, length, 8-byte key); level-0 branches point at the
 * leaves — inode nodes (size, mode, owner, symlink target or device number),
 * directory entries (parent in the key, child inode, type, name) and data
 * nodes (4 KiB blocks, none/LZO/zlib (raw deflate)/zstd). Files are assembled
 * from their blocks, holes read as zeros. The journal is replayed on top of
 * the index (journal.ts): nodes written after the last commit live in bud LEBs
 * that the log's reference nodes list. Not done: authenticated (hashed) indexes.
 */
import { inflateRawSync } from 'node:zlib';
import { lzo1xDecompress } from '../../decompress/lzo.ts';
import { zstdDecompress } from '../../decompress/zstd.ts';
import { FsBuilder } from '../archive/fs-builder.ts';
import type { FileSystem, NodeType, UnpackBudget } from '../model.ts';
import { linuxCrc32 } from '../ubi/crc.ts';
import { journalNodes } from './journal.ts';

export const UBIFS_MAGIC = 0x06101831;
const BLOCK = 4096;
export const T = { INO: 0, DATA: 1, DENT: 2, XENT: 3, TRUN: 4, SB: 6, MST: 7, REF: 8, IDX: 9, CS: 10 } as const;
const ITYPES: NodeType[] = ['file', 'dir', 'symlink', 'blockdev', 'chardev', 'fifo', 'socket'];
const COMPRESSORS = ['none', 'lzo', 'zlib', 'zstd'];
const MAX_LEVEL = 64;

export interface Node {
  at: number;
  type: number;
  len: number;
  sqnum: bigint;
}

interface Ino {
  size: number;
  mode: number;
  uid: number;
  gid: number;
  mtime: number;
  nlink: number;
  data: Uint8Array;
}

export interface UbifsSuper {
  lebSize: number;
  lebCount: number;
  minIo: number;
  compressor: string;
  fmtVersion: number;
  authenticated: boolean;
  /** LEBs of the log area (from LEB 3). */
  logLebs: number;
}

/** The common header at `at`, checked (magic, length, CRC), or undefined. */
export function nodeAt(buf: Uint8Array, at: number): Node | undefined {
  if (at < 0 || at + 24 > buf.length) return undefined;
  const dv = new DataView(buf.buffer, buf.byteOffset + at, 24);
  if (dv.getUint32(0, true) !== UBIFS_MAGIC) return undefined;
  const len = dv.getUint32(16, true);
  if (len < 24 || at + len > buf.length) return undefined;
  if (linuxCrc32(buf.subarray(at + 8, at + len)) !== dv.getUint32(4, true)) return undefined;
  return { at, type: buf[at + 20]!, len, sqnum: dv.getBigUint64(8, true) };
}

export function readSuper(buf: Uint8Array, off: number): UbifsSuper | undefined {
  const n = nodeAt(buf, off);
  if (!n || n.type !== T.SB || n.len < 100) return undefined;
  const dv = new DataView(buf.buffer, buf.byteOffset + off, n.len);
  const lebSize = dv.getUint32(36, true);
  const lebCount = dv.getUint32(40, true);
  if (lebSize < 4096 || lebSize > 16 << 20 || (lebSize & 7) !== 0 || lebCount < 4) return undefined;
  return { lebSize, lebCount, minIo: dv.getUint32(32, true), compressor: COMPRESSORS[dv.getUint16(84, true)] ?? `compressor ${dv.getUint16(84, true)}`, fmtVersion: dv.getUint32(80, true), authenticated: (dv.getUint32(28, true) & 0x10) !== 0, logLebs: dv.getUint32(56, true) };
}

function decompress(type: number, src: Uint8Array, size: number): Uint8Array {
  switch (type) {
    case 0:
      return src.subarray(0, size);
    case 1:
      return lzo1xDecompress(src, BLOCK);
    case 2:
      return new Uint8Array(inflateRawSync(src, { maxOutputLength: BLOCK }));
    case 3:
      return zstdDecompress(src, BLOCK);
    default:
      throw new Error(`data node compressor ${type} unknown`);
  }
}

export function readUbifs(buf: Uint8Array, off: number, sb: UbifsSuper, budget: UnpackBudget, readContents: boolean): FileSystem {
  const fsb = new FsBuilder(budget, readContents);
  const errors = fsb.errors;
  const vol = buf.subarray(off, Math.min(buf.length, off + sb.lebSize * sb.lebCount));
  const dv = new DataView(vol.buffer, vol.byteOffset, vol.length);
  const pos = (lnum: number, offs: number): number => lnum * sb.lebSize + offs;

  // Newest valid master node in LEBs 1 and 2 (each commit appends one).
  let master: Node | undefined;
  for (const lnum of [1, 2])
    for (let o = 0; o + 24 <= sb.lebSize; ) {
      const n = nodeAt(vol, pos(lnum, o));
      if (!n || n.type !== T.MST) break;
      if (!master || n.sqnum > master.sqnum) master = n;
      o += (n.len + 7) & ~7;
    }
  const inodes = new Map<number, Ino>();
  const dents = new Map<number, { name: string; inum: number; type: number }[]>();
  const data = new Map<number, Map<number, Node>>();
  let idxNodes = 0;
  const leaf = (n: Node): void => {
    const at = n.at;
    const inum = dv.getUint32(at + 24, true);
    if (n.type === T.INO && n.len >= 160) {
      const dataLen = Math.min(dv.getUint32(at + 112, true), n.len - 160);
      inodes.set(inum, {
        size: Number(dv.getBigUint64(at + 48, true)),
        mtime: Number(dv.getBigUint64(at + 72, true)),
        nlink: dv.getUint32(at + 92, true),
        uid: dv.getUint32(at + 96, true),
        gid: dv.getUint32(at + 100, true),
        mode: dv.getUint32(at + 104, true),
        data: vol.subarray(at + 160, at + 160 + dataLen),
      });
    } else if (n.type === T.DENT && n.len >= 56) {
      const nlen = Math.min(dv.getUint16(at + 50, true), n.len - 56);
      const list = dents.get(inum) ?? [];
      dents.set(inum, list);
      list.push({ name: Buffer.from(vol.subarray(at + 56, at + 56 + nlen)).toString('utf8'), inum: Number(dv.getBigUint64(at + 40, true)), type: vol[at + 49]! });
    } else if (n.type === T.DATA && n.len >= 48) {
      const block = dv.getUint32(at + 28, true) & 0x1fffffff;
      const blocks = data.get(inum) ?? new Map<number, Node>();
      data.set(inum, blocks);
      blocks.set(block, n);
    }
  };
  if (!master) errors.push('no valid master node; index not read');
  else if (sb.authenticated) errors.push('authenticated UBIFS (hashed index branches) is not supported');
  else {
    const seen = new Set<number>();
    const visit = (at: number, depth: number): void => {
      if (seen.has(at)) throw new Error(`index node at ${at} reached twice (loop)`);
      seen.add(at);
      const n = nodeAt(vol, at);
      if (!n) throw new Error(`index points at ${at}, where there is no valid node`);
      if (n.type === T.IDX) {
        if (depth > MAX_LEVEL) throw new Error('index deeper than 64 levels');
        idxNodes++;
        const count = dv.getUint16(at + 24, true);
        const branch = 12 + 8;
        if (28 + count * branch > n.len) throw new Error(`index node at ${at} claims ${count} branches, more than it holds`);
        for (let i = 0; i < count; i++) {
          const b = at + 28 + i * branch;
          const lnum = dv.getUint32(b, true);
          const offs = dv.getUint32(b + 4, true);
          if (lnum >= sb.lebCount || offs >= sb.lebSize) throw new Error(`index branch to LEB ${lnum}:${offs} outside the volume`);
          try {
            visit(pos(lnum, offs), depth + 1);
          } catch (e) {
            errors.push((e as Error).message);
          }
        }
        return;
      }
      leaf(n);
    };
    const m = master.at;
    const before = errors.length;
    try {
      visit(pos(dv.getUint32(m + 48, true), dv.getUint32(m + 52, true)), 0);
    } catch (e) {
      errors.push((e as Error).message);
    }
    if (errors.length > before) {
      // A damaged index hides whole subtrees: scan the main area for leaves it did not give (newest copy first).
      const found: Node[] = [];
      for (let at = 3 * sb.lebSize; at + 24 <= vol.length; ) {
        const n = nodeAt(vol, at);
        if (n && (n.type === T.INO || n.type === T.DENT || n.type === T.DATA)) found.push(n);
        at = n ? at + ((n.len + 7) & ~7) : at + 8;
      }
      found.sort((a, b) => (a.sqnum > b.sqnum ? -1 : 1));
      let added = 0;
      for (const n of found) {
        const inum = dv.getUint32(n.at + 24, true);
        const known =
          n.type === T.INO ? inodes.has(inum) : n.type === T.DATA ? data.get(inum)?.has(dv.getUint32(n.at + 28, true) & 0x1fffffff) : dents.get(inum)?.some((d) => d.name === Buffer.from(vol.subarray(n.at + 56, n.at + 56 + dv.getUint16(n.at + 50, true))).toString('utf8'));
        if (known) continue;
        leaf(n);
        added++;
      }
      errors.push(`index damaged: ${added} nodes recovered by scanning the main area (newest copy of each)`);
    }
  }

  let replayed = 0;
  if (master && !sb.authenticated) {
    // The journal: nodes written after the last commit, newest last. They win over the index.
    const j = journalNodes(vol, sb, master.at, errors);
    for (const n of j.nodes) {
      const at = n.at;
      const inum = dv.getUint32(at + 24, true);
      if (n.type === T.INO && n.len >= 160 && dv.getUint32(at + 92, true) === 0) {
        inodes.delete(inum); // nlink 0: the inode was deleted
        data.delete(inum);
      } else if (n.type === T.DENT && n.len >= 56) {
        const name = Buffer.from(vol.subarray(at + 56, at + 56 + Math.min(dv.getUint16(at + 50, true), n.len - 56))).toString('utf8');
        const list = (dents.get(inum) ?? []).filter((d) => d.name !== name);
        dents.set(inum, list);
        // Target inode 0: the name was removed; otherwise created or replaced.
        if (dv.getBigUint64(at + 40, true) !== 0n) leaf(n);
      } else if (n.type === T.TRUN && n.len >= 56) {
        const newSize = Number(dv.getBigUint64(at + 48, true));
        for (const block of data.get(inum)?.keys() ?? []) if (block * BLOCK >= newSize) data.get(inum)!.delete(block);
      } else leaf(n);
    }
    replayed = j.nodes.length;
  }

  const readFile = (inum: number, ino: Ino): Uint8Array => {
    // Holes are legal, but a tiny volume declaring a huge sparse file is a bomb: same ratio limit as streams.
    if (ino.size > budget.maxOut(vol.length)) throw new Error(`declares ${ino.size} bytes, over the ratio limit for a ${vol.length}-byte volume`);
    const out = new Uint8Array(ino.size);
    const blocks = data.get(inum);
    for (const [block, n] of blocks ?? []) {
      if (block * BLOCK >= ino.size) continue; // stale block past a truncation
      const size = dv.getUint32(n.at + 40, true);
      const d = decompress(dv.getUint16(n.at + 44, true), vol.subarray(n.at + 48, n.at + n.len), size);
      if (d.length !== size && dv.getUint16(n.at + 44, true) !== 0) throw new Error(`block ${block}: decompressed to ${d.length} bytes, ${size} declared`);
      out.set(d.subarray(0, Math.min(d.length, ino.size - block * BLOCK)), block * BLOCK);
    }
    return out;
  };

  fsb.add({ path: '/', type: 'dir', mode: inodes.get(1)?.mode ?? 0o755 });
  const walked = new Set<number>();
  const walk = (dir: number, prefix: string, depth: number): boolean => {
    if (walked.has(dir)) {
      errors.push(`${prefix || '/'}: directory reached twice (loop); not walked again`);
      return true;
    }
    walked.add(dir);
    for (const d of (dents.get(dir) ?? []).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = `${prefix}/${d.name}`;
      const ino = inodes.get(d.inum);
      const type = ITYPES[d.type];
      if (!ino || !type) {
        errors.push(`${path}: ${ino ? `unknown entry type ${d.type}` : `inode ${d.inum} missing from the index`}`);
        continue;
      }
      const common = { path, type, mode: ino.mode, uid: ino.uid, gid: ino.gid, mtime: ino.mtime };
      let ok: boolean;
      if (type === 'dir') {
        ok = fsb.add(common);
        if (ok && depth < budget.limits.maxPathDepth) ok = walk(d.inum, path, depth + 1);
      } else if (type === 'symlink') ok = fsb.add({ ...common, target: Buffer.from(ino.data).toString('utf8') });
      else if (type === 'file') ok = fsb.add({ ...common, size: ino.size, read: () => readFile(d.inum, ino) });
      else if (type === 'chardev' || type === 'blockdev') {
        // Linux new_encode_dev: minor low 8 bits, major, then minor's high bits.
        const v = ino.data.length >= 4 ? new DataView(ino.data.buffer, ino.data.byteOffset, 4).getUint32(0, true) : 0;
        const major = (v & 0xfff00) >> 8;
        const minor = (v & 0xff) | ((v >> 12) & 0xfff00);
        ok = fsb.add({ ...common, size: 0, rdev: (major << 8) | minor });
      } else ok = fsb.add({ ...common, size: 0 });
      if (!ok) return false;
    }
    return true;
  };
  walk(1, '', 1);
  const filesystem = fsb.fileSystem('ubifs', `format ${sb.fmtVersion}, ${sb.compressor}, LEB ${sb.lebSize}${replayed ? `, ${replayed} journal nodes replayed` : ''}`, off, vol.length, inodes.size);
  if (master && idxNodes === 0 && inodes.size === 0) errors.push('index is empty');
  return filesystem;
}
