/**
 * The site logo for the cover: a PNG or JPEG data URL whose bytes really are
 * PNG or JPEG, with its pixel size read from the header (docx needs it);
 * anything else — SVG, a truncated image, a wrong type — is no logo.
 */
const MAX_LOGO_BYTES = 2 * 1024 * 1024;
/** JPEG start-of-frame markers that carry the image size (not DHT C4, JPG C8, DAC CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

export interface Logo {
  bytes: Uint8Array;
  type: 'png' | 'jpg';
  width: number;
  height: number;
}

function pngSize(b: Buffer): [number, number] | undefined {
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

function jpegSize(b: Buffer): [number, number] | undefined {
  let p = 2;
  // Walk the marker segments; every length is checked against the buffer, and each step advances.
  while (p + 9 < b.length) {
    if (b[p] !== 0xff) return undefined;
    const marker = b[p + 1]!;
    const len = b.readUInt16BE(p + 2);
    if (len < 2) return undefined;
    if (SOF.has(marker)) return [b.readUInt16BE(p + 7), b.readUInt16BE(p + 5)];
    p += 2 + len;
  }
  return undefined;
}

export function decodeLogo(dataUrl: string | undefined): Logo | undefined {
  if (!dataUrl || dataUrl.length > MAX_LOGO_BYTES * 2) return undefined;
  const m = /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  if (!m) return undefined;
  const bytes = Buffer.from(m[2]!, 'base64');
  if (bytes.length < 8 || bytes.length > MAX_LOGO_BYTES) return undefined;
  const png = bytes[0] === 0x89 && bytes.toString('latin1', 1, 4) === 'PNG';
  const jpg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const size = png ? pngSize(bytes) : jpg ? jpegSize(bytes) : undefined;
  if (!size || size[0] < 1 || size[1] < 1 || size[0] > 20_000 || size[1] > 20_000) return undefined;
  return { bytes: new Uint8Array(bytes), type: png ? 'png' : 'jpg', width: size[0], height: size[1] };
}
