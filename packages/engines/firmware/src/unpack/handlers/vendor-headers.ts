/**
 * Vendor containers whose header is followed by the payload they describe;
 * like TRX, only the header is claimed and the payload is found by its own
 * magics. Layouts after OpenWrt's firmware-utils (mkchkimg.c, seama.h):
 *
 * - Netgear .chk: big-endian "*#$^", header length (board id included),
 *   region and version bytes, kernel/rootfs lengths and checksums, board id.
 * - D-Link SEAMA: big-endian 0x5EA3A417, meta size, image size, MD5 of the
 *   image, then NUL-separated "key=value" meta data (signature=… names the
 *   product line), then the image.
 */
import { createHash } from 'node:crypto';
import { type Handler, bytes, cString } from './types.ts';

export const netgearChkHandler: Handler = {
  name: 'netgear-chk',
  magics: [bytes('*#$^')],
  carve(buf, off) {
    if (off + 40 > buf.length) return undefined;
    const dv = new DataView(buf.buffer, buf.byteOffset + off, 40);
    const headerLen = dv.getUint32(4);
    if (headerLen < 40 || headerLen > 1024 || off + headerLen > buf.length) return undefined;
    const boardId = cString(buf, off + 40, headerLen - 40);
    if (!/^[\w.+-]{2,}$/.test(boardId)) return undefined;
    const kernelLen = dv.getUint32(24);
    const rootfsLen = dv.getUint32(28);
    const region = buf[off + 8]!;
    const version = `${buf[off + 9]}.${buf[off + 10]}.${buf[off + 11]}.${buf[off + 12]}`;
    const avail = buf.length - off - headerLen;
    const error = kernelLen + rootfsLen > avail ? `Netgear header declares ${kernelLen + rootfsLen} bytes of payload, ${avail} present (truncated)` : undefined;
    return {
      length: headerLen,
      kind: 'header',
      detail: `Netgear .chk, board ${boardId}, region ${region}, version ${version}, kernel ${kernelLen} bytes, rootfs ${rootfsLen} bytes`,
      facts: { vendor: 'Netgear', boardId, firmwareVersion: version, container: 'Netgear CHK' },
      ...(error ? { error } : {}),
    };
  },
};

export const seamaHandler: Handler = {
  name: 'seama',
  magics: [Uint8Array.of(0x5e, 0xa3, 0xa4, 0x17)],
  carve(buf, off) {
    if (off + 28 > buf.length) return undefined;
    const dv = new DataView(buf.buffer, buf.byteOffset + off, 28);
    const metaSize = dv.getUint16(6);
    const size = dv.getUint32(8);
    if (off + 28 + metaSize > buf.length || metaSize > 4096) return undefined;
    const meta: Record<string, string> = {};
    for (const part of Buffer.from(buf.subarray(off + 28, off + 28 + metaSize)).toString('latin1').split('\0')) {
      const eq = part.indexOf('=');
      if (eq > 0) meta[part.slice(0, eq)] = part.slice(eq + 1).replace(/[^\x20-\x7e]/g, '?');
    }
    const payloadAt = off + 28 + metaSize;
    const avail = Math.min(size, buf.length - payloadAt);
    let error: string | undefined;
    if (avail < size) error = `SEAMA declares ${size} bytes, ${avail} present (truncated)`;
    else if (size > 0 && !createHash('md5').update(buf.subarray(payloadAt, payloadAt + size)).digest().equals(Buffer.from(buf.subarray(off + 12, off + 28)))) error = 'SEAMA MD5 does not match the image (modified or damaged)';
    const facts: Record<string, string> = { vendor: 'D-Link', container: 'SEAMA' };
    if (meta.signature) facts.signature = meta.signature;
    return { length: 28 + metaSize, kind: 'header', detail: `SEAMA, ${size} bytes${meta.signature ? `, signature ${meta.signature}` : ''}`, facts, ...(error ? { error } : {}) };
  },
};
