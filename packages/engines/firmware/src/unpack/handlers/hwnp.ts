/**
 * Huawei "HWNP" upgrade packets (ONT/HG8xxx firmware), layout as documented by
 * the public HuaweiFirmwareTool and the Kaitai hwnp description: a 36-byte
 * little-endian header — magic "HWNP", the packet size minus 76 stored
 * big-endian, CRC-32 of everything from byte 12, header size, CRC-32 of the
 * header from byte 20 through the item table, item count, product list size,
 * item record size — then the product list ("COMMON|CMCC|" or board ids) and
 * 360-byte item records: index, CRC-32, data offset and size, item name
 * ("file:/var/UpgradeCheck.xml", "flash:kernel"), section, version, policy.
 *
 * The whole packet is claimed: "file:" items are listed as files at their
 * path, every item is also handed back as a blob so the kernel, root file
 * system or nested archive inside it is found by its own handler.
 */
import { crc32 } from 'node:zlib';
import { FsBuilder } from '../archive/fs-builder.ts';
import type { Blob } from '../model.ts';
import { type Handler, bytes, cString } from './types.ts';

const HEADER = 36;
const SIZE_BIAS = 76;
const ITEM = 360;

export const hwnpHandler: Handler = {
  name: 'hwnp',
  magics: [bytes('HWNP')],
  carve(buf, off, ctx) {
    if (off + HEADER > buf.length) return undefined;
    const dv = new DataView(buf.buffer, buf.byteOffset, buf.length);
    const total = dv.getUint32(off + 4, false) + SIZE_BIAS;
    const count = dv.getUint32(off + 20, true);
    const prodLen = dv.getUint16(off + 26, true);
    const itemSize = dv.getUint32(off + 28, true);
    if (itemSize < ITEM || itemSize > 4096 || count === 0 || count > 1024) return undefined;
    const tableEnd = off + HEADER + prodLen + count * itemSize;
    if (tableEnd > buf.length) return undefined;
    const errors: string[] = [];
    const length = Math.min(total, buf.length - off);
    if (total > buf.length - off) errors.push(`HWNP declares ${total} bytes, ${buf.length - off} present (truncated)`);
    else if ((crc32(buf.subarray(off + 12, off + total)) >>> 0) !== dv.getUint32(off + 8, true)) errors.push('HWNP packet CRC does not match (modified or damaged)');
    // Older packets store the header size without the 36-byte header; the CRC covers the same bytes either way.
    if ((crc32(buf.subarray(off + 20, tableEnd)) >>> 0) !== dv.getUint32(off + 16, true)) errors.push('HWNP header CRC does not match');
    const productList = cString(buf, off + HEADER, prodLen);
    const fs = new FsBuilder(ctx.budget, ctx.readContents);
    fs.add({ path: '/', type: 'dir', mode: 0o755 });
    const blobs: Blob[] = [];
    const names: string[] = [];
    let version = '';
    for (let i = 0; i < count; i++) {
      const r = off + HEADER + prodLen + i * itemSize;
      const dataOff = dv.getUint32(r + 8, true);
      const dataSize = dv.getUint32(r + 12, true);
      const name = cString(buf, r + 16, 256);
      const section = cString(buf, r + 272, 16);
      version ||= cString(buf, r + 288, 64);
      names.push(`${name} (${section}, ${dataSize} bytes)`);
      // Offsets count from the packet start; the item must lie inside the packet.
      if (dataOff < tableEnd - off || off + dataOff + dataSize > off + length) {
        errors.push(`item ${name}: data at ${dataOff}+${dataSize} is outside the packet`);
        continue;
      }
      const data = buf.subarray(off + dataOff, off + dataOff + dataSize);
      if ((crc32(data) >>> 0) !== dv.getUint32(r + 4, true)) errors.push(`item ${name}: CRC does not match`);
      const colon = name.indexOf(':');
      const kind = colon > 0 ? name.slice(0, colon) : 'item';
      const path = kind === 'file' ? name.slice(colon + 1) : `/${kind}/${name.slice(colon + 1) || section || i}`;
      fs.add({ path, type: 'file', mode: 0o644, size: dataSize, read: () => data });
      if (kind !== 'file') blobs.push({ name: `hwnp item ${name}`, data });
    }
    errors.push(...fs.errors);
    const facts: Record<string, string> = { vendor: 'Huawei', container: 'HWNP' };
    if (productList) facts.productList = productList;
    if (version) facts.firmwareVersion = version;
    const filesystem = fs.fileSystem('hwnp', `${count} items`, off, length, count + 1);
    filesystem.errors = errors;
    return {
      length,
      kind: 'header',
      detail: `Huawei HWNP upgrade packet, products "${productList}", ${count} items: ${names.join('; ')}`.slice(0, 2000),
      facts,
      filesystem,
      blobs,
      ...(errors.length ? { error: errors[0] } : {}),
    };
  },
};
