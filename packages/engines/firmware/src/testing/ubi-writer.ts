/**
 * Test utility: UBIFS and UBI images laid out as Linux's ubifs-media.h and
 * ubi-media.h describe them, so the readers are checked against bytes written
 * from the documents (and, where mtd-utils is installed, against mkfs.ubifs /
 * ubinize output too).
 *
 * buildUbifs: superblock node in LEB 0, master nodes in LEBs 1 and 2, then
 * the leaves (inode, directory entry and data nodes, 8-byte aligned, never
 * across a LEB end) and a two-level index B-tree over them. Enough for a
 * reader; not mountable (no LPT, log or orphan area contents).
 * buildUbi: the volume table in two layout blocks, then each volume's logical
 * blocks, every erase block with its EC and VID headers and CRCs.
 */
import { deflateRawSync } from 'node:zlib';
import { linuxCrc32 } from '../unpack/ubi/crc.ts';
import { lzo1xCompress } from './lz-writers.ts';
import type { TestNode } from './squashfs-writer.ts';

const enc = new TextEncoder();
const MODE_TYPE = { file: 0o100000, dir: 0o040000, symlink: 0o120000, chardev: 0o020000 } as const;
const ITYPE = { file: 0, dir: 1, symlink: 2, chardev: 4 } as const;

class Node {
  readonly b: Uint8Array;
  readonly dv: DataView;
  constructor(len: number, type: number) {
    this.b = new Uint8Array(len);
    this.dv = new DataView(this.b.buffer);
    this.dv.setUint32(0, 0x06101831, true);
    this.dv.setUint32(16, len, true);
    this.b[20] = type;
  }
  seal(sqnum: number): Uint8Array {
    this.dv.setBigUint64(8, BigInt(sqnum), true);
    this.dv.setUint32(4, linuxCrc32(this.b.subarray(8)), true);
    return this.b;
  }
}

const key = (n: Node, at: number, inum: number, type: number, low: number): void => {
  n.dv.setUint32(at, inum, true);
  n.dv.setUint32(at + 4, ((type << 29) | (low & 0x1fffffff)) >>> 0, true);
};

/** Changes written after the last commit, as journal nodes in a bud LEB the log refers to (files of the root directory). */
export interface UbifsJournal {
  /** New or rewritten files: inode + data + directory entry (a rewrite keeps its inode number). */
  write?: Record<string, string>;
  /** Removed files: directory entry with target 0, inode with nlink 0. */
  remove?: string[];
  /** Bytes of a torn last write appended to the bud (to be dropped). */
  torn?: boolean;
}

