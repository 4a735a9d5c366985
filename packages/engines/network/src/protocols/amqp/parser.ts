/**
 * AMQP 0-9-1 framing and field tables (AMQP 0-9-1 specification §2.3, §4.2;
 * RabbitMQ's errata for field types): enough to read Connection.Start
 * (server properties, mechanisms) and to tell Connection.Tune from
 * Connection.Close. Every length is checked against the buffer.
 */
export const PROTOCOL_HEADER = Buffer.from('AMQP\x00\x00\x09\x01', 'latin1');
export const FRAME_END = 0xce;

export interface Frame {
  type: number;
  channel: number;
  payload: Buffer;
}

export function frames(d: Buffer): Frame[] | undefined {
  const out: Frame[] = [];
  let o = 0;
  while (o + 7 <= d.length) {
    const type = d[o]!;
    if (type < 1 || type > 8) return undefined;
    const size = d.readUInt32BE(o + 3);
    if (size > 1 << 20) return undefined;
    if (o + 8 + size > d.length) break;
    if (d[o + 7 + size] !== FRAME_END) return undefined;
    out.push({ type, channel: d.readUInt16BE(o + 1), payload: d.subarray(o + 7, o + 7 + size) });
    o += 8 + size;
  }
  return out;
}

export function frame(type: number, channel: number, payload: Buffer): Buffer {
  const h = Buffer.alloc(7);
  h[0] = type;
  h.writeUInt16BE(channel, 1);
  h.writeUInt32BE(payload.length, 3);
  return Buffer.concat([h, payload, Buffer.from([FRAME_END])]);
}

export type FieldValue = string | number | boolean | null | FieldTable | FieldValue[];
export interface FieldTable {
  [k: string]: FieldValue;
}

class Reader {
  o = 0;
  constructor(readonly b: Buffer) {}
  need(n: number): void {
    if (this.o + n > this.b.length) throw new Error('truncated AMQP field');
  }
  u8(): number {
    this.need(1);
    return this.b[this.o++]!;
  }
  u16(): number {
    this.need(2);
    const v = this.b.readUInt16BE(this.o);
    this.o += 2;
    return v;
  }
  u32(): number {
    this.need(4);
    const v = this.b.readUInt32BE(this.o);
    this.o += 4;
    return v;
  }
  bytes(n: number): Buffer {
    this.need(n);
    const v = this.b.subarray(this.o, this.o + n);
    this.o += n;
    return v;
  }
  shortstr(): string {
    return this.bytes(this.u8()).toString('utf8');
  }
  longstr(): Buffer {
    return this.bytes(this.u32());
  }
}

function value(r: Reader, depth: number): FieldValue {
  if (depth > 8) throw new Error('AMQP field table nested too deep');
  const t = String.fromCharCode(r.u8());
  switch (t) {
    case 'S':
      return r.longstr().toString('utf8');
    case 't':
      return r.u8() !== 0;
    case 'b':
    case 'B':
      return r.u8();
    case 's':
    case 'u':
      return r.u16();
    case 'I':
    case 'i':
      return r.u32();
    case 'l':
    case 'L':
    case 'T':
    case 'd':
      return Number(r.bytes(8).readBigUInt64BE());
    case 'f':
      return r.bytes(4).readFloatBE(0);
    case 'D':
      r.bytes(5);
      return null;
    case 'V':
      return null;
    case 'x':
      return r.longstr().toString('hex');
    case 'F':
      return table(new Reader(r.longstr()), depth + 1);
    case 'A': {
      const inner = new Reader(r.longstr());
      const arr: FieldValue[] = [];
      while (inner.o < inner.b.length && arr.length < 1000) arr.push(value(inner, depth + 1));
      return arr;
    }
    default:
      throw new Error(`unknown AMQP field type ${JSON.stringify(t)}`);
  }
}

function table(r: Reader, depth = 0): FieldTable {
  const out: FieldTable = {};
  let n = 0;
  while (r.o < r.b.length && n++ < 1000) {
    const k = r.shortstr();
    out[k] = value(r, depth);
  }
  return out;
}

export interface ConnectionStart {
  versionMajor: number;
  versionMinor: number;
  serverProperties: FieldTable;
  mechanisms: string[];
}

/** Class 10 method 10. */
export function parseConnectionStart(payload: Buffer): ConnectionStart | undefined {
  try {
    const r = new Reader(payload);
    if (r.u16() !== 10 || r.u16() !== 10) return undefined;
    const versionMajor = r.u8();
    const versionMinor = r.u8();
    const serverProperties = table(new Reader(r.longstr()));
    const mechanisms = r.longstr().toString('utf8').split(/\s+/).filter(Boolean);
    return { versionMajor, versionMinor, serverProperties, mechanisms };
  } catch {
    return undefined;
  }
}

/** (class, method) of a method frame payload. */
export function methodId(payload: Buffer): [number, number] | undefined {
  return payload.length >= 4 ? [payload.readUInt16BE(0), payload.readUInt16BE(2)] : undefined;
}

/** Connection.StartOk with the PLAIN mechanism. */
export function startOkPlain(user: string, password: string): Buffer {
  const props = Buffer.from([0, 0, 0, 0]);
  const mech = Buffer.from('PLAIN', 'utf8');
  const resp = Buffer.from(`\0${user}\0${password}`, 'utf8');
  const locale = Buffer.from('en_US', 'utf8');
  const respLen = Buffer.alloc(4);
  respLen.writeUInt32BE(resp.length);
  const payload = Buffer.concat([Buffer.from([0, 10, 0, 11]), props, Buffer.from([mech.length]), mech, respLen, resp, Buffer.from([locale.length]), locale]);
  return frame(1, 0, payload);
}
