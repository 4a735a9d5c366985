/**
 * Modbus/TCP framing (Modbus Messaging on TCP/IP Implementation Guide v1.0b,
 * MBAP header) and the read-only requests this engine may send (Modbus
 * Application Protocol v1.1b3): 0x2B/0x0E Read Device Identification,
 * 0x11 Report Server ID, 0x03 Read Holding Registers, 0x04 Read Input
 * Registers, 0x01/0x02 Read Coils / Discrete Inputs.
 *
 * NEVER WRITE: request() refuses every function code that is not in
 * READ_ONLY_FUNCTIONS, so no check, option or test can build a write
 * (0x05, 0x06, 0x0F, 0x10, 0x16, 0x17, file records, diagnostics …).
 */
export const READ_ONLY_FUNCTIONS: ReadonlySet<number> = new Set([0x01, 0x02, 0x03, 0x04, 0x11, 0x2b]);

export function request(transaction: number, unit: number, pdu: Buffer): Buffer {
  const fc = pdu[0];
  if (fc === undefined || !READ_ONLY_FUNCTIONS.has(fc)) throw new Error(`Modbus function 0x${(fc ?? 0).toString(16)} is not a read: refused`);
  if (fc === 0x2b && pdu[1] !== 0x0e) throw new Error('only MEI type 0x0E (device identification) is sent');
  const h = Buffer.alloc(7);
  h.writeUInt16BE(transaction & 0xffff, 0);
  h.writeUInt16BE(0, 2);
  h.writeUInt16BE(pdu.length + 1, 4);
  h[6] = unit & 0xff;
  return Buffer.concat([h, pdu]);
}

/** 0x2B/0x0E, read device id code 1 (basic) or 2 (regular), from object `first`. */
export const readDeviceId = (code: 1 | 2, first = 0): Buffer => Buffer.from([0x2b, 0x0e, code, first]);
export const readHoldingRegisters = (address: number, count: number): Buffer => Buffer.from([0x03, address >> 8, address & 0xff, count >> 8, count & 0xff]);
export const reportServerId = (): Buffer => Buffer.from([0x11]);

export interface ModbusResponse {
  transaction: number;
  unit: number;
  function: number;
  /** Set when the function byte has 0x80: the exception code. */
  exception?: number;
  data: Buffer;
}

/** The first complete response in `d`; undefined when incomplete or not Modbus/TCP. */
export function parseResponse(d: Buffer): ModbusResponse | undefined {
  if (d.length < 9) return undefined;
  if (d.readUInt16BE(2) !== 0) return undefined;
  const len = d.readUInt16BE(4);
  if (len < 2 || len > 254) return undefined;
  if (d.length < 6 + len) return undefined;
  const fc = d[7]!;
  const data = d.subarray(8, 6 + len);
  return { transaction: d.readUInt16BE(0), unit: d[6]!, function: fc & 0x7f, ...(fc & 0x80 ? { exception: data[0] ?? 0 } : {}), data };
}

/** Whether `d` holds a complete MBAP frame or cannot become one. */
export function frameDone(d: Buffer): boolean {
  if (d.length < 7) return false;
  if (d.readUInt16BE(2) !== 0) return true;
  return d.length >= 6 + d.readUInt16BE(4);
}

export const OBJECT_NAMES: Record<number, string> = { 0: 'vendor', 1: 'product_code', 2: 'revision', 3: 'vendor_url', 4: 'product_name', 5: 'model_name', 6: 'user_application_name' };

export interface DeviceId {
  conformity: number;
  moreFollows: boolean;
  nextObject: number;
  objects: Record<number, string>;
}

export function parseDeviceId(r: ModbusResponse): DeviceId | undefined {
  if (r.function !== 0x2b || r.exception !== undefined) return undefined;
  const d = r.data;
  if (d.length < 6 || d[0] !== 0x0e) return undefined;
  const count = d[5]!;
  const objects: Record<number, string> = {};
  let o = 6;
  for (let i = 0; i < count; i++) {
    if (o + 2 > d.length) return undefined;
    const id = d[o]!;
    const len = d[o + 1]!;
    if (o + 2 + len > d.length) return undefined;
    objects[id] = d.subarray(o + 2, o + 2 + len).toString('latin1').replace(/[^\x20-\x7e]/g, '?');
    o += 2 + len;
  }
  return { conformity: d[2]!, moreFollows: d[3] === 0xff, nextObject: d[4]!, objects };
}

export const EXCEPTIONS: Record<number, string> = { 1: 'illegal function', 2: 'illegal data address', 3: 'illegal data value', 4: 'server device failure', 6: 'server device busy', 10: 'gateway path unavailable', 11: 'gateway target failed to respond' };
