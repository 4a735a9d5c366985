/**
 * gzip streams (RFC 1952): header checked field by field (method 8, reserved
 * flags zero, optional extra/name/comment/CRC), deflate body through node:zlib
 * with an output cap; the consumed length comes from zlib itself so the region
 * ends exactly where the stream does.
 */
import { inflateRawSync } from 'node:zlib';
import { type Handler, cString } from './types.ts';

export function gunzipAt(buf: Uint8Array, off: number, maxOut: number): { data: Uint8Array; consumed: number; name: string } {
  if (off + 18 > buf.length || buf[off] !== 0x1f || buf[off + 1] !== 0x8b || buf[off + 2] !== 8) throw new Error('not a gzip stream');
  const flags = buf[off + 3]!;
  if (flags & 0xe0) throw new Error('gzip header has reserved flags');
  let p = off + 10;
  if (flags & 4) p += 2 + (buf[p]! | (buf[p + 1]! << 8));
  let name = '';
  if (flags & 8) {
    name = cString(buf, p, 1024);
    while (p < buf.length && buf[p] !== 0) p++;
    p++;
  }
  if (flags & 16) {
    while (p < buf.length && buf[p] !== 0) p++;
    p++;
  }
  if (flags & 2) p += 2;
  if (p >= buf.length) throw new Error('gzip header truncated');
  const r = inflateRawSync(buf.subarray(p), { maxOutputLength: Math.max(1, maxOut), info: true }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
  return { data: new Uint8Array(r.buffer.buffer, r.buffer.byteOffset, r.buffer.length), consumed: p - off + r.engine.bytesWritten + 8, name };
}

export const gzipHandler: Handler = {
  name: 'gzip',
  generic: true,
  magics: [Uint8Array.of(0x1f, 0x8b, 0x08)],
  nested: true,
  carve(buf, off, ctx) {
    if (off + 18 > buf.length || buf[off + 3]! & 0xe0) return undefined;
    let r: ReturnType<typeof gunzipAt>;
    try {
      r = gunzipAt(buf, off, ctx.budget.maxOut(buf.length - off));
    } catch {
      return undefined;
    }
    if (r.data.length === 0) return undefined;
    const over = ctx.budget.takeBytes(r.data.length);
    const length = Math.min(r.consumed, buf.length - off);
    const detail = `gzip stream${r.name ? ` "${r.name}"` : ''}, ${length} → ${r.data.length} bytes`;
    return over ? { length, kind: 'compressed', detail, error: over } : { length, kind: 'compressed', detail, blob: { name: r.name || `gzip@0x${off.toString(16)}`, data: r.data } };
  },
};
