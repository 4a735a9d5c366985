/**
 * Niagara Fox (Tridium's Niagara Framework station protocol, port 1911,
 * text messages "fox <a|r> <channel> <id> <command>" followed by a
 * key=type:value block and ";;"): the client's fox hello, answered by the
 * station's own hello with host, station name and the Niagara and JVM
 * versions. Nothing but the hello is sent; no login is attempted.
 */
import { printable } from '../render.ts';
import type { ProbeContext, Protocol, ServiceInfo } from '../types.ts';

export const FOX_HELLO = 'fox a 1 -1 fox hello\n{\nfox.version=s:1.0\nid=i:1\n};;\n';
const MAX = 8192;

/** key=type:value lines of the first fox message (bounded). */
export function parseFoxHello(d: Buffer): Record<string, string> | undefined {
  const s = d.subarray(0, MAX).toString('utf8');
  if (!/^fox a \d+ -?\d+ fox hello\n\{/.test(s)) return undefined;
  const out: Record<string, string> = {};
  for (const line of s.split('\n').slice(2, 200)) {
    if (line.startsWith('}')) break;
    const m = /^([\w.]{1,64})=\w:(.{0,200})$/.exec(line);
    if (m) out[m[1]!] = m[2]!;
  }
  return out;
}

const FIELDS: Record<string, string> = { 'app.name': 'app_name', 'app.version': 'niagara_version', 'station.name': 'station_name', hostName: 'host_name', hostAddress: 'host_address', 'vm.name': 'vm_name', 'vm.version': 'vm_version', 'os.name': 'os_name', 'brand.id': 'brand', 'fox.version': 'fox_version' };

export const fox: Protocol = {
  id: 'fox',
  ports: [1911, 4911],
  icsOnly: true,
  async probe(ctx: ProbeContext): Promise<ServiceInfo | undefined> {
    const c = await ctx.open();
    try {
      c.write(FOX_HELLO);
      await c.until((d) => d.includes(';;') || d.length > MAX, ctx.timeoutMs);
      const h = parseFoxHello(c.data);
      if (!h) return undefined;
      const extra: Record<string, string> = { vendor: 'Tridium', model_name: 'Niagara' };
      for (const [k, v] of Object.entries(FIELDS)) if (h[k]) extra[v] = h[k]!;
      return { service: 'fox', product: 'Niagara', ...(h['app.version'] ? { version: h['app.version'] } : {}), extra, proof: { request: printable(FOX_HELLO), response: printable(c.data, 800) } };
    } finally {
      c.close();
    }
  },
};
