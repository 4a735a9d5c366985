/**
 * .lzma ("alone") streams: kernels and boot payloads. Candidates need a
 * plausible header (lc+lp ≤ 4, dictionary 4 KiB–256 MiB, size known and below
 * the budget, or unknown) and must decode; streams of unknown size end where
 * the range coder finishes or at the end marker.
 */
import { LzmaError, lzmaDecodeRaw, plausibleAloneHeader, readAloneHeader } from '../../decompress/lzma.ts';
import type { Handler } from './types.ts';

// Properties bytes that encoders actually write (lc/lp/pb 3/0/2 is the default; vendors use 0/2/2, 1/2/2 …), followed by a dictionary size whose low byte is zero.
const PROPS = [0x5d, 0x6d, 0x5e, 0x2c, 0x40];

export const lzmaHandler: Handler = {
  name: 'lzma',
  generic: true,
  magics: PROPS.map((p) => Uint8Array.of(p, 0x00, 0x00)),
  carve(buf, off, ctx) {
    const h = readAloneHeader(buf, off);
    if (!h || !plausibleAloneHeader(h, ctx.budget.maxOut(buf.length - off))) return undefined;
    if (h.size !== undefined && h.size < 64) return undefined;
    try {
      const r = lzmaDecodeRaw(buf, off + 13, h.props, h.size, ctx.budget.maxOut(buf.length - off));
      const over = ctx.budget.takeBytes(r.data.length);
      const length = 13 + r.consumed;
      const detail = `LZMA stream (lc=${h.props.lc} lp=${h.props.lp} pb=${h.props.pb}, dictionary ${h.props.dictSize}), ${length} → ${r.data.length} bytes`;
      return over ? { length, kind: 'compressed', detail, error: over } : { length, kind: 'compressed', detail, blob: { name: `lzma@0x${off.toString(16)}`, data: r.data } };
    } catch (e) {
      // A truncated stream that produced a lot is still a real stream: keep what was decoded.
      if (e instanceof LzmaError && e.kind === 'truncated' && e.partial && e.partial.length > 4096) {
        return { length: buf.length - off, kind: 'compressed', detail: `LZMA stream, truncated after ${e.partial.length} bytes`, error: e.message, blob: { name: `lzma@0x${off.toString(16)}`, data: e.partial } };
      }
      return undefined;
    }
  },
};
