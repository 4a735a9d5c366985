/**
 * BACnet/IP (ANSI/ASHRAE 135, Annex J for BVLC; clause 6 NPDU; clause 20
 * APDU encoding): a unicast Who-Is, the device's I-Am (device instance,
 * vendor id), then ReadProperty of the device object's vendor-name,
 * model-name, firmware-revision, application-software-version and
 * object-name. Only Who-Is and ReadProperty are sent — never WriteProperty
 * or any other confirmed service that changes a device.
 */
import type { UdpContext } from '../../scan/udp.ts';
import { hex } from '../render.ts';
import type { ServiceInfo } from '../types.ts';

const BVLC = 0x81;
const ORIGINAL_UNICAST = 0x0a;
const DEVICE_TYPE = 8;
/** Property identifiers (clause 21 BACnetPropertyIdentifier). */
export const PROPERTIES = { vendor_name: 121, model_name: 70, firmware_revision: 44, application_software_version: 12, object_name: 77 } as const;
/** The only confirmed service this module builds (clause 21 BACnetConfirmedServiceChoice readProperty). */
export const READ_PROPERTY = 12;

function bvlc(npduApdu: Buffer): Buffer {
  const h = Buffer.from([BVLC, ORIGINAL_UNICAST, 0, 0]);
  h.writeUInt16BE(npduApdu.length + 4, 2);
  return Buffer.concat([h, npduApdu]);
}

export const whoIs = (): Buffer => bvlc(Buffer.from([0x01, 0x00, 0x10, 0x08]));

export function readProperty(invokeId: number, instance: number, property: number): Buffer {
  const oid = Buffer.alloc(4);
  oid.writeUInt32BE(((DEVICE_TYPE << 22) | (instance & 0x3fffff)) >>> 0);
  const prop = property < 256 ? Buffer.from([0x19, property]) : Buffer.from([0x1a, property >> 8, property & 0xff]);
  // NPDU: version 1, control 0x04 (a reply is expected); APDU: confirmed request, max APDU 1476, invoke id, readProperty.
  return bvlc(Buffer.concat([Buffer.from([0x01, 0x04, 0x00, 0x05, invokeId & 0xff, READ_PROPERTY, 0x0c]), oid, prop]));
}

/** The APDU inside a BVLC/NPDU datagram, or undefined when it is no BACnet/IP answer. */
export function apduOf(d: Buffer): Buffer | undefined {
  if (d.length < 6 || d[0] !== BVLC) return undefined;
  const len = d.readUInt16BE(2);
  if (len > d.length || len < 6) return undefined;
  let p = 4;
  if (d[p] !== 0x01) return undefined;
  const control = d[p + 1]!;
  p += 2;
  if (control & 0x80) return undefined; // network-layer message, no APDU
  if (control & 0x20) {
    // DNET(2) DLEN(1) DADR(DLEN), hop count later
    if (p + 3 > len) return undefined;
    p += 3 + d[p + 2]!;
  }
  if (control & 0x08) {
    if (p + 3 > len) return undefined;
    p += 3 + d[p + 2]!;
  }
  if (control & 0x20) p += 1;
  return p < len ? d.subarray(p, len) : undefined;
}

interface AppTag {
  tag: number;
  context: boolean;
  value: Buffer;
  end: number;
}

/** One tag (clause 20.2.1), bounded by the buffer. Opening/closing tags have an empty value. */
export function readTag(b: Buffer, off: number): AppTag | undefined {
  if (off >= b.length) return undefined;
  const first = b[off]!;
  let tag = first >> 4;
  const context = (first & 0x08) !== 0;
  let p = off + 1;
  if (tag === 0x0f) {
    if (p >= b.length) return undefined;
    tag = b[p++]!;
  }
  let len = first & 0x07;
  if (context && (len === 6 || len === 7)) return { tag, context, value: Buffer.alloc(0), end: p };
  if (!context && tag === 1) return { tag, context, value: Buffer.from([len]), end: p }; // boolean: value in LVT
  if (len === 5) {
    if (p >= b.length) return undefined;
    len = b[p++]!;
    if (len === 254) {
      if (p + 2 > b.length) return undefined;
      len = b.readUInt16BE(p);
      p += 2;
    } else if (len === 255) {
      if (p + 4 > b.length) return undefined;
      len = b.readUInt32BE(p);
      p += 4;
    }
  }
  if (p + len > b.length) return undefined;
  return { tag, context, value: b.subarray(p, p + len), end: p + len };
}

