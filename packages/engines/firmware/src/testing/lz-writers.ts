/**
 * Test utility: small LZ4-block and LZO1X compressors, written from the same
 * format descriptions as the decoders (lz4_Block_format.md; the kernel's
 * Documentation/staging/lzo.rst), so tests can build squashfs and UBIFS
 * images with those compressors without native packages. Greedy matching on a
 * 4-byte hash: the output is valid, not small. They use every instruction the
 * decoders must handle except LZO's M1 (which only lzo1x_999 emits).
 */

function findMatch(src: Uint8Array, pos: number, table: Map<number, number>, maxDist: number): { dist: number; len: number } | undefined {
  if (pos + 4 > src.length) return undefined;
  const key = src[pos]! | (src[pos + 1]! << 8) | (src[pos + 2]! << 16) | (src[pos + 3]! << 24);
  const prev = table.get(key);
  table.set(key, pos);
  if (prev === undefined || pos - prev > maxDist) return undefined;
  let len = 0;
  while (pos + len < src.length && src[prev + len] === src[pos + len] && len < 4096) len++;
  return len >= 4 ? { dist: pos - prev, len } : undefined;
}

export function lz4Compress(src: Uint8Array): Uint8Array {
  const out: number[] = [];
  const table = new Map<number, number>();
  const ext = (n: number): void => {
    while (n >= 255) {
      out.push(255);
      n -= 255;
    }
    out.push(n);
  };
  let anchor = 0;
  let pos = 0;
  // The format wants the last 5 bytes as literals and no match starting in the last 12.
  const matchLimit = src.length - 12;
  while (pos < matchLimit) {
    const m = findMatch(src, pos, table, 65535);
    if (!m) {
      pos++;
      continue;
    }
    const len = Math.min(m.len, src.length - 5 - pos);
    const lit = pos - anchor;
    out.push((Math.min(lit, 15) << 4) | Math.min(len - 4, 15));
    if (lit >= 15) ext(lit - 15);
    for (let k = anchor; k < pos; k++) out.push(src[k]!);
    out.push(m.dist & 255, m.dist >> 8);
    if (len - 4 >= 15) ext(len - 4 - 15);
    pos += len;
    anchor = pos;
  }
  const lit = src.length - anchor;
  out.push(Math.min(lit, 15) << 4);
  if (lit >= 15) ext(lit - 15);
  for (let k = anchor; k < src.length; k++) out.push(src[k]!);
  return Uint8Array.from(out);
}

export function lzo1xCompress(src: Uint8Array): Uint8Array {
  const out: number[] = [];
  const table = new Map<number, number>();
  /** Where the previous match keeps its "S" bits (literals that follow it), or -1 before the first match. */
  let sAt = -1;
  const zeroExt = (n: number): void => {
    while (n > 255) {
      out.push(0);
      n -= 255;
    }
    out.push(n);
  };
  const literals = (from: number, to: number): void => {
    const n = to - from;
    if (n === 0) return;
    if (sAt < 0 && out.length === 0 && n <= 238) out.push(17 + n);
    else if (sAt >= 0 && n <= 3) out[sAt]! |= n;
    else if (n - 3 <= 15) out.push(n - 3);
    else {
      out.push(0);
      zeroExt(n - 3 - 15);
    }
    for (let k = from; k < to; k++) out.push(src[k]!);
  };
  let anchor = 0;
  let pos = 0;
  while (pos + 4 <= src.length) {
    const m = findMatch(src, pos, table, 49151);
    if (!m) {
      pos++;
      continue;
    }
    literals(anchor, pos);
    const { dist, len } = m;
    if (len <= 8 && dist <= 2048) {
      // M2: 01LDDDSS / 1LLDDDSS + HHHHHHHH, distance (H << 3) + D + 1.
      const d = dist - 1;
      sAt = out.length;
      out.push(len <= 4 ? 0x40 | ((len - 3) << 5) | ((d & 7) << 2) : 0x80 | ((len - 5) << 5) | ((d & 7) << 2), d >> 3);
    } else if (dist <= 16384) {
      // M3: 001LLLLL [+ zero extension] + LE16 (D << 2 | S), distance D + 1.
      if (len - 2 <= 31) out.push(32 | (len - 2));
      else {
        out.push(32);
        zeroExt(len - 2 - 31);
      }
      const d = (dist - 1) << 2;
      sAt = out.length;
      out.push(d & 255, d >> 8);
    } else {
      // M4: 0001HLLL [+ zero extension] + LE16, distance 16384 + (H << 14) + D.
      const dd = dist - 16384;
      const h = (dd >> 14) & 1;
      if (len - 2 <= 7) out.push(16 | (h << 3) | (len - 2));
      else {
        out.push(16 | (h << 3));
        zeroExt(len - 2 - 7);
      }
      const d = (dd & 0x3fff) << 2;
      sAt = out.length;
      out.push(d & 255, d >> 8);
    }
    pos += len;
    anchor = pos;
  }
  literals(anchor, src.length);
  out.push(0x11, 0, 0);
  return Uint8Array.from(out);
}
