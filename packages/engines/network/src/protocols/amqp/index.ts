/**
 * AMQP 0-9-1 (RabbitMQ and others): the protocol header makes the server send
 * Connection.Start with its product and version. The access check answers
 * with Connection.StartOk, PLAIN, as RabbitMQ's documented default account
 * (guest / guest): Connection.Tune means the credentials were accepted;
 * Connection.Close (403 ACCESS_REFUSED) means not. The connection is closed
 * before Connection.Open, so no virtual host is ever entered.
 */
import { printable } from '../render.ts';
import type { ProbeContext, Protocol, ServiceInfo } from '../types.ts';
import { PROTOCOL_HEADER, frames, methodId, parseConnectionStart, startOkPlain } from './parser.ts';

export const DEFAULT_USER = 'guest';
const DEFAULT_PASSWORD = 'guest';

export function parseStart(d: Buffer): ServiceInfo | undefined {
  const f = frames(d)?.[0];
  if (!f || f.type !== 1) {
    // A server of another AMQP version answers with its own protocol header.
    if (d.length >= 8 && d.subarray(0, 4).toString('latin1') === 'AMQP') return { service: 'amqp', extra: { protocol: `AMQP ${d[5]}.${d[6]}.${d[7]}` } };
    return undefined;
  }
  const start = parseConnectionStart(f.payload);
  if (!start) return undefined;
  const p = start.serverProperties;
  const str = (k: string) => (typeof p[k] === 'string' ? (p[k] as string) : undefined);
  return {
    service: 'amqp',
    ...(str('product') ? { product: str('product') } : {}),
    ...(str('version') ? { version: str('version') } : {}),
    extra: {
      protocol: `AMQP ${start.versionMajor}-${start.versionMinor}`,
      mechanisms: start.mechanisms.join(' '),
      ...(str('platform') ? { platform: str('platform')! } : {}),
      ...(str('cluster_name') ? { cluster_name: str('cluster_name')! } : {}),
    },
  };
}

export const amqp: Protocol = {
  id: 'amqp',
  ports: [5672, 5671],
  async probe(ctx: ProbeContext): Promise<ServiceInfo | undefined> {
    const c = await ctx.open();
    try {
      c.write(PROTOCOL_HEADER);
      await c.until((d) => (frames(d)?.length ?? 1) > 0 || d.length >= 8, ctx.timeoutMs);
      const info = parseStart(c.data);
      if (info) info.proof = { request: printable(PROTOCOL_HEADER), response: printable(c.data, 500) };
      return info;
    } finally {
      c.close();
    }
  },
};

export type AmqpLogin = { ok: true; proof: { request: string; response: string } } | { ok: false; reason: string };

/** Tries the default account; the password is never written into evidence. */
export async function tryDefaultLogin(ctx: ProbeContext): Promise<AmqpLogin> {
  const c = await ctx.open();
  try {
    c.write(PROTOCOL_HEADER);
    if (!(await c.until((d) => (frames(d)?.length ?? 0) > 0, ctx.timeoutMs))) return { ok: false, reason: 'no Connection.Start' };
    const startLen = c.data.length;
    c.write(startOkPlain(DEFAULT_USER, DEFAULT_PASSWORD));
    await c.until((d) => (frames(d.subarray(startLen))?.length ?? 1) > 0, ctx.timeoutMs);
    const f = frames(c.data.subarray(startLen))?.[0];
    const id = f && methodId(f.payload);
    if (id && id[0] === 10 && id[1] === 30) {
      return {
        ok: true,
        proof: {
          request: `Connection.StartOk mechanism=PLAIN response="\\0${DEFAULT_USER}\\0[redacted]" (RabbitMQ's default account)`,
          response: `Connection.Tune (credentials accepted) ${printable(f.payload, 60)}`,
        },
      };
    }
    if (id && id[0] === 10 && id[1] === 50 && f.payload.length >= 7) {
      const code = f.payload.readUInt16BE(4);
      const text = f.payload.subarray(7, 7 + f.payload[6]!).toString('utf8');
      return { ok: false, reason: `Connection.Close ${code} ${text.slice(0, 200)}` };
    }
    return { ok: false, reason: c.isClosed ? 'the server closed the connection (credentials refused)' : 'no answer to Connection.StartOk' };
  } finally {
    c.close();
  }
}
