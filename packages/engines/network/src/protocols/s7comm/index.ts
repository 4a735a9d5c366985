/**
 * Siemens S7comm over ISO-on-TCP (RFC 1006 TPKT, ISO 8073 COTP class 0):
 * Connection Request to TSAP 0x0102 (rack 0, slot 2; then 0x0200, the
 * S7-1200/1500 and LOGO! default), S7 Setup Communication, and two
 * SZL reads in user-data PDUs (function group 4, "read SZL"): 0x0011
 * (module identification: order number, hardware and firmware version) and
 * 0x001C (component identification: PLC name, module type, serial number).
 * The layout follows Siemens' System Software for S7-300/400 manual, SSL
 * chapter. Reads only: no job other than Setup Communication and SZL read.
 */
import { hex } from '../render.ts';
import type { Conn } from '../../scan/conn.ts';
import type { ProbeContext, Protocol, ServiceInfo } from '../types.ts';

const tpkt = (payload: Buffer) => {
  const h = Buffer.from([0x03, 0x00, 0, 0]);
  h.writeUInt16BE(payload.length + 4, 2);
  return Buffer.concat([h, payload]);
};
/** COTP DT, last data unit. */
const DT = Buffer.from([0x02, 0xf0, 0x80]);

export function connectionRequest(dstTsap: number): Buffer {
  const params = Buffer.from([0xc1, 0x02, 0x01, 0x00, 0xc2, 0x02, dstTsap >> 8, dstTsap & 0xff, 0xc0, 0x01, 0x0a]);
  const cotp = Buffer.concat([Buffer.from([6 + params.length, 0xe0, 0x00, 0x00, 0x00, 0x01, 0x00]), params]);
  return tpkt(cotp);
}

export function setupCommunication(): Buffer {
  const s7 = Buffer.from([0x32, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x08, 0x00, 0x00, 0xf0, 0x00, 0x00, 0x01, 0x00, 0x01, 0x01, 0xe0]);
  return tpkt(Buffer.concat([DT, s7]));
}

export function szlRead(id: number, index: number, ref: number): Buffer {
  const header = Buffer.from([0x32, 0x07, 0x00, 0x00, ref >> 8, ref & 0xff, 0x00, 0x08, 0x00, 0x08]);
  // Parameter: head 00 01 12, length 4, method 0x11 (request), type 4 / group 4 (CPU functions), subfunction 01 (read SZL), sequence 0.
  const param = Buffer.from([0x00, 0x01, 0x12, 0x04, 0x11, 0x44, 0x01, 0x00]);
  const data = Buffer.from([0xff, 0x09, 0x00, 0x04, id >> 8, id & 0xff, index >> 8, index & 0xff]);
  return tpkt(Buffer.concat([DT, header, param, data]));
}

/** One TPKT from the front of `d` (RFC 1006: version 3, length ≥ 7, at most 64 kB by its 16-bit field). */
export function readTpkt(d: Buffer): Buffer | undefined {
  if (d.length < 4 || d[0] !== 0x03) return undefined;
  const len = d.readUInt16BE(2);
  if (len < 7 || d.length < len) return undefined;
  return d.subarray(0, len);
}

export const tpktDone = (d: Buffer) => readTpkt(d) !== undefined || (d.length > 0 && d[0] !== 0x03);

/** The S7 PDU inside a TPKT/COTP DT packet. */
export function s7Pdu(t: Buffer): Buffer | undefined {
  const li = t[4];
  if (li === undefined || t[5] !== 0xf0 || 5 + li > t.length) return undefined;
  const pdu = t.subarray(5 + li);
  return pdu[0] === 0x32 ? pdu : undefined;
}

