import { describe, expect, it } from 'vitest';
import { PREVIEW_BYTES, isText, previewOf } from './content-preview.ts';

const bytes = (s: string) => new Uint8Array(Buffer.from(s));

describe('previewOf', () => {
  it('text: valid UTF-8 without NUL, windowed without cutting a character', () => {
    expect(previewOf(bytes('a\nb\n'))).toEqual({ kind: 'text', size: 4, offset: 0, length: 4, line: 1, text: 'a\nb\n' });
    // 3-byte characters across the window's end: the window stops before the cut one.
    const long = bytes('中'.repeat(PREVIEW_BYTES));
    const p = previewOf(long);
    expect(p.kind).toBe('text');
    if (p.kind !== 'text') return;
    expect(p.length % 3).toBe(0);
    expect(p.text).toBe('中'.repeat(p.length / 3));
    const next = previewOf(long, p.offset + p.length);
    expect(next.kind === 'text' && next.text.startsWith('中')).toBe(true);
  });

  it('text over one window: pages at k × PREVIEW_BYTES (moved back to a character start) cover the file once, with their first line numbers', () => {
    const lines = Array.from({ length: 40_000 }, (_, i) => `${i + 1} 行 ${'é'.repeat(i % 7)}`);
    const all = bytes(`${lines.join('\n')}\n`);
    expect(all.length).toBeGreaterThan(2 * PREVIEW_BYTES);
    let text = '';
    for (let k = 0; k * PREVIEW_BYTES < all.length; k++) {
      const p = previewOf(all, k * PREVIEW_BYTES);
      if (p.kind !== 'text') throw new Error(p.kind);
      expect(p.offset).toBe(text === '' ? 0 : Buffer.byteLength(text));
      // The window's first line number: the line its first byte is on.
      expect(p.line).toBe(text.split('\n').length);
      text += p.text;
    }
    expect(text).toBe(Buffer.from(all).toString());
  });

  it('hex: a NUL or invalid UTF-8, paged by offset and length', () => {
    expect(isText(new Uint8Array([0x41, 0, 0x42]))).toBe(false);
    expect(isText(new Uint8Array([0x41, 0xff, 0x42]))).toBe(false);
    const data = new Uint8Array(10_000).map((_, i) => i & 0xff);
    const p = previewOf(data, 4096, 4096);
    expect(p).toMatchObject({ kind: 'hex', size: 10_000, offset: 4096, length: 4096 });
    expect(p.kind === 'hex' && Buffer.from(p.base64, 'base64')[0]).toBe(0);
    // Past the end: an empty window, never an error.
    expect(previewOf(data, 50_000)).toMatchObject({ kind: 'hex', offset: 10_000, length: 0 });
  });

  it('images by magic bytes, never by name; SVG stays text', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(previewOf(png)).toMatchObject({ kind: 'image', mime: 'image/png' });
    expect(previewOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toMatchObject({ kind: 'image', mime: 'image/jpeg' });
    expect(previewOf(bytes('GIF89a\x01\x00\x01\x00'))).toMatchObject({ kind: 'image', mime: 'image/gif' });
    const svg = previewOf(bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'));
    expect(svg.kind).toBe('text');
    // A later page of an image is bytes, not a second image.
    expect(previewOf(png, 4, 4).kind).toBe('hex');
  });
});
