/**
 * xz streams (The .xz File Format 1.0.4, tukaani.org): located and sized from
 * their own index before anything is decompressed — the stream footer gives
 * the index size, the index lists every block's unpadded and uncompressed size
 * — so a stream's end is exact and its output is known (and refused over the
 * budget) up front; then decoded by liblzma through @napi-rs/lzma.
 */
import { crc32 } from 'node:zlib';
import { xz } from '@napi-rs/lzma';

export const XZ_MAGIC = Uint8Array.of(0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00);

export interface XzStream {
  /** Bytes from the stream header to the end of the footer. */
  length: number;
  /** Sum of the blocks' uncompressed sizes, from the index. */
  uncompressed: number;
  blocks: number;
}

function varint(buf: Uint8Array, pos: number, end: number): [number, number] | undefined {
  let v = 0;
  for (let i = 0; i < 9 && pos + i < end; i++) {
    const b = buf[pos + i]!;
    v += (b & 0x7f) * 2 ** (7 * i);
    if (!(b & 0x80)) return Number.isSafeInteger(v) ? [v, pos + i + 1] : undefined;
  }
  return undefined;
}

const u32 = (buf: Uint8Array, at: number): number => (buf[at]! | (buf[at + 1]! << 8) | (buf[at + 2]! << 16) | (buf[at + 3]! << 24)) >>> 0;

/** The xz stream that starts at `off`, or undefined when there is no complete, consistent one. */
export function locateXz(buf: Uint8Array, off: number, maxSearch = 64 << 20): XzStream | undefined {
  if (off + 24 > buf.length) return undefined;
  for (let i = 0; i < 6; i++) if (buf[off + i] !== XZ_MAGIC[i]) return undefined;
  const flags = buf.subarray(off + 6, off + 8);
  if (flags[0] !== 0 || (crc32(flags) >>> 0) !== u32(buf, off + 8)) return undefined;
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.length);
  const stop = Math.min(buf.length, off + maxSearch);
  for (let yz = b.indexOf('YZ', off + 22, 'latin1'); yz >= 0 && yz + 2 <= stop; yz = b.indexOf('YZ', yz + 1, 'latin1')) {
    const footer = yz - 10;
    if ((yz + 2 - off) % 4 !== 0) continue;
    if (buf[footer + 8] !== flags[0] || buf[footer + 9] !== flags[1]) continue;
    if ((crc32(buf.subarray(footer + 4, footer + 10)) >>> 0) !== u32(buf, footer)) continue;
    const indexSize = (u32(buf, footer + 4) + 1) * 4;
    const indexAt = footer - indexSize;
    if (indexAt < off + 12 || buf[indexAt] !== 0) continue;
    if ((crc32(buf.subarray(indexAt, footer - 4)) >>> 0) !== u32(buf, footer - 4)) continue;
    let p = indexAt + 1;
    const count = varint(buf, p, footer);
    if (!count) continue;
    p = count[1];
    let blocksBytes = 0;
    let uncompressed = 0;
    let ok = true;
    for (let i = 0; i < count[0] && ok; i++) {
      const unpadded = varint(buf, p, footer);
      const size = unpadded && varint(buf, unpadded[1], footer);
      if (!unpadded || !size) ok = false;
      else {
        blocksBytes += Math.ceil(unpadded[0] / 4) * 4;
        uncompressed += size[0];
        p = size[1];
      }
    }
    if (!ok || off + 12 + blocksBytes !== indexAt) continue;
    return { length: footer + 12 - off, uncompressed, blocks: count[0] };
  }
  return undefined;
}

/** Decompresses one complete xz stream, refusing it when its index declares more than `maxOut` bytes. */
export function xzDecompress(stream: Uint8Array, maxOut: number): Uint8Array {
  const found = locateXz(stream, 0);
  if (!found) throw new Error('not a complete xz stream');
  if (found.uncompressed > maxOut) throw new Error(`xz stream declares ${found.uncompressed} bytes, over the limit of ${maxOut}`);
  const out = xz.decompressSync(Buffer.from(stream.buffer, stream.byteOffset, found.length));
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}
