/**
 * bzip2 streams (kernels and nested images of some vendors): decoded under the image's budget;
 * the bytes the decoder consumed are the region. A damaged or truncated stream throws: the
 * scanner records why and its bytes stay an unknown region with their entropy.
 */
import { BZIP2_MAGICS, bzip2Decompress } from '../../decompress/bzip2.ts';
import type { Handler } from './types.ts';

export const bzip2Handler: Handler = {
  name: 'bzip2',
  magics: BZIP2_MAGICS,
  generic: true,
  nested: true,
  carve(buf, off, ctx) {
    // The ratio is checked as the stream is read (its compressed length is known only at its end).
    const r = bzip2Decompress(buf, off, Math.max(0, ctx.budget.limits.maxTotalBytes - ctx.budget.bytes), ctx.budget.limits.maxRatio);
    const detail = `bzip2 stream (block size ${buf[off + 3]! - 0x30}00k), ${r.length} → ${r.data.length} bytes`;
    const over = ctx.budget.takeBytes(r.data.length);
    return over ? { length: r.length, kind: 'compressed', detail, error: over } : { length: r.length, kind: 'compressed', detail, blob: { name: `bzip2@0x${off.toString(16)}`, data: r.data } };
  },
};
