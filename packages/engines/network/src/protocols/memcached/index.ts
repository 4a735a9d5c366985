/**
 * Memcached (text protocol, protocol.txt in the memcached sources): "version"
 * is answered by any client — memcached has no authentication on its text
 * protocol unless SASL is built in and turned on.
 */
import { printable } from '../render.ts';
import type { ProbeContext, Protocol, ServiceInfo } from '../types.ts';

export function parseMemcachedVersion(d: Buffer): ServiceInfo | undefined {
  const m = /^VERSION (\d+\.\d+\.\d+\S*)\r\n/.exec(d.toString('latin1'));
  return m ? { service: 'memcached', product: 'Memcached', version: m[1]!, access: 'open' } : undefined;
}

export const memcached: Protocol = {
  id: 'memcached',
  ports: [11211],
  async probe(ctx: ProbeContext): Promise<ServiceInfo | undefined> {
    const c = await ctx.open();
    try {
      c.write('version\r\n');
      await c.until((d) => d.includes('\r\n'), ctx.timeoutMs);
      const info = parseMemcachedVersion(c.data);
      if (info) info.proof = { request: 'version\\r\\n', response: printable(c.data, 100) };
      return info;
    } finally {
      c.close();
    }
  },
};