export function buildUbifs(root: TestNode & { type: 'dir' }, opts: { compressor?: 'none' | 'lzo' | 'zlib'; leb?: number; journal?: UbifsJournal } = {}): Uint8Array {
  const leb = opts.leb ?? 16384;
  const compr = { none: 0, lzo: 1, zlib: 2 }[opts.compressor ?? 'zlib'];
  const pack = (d: Uint8Array): Uint8Array => (compr === 1 ? lzo1xCompress(d) : compr === 2 ? deflateRawSync(d) : d);
  let sqnum = 1;
  let inum = 0;
  const rootInums = new Map<string, number>();
  const leaves: { bytes: Uint8Array; key: [number, number, number] }[] = [];
  const addInode = (node: TestNode, num: number): void => {
    const payload = node.type === 'symlink' ? enc.encode(node.target) : node.type === 'chardev' ? Uint8Array.of(node.rdev & 0xff, (node.rdev >> 8) & 0xff, 0, 0) : new Uint8Array();
    const size = node.type === 'file' ? (typeof node.data === 'string' ? enc.encode(node.data) : node.data).length : node.type === 'symlink' ? payload.length : 0;
    const n = new Node(160 + payload.length, 0);
    key(n, 24, num, 0, 0);
    n.dv.setBigUint64(48, BigInt(size), true);
    n.dv.setBigUint64(72, 1_700_000_000n, true);
    n.dv.setUint32(92, node.type === 'dir' ? 2 : 1, true);
    n.dv.setUint32(104, MODE_TYPE[node.type] | ('mode' in node && node.mode !== undefined ? node.mode : node.type === 'dir' ? 0o755 : node.type === 'symlink' ? 0o777 : 0o644), true);
    n.dv.setUint32(112, payload.length, true);
    n.dv.setUint16(132, compr, true);
    n.b.set(payload, 160);
    leaves.push({ bytes: n.seal(sqnum++), key: [num, 0, 0] });
  };
  const emit = (node: TestNode, num: number): void => {
    addInode(node, num);
    if (node.type === 'file') {
      const bytes = typeof node.data === 'string' ? enc.encode(node.data) : node.data;
      for (let blk = 0; blk * 4096 < bytes.length; blk++) {
        const chunk = bytes.subarray(blk * 4096, (blk + 1) * 4096);
        const z = pack(chunk);
        const n = new Node(48 + z.length, 1);
        key(n, 24, num, 1, blk);
        n.dv.setUint32(40, chunk.length, true);
        n.dv.setUint16(44, compr, true);
        n.b.set(z, 48);
        leaves.push({ bytes: n.seal(sqnum++), key: [num, 1, blk] });
      }
    }
    if (node.type !== 'dir') return;
    let hash = 0;
    for (const [name, child] of Object.entries(node.children)) {
      const childNum = ++inum;
      if (num === 1) rootInums.set(name, childNum);
      const nm = enc.encode(name);
      const n = new Node(56 + nm.length + 1, 2);
      key(n, 24, num, 2, ++hash);
      n.dv.setBigUint64(40, BigInt(childNum), true);
      n.b[49] = ITYPE[child.type];
      n.dv.setUint16(50, nm.length, true);
      n.b.set(nm, 56);
      leaves.push({ bytes: n.seal(sqnum++), key: [num, 2, hash] });
      emit(child, childNum);
    }
  };
  emit(root, ++inum);
  leaves.sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2]);

  // Main area from LEB 3: leaves, then the index (level 0 nodes of up to 8 branches, one level-1 root).
  const lebs: Uint8Array[] = [];
  let cur = new Uint8Array(leb).fill(0xff);
  let used = 0;
  // With a journal: two log LEBs (3, 4) before the main area.
  const mainStart = opts.journal ? 5 : 3;
  const place = (bytes: Uint8Array): [number, number] => {
    if (used + bytes.length > leb) {
      lebs.push(cur);
      cur = new Uint8Array(leb).fill(0xff);
      used = 0;
    }
    const at: [number, number] = [mainStart + lebs.length, used];
    cur.set(bytes, used);
    used = (used + bytes.length + 7) & ~7;
    return at;
  };
  type Branch = { lnum: number; offs: number; len: number; key: [number, number, number] };
  const placed: Branch[] = leaves.map((l) => {
    const [lnum, offs] = place(l.bytes);
    return { lnum, offs, len: l.bytes.length, key: l.key };
  });
  const indexNode = (branches: Branch[], level: number): Branch => {
    const n = new Node(28 + branches.length * 20, 9);
    n.dv.setUint16(24, branches.length, true);
    n.dv.setUint16(26, level, true);
    branches.forEach((br, i) => {
      const at = 28 + i * 20;
      n.dv.setUint32(at, br.lnum, true);
      n.dv.setUint32(at + 4, br.offs, true);
      n.dv.setUint32(at + 8, br.len, true);
      key(n, at + 12, br.key[0], br.key[1], br.key[2]);
    });
    const bytes = n.seal(sqnum++);
    const [lnum, offs] = place(bytes);
    return { lnum, offs, len: bytes.length, key: branches[0]!.key };
  };
  const level0: Branch[] = [];
  for (let i = 0; i < placed.length; i += 8) level0.push(indexNode(placed.slice(i, i + 8), 0));
  const rootIdx = indexNode(level0, 1);
  lebs.push(cur);
  // The journal's bud LEB after the main area's, and the log's commit start + reference node.
  let log: Uint8Array | undefined;
  let bud: Uint8Array | undefined;
  const cmtNo = 7n;
  if (opts.journal) {
    const budLnum = mainStart + lebs.length;
    const csNode = new Node(32, 10);
    csNode.dv.setBigUint64(24, cmtNo, true);
    const ref = new Node(64, 8);
    ref.dv.setUint32(24, budLnum, true);
    const parts: Uint8Array[] = [];
    const inodeNode = (num: number, size: number, nlink: number): Uint8Array => {
      const n = new Node(160, 0);
      key(n, 24, num, 0, 0);
      n.dv.setBigUint64(48, BigInt(size), true);
      n.dv.setBigUint64(72, 1_800_000_000n, true);
      n.dv.setUint32(92, nlink, true);
      n.dv.setUint32(104, 0o100644, true);
      return n.seal(sqnum++);
    };
    const dentNode = (name: string, target: number): Uint8Array => {
      const nm = enc.encode(name);
      const n = new Node(56 + nm.length + 1, 2);
      key(n, 24, 1, 2, 0x1234);
      n.dv.setBigUint64(40, BigInt(target), true);
      n.b[49] = 0;
      n.dv.setUint16(50, nm.length, true);
      n.b.set(nm, 56);
      return n.seal(sqnum++);
    };
    const logBytes = [csNode.seal(sqnum++)];
    logBytes.push(ref.seal(sqnum++));
    for (const [name, text] of Object.entries(opts.journal.write ?? {})) {
      const data = enc.encode(text);
      let num = rootInums.get(name);
      if (num === undefined) rootInums.set(name, (num = ++inum));
      parts.push(inodeNode(num, data.length, 1));
      for (let blk = 0; blk * 4096 < data.length; blk++) {
        const chunk = data.subarray(blk * 4096, (blk + 1) * 4096);
        const n = new Node(48 + chunk.length, 1);
        key(n, 24, num, 1, blk);
        n.dv.setUint32(40, chunk.length, true);
        n.dv.setUint16(44, 0, true);
        n.b.set(chunk, 48);
        parts.push(n.seal(sqnum++));
      }
      parts.push(dentNode(name, num));
    }
    for (const name of opts.journal.remove ?? []) {
      const num = rootInums.get(name)!;
      parts.push(dentNode(name, 0));
      parts.push(inodeNode(num, 0, 0));
    }
    bud = new Uint8Array(leb).fill(0xff);
    let o = 0;
    for (const p of parts) {
      bud.set(p, o);
      o = (o + p.length + 7) & ~7;
    }
    // A torn write: a node header whose CRC cannot match (the bytes after it were never written).
    if (opts.journal.torn) bud.set(inodeNode(999, 5, 1).subarray(0, 40), o);
    log = new Uint8Array(leb).fill(0xff);
    let lo = 0;
    for (const p of logBytes) {
      log.set(p, lo);
      lo = (lo + p.length + 7) & ~7;
    }
    lebs.push(bud);
  }
  const lebCount = mainStart + lebs.length;

  const sb = new Node(4096, 6);
  sb.dv.setUint32(32, 8, true); // min I/O
  sb.dv.setUint32(36, leb, true);
  sb.dv.setUint32(40, lebCount, true);
  sb.dv.setUint32(44, lebCount, true);
  sb.dv.setUint32(56, opts.journal ? 2 : 0, true); // log LEBs
  sb.dv.setUint32(72, 8, true); // fanout
  sb.dv.setUint32(80, 4, true); // format version
  sb.dv.setUint16(84, compr, true);
  const mst = new Node(512, 7);
  mst.dv.setBigUint64(24, BigInt(inum), true);
  mst.dv.setBigUint64(32, cmtNo, true);
  mst.dv.setUint32(44, 3, true); // log_lnum
  mst.dv.setUint32(48, rootIdx.lnum, true);
  mst.dv.setUint32(52, rootIdx.offs, true);
  mst.dv.setUint32(56, rootIdx.len, true);
  const out = new Uint8Array(lebCount * leb).fill(0xff);
  out.set(sb.seal(sqnum++), 0);
  const m = mst.seal(sqnum++);
  out.set(m, leb);
  out.set(m, 2 * leb);
  lebs.forEach((l, i) => out.set(l, (mainStart + i) * leb));
  if (log) out.set(log, 3 * leb);
  return out;
}

