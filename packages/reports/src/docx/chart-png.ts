/**
 * The WORD report's charts as PNG images (the same donut and bars as the
 * PDF's vector charts), drawn here pixel by pixel: WORD has no chart a
 * library can write without an Office install, and rows of █ characters
 * wrapped in LibreOffice. Shapes only — the labels and numbers beside them
 * are text in the document, so they stay selectable and translated.
 * Anti-aliased by 4×4 supersampling; encoded with zlib as a plain RGBA PNG.
 */
import zlib from 'node:zlib';

type Rgb = [number, number, number];

function rgb(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  const n = m ? parseInt(m[1]!, 16) : 0x888888;
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** An RGBA image (width × height, 4 bytes a pixel) as PNG bytes. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0; // filter: none
    raw.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
  return new Uint8Array(png);
}

const SS = 4;

/**
 * Paints each pixel by sampling `colourAt` at SS×SS points inside it; a
 * sample returning undefined is transparent. Coverage becomes alpha.
 */
function paint(width: number, height: number, colourAt: (x: number, y: number) => Rgb | undefined): Uint8Array {
  const out = new Uint8Array(width * height * 4);
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let hits = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const c = colourAt(px + (sx + 0.5) / SS, py + (sy + 0.5) / SS);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          hits++;
        }
      }
      if (hits === 0) continue;
      const i = (py * width + px) * 4;
      out[i] = Math.round(r / hits);
      out[i + 1] = Math.round(g / hits);
      out[i + 2] = Math.round(b / hits);
      out[i + 3] = Math.round((255 * hits) / (SS * SS));
    }
  }
  return out;
}

/** A ring of `size` pixels: grey track, and `share` (0..1) of it clockwise from the top in `colour`. */
export function donutPng(size: number, share: number, colour: string): Uint8Array {
  const track = rgb('#e0e0e0');
  const fill = rgb(colour);
  const c = size / 2;
  const outer = size / 2 - 1;
  const inner = outer * 0.7;
  const s = Math.max(0, Math.min(1, share));
  const img = paint(size, size, (x, y) => {
    const dx = x - c;
    const dy = y - c;
    const d = Math.hypot(dx, dy);
    if (d > outer || d < inner) return undefined;
    // Angle clockwise from 12 o'clock, 0..1.
    const a = (Math.atan2(dx, -dy) / (2 * Math.PI) + 1) % 1;
    return a < s ? fill : track;
  });
  return encodePng(size, size, img);
}

/** A horizontal bar `width` × `height`: grey track, `share` (0..1) of it from the left in `colour`. */
export function barPng(width: number, height: number, share: number, colour: string): Uint8Array {
  const track = rgb('#f0f0f0');
  const fill = rgb(colour);
  const s = Math.max(0, Math.min(1, share)) * width;
  return encodePng(width, height, paint(width, height, (x) => (x < s ? fill : track)));
}
