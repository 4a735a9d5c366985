/**
 * NATS (client protocol, https://docs.nats.io/reference/reference-protocols/nats-protocol):
 * the server greets with INFO {json}: server name, version, and whether it
 * requires authentication. The access check answers CONNECT without
 * credentials and PING: PONG proves the session was accepted.
 */
import { printable } from '../render.ts';
import type { ProbeContext, Protocol, ServiceInfo } from '../types.ts';

export function parseNatsInfo(d: Buffer): ServiceInfo | undefined {
  const s = d.toString('utf8');
  if (!s.startsWith('INFO ')) return undefined;
  const nl = s.indexOf('\r\n');
  if (nl === -1) return undefined;
  let info: Record<string, unknown>;
  try {
    info = JSON.parse(s.slice(5, nl)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (typeof info !== 'object' || info === null || (!('server_id' in info) && !('version' in info))) return undefined;
  const extra: Record<string, string> = {};
  for (const k of ['server_name', 'go', 'proto', 'jetstream', 'tls_required', 'cluster']) if (info[k] !== undefined) extra[k] = String(info[k]);
  return {
    service: 'nats',
    product: 'NATS',
    ...(typeof info.version === 'string' ? { version: info.version } : {}),
    extra,
    access: info.auth_required === true ? 'auth_required' : 'open',
  };
}

export const nats: Protocol = {
  id: 'nats',
  ports: [4222, 6222],
  matchBanner: parseNatsInfo,
};

const CONNECT = 'CONNECT {"verbose":false,"pedantic":false,"name":"citadel-scan","lang":"none","version":"0","protocol":0}\r\nPING\r\n';

export type NatsSession = { ok: true; proof: { request: string; response: string } } | { ok: false; reason: string };

/** CONNECT without credentials, then PING: PONG means the session is open. */
export async function tryAnonymous(ctx: ProbeContext): Promise<NatsSession> {
  const c = await ctx.open();
  try {
    if (!(await c.until((d) => d.includes('\r\n'), ctx.timeoutMs))) return { ok: false, reason: 'no INFO greeting' };
    const infoLen = c.data.length;
    c.write(CONNECT);
    await c.until((d) => /PONG|-ERR/.test(d.subarray(infoLen).toString('latin1')), ctx.timeoutMs);
    const answer = c.data.subarray(infoLen).toString('latin1');
    if (answer.includes('PONG')) return { ok: true, proof: { request: printable(CONNECT), response: `${printable(c.data.subarray(0, infoLen), 300)} … ${printable(answer, 100)}` } };
    return { ok: false, reason: answer.trim().slice(0, 200) || 'no PONG' };
  } finally {
    c.close();
  }
}
