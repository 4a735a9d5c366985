/**
 * xz and zstd streams (kernels, nested images, OpenWrt/Buildroot payloads):
 * both are sized from their own structure before decoding — xz from its index,
 * zstd by walking its block headers — so the region ends exactly where the
 * stream does and the output is bounded by the image's budget.
 */
import { XZ_MAGIC, locateXz, xzDecompress } from '../../decompress/xz.ts';
import { ZSTD_MAGIC, zstdDecompress, zstdFrameLength } from '../../decompress/zstd.ts';
import type { Carved, Handler, HandlerContext } from './types.ts';

function decoded(name: string, off: number, length: number, detail: (out: number) => string, decode: () => Uint8Array, ctx: HandlerContext): Carved {
  try {
    const data = decode();
    const over = ctx.budget.takeBytes(data.length);
    const d = detail(data.length);
    return over ? { length, kind: 'compressed', detail: d, error: over } : { length, kind: 'compressed', detail: d, blob: { name: `${name}@0x${off.toString(16)}`, data } };
  } catch (e) {
    return { length, kind: 'compressed', detail: detail(0), error: (e as Error).message };
  }
}

export const xzHandler: Handler = {
  name: 'xz',
  magics: [XZ_MAGIC],
  nested: true,
  carve(buf, off, ctx) {
    const s = locateXz(buf, off);
    if (!s) return undefined;
    const stream = buf.subarray(off, off + s.length);
    return decoded('xz', off, s.length, (n) => `xz stream, ${s.blocks} block(s), ${s.length} → ${n || s.uncompressed} bytes`, () => xzDecompress(stream, ctx.budget.maxOut(s.length)), ctx);
  },
};

export const zstdHandler: Handler = {
  name: 'zstd',
  magics: [ZSTD_MAGIC],
  nested: true,
  carve(buf, off, ctx) {
    const length = zstdFrameLength(buf, off);
    if (!length) return undefined;
    const frame = buf.subarray(off, off + length);
    return decoded('zstd', off, length, (n) => `zstd frame, ${length} → ${n} bytes`, () => zstdDecompress(frame, ctx.budget.maxOut(length)), ctx);
  },
};
