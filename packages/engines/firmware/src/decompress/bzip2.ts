/**
 * bzip2 streams through seek-bzip (pure JavaScript, MIT; the decoder
 * decompress-tarbz2 uses), with our own input and output streams around it:
 * the input refuses to read past the buffer (a truncated stream ends with an
 * error instead of decoding 0xff bytes), the output refuses to grow past the
 * image's budget, and the bytes consumed give the stream's length (the region).
 * One stream is decoded; a concatenated next one is a region of its own.
 */
import Bunzip from 'seek-bzip';
import { withRoom } from './output-buffer.ts';

/** "BZh" + block size '1'–'9' + the first block's magic (π) — an empty stream (end magic, √π) carries nothing worth a region. */
export const BZIP2_MAGICS: readonly Uint8Array[] = Array.from({ length: 9 }, (_, i) => Uint8Array.from([0x42, 0x5a, 0x68, 0x31 + i, 0x31, 0x41, 0x59, 0x26, 0x53, 0x59]));

export class Bzip2Error extends Error {}

/**
 * Decodes the stream at `off`. `maxOut` caps the output; `ratio` (with a 1 MiB floor) caps it
 * against the bytes consumed so far, checked per byte, so a bomb stops at the limit, not after it.
 */
export function bzip2Decompress(buf: Uint8Array, off: number, maxOut: number, ratio = Infinity): { data: Uint8Array; length: number } {
  let pos = off;
  const input = {
    readByte(): number {
      if (pos >= buf.length) throw new Bzip2Error('bzip2 stream truncated');
      return buf[pos++]!;
    },
    read(dst: Uint8Array, at: number, len: number): number {
      let n = 0;
      for (; n < len && pos < buf.length; n++) dst[at + n] = buf[pos++]!;
      return n === 0 ? -1 : n;
    },
    seek(p: number): void {
      pos = off + p;
    },
    eof: (): boolean => pos >= buf.length,
  };
  let out: Uint8Array = new Uint8Array(Math.min(maxOut, 1 << 16));
  let used = 0;
  const output = {
    writeByte(b: number): void {
      if (used >= (1 << 20) && used >= (pos - off) * ratio) throw new Bzip2Error(`bzip2 stream expands more than ${ratio} times`);
      if (used >= out.length) {
        if (used >= maxOut) throw new Bzip2Error(`bzip2 output over the limit of ${maxOut} bytes`);
        out = withRoom(out, used, used + 1, maxOut);
      }
      out[used++] = b;
    },
  };
  try {
    Bunzip.decode(input, output, false);
  } catch (e) {
    if (e instanceof Bzip2Error) throw e;
    // seek-bzip throws plain objects/strings for data errors: give them one shape.
    throw new Bzip2Error(`bzip2 data error: ${String((e as { message?: string })?.message ?? e).slice(0, 200)}`);
  }
  return { data: out.subarray(0, used), length: pos - off };
}
