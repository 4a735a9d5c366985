/**
 * DNP3 device attributes (IEEE 1815-2012 §11.9.3, Group 0): one application
 * READ (function 1) of g0v254 "all attributes" with qualifier 0x06, sent as
 * UNCONFIRMED USER DATA in one link frame (§9.2) with one transport segment
 * (FIR|FIN, §8.2). The outstation answers RESPONSE (0x81) objects g0vN, each a
 * data type, length and value (§11.9.3.2): manufacturer (252), product and
 * model (250), software (242) and hardware (243) versions, serial number
 * (248), user-assigned name (247) and location (245). READ only: no write,
 * select/operate, cold/warm restart or any other function is ever built.
 */
import { crc } from './index.ts';

/** Attribute variations read, by the name the result page shows. */
export const ATTRIBUTES: Readonly<Record<number, string>> = {
  252: 'vendor',
  250: 'model_name',
  242: 'software_version',
  243: 'hardware_version',
  248: 'serial_number',
  247: 'device_name',
  246: 'user_id',
  245: 'location',
};
/** The application functions this module may build: READ only. */
export const READ = 0x01;

/** A link frame carrying `user` (CRC after the header and after every 16-byte block). */
export function userDataFrame(dest: number, src: number, user: Buffer): Buffer {
  const h = Buffer.from([0x05, 0x64, 5 + user.length, 0xc4, dest & 0xff, dest >> 8, src & 0xff, src >> 8]);
  const parts: Buffer[] = [h, crcOf(h)];
  for (let i = 0; i < user.length; i += 16) {
    const block = user.subarray(i, i + 16);
    parts.push(block, crcOf(block));
  }
  return Buffer.concat(parts);
}
const crcOf = (b: Buffer) => {
  const c = crc(b);
  return Buffer.from([c & 0xff, c >> 8]);
};

/** READ g0v254 (all attributes), qualifier 0x06 (all objects). */
export function readAttributes(dest: number, src: number, seq = 0): Buffer {
  const fn = READ;
  return userDataFrame(dest, src, Buffer.from([0xc0 | (seq & 0x3f), 0xc0 | (seq & 0x0f), fn, 0x00, 0xfe, 0x06]));
}

/**
 * The application fragment the outstation sent: user data of its frames
 * (CRCs checked and removed), transport headers dropped, from FIR to FIN.
 * undefined until complete.
 */
export function applicationFragment(d: Buffer): Buffer | undefined {
  const segments: Buffer[] = [];
  let p = 0;
  let started = false;
  while (p + 10 <= d.length) {
    if (d[p] !== 0x05 || d[p + 1] !== 0x64 || crc(d.subarray(p, p + 8)) !== d.readUInt16LE(p + 8)) {
      p++;
      continue;
    }
    const len = d[p + 2]!;
    const ctrl = d[p + 3]!;
    const userLen = Math.max(0, len - 5);
    const total = 10 + userLen + 2 * Math.ceil(userLen / 16);
    if (p + total > d.length) return undefined;
    const func = ctrl & 0x0f;
    if (userLen > 0 && (func === 4 || func === 3)) {
      const user: Buffer[] = [];
      for (let q = p + 10, left = userLen; left > 0; ) {
        const n = Math.min(16, left);
        const block = d.subarray(q, q + n);
        if (crc(block) !== d.readUInt16LE(q + n)) return undefined;
        user.push(block);
        q += n + 2;
        left -= n;
      }
      const seg = Buffer.concat(user);
      const th = seg[0]!;
      if (th & 0x40) {
        started = true;
        segments.length = 0;
      }
      if (started) segments.push(seg.subarray(1));
      if (started && th & 0x80) return Buffer.concat(segments);
    }
    p += total;
  }
  return undefined;
}

export interface AttributeResponse {
  function: number;
  iin: number;
  attributes: Record<string, string>;
}

/** The RESPONSE's attribute objects (VSTR and UINT values; others skipped by length). */
export function parseAttributes(app: Buffer): AttributeResponse {
  if (app.length < 4) throw new Error('application fragment too short');
  const out: AttributeResponse = { function: app[1]!, iin: app.readUInt16BE(2), attributes: {} };
  let p = 4;
  for (let n = 0; p + 3 <= app.length && n < 64; n++) {
    const group = app[p]!;
    const variation = app[p + 1]!;
    const qualifier = app[p + 2]!;
    p += 3;
    if (group !== 0) break;
    // Range qualifiers: 0x00 (1-octet start/stop), 0x01 (2-octet); one attribute object follows.
    if (qualifier === 0x00) p += 2;
    else if (qualifier === 0x01) p += 4;
    else if (qualifier === 0x17) p += 2;
    else break;
    if (p + 2 > app.length) break;
    const type = app[p]!;
    const len = app[p + 1]!;
    p += 2;
    if (p + len > app.length) break;
    const v = app.subarray(p, p + len);
    p += len;
    const name = ATTRIBUTES[variation];
    if (!name) continue;
    if (type === 1) out.attributes[name] = v.toString('latin1').replace(/[^\x20-\x7e]/g, '?').slice(0, 128);
    else if (type === 2 && len > 0 && len <= 4) out.attributes[name] = String(v.readUIntLE(0, len));
  }
  return out;
}
