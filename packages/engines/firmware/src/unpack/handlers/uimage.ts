/**
 * U-Boot legacy image (uImage): 64-byte big-endian header with header and data
 * CRC32, sizes, load/entry addresses, OS, architecture, type, compression and a
 * 32-byte name; the payload follows. The header CRC must match, so random
 * bytes that happen to hold the magic are not taken.
 */
import { crc32 } from 'node:zlib';
import { bzip2Decompress } from '../../decompress/bzip2.ts';
import { lzmaAloneDecompress } from '../../decompress/lzma.ts';
import { gunzipAt } from './gzip.ts';
import { type Handler, cString } from './types.ts';

const ARCH: Record<number, string> = { 2: 'arm', 3: 'x86', 5: 'mips', 6: 'mips64', 7: 'powerpc', 15: 'sh', 22: 'arm64', 17: 'blackfin' };
const TYPE: Record<number, string> = { 1: 'standalone', 2: 'kernel', 3: 'ramdisk', 4: 'multi', 5: 'firmware', 6: 'script', 7: 'filesystem' };

export const uimageHandler: Handler = {
  name: 'uimage',
  magics: [Uint8Array.of(0x27, 0x05, 0x19, 0x56)],
  nested: true,
  carve(buf, off, ctx) {
    if (off + 64 > buf.length) return undefined;
    const dv = new DataView(buf.buffer, buf.byteOffset + off, 64);
    const header = new Uint8Array(buf.subarray(off, off + 64));
    const hcrc = dv.getUint32(4);
    header.fill(0, 4, 8);
    if ((crc32(header) >>> 0) !== hcrc) return undefined;
    const size = dv.getUint32(12);
    const comp = buf[off + 31]!;
    const name = cString(buf, off + 32, 32);
    const arch = ARCH[buf[off + 29]!] ?? `arch ${buf[off + 29]}`;
    const type = TYPE[buf[off + 30]!] ?? `type ${buf[off + 30]}`;
    const facts = { uimageName: name, architecture: arch, imageType: type };
    const avail = Math.min(size, buf.length - off - 64);
    const payload = buf.subarray(off + 64, off + 64 + avail);
    let error = avail < size ? `uImage payload declares ${size} bytes, ${avail} present (truncated)` : undefined;
    if (!error && (crc32(payload) >>> 0) !== dv.getUint32(24)) error = 'uImage data CRC does not match';
    const detail = `uImage "${name}" ${type} for ${arch}, ${size} bytes, compression ${['none', 'gzip', 'bzip2', 'lzma', 'lzo', 'lz4', 'zstd'][comp] ?? comp}`;
    let blob: { name: string; data: Uint8Array } | undefined;
    try {
      const max = ctx.budget.maxOut(avail);
      const data = comp === 3 ? lzmaAloneDecompress(payload, 0, max).data : comp === 1 ? gunzipAt(payload, 0, max).data : comp === 2 ? bzip2Decompress(payload, 0, max).data : comp === 0 ? payload : undefined;
      if (data) {
        const over = ctx.budget.takeBytes(data.length);
        if (over) error = over;
        else blob = { name: `${name || 'uimage'}@0x${off.toString(16)}`, data };
      } else error ??= `compression ${comp} not supported`;
    } catch (e) {
      error = `payload not decompressed: ${(e as Error).message}`;
    }
    return { length: 64 + avail, kind: 'compressed', detail, facts, ...(blob ? { blob } : {}), ...(error ? { error } : {}) };
  },
};