export interface UbiVolume {
  name: string;
  data: Uint8Array;
  type?: 'dynamic' | 'static';
}

export function buildUbi(volumes: UbiVolume[], opts: { peb?: number; extraCopy?: { volume: number; lnum: number; data: Uint8Array } } = {}): Uint8Array {
  const peb = opts.peb ?? 32768;
  const vidAt = 64;
  const dataAt = 128;
  const leb = peb - dataAt;
  const blocks: Uint8Array[] = [];
  let sqnum = 1;
  const block = (volId: number, lnum: number, data: Uint8Array, volType: number, usedEbs: number): void => {
    const b = new Uint8Array(peb).fill(0xff);
    const dv = new DataView(b.buffer);
    b.fill(0, 0, 64);
    dv.setUint32(0, 0x55424923);
    b[4] = 1;
    dv.setUint32(16, vidAt);
    dv.setUint32(20, dataAt);
    dv.setUint32(24, 0x1234);
    dv.setUint32(60, linuxCrc32(b.subarray(0, 60)));
    b.fill(0, vidAt, vidAt + 64);
    dv.setUint32(vidAt, 0x55424921);
    b[vidAt + 4] = 1;
    b[vidAt + 5] = volType;
    b[vidAt + 7] = volId === 0x7fffefff ? 5 : 0;
    dv.setUint32(vidAt + 8, volId);
    dv.setUint32(vidAt + 12, lnum);
    if (volType === 2) {
      dv.setUint32(vidAt + 20, data.length);
      dv.setUint32(vidAt + 24, usedEbs);
      dv.setUint32(vidAt + 32, linuxCrc32(data));
    }
    dv.setBigUint64(vidAt + 40, BigInt(sqnum++));
    dv.setUint32(vidAt + 60, linuxCrc32(b.subarray(vidAt, vidAt + 60)));
    b.set(data, dataAt);
    blocks.push(b);
  };
  // Volume table: 128 records of 172 bytes, each with its CRC (empty ones too).
  const vtbl = new Uint8Array(128 * 172);
  const vdv = new DataView(vtbl.buffer);
  for (let i = 0; i < 128; i++) {
    const r = i * 172;
    const v = volumes[i];
    if (v) {
      vdv.setUint32(r, Math.ceil(v.data.length / leb) + 1);
      vdv.setUint32(r + 4, 1);
      vtbl[r + 12] = v.type === 'static' ? 2 : 1;
      vdv.setUint16(r + 14, v.name.length);
      vtbl.set(enc.encode(v.name), r + 16);
    }
    vdv.setUint32(r + 168, linuxCrc32(vtbl.subarray(r, r + 168)));
  }
  block(0x7fffefff, 0, vtbl, 1, 0);
  block(0x7fffefff, 1, vtbl, 1, 0);
  volumes.forEach((v, id) => {
    const n = Math.ceil(v.data.length / leb);
    for (let l = 0; l < n; l++) block(id, l, v.data.subarray(l * leb, (l + 1) * leb), v.type === 'static' ? 2 : 1, n);
  });
  // A later copy of a block (as after wear levelling): the higher sequence number must win.
  if (opts.extraCopy) block(opts.extraCopy.volume, opts.extraCopy.lnum, opts.extraCopy.data, 1, 0);
  const out = new Uint8Array(blocks.length * peb);
  blocks.forEach((b, i) => out.set(b, i * peb));
  return out;
}
