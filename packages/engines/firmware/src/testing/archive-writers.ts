/**
 * Test utility: the same test trees as the squashfs writer, written as cpio
 * (newc or odc), tar (ustar) and romfs, and a TRX container around parts, so
 * each reader is checked against bytes laid out as the format's documents say.
 */
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { TestNode } from './squashfs-writer.ts';

interface Flat {
  path: string;
  node: TestNode;
}

const enc = new TextEncoder();
const bytesOf = (d: Uint8Array | string): Uint8Array => (typeof d === 'string' ? enc.encode(d) : d);

export function flatten(root: TestNode & { type: 'dir' }, prefix = ''): Flat[] {
  const out: Flat[] = [];
  for (const [name, node] of Object.entries(root.children)) {
    const path = prefix ? `${prefix}/${name}` : name;
    out.push({ path, node });
    if (node.type === 'dir') out.push(...flatten(node, path));
  }
  return out;
}

const MODE_TYPE = { file: 0o100000, dir: 0o040000, symlink: 0o120000, chardev: 0o020000 } as const;
const modeOf = (n: TestNode): number => MODE_TYPE[n.type] | ('mode' in n && n.mode !== undefined ? n.mode : n.type === 'dir' ? 0o755 : n.type === 'symlink' ? 0o777 : 0o644);
const dataOf = (n: TestNode): Uint8Array => (n.type === 'file' ? bytesOf(n.data) : n.type === 'symlink' ? enc.encode(n.target) : new Uint8Array());

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

const pad = (n: number, a: number): Uint8Array => new Uint8Array((a - (n % a)) % a);

export function buildCpio(root: TestNode & { type: 'dir' }, format: 'newc' | 'odc' = 'newc', opts: { trailer?: boolean } = {}): Uint8Array {
  const parts: Uint8Array[] = [];
  let size = 0;
  const push = (b: Uint8Array): void => {
    parts.push(b);
    size += b.length;
  };
  const entry = (name: string, mode: number, data: Uint8Array, rdev = 0, ino = 0): void => {
    const nameBytes = enc.encode(`${name}\0`);
    if (format === 'newc') {
      const hex = (v: number): string => v.toString(16).padStart(8, '0');
      const fields = [ino, mode, 0, 0, 1, 1_700_000_000, data.length, 0, 0, rdev >> 8, rdev & 0xff, nameBytes.length, 0];
      push(enc.encode(`070701${fields.map(hex).join('')}`));
      push(nameBytes);
      push(pad(size, 4));
      push(data);
      push(pad(size, 4));
    } else {
      const oct = (v: number, w: number): string => v.toString(8).padStart(w, '0');
      push(enc.encode(`070707${oct(0, 6)}${oct(ino, 6)}${oct(mode, 6)}${oct(0, 6)}${oct(0, 6)}${oct(1, 6)}${oct(rdev, 6)}${oct(1_700_000_000, 11)}${oct(nameBytes.length, 6)}${oct(data.length, 11)}`));
      push(nameBytes);
      push(data);
    }
  };
  let ino = 1;
  entry('.', 0o040755, new Uint8Array(), 0, ino++);
  for (const { path, node } of flatten(root)) entry(path, modeOf(node), dataOf(node), node.type === 'chardev' ? node.rdev : 0, ino++);
  if (opts.trailer ?? true) entry('TRAILER!!!', 0, new Uint8Array());
  return concat(parts);
}

export function buildTar(root: TestNode & { type: 'dir' }): Uint8Array {
  const parts: Uint8Array[] = [];
  const header = (name: string, node: TestNode, size: number): Uint8Array => {
    const h = new Uint8Array(512);
    const put = (at: number, s: string): void => h.set(enc.encode(s), at);
    const oct = (at: number, width: number, v: number): void => put(at, `${v.toString(8).padStart(width - 1, '0')}\0`);
    put(0, node.type === 'dir' ? `${name}/` : name);
    oct(100, 8, modeOf(node) & 0o7777);
    oct(108, 8, 0);
    oct(116, 8, 0);
    oct(124, 12, size);
    oct(136, 12, 1_700_000_000);
    put(156, { file: '0', dir: '5', symlink: '2', chardev: '3' }[node.type]);
    if (node.type === 'symlink') put(157, node.target);
    put(257, 'ustar\u000000');
    if (node.type === 'chardev') {
      oct(329, 8, node.rdev >> 8);
      oct(337, 8, node.rdev & 0xff);
    }
    h.fill(0x20, 148, 156);
    const sum = h.reduce((s, b) => s + b, 0);
    put(148, `${sum.toString(8).padStart(6, '0')}\0 `);
    return h;
  };
  for (const { path, node } of flatten(root)) {
    const data = node.type === 'file' ? bytesOf(node.data) : new Uint8Array();
    parts.push(header(path, node, data.length), data, pad(data.length, 512));
  }
  parts.push(new Uint8Array(1024));
  return concat(parts);
}

const ROMFS_TYPE = { dir: 1, file: 2, symlink: 3, chardev: 5 } as const;

