/**
 * Test utility: a firmware image as vendors lay them out — a TP-Link v1 header,
 * an LZMA-free "kernel" (a gzip stream with a Linux banner), padding, then a
 * squashfs root file system.
 */
import { gzipSync } from 'node:zlib';
import { buildSquashfs, type TestNode } from './squashfs-writer.ts';

export function buildImage(root: TestNode & { type: 'dir' }, opts: { banner?: string } = {}): Uint8Array {
  const header = new Uint8Array(0x200);
  const dv = new DataView(header.buffer);
  dv.setUint32(0, 1);
  header.set(new TextEncoder().encode('TP-LINK Technologies'), 4);
  header.set(new TextEncoder().encode('ver. 1.0'), 0x1c);
  dv.setUint32(0x40, 0x08410010);
  dv.setUint32(0x44, 1);
  dv.setUint16(0x98, 3);
  dv.setUint16(0x9a, 16);
  dv.setUint16(0x9c, 9);
  const kernel = gzipSync(Buffer.from(`\0\0${opts.banner ?? 'Linux version 2.6.31 (builder@host) (gcc version 4.3.3 (GCC) ) #1 Tue Mar 10 15:10:01 CST 2015'}\n`.padEnd(4096, '\0')));
  const fs = buildSquashfs(root);
  const fsAt = 0x200 + kernel.length + 0x400;
  const out = new Uint8Array(fsAt + fs.length).fill(0xff, 0x200 + kernel.length, fsAt);
  out.set(header, 0);
  out.set(kernel, 0x200);
  out.set(fs, fsAt);
  dv.setUint32(0x7c, out.length);
  dv.setUint32(0x80, 0x200);
  dv.setUint32(0x84, kernel.length);
  dv.setUint32(0x88, fsAt);
  dv.setUint32(0x8c, fs.length);
  out.set(header, 0);
  return out;
}
