/**
 * Test support: UDP responders written from the specifications, for the
 * protocols with no server packaged here that a test can run unprivileged:
 * a DNS server (RFC 1035) that answers version.bind CHAOS TXT and, when
 * `recursive`, recursion queries with RA set; a BACnet/IP device (ANSI/ASHRAE
 * 135 Annex J, clauses 6, 20, 21) that answers Who-Is with I-Am and
 * ReadProperty of its device object, and records every APDU service it got.
 */
import dgram from 'node:dgram';

export interface UdpResponder {
  port: number;
  received: Buffer[];
  stop(): Promise<void>;
}

async function serve(handler: (msg: Buffer) => Buffer | undefined): Promise<UdpResponder> {
  const received: Buffer[] = [];
  const s = dgram.createSocket('udp4');
  s.on('message', (msg, r) => {
    received.push(msg);
    const out = handler(msg);
    if (out) s.send(out, r.port, r.address);
  });
  await new Promise<void>((resolve) => s.bind(0, '127.0.0.1', resolve));
  return { port: s.address().port, received, stop: () => new Promise((resolve) => s.close(() => resolve())) };
}

export const DNS_VERSION = '9.18.24-1-Debian';

export function startDnsResponder(o: { recursive: boolean }): Promise<UdpResponder> {
  return serve((q) => {
    if (q.length < 17) return undefined;
    // Question name ends at the first zero label; QTYPE, QCLASS follow.
    let p = 12;
    const labels: string[] = [];
    while (p < q.length && q[p] !== 0) {
      labels.push(q.toString('ascii', p + 1, p + 1 + q[p]!));
      p += 1 + q[p]!;
    }
    const qEnd = p + 5;
    if (qEnd > q.length) return undefined; // not a query this server can read: dropped, as a server does
    const name = labels.join('.').toLowerCase();
    const klass = q.readUInt16BE(p + 3);
    const rd = (q[2]! & 0x01) !== 0;
    const h = Buffer.from(q.subarray(0, 12));
    let flags = 0x8000 | (rd ? 0x0100 : 0) | (o.recursive ? 0x0080 : 0);
    let answer = Buffer.alloc(0);
    if (name === 'version.bind' && klass === 3) {
      const txt = Buffer.concat([Buffer.from([DNS_VERSION.length]), Buffer.from(DNS_VERSION)]);
      answer = Buffer.concat([Buffer.from([0xc0, 0x0c, 0, 16, 0, 3, 0, 0, 0, 0]), Buffer.from([0, txt.length]), txt]);
      flags |= 0x0400;
    } else if (rd && o.recursive) answer = Buffer.from([0xc0, 0x0c, 0, 1, 0, 1, 0, 0, 0x0e, 0x10, 0, 4, 192, 0, 43, 8]);
    else flags |= 5; // REFUSED
    h.writeUInt16BE(flags, 2);
    h.writeUInt16BE(1, 4);
    h.writeUInt16BE(answer.length > 0 ? 1 : 0, 6);
    h.writeUInt32BE(0, 8);
    return Buffer.concat([h, q.subarray(12, qEnd), answer]);
  });
}

export const BACNET_DEVICE = { instance: 260001, vendorId: 5, vendor_name: 'Johnson Controls', model_name: 'NAE5510', firmware_revision: '9.0.2', application_software_version: 'MS-NAE5510-0', object_name: 'AHU-3 Controller' };
const BACNET_PROPS: Record<number, string> = { 121: BACNET_DEVICE.vendor_name, 70: BACNET_DEVICE.model_name, 44: BACNET_DEVICE.firmware_revision, 12: BACNET_DEVICE.application_software_version, 77: BACNET_DEVICE.object_name };

const bvlc = (body: Buffer) => {
  const h = Buffer.from([0x81, 0x0a, 0, 0]);
  h.writeUInt16BE(body.length + 4, 2);
  return Buffer.concat([h, body]);
};

/** APDU service choices the device received: 'U8' = unconfirmed Who-Is, 'C12' = confirmed ReadProperty … */
export function bacnetServices(r: UdpResponder): string[] {
  return r.received.map((m) => {
    const apdu = m.subarray(6);
    return apdu[0]! >> 4 === 1 ? `U${apdu[1]}` : apdu[0]! >> 4 === 0 ? `C${apdu[3]}` : `?${apdu[0]}`;
  });
}

export function startBacnetResponder(): Promise<UdpResponder> {
  return serve((m) => {
    if (m[0] !== 0x81 || m.length < 8) return undefined;
    const apdu = m.subarray(6);
    const oid = Buffer.alloc(4);
    oid.writeUInt32BE(((8 << 22) | BACNET_DEVICE.instance) >>> 0);
    if (apdu[0] === 0x10 && apdu[1] === 0x08) {
      // I-Am: device id, max APDU 1476, segmentation none (3), vendor id.
      return bvlc(Buffer.concat([Buffer.from([0x01, 0x00, 0x10, 0x00, 0xc4]), oid, Buffer.from([0x22, 0x05, 0xc4, 0x91, 0x03, 0x21, BACNET_DEVICE.vendorId])]));
    }
    if (apdu[0]! >> 4 === 0 && apdu[3] === 12) {
      const invoke = apdu[2]!;
      const prop = apdu[9] === 0x19 ? apdu[10]! : -1; // after the context-0 object identifier (apdu[4..8])
      const text = BACNET_PROPS[prop];
      if (text === undefined) return bvlc(Buffer.from([0x01, 0x00, 0x50, invoke, 12, 0x91, 2, 0x91, 32])); // Error: property, unknown-property
      const s = Buffer.concat([Buffer.from([0]), Buffer.from(text, 'utf8')]);
      return bvlc(Buffer.concat([Buffer.from([0x01, 0x00, 0x30, invoke, 12, 0x0c]), oid, Buffer.from([0x19, prop, 0x3e, 0x75, s.length]), s, Buffer.from([0x3f])]));
    }
    // Anything else: Reject (clause 20.1.8), reason unrecognized-service.
    return bvlc(Buffer.from([0x01, 0x00, 0x60, apdu[2] ?? 0, 9]));
  });
}
