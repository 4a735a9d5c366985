/**
 * MQTT 3.1.1 (OASIS standard, §3.1 CONNECT, §3.2 CONNACK, §3.8 SUBSCRIBE):
 * a CONNECT without user name or password. CONNACK return code 0 means the
 * broker accepts anonymous clients; 4/5 means it wants credentials. With an
 * anonymous session the probe subscribes (QoS 0, read-only) to the broker's
 * own $SYS/broker/version topic for its version, then sends DISCONNECT.
 * Nothing is ever published.
 */
import { randomBytes } from 'node:crypto';
import { hex } from '../render.ts';
import type { ProbeContext, Protocol, ServiceInfo } from '../types.ts';

function remainingLength(n: number): Buffer {
  const out: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return Buffer.from(out);
}

function str(s: string): Buffer {
  const b = Buffer.from(s, 'utf8');
  const l = Buffer.alloc(2);
  l.writeUInt16BE(b.length);
  return Buffer.concat([l, b]);
}

export function connectPacket(clientId: string): Buffer {
  const body = Buffer.concat([str('MQTT'), Buffer.from([4, 0x02, 0, 30]), str(clientId)]);
  return Buffer.concat([Buffer.from([0x10]), remainingLength(body.length), body]);
}

export function subscribePacket(topic: string): Buffer {
  const body = Buffer.concat([Buffer.from([0, 1]), str(topic), Buffer.from([0])]);
  return Buffer.concat([Buffer.from([0x82]), remainingLength(body.length), body]);
}

const DISCONNECT = Buffer.from([0xe0, 0]);
const CONNACK_CODES: Record<number, string> = { 1: 'unacceptable protocol version', 2: 'identifier rejected', 3: 'server unavailable', 4: 'bad user name or password', 5: 'not authorized' };

interface MqttPacket {
  type: number;
  flags: number;
  body: Buffer;
}

export function mqttPackets(d: Buffer): MqttPacket[] {
  const out: MqttPacket[] = [];
  let o = 0;
  while (o + 2 <= d.length) {
    let len = 0;
    let mul = 1;
    let i = o + 1;
    for (; i < d.length && i < o + 5; i++) {
      len += (d[i]! & 0x7f) * mul;
      mul *= 128;
      if ((d[i]! & 0x80) === 0) break;
    }
    if (i >= d.length || (d[i]! & 0x80) !== 0) break;
    const start = i + 1;
    if (start + len > d.length) break;
    out.push({ type: d[o]! >> 4, flags: d[o]! & 0x0f, body: d.subarray(start, start + len) });
    o = start + len;
  }
  return out;
}

export function parseConnack(d: Buffer): ServiceInfo | undefined {
  const p = mqttPackets(d)[0];
  if (!p || p.type !== 2 || p.body.length !== 2) return undefined;
  const rc = p.body[1]!;
  if (rc === 0) return { service: 'mqtt', access: 'open' };
  return { service: 'mqtt', access: rc === 4 || rc === 5 ? 'auth_required' : 'refused', extra: { connack: `${rc} ${CONNACK_CODES[rc] ?? ''}`.trim() } };
}

/** The payload of a PUBLISH on `topic`, if one arrived. */
function published(d: Buffer, topic: string): string | undefined {
  for (const p of mqttPackets(d)) {
    if (p.type !== 3 || p.body.length < 2) continue;
    const tl = p.body.readUInt16BE(0);
    if (p.body.subarray(2, 2 + tl).toString('utf8') !== topic) continue;
    const qos = (p.flags >> 1) & 3;
    return p.body.subarray(2 + tl + (qos > 0 ? 2 : 0)).toString('utf8').slice(0, 200);
  }
  return undefined;
}

const VERSION_TOPIC = '$SYS/broker/version';

export const mqtt: Protocol = {
  id: 'mqtt',
  ports: [1883, 8883],
  async probe(ctx: ProbeContext): Promise<ServiceInfo | undefined> {
    const c = await ctx.open();
    try {
      const connect = connectPacket(`citadel-${randomBytes(4).toString('hex')}`);
      c.write(connect);
      await c.until((d) => mqttPackets(d).length > 0 || d.length > 8, ctx.timeoutMs);
      const info = parseConnack(c.data);
      if (!info) return undefined;
      const connackText = hex(c.data.subarray(0, 4));
      if (info.access === 'open') {
        const before = c.data.length;
        c.write(subscribePacket(VERSION_TOPIC));
        // The retained version message follows the SUBACK at once on brokers that publish it.
        await c.until((d) => published(d.subarray(before), VERSION_TOPIC) !== undefined, Math.min(ctx.timeoutMs, 1500));
        const v = published(c.data.subarray(before), VERSION_TOPIC);
        const m = v && /^(\S+) version (\S+)/.exec(v);
        if (m) {
          info.product = m[1]![0]!.toUpperCase() + m[1]!.slice(1);
          info.version = m[2]!;
        } else if (v) info.extra = { ...info.extra, version_topic: v };
        c.write(DISCONNECT);
      }
      info.proof = { request: `CONNECT (MQTT 3.1.1, no user name, no password) ${hex(connect)}`, response: `CONNACK ${connackText}` };
      return info;
    } finally {
      c.close();
    }
  },
};
