/**
 * Modified UTF-8 (DEX string_data_item): like UTF-8, but NUL is written as
 * C0 80 and characters outside the BMP as two 3-byte surrogates. Decoded by
 * hand because TextDecoder would reject the surrogate halves.
 */

/** Decodes from `start` until a NUL byte or `end`, producing at most `maxChars` UTF-16 units. */
export function decodeMutf8(buf: Uint8Array, start: number, end: number, maxChars: number): string {
  // Fast path: plain ASCII, the vast majority of class, method and field names.
  let i = start;
  while (i < end && buf[i]! !== 0 && buf[i]! < 0x80 && i - start < maxChars) i++;
  if (i >= end || buf[i] === 0 || i - start >= maxChars) return Buffer.from(buf.buffer, buf.byteOffset + start, i - start).toString('latin1');

  let out = Buffer.from(buf.buffer, buf.byteOffset + start, i - start).toString('latin1');
  maxChars -= i - start;
  const units: number[] = [];
  while (i < end && units.length < maxChars) {
    const a = buf[i]!;
    if (a === 0) break;
    if (a < 0x80) {
      units.push(a);
      i += 1;
    } else if ((a & 0xe0) === 0xc0 && i + 1 < end) {
      units.push(((a & 0x1f) << 6) | (buf[i + 1]! & 0x3f));
      i += 2;
    } else if ((a & 0xf0) === 0xe0 && i + 2 < end) {
      units.push(((a & 0x0f) << 12) | ((buf[i + 1]! & 0x3f) << 6) | (buf[i + 2]! & 0x3f));
      i += 3;
    } else {
      units.push(0xfffd); // malformed byte: keep going, strings are evidence not code
      i += 1;
    }
    if (units.length >= 4096) {
      out += String.fromCharCode(...units);
      units.length = 0;
      maxChars -= 4096;
    }
  }
  return out + String.fromCharCode(...units);
}