export function parseIAm(apdu: Buffer): { instance: number; vendorId: number } | undefined {
  if (apdu.length < 2 || apdu[0] !== 0x10 || apdu[1] !== 0x00) return undefined;
  const oid = readTag(apdu, 2);
  if (!oid || oid.context || oid.tag !== 12 || oid.value.length !== 4) return undefined;
  const v = oid.value.readUInt32BE(0);
  if (v >>> 22 !== DEVICE_TYPE) return undefined;
  const maxApdu = readTag(apdu, oid.end);
  const seg = maxApdu && readTag(apdu, maxApdu.end);
  const vendor = seg && readTag(apdu, seg.end);
  if (!vendor || vendor.tag !== 2 || vendor.value.length === 0 || vendor.value.length > 4) return undefined;
  return { instance: v & 0x3fffff, vendorId: vendor.value.readUIntBE(0, vendor.value.length) };
}

/** The property value of a ComplexACK to readProperty, as text (character strings, unsigned, enumerated). */
export function parseReadPropertyAck(apdu: Buffer, invokeId: number): string | undefined {
  if (apdu.length < 3 || apdu[0]! >> 4 !== 3 || apdu[1] !== invokeId || apdu[2] !== READ_PROPERTY) return undefined;
  let t = readTag(apdu, 3); // object id
  t = t && readTag(apdu, t.end); // property id
  if (t && apdu[t.end] !== 0x3e) t = readTag(apdu, t.end); // optional array index
  if (!t || apdu[t.end] !== 0x3e) return undefined;
  const v = readTag(apdu, t.end + 1);
  if (!v || v.context) return undefined;
  if (v.tag === 7) {
    // Character string: first byte is the character set (0 = UTF-8, 4 = UCS-2, 5 = ISO 8859-1).
    const cs = v.value[0];
    const s = v.value.subarray(1);
    const text = cs === 4 ? Buffer.from(s.subarray(0, s.length & ~1)).swap16().toString('utf16le') : cs === 5 ? s.toString('latin1') : s.toString('utf8');
    return text.replace(/[\x00-\x1f\x7f]/g, '').slice(0, 200);
  }
  if ((v.tag === 2 || v.tag === 9) && v.value.length > 0 && v.value.length <= 4) return String(v.value.readUIntBE(0, v.value.length));
  return undefined;
}

export async function probeBacnet(ctx: UdpContext): Promise<ServiceInfo | undefined> {
  const who = whoIs();
  const raw = await ctx.exchange(who);
  const apdu = raw && apduOf(raw);
  const iam = apdu && parseIAm(apdu);
  if (!raw || !iam) return undefined;
  const extra: Record<string, string> = { device_instance: String(iam.instance), vendor_id: String(iam.vendorId) };
  const log = [`I-Am: ${hex(raw, 32)}`];
  let invoke = 1;
  for (const [name, prop] of Object.entries(PROPERTIES)) {
    const id = invoke++;
    const req = readProperty(id, iam.instance, prop);
    const ans = await ctx.exchange(req);
    const a = ans && apduOf(ans);
    const value = a && parseReadPropertyAck(a, id);
    if (value) extra[name] = value;
    log.push(`ReadProperty ${name} (${prop}): ${value ?? (ans ? `no value (${hex(ans, 16)})` : 'no answer')}`);
  }
  return {
    service: 'bacnet',
    ...(extra.model_name ? { product: extra.model_name } : {}),
    ...(extra.firmware_revision ? { version: extra.firmware_revision } : {}),
    extra: { ...(extra.vendor_name ? { vendor: extra.vendor_name } : {}), ...extra },
    proof: { request: `Who-Is: ${hex(who)}, then ReadProperty of the device object`, response: log.join('\n') },
  };
}
