/**
 * JFFS2's "rtime" compression (Linux fs/jffs2/compr_rtime.c): pairs of (byte,
 * repeat count), where the repeat copies from the last position the same byte
 * value was written. Output size is known from the node (dsize).
 */
export function rtimeDecompress(src: Uint8Array, outSize: number): Uint8Array {
  const out = new Uint8Array(outSize);
  const positions = new Int32Array(256);
  let o = 0;
  let p = 0;
  while (o < outSize) {
    if (p + 2 > src.length) throw new Error('rtime data truncated');
    const value = src[p++]!;
    out[o++] = value;
    let repeat = src[p++]!;
    let back = positions[value]!;
    positions[value] = o;
    if (o + repeat > outSize) throw new Error('rtime data runs past the node size');
    while (repeat-- > 0) out[o++] = out[back++]!;
  }
  return out;
}
