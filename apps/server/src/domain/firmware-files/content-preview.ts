/**
 * What the preview's viewer shows of a file: text (valid UTF-8 and no NUL in
 * the file's first window), an image (decided by its magic bytes, never by its
 * name; SVG is text and is shown as source, never rendered) or hex. A window
 * of at most PREVIEW_BYTES from an offset, so a big file is paged: a text
 * window starts and ends on character boundaries (an offset inside a UTF-8
 * sequence moves back to its first byte, so page k is [k·P, (k+1)·P) with both
 * ends moved back alike and no character is lost or shown twice) and says the
 * number of its first line.
 */

export const PREVIEW_BYTES = 256 * 1024;
/** Images up to this size are sent whole for an <img>; bigger ones are shown as hex. */
export const IMAGE_MAX_BYTES = 4 << 20;

export type FilePreview =
  /** `line`: number of the window's first line in the file (1-based). */
  | { kind: 'text'; size: number; offset: number; length: number; line: number; text: string }
  | { kind: 'hex'; size: number; offset: number; length: number; base64: string }
  | { kind: 'image'; size: number; mime: string; base64: string };

/** Magic bytes of the image formats browsers show in an <img> (sources: the PNG, JFIF, GIF89a, ICO, BMP and WebP RIFF specifications). */
const IMAGE_MAGICS: { mime: string; test: (d: Uint8Array) => boolean }[] = [
  { mime: 'image/png', test: (d) => startsWith(d, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mime: 'image/jpeg', test: (d) => startsWith(d, [0xff, 0xd8, 0xff]) },
  { mime: 'image/gif', test: (d) => startsWith(d, [0x47, 0x49, 0x46, 0x38]) && (d[4] === 0x37 || d[4] === 0x39) && d[5] === 0x61 },
  // ICO: reserved 0, type 1, at least one image.
  { mime: 'image/x-icon', test: (d) => startsWith(d, [0, 0, 1, 0]) && d.length > 6 && (d[4]! | (d[5]! << 8)) > 0 },
  { mime: 'image/bmp', test: (d) => startsWith(d, [0x42, 0x4d]) && d.length > 26 && new DataView(d.buffer, d.byteOffset).getUint32(2, true) === d.length },
  { mime: 'image/webp', test: (d) => startsWith(d, [0x52, 0x49, 0x46, 0x46]) && startsWith(d.subarray(8), [0x57, 0x45, 0x42, 0x50]) },
];

function startsWith(d: Uint8Array, magic: number[]): boolean {
  return d.length >= magic.length && magic.every((b, i) => d[i] === b);
}

/** Bytes to drop from the end so a window does not cut a UTF-8 sequence in two (0–3). */
function incompleteTail(d: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, d.length); back++) {
    const b = d[d.length - back]!;
    if ((b & 0xc0) === 0x80) continue; // continuation byte: look further back
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}

/** The first byte of the UTF-8 sequence `at` is in (at most 3 steps back over continuation bytes). */
function charStart(d: Uint8Array, at: number): number {
  let p = Math.min(at, d.length);
  for (let back = 0; back < 3 && p > 0 && p < d.length && (d[p]! & 0xc0) === 0x80; back++) p--;
  return p;
}

/** Line feeds before `end`. */
function linesBefore(d: Uint8Array, end: number): number {
  const b = Buffer.from(d.buffer, d.byteOffset, end);
  let n = 0;
  for (let i = b.indexOf(10); i >= 0; i = b.indexOf(10, i + 1)) n++;
  return n;
}

/** Whether the file reads as text: its first window has no NUL and is valid UTF-8. */
export function isText(data: Uint8Array): boolean {
  const head = data.subarray(0, PREVIEW_BYTES);
  if (head.includes(0)) return false;
  const cut = data.length > head.length ? incompleteTail(head) : 0;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - cut));
    return true;
  } catch {
    return false;
  }
}

export function previewOf(data: Uint8Array, offset = 0, length = PREVIEW_BYTES): FilePreview {
  const size = data.length;
  const from = Math.min(Math.max(0, Math.floor(offset)), size);
  const want = Math.min(Math.max(1, Math.floor(length)), PREVIEW_BYTES);
  if (from === 0 && size <= IMAGE_MAX_BYTES) {
    const image = IMAGE_MAGICS.find((m) => m.test(data));
    if (image) return { kind: 'image', size, mime: image.mime, base64: Buffer.from(data.buffer, data.byteOffset, data.length).toString('base64') };
  }
  if (isText(data)) {
    const start = charStart(data, from);
    // The window ends where the next page starts: on a character's first byte.
    const end = start + want < size ? Math.max(start + 1, charStart(data, start + want)) : size;
    const window = data.subarray(start, end);
    return { kind: 'text', size, offset: start, length: window.length, line: linesBefore(data, start) + 1, text: new TextDecoder().decode(window) };
  }
  const window = data.subarray(from, from + want);
  return { kind: 'hex', size, offset: from, length: window.length, base64: Buffer.from(window.buffer, window.byteOffset, window.length).toString('base64') };
}
