/**
 * Redis (RESP, https://redis.io/docs/latest/develop/reference/protocol-spec/):
 * the probe asks `INFO server`, a read-only command. A bulk-string answer with
 * redis_version means the default user may run commands without a password;
 * -NOAUTH means a password is required; -DENIED is protected mode.
 */
import { printable } from '../render.ts';
import type { ProbeContext, Protocol, ServiceInfo } from '../types.ts';

const INFO = '*2\r\n$4\r\nINFO\r\n$6\r\nserver\r\n';

/** "$123\r\n…" complete, or an error/simple line. */
function complete(d: Buffer): boolean {
  const s = d.toString('latin1');
  const nl = s.indexOf('\r\n');
  if (nl === -1) return false;
  if (s[0] === '-' || s[0] === '+') return true;
  if (s[0] !== '$') return true;
  const len = Number(s.slice(1, nl));
  return !Number.isFinite(len) || len < 0 || d.length >= nl + 2 + len + 2;
}

export function parseRedisReply(d: Buffer): ServiceInfo | undefined {
  const s = d.toString('latin1');
  if (s.startsWith('-NOAUTH') || s.startsWith('-ERR operation not permitted') || s.startsWith('-WRONGPASS')) return { service: 'redis', product: 'Redis', access: 'auth_required' };
  if (s.startsWith('-DENIED')) return { service: 'redis', product: 'Redis', access: 'refused' };
  if (s[0] !== '$') return undefined;
  const info = Object.fromEntries(
    s
      .split('\r\n')
      .map((l) => l.split(':'))
      .filter((kv) => kv.length >= 2)
      .map(([k, ...v]) => [k!, v.join(':')]),
  );
  if (!info.redis_version && !info.valkey_version) return undefined;
  const extra: Record<string, string> = {};
  for (const k of ['redis_mode', 'os', 'arch_bits', 'tcp_port', 'executable', 'config_file']) if (info[k]) extra[k] = info[k]!;
  return { service: 'redis', product: info.valkey_version ? 'Valkey' : 'Redis', version: info.valkey_version ?? info.redis_version, extra, access: 'open' };
}

export const redis: Protocol = {
  id: 'redis',
  ports: [6379, 6380, 16379, 26379],
  async probe(ctx: ProbeContext): Promise<ServiceInfo | undefined> {
    const c = await ctx.open();
    try {
      c.write(INFO);
      await c.until(complete, ctx.timeoutMs);
      const info = parseRedisReply(c.data);
      if (info) info.proof = { request: printable(INFO), response: printable(c.data, 600) };
      return info;
    } finally {
      c.close();
    }
  },
};
