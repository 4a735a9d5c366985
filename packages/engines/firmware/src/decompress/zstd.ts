/**
 * zstd frames (RFC 8878), decoded by fzstd (pure JavaScript) into an output
 * buffer of at most `maxOut` bytes: a frame that declares more is refused
 * before decoding, one that does not declare its size decodes into the capped
 * buffer and fails when it would overflow it.
 */
import { Decompress, decompress } from 'fzstd';

export const ZSTD_MAGIC = Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd);

/** Frame_Content_Size from the frame header, when the frame declares it. */
export function zstdDeclaredSize(buf: Uint8Array, off = 0): number | undefined {
  const fhd = buf[off + 4];
  if (fhd === undefined) return undefined;
  const fcsFlag = fhd >> 6;
  const single = (fhd >> 5) & 1;
  const dictIdBytes = [0, 1, 2, 4][fhd & 3]!;
  const fcsBytes = [single ? 1 : 0, 2, 4, 8][fcsFlag]!;
  if (fcsBytes === 0) return undefined;
  const at = off + 5 + (single ? 0 : 1) + dictIdBytes;
  if (at + fcsBytes > buf.length) return undefined;
  let v = 0;
  for (let i = fcsBytes - 1; i >= 0; i--) v = v * 256 + buf[at + i]!;
  return fcsBytes === 2 ? v + 256 : v;
}

export function zstdDecompress(src: Uint8Array, maxOut: number): Uint8Array {
  const declared = zstdDeclaredSize(src);
  if (declared !== undefined && declared > maxOut) throw new Error(`zstd frame declares ${declared} bytes, over the limit of ${maxOut}`);
  try {
    // fzstd hands back the whole output buffer it was given, so only a declared size may use one.
    if (declared !== undefined) return decompress(src, new Uint8Array(declared));
    const parts: Uint8Array[] = [];
    let total = 0;
    const stream = new Decompress((chunk) => {
      total += chunk.length;
      if (total > maxOut) throw new Error(`zstd output over the limit of ${maxOut} bytes`);
      parts.push(chunk);
    });
    stream.push(src, true);
    const out = new Uint8Array(total);
    let o = 0;
    for (const p of parts) {
      out.set(p, o);
      o += p.length;
    }
    return out;
  } catch (e) {
    throw new Error(`zstd: ${(e as Error).message}`);
  }
}

/** Length of the zstd frame at `off` (header, blocks, optional checksum), or undefined when it is not a complete frame. */
export function zstdFrameLength(buf: Uint8Array, off: number): number | undefined {
  if (off + 6 > buf.length) return undefined;
  for (let i = 0; i < 4; i++) if (buf[off + i] !== ZSTD_MAGIC[i]) return undefined;
  const fhd = buf[off + 4]!;
  if (fhd & 0x08) return undefined; // reserved bit
  const single = (fhd >> 5) & 1;
  const fcsBytes = [single ? 1 : 0, 2, 4, 8][fhd >> 6]!;
  let p = off + 5 + (single ? 0 : 1) + [0, 1, 2, 4][fhd & 3]! + fcsBytes;
  for (let blocks = 0; blocks < 1 << 20; blocks++) {
    if (p + 3 > buf.length) return undefined;
    const h = buf[p]! | (buf[p + 1]! << 8) | (buf[p + 2]! << 16);
    const type = (h >> 1) & 3;
    const size = h >> 3;
    if (type === 3 || size > 128 << 10) return undefined;
    p += 3 + (type === 1 ? 1 : size);
    if (h & 1) {
      const end = p + (fhd & 0x04 ? 4 : 0);
      return end <= buf.length ? end - off : undefined;
    }
  }
  return undefined;
}
