/**
 * Test utility: a Huawei HWNP upgrade packet (layout as in ../unpack/handlers/hwnp.ts):
 * header, product list, 360-byte item records, item data; the header CRC is
 * computed first (it is inside the range of the packet CRC), the size field
 * last (it is outside it).
 */
import { crc32 } from 'node:zlib';

const enc = new TextEncoder();

export function buildHwnp(items: { name: string; section: string; version?: string; data: Uint8Array }[], productList = 'COMMON|CMCC|'): Uint8Array {
  const prod = new Uint8Array(Math.ceil((productList.length + 1) / 4) * 4);
  prod.set(enc.encode(productList));
  const tableEnd = 36 + prod.length + items.length * 360;
  const total = tableEnd + items.reduce((s, i) => s + i.data.length, 0);
  const out = new Uint8Array(total);
  const dv = new DataView(out.buffer);
  out.set(enc.encode('HWNP'), 0);
  dv.setUint32(12, tableEnd, true);
  dv.setUint32(20, items.length, true);
  dv.setUint16(26, prod.length, true);
  dv.setUint32(28, 360, true);
  out.set(prod, 36);
  let at = tableEnd;
  items.forEach((item, i) => {
    const r = 36 + prod.length + i * 360;
    dv.setUint32(r, i, true);
    dv.setUint32(r + 4, crc32(item.data) >>> 0, true);
    dv.setUint32(r + 8, at, true);
    dv.setUint32(r + 12, item.data.length, true);
    out.set(enc.encode(item.name), r + 16);
    out.set(enc.encode(item.section), r + 272);
    if (item.version) out.set(enc.encode(item.version), r + 288);
    out.set(item.data, at);
    at += item.data.length;
  });
  dv.setUint32(16, crc32(out.subarray(20, tableEnd)) >>> 0, true);
  dv.setUint32(8, crc32(out.subarray(12)) >>> 0, true);
  dv.setUint32(4, total - 76, false);
  return out;
}
