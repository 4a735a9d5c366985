/**
 * EtherNet/IP ListIdentity (ODVA, The CIP Networks Library Vol. 2, §2-4.2.3
 * ListIdentity, §2-3 encapsulation header): command 0x0063 needs no session
 * and changes nothing; the answer's CIP Identity item (type 0x0C) carries
 * vendor id, device type, product code, revision, serial number and product
 * name — what nmap's enip-info reads.
 */
import { randomBytes } from 'node:crypto';
import { hex } from '../render.ts';
import type { ProbeContext, Protocol, ServiceInfo } from '../types.ts';

export const LIST_IDENTITY = 0x0063;

export function listIdentityRequest(context: Buffer = randomBytes(8)): Buffer {
  const b = Buffer.alloc(24);
  b.writeUInt16LE(LIST_IDENTITY, 0);
  context.copy(b, 12, 0, 8);
  return b;
}

/** Whether `d` holds a whole encapsulation packet (or can never become one). */
export function packetDone(d: Buffer): boolean {
  return d.length >= 24 && (d.readUInt16LE(0) !== LIST_IDENTITY || d.length >= 24 + d.readUInt16LE(2));
}

export function parseListIdentity(d: Buffer): ServiceInfo | undefined {
  if (d.length < 24 || d.readUInt16LE(0) !== LIST_IDENTITY) return undefined;
  const len = d.readUInt16LE(2);
  if (d.readUInt32LE(8) !== 0 || d.length < 24 + len || len < 2) return undefined;
  const data = d.subarray(24, 24 + len);
  const count = data.readUInt16LE(0);
  let o = 2;
  for (let i = 0; i < count && o + 4 <= data.length; i++) {
    const type = data.readUInt16LE(o);
    const itemLen = data.readUInt16LE(o + 2);
    const item = data.subarray(o + 4, o + 4 + itemLen);
    o += 4 + itemLen;
    if (item.length < itemLen) return undefined;
    // CIP Identity: version(2) socket address(16) vendor(2) device type(2) product code(2) revision(2) status(2) serial(4) name(1+n) state(1).
    if (type !== 0x0c || item.length < 33) continue;
    const nameLen = item[32]!;
    if (33 + nameLen > item.length) return undefined;
    const vendor = item.readUInt16LE(18);
    const deviceType = item.readUInt16LE(20);
    const productCode = item.readUInt16LE(22);
    const revision = `${item[24]}.${item[25]}`;
    const serial = item.readUInt32LE(28).toString(16).padStart(8, '0');
    const name = item.subarray(33, 33 + nameLen).toString('latin1').replace(/[^\x20-\x7e]/g, '?');
    return {
      service: 'enip',
      product: name || `vendor ${vendor} product ${productCode}`,
      version: revision,
      access: 'open',
      extra: { vendor_id: String(vendor), device_type: String(deviceType), product_code: String(productCode), revision, serial: `0x${serial}`, product_name: name },
    };
  }
  return undefined;
}

export const enip: Protocol = {
  id: 'enip',
  ports: [44818],
  icsOnly: true,
  async probe(ctx: ProbeContext): Promise<ServiceInfo | undefined> {
    const c = await ctx.open();
    try {
      const req = listIdentityRequest();
      c.write(req);
      await c.until(packetDone, ctx.timeoutMs);
      const info = parseListIdentity(c.data);
      if (info) info.proof = { request: `ListIdentity (0x0063): ${hex(req)}`, response: hex(c.data, 200) };
      return info;
    } finally {
      c.close();
    }
  },
};