/** romfs as genromfs lays it out: each directory's list starts with "." and "..". */
export function buildRomfs(root: TestNode & { type: 'dir' }, volume = 'rom test'): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const name16 = (s: string): Uint8Array => {
    const b = enc.encode(`${s}\0`);
    return concat([b, pad(b.length, 16)]);
  };
  const head = concat([enc.encode('-rom1fs-'), new Uint8Array(8), name16(volume)]);
  chunks.push(head);
  size = head.length;
  // Headers are written as [offset, bytes] and patched once the next sibling's offset is known.
  const headers: { at: number; bytes: Uint8Array }[] = [];
  const writeDir = (dir: TestNode & { type: 'dir' }, parentFirst: number): number => {
    const first = size;
    const entries: [string, TestNode | 'dot' | 'dotdot'][] = [['.', 'dot'], ['..', 'dotdot'], ...Object.entries(dir.children)];
    const mine: { at: number; bytes: Uint8Array }[] = [];
    const subdirs: { h: { at: number; bytes: Uint8Array }; node: TestNode & { type: 'dir' } }[] = [];
    for (const [name, node] of entries) {
      const data = node === 'dot' || node === 'dotdot' ? new Uint8Array() : dataOf(node);
      const h = new Uint8Array(16);
      const dv = new DataView(h.buffer);
      const type = node === 'dot' ? 1 : node === 'dotdot' ? 0 : ROMFS_TYPE[node.type];
      dv.setUint32(0, type | (node !== 'dot' && node !== 'dotdot' && node.type === 'file' && (node.mode ?? 0) & 0o100 ? 8 : 0));
      dv.setUint32(4, node === 'dot' ? first : node === 'dotdot' ? parentFirst : node.type === 'chardev' ? ((node.rdev >> 8) << 16) | (node.rdev & 0xff) : 0);
      dv.setUint32(8, data.length);
      const rec = { at: size, bytes: h };
      mine.push(rec);
      if (node !== 'dot' && node !== 'dotdot' && node.type === 'dir') subdirs.push({ h: rec, node });
      const body = concat([h, name16(name), data, pad(data.length, 16)]);
      chunks.push(body);
      size += body.length;
    }
    for (let i = 0; i < mine.length - 1; i++) {
      const dv = new DataView(mine[i]!.bytes.buffer);
      dv.setUint32(0, dv.getUint32(0) | mine[i + 1]!.at);
    }
    headers.push(...mine);
    for (const s of subdirs) new DataView(s.h.bytes.buffer).setUint32(4, writeDir(s.node, first));
    return first;
  };
  writeDir(root, 0);
  const out = concat(chunks);
  new DataView(out.buffer).setUint32(8, out.length);
  // Headers were patched after being copied: write them again at their offsets.
  for (const h of headers) out.set(h.bytes, h.at);
  return out;
}

/** A TRX v1 container around the given parts (loader-less: kernel, then root file system). */
export function buildTrx(kernel: Uint8Array, rootfs: Uint8Array, opts: { corruptCrc?: boolean } = {}): Uint8Array {
  const header = 28;
  const kAt = header;
  const rAt = kAt + kernel.length + ((4 - (kernel.length % 4)) % 4);
  const out = new Uint8Array(rAt + rootfs.length);
  const dv = new DataView(out.buffer);
  out.set(enc.encode('HDR0'), 0);
  dv.setUint32(4, out.length, true);
  dv.setUint32(12, 1 << 16, true);
  dv.setUint32(16, 0, true);
  dv.setUint32(20, kAt, true);
  dv.setUint32(24, rAt, true);
  out.set(kernel, kAt);
  out.set(rootfs, rAt);
  dv.setUint32(8, (~crc32(out.subarray(12)) ^ (opts.corruptCrc ? 1 : 0)) >>> 0, true);
  return out;
}

/** A Netgear .chk header (board id, region, version) in front of a TRX or other payload. */
export function buildNetgearChk(payload: Uint8Array, boardId = 'U12H139T00_NETGEAR'): Uint8Array {
  const id = enc.encode(boardId);
  const headerLen = 40 + id.length;
  const out = new Uint8Array(headerLen + payload.length);
  const dv = new DataView(out.buffer);
  out.set(enc.encode('*#$^'), 0);
  dv.setUint32(4, headerLen);
  out.set([1, 1, 0, 2, 34], 8); // region 1, version 1.0.2.34
  dv.setUint32(24, payload.length);
  out.set(id, 40);
  out.set(payload, headerLen);
  return out;
}

/** A D-Link SEAMA container: meta data "key=value" strings and the MD5 of the image. */
export function buildSeama(image: Uint8Array, meta: Record<string, string>, opts: { corrupt?: boolean } = {}): Uint8Array {
  const metaText = enc.encode(Object.entries(meta).map(([k, v]) => `${k}=${v}\0`).join(''));
  const metaBytes = concat([metaText, pad(metaText.length, 4)]);
  const out = new Uint8Array(28 + metaBytes.length + image.length);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, 0x5ea3a417);
  dv.setUint16(6, metaBytes.length);
  dv.setUint32(8, image.length);
  out.set(createHash('md5').update(image).digest(), 12);
  out.set(metaBytes, 28);
  out.set(image, 28 + metaBytes.length);
  if (opts.corrupt) out[out.length - 1] = out[out.length - 1]! ^ 1;
  return out;
}