/** SZL records from a user-data answer: { id, records } with each record's bytes. */
export function parseSzl(pdu: Buffer): { id: number; records: Buffer[] } | undefined {
  if (pdu.length < 10 || pdu[1] !== 0x07) return undefined;
  const plen = pdu.readUInt16BE(6);
  const dlen = pdu.readUInt16BE(8);
  const data = pdu.subarray(10 + plen, 10 + plen + dlen);
  if (data.length < 12 || data[0] !== 0xff) return undefined;
  const id = data.readUInt16BE(4);
  const recLen = data.readUInt16BE(8);
  const count = data.readUInt16BE(10);
  if (recLen === 0 || recLen > 512) return undefined;
  const records: Buffer[] = [];
  for (let i = 0; i < count && i < 64; i++) {
    const r = data.subarray(12 + i * recLen, 12 + (i + 1) * recLen);
    if (r.length < recLen) break;
    records.push(r);
  }
  return { id, records };
}

const text = (b: Buffer) => b.toString('latin1').replace(/\0.*$/s, '').replace(/[^\x20-\x7e]/g, '').trim();

/** SZL 0x0011 records: index 1 module order number, 6 hardware, 7 firmware ("V" major minor patch in the last four bytes). */
export function moduleIdentification(records: Buffer[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of records) {
    if (r.length < 28) continue;
    const index = r.readUInt16BE(0);
    const ver = r[24] === 0x56 ? `${r[25]}.${r[26]}.${r[27]}` : undefined;
    if (index === 1) out.order_number = text(r.subarray(2, 22));
    if (index === 6 && ver) out.hardware_version = ver;
    if (index === 7 && ver) out.firmware_version = ver;
  }
  return out;
}

/** SZL 0x001C records: 1 PLC name, 2 module name, 3 plant id, 5 serial number, 7 module type name. */
export function componentIdentification(records: Buffer[]): Record<string, string> {
  const names: Record<number, string> = { 1: 'plc_name', 2: 'module_name', 3: 'plant_id', 5: 'serial_number', 7: 'module_type' };
  const out: Record<string, string> = {};
  for (const r of records) {
    if (r.length < 4) continue;
    const k = names[r.readUInt16BE(0)];
    const v = text(r.subarray(2, 34));
    if (k && v) out[k] = v;
  }
  return out;
}

async function exchange(c: Conn, req: Buffer, timeoutMs: number): Promise<Buffer | undefined> {
  const start = c.data.length;
  c.write(req);
  await c.until((d) => tpktDone(d.subarray(start)), timeoutMs);
  return readTpkt(c.data.subarray(start));
}

export const TSAPS = [0x0102, 0x0200];

export const s7comm: Protocol = {
  id: 's7comm',
  ports: [102],
  icsOnly: true,
  async probe(ctx: ProbeContext): Promise<ServiceInfo | undefined> {
    for (const tsap of TSAPS) {
      const c = await ctx.open();
      try {
        const cc = await exchange(c, connectionRequest(tsap), ctx.timeoutMs);
        // COTP Connection Confirm (0xD0).
        if (!cc || cc[5] !== 0xd0) continue;
        const setup = await exchange(c, setupCommunication(), ctx.timeoutMs);
        const sp = setup && s7Pdu(setup);
        if (!sp || sp[1] !== 0x03) continue;
        const extra: Record<string, string> = { vendor: 'Siemens', tsap: `0x${tsap.toString(16).padStart(4, '0')}` };
        let ref = 2;
        for (const id of [0x0011, 0x001c]) {
          const t = await exchange(c, szlRead(id, 0, ref++), ctx.timeoutMs);
          const pdu = t && s7Pdu(t);
          const szl = pdu && parseSzl(pdu);
          if (szl?.id === 0x0011) Object.assign(extra, moduleIdentification(szl.records));
          if (szl?.id === 0x001c) Object.assign(extra, componentIdentification(szl.records));
        }
        const model = extra.module_type ?? extra.order_number;
        return {
          service: 's7comm',
          ...(model ? { product: model } : {}),
          ...(extra.firmware_version ? { version: extra.firmware_version } : {}),
          extra: { ...extra, ...(model ? { model_name: model } : {}) },
          proof: { request: `COTP CR (TSAP 0x${tsap.toString(16)}), Setup Communication, SZL read 0x0011 and 0x001C: ${c.sent.map((b) => hex(b, 40)).join(' | ')}`, response: hex(c.data, 200) },
        };
      } finally {
        c.close();
      }
    }
    return undefined;
  },
};
