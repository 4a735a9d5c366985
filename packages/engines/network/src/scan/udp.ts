/**
 * One UDP request/answer with a target, through the task's gate (policy,
 * rate, concurrency) like every TCP connection. UDP has no connection, so the
 * answer is the first datagram from the target's address and port within the
 * wait; the request is sent again once halfway (a lost datagram is not a
 * closed port). Answers are capped at one datagram of MAX_DATAGRAM bytes.
 */
import dgram from 'node:dgram';
import { isIPv6 } from 'node:net';
import type { Gate } from './gate.ts';

export const MAX_DATAGRAM = 65_507;

export interface UdpContext {
  host: string;
  port: number;
  timeoutMs: number;
  /** Sends `payload` and resolves with the first answer from host:port, or undefined when none came in time. */
  exchange(payload: Buffer): Promise<Buffer | undefined>;
}

export function udpContext(gate: Gate, host: string, port: number, timeoutMs: number): UdpContext {
  return { host, port, timeoutMs, exchange: (payload) => udpExchange(gate, host, port, payload, timeoutMs) };
}

async function udpExchange(gate: Gate, host: string, port: number, payload: Buffer, timeoutMs: number): Promise<Buffer | undefined> {
  await gate.enter(host);
  const sock = dgram.createSocket(isIPv6(host) ? 'udp6' : 'udp4');
  try {
    return await new Promise<Buffer | undefined>((resolve) => {
      const done = (v: Buffer | undefined) => {
        clearTimeout(t1);
        clearTimeout(t2);
        gate.signal.removeEventListener('abort', onAbort);
        resolve(v);
      };
      const onAbort = () => done(undefined);
      const send = () => sock.send(payload, port, host, () => undefined);
      const t1 = setTimeout(send, Math.floor(timeoutMs / 2));
      const t2 = setTimeout(() => done(undefined), timeoutMs);
      gate.signal.addEventListener('abort', onAbort, { once: true });
      sock.on('message', (msg, rinfo) => {
        // Only the target's own answer counts (anyone can send us datagrams).
        if (rinfo.port === port && (rinfo.address === host || rinfo.address === `::ffff:${host}`)) done(msg.subarray(0, MAX_DATAGRAM));
      });
      // ICMP port unreachable surfaces as an error on Linux: the port is closed.
      sock.on('error', () => done(undefined));
      send();
    });
  } finally {
    sock.close();
    gate.leave();
  }
}
