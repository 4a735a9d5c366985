/**
 * Test utility: ZIP archives as APPNOTE.TXT describes them (local headers,
 * stored or deflated data, central directory with Unix modes in the external
 * attributes — symlinks as their target text —, end of central directory), and
 * a 7z file's outer shell after 7zFormat.txt (signature header with its CRC,
 * packed bytes, a next header) for the "recorded, not unpacked" path.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import { flatten } from './archive-writers.ts';
import type { TestNode } from './squashfs-writer.ts';

const enc = new TextEncoder();

export function buildZip(root: TestNode & { type: 'dir' }, opts: { store?: boolean } = {}): Uint8Array {
  const local: number[] = [];
  const central: number[] = [];
  const put = (arr: number[], v: number, n: number): void => {
    for (let i = 0; i < n; i++) arr.push((v >>> (8 * i)) & 0xff);
  };
  let count = 0;
  for (const { path, node } of flatten(root)) {
    if (node.type === 'chardev') continue; // ZIP has no device entries
    const name = enc.encode(node.type === 'dir' ? `${path}/` : path);
    const data = node.type === 'file' ? (typeof node.data === 'string' ? enc.encode(node.data) : node.data) : node.type === 'symlink' ? enc.encode(node.target) : new Uint8Array();
    const deflate = !opts.store && node.type === 'file' && data.length > 0;
    const body = deflate ? deflateRawSync(data) : data;
    const crc = crc32(data) >>> 0;
    const mode = { file: 0o100000, dir: 0o040000, symlink: 0o120000 }[node.type] | ('mode' in node && node.mode !== undefined ? node.mode : node.type === 'dir' ? 0o755 : node.type === 'symlink' ? 0o777 : 0o644);
    const at = local.length;
    put(local, 0x04034b50, 4);
    put(local, 20, 2);
    put(local, 0x800, 2);
    put(local, deflate ? 8 : 0, 2);
    put(local, 0, 2);
    put(local, 0x5821, 2); // 2024-01-01
    put(local, crc, 4);
    put(local, body.length, 4);
    put(local, data.length, 4);
    put(local, name.length, 2);
    put(local, 0, 2);
    local.push(...name, ...body);
    put(central, 0x02014b50, 4);
    put(central, 0x031e, 2); // made by Unix, 3.0
    put(central, 20, 2);
    put(central, 0x800, 2);
    put(central, deflate ? 8 : 0, 2);
    put(central, 0, 2);
    put(central, 0x5821, 2);
    put(central, crc, 4);
    put(central, body.length, 4);
    put(central, data.length, 4);
    put(central, name.length, 2);
    put(central, 0, 2);
    put(central, 0, 2);
    put(central, 0, 2);
    put(central, 0, 2);
    put(central, (mode << 16) >>> 0, 4);
    put(central, at, 4);
    central.push(...name);
    count++;
  }
  const end: number[] = [];
  put(end, 0x06054b50, 4);
  put(end, 0, 4);
  put(end, count, 2);
  put(end, count, 2);
  put(end, central.length, 4);
  put(end, local.length, 4);
  put(end, 0, 2);
  return Uint8Array.from([...local, ...central, ...end]);
}

export function buildSevenZipShell(packed: Uint8Array): Uint8Array {
  // Next header: kHeader (0x01), kEnd (0x00) — an empty archive's header.
  const next = Uint8Array.of(0x01, 0x00);
  const out = new Uint8Array(32 + packed.length + next.length);
  const dv = new DataView(out.buffer);
  out.set([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4]);
  dv.setBigUint64(12, BigInt(packed.length), true);
  dv.setBigUint64(20, BigInt(next.length), true);
  dv.setUint32(28, crc32(next) >>> 0, true);
  dv.setUint32(8, crc32(out.subarray(12, 32)) >>> 0, true);
  out.set(packed, 32);
  out.set(next, 32 + packed.length);
  return out;
}
