/**
 * Broadcom TRX container (Linksys, Netgear, ASUS and other Broadcom-based
 * routers; layout after OpenWrt's otrx.c): little-endian "HDR0", total length,
 * CRC-32 of everything after the CRC field (kept without the final inversion,
 * so it reads as the bitwise NOT of the usual CRC-32), flags and version, then
 * three (v1) or four (v2) partition offsets — loader, kernel, root file system.
 * Only the header is claimed: the partitions are found by their own magics and
 * so account for the rest of the image.
 */
import { crc32 } from 'node:zlib';
import { type Handler, bytes } from './types.ts';

export const trxHandler: Handler = {
  name: 'trx',
  magics: [bytes('HDR0')],
  carve(buf, off) {
    if (off + 32 > buf.length) return undefined;
    const dv = new DataView(buf.buffer, buf.byteOffset + off, 32);
    const len = dv.getUint32(4, true);
    const version = dv.getUint32(12, true) >>> 16;
    if ((version !== 1 && version !== 2) || len < 32) return undefined;
    const parts = version === 2 ? 4 : 3;
    const offsets = Array.from({ length: parts }, (_, i) => dv.getUint32(16 + i * 4, true));
    if (offsets.some((o) => o !== 0 && (o < 28 || o >= len))) return undefined;
    const headerLength = 16 + parts * 4;
    const avail = Math.min(len, buf.length - off);
    let error: string | undefined;
    if (avail < len) error = `TRX declares ${len} bytes, ${avail} present (truncated)`;
    else {
      const c = crc32(buf.subarray(off + 12, off + len)) >>> 0;
      const stored = dv.getUint32(8, true);
      if (stored !== (~c >>> 0) && stored !== c) error = 'TRX CRC does not match the contents (modified or damaged image)';
    }
    const names = ['loader', 'kernel', 'rootfs', 'bin'];
    const layout = offsets
      .map((o, i) => (o ? `${names[i]} at +0x${o.toString(16)}` : ''))
      .filter(Boolean)
      .join(', ');
    return {
      length: headerLength,
      kind: 'header',
      detail: `TRX v${version}, ${len} bytes${layout ? `, ${layout}` : ''}`,
      facts: { container: `TRX v${version}`, firmwareLength: String(len) },
      ...(error ? { error } : {}),
    };
  },
};
